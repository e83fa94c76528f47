// A timed room's clocks in the room panel: one beside each timed seat
// (mm:ss, tenths under ten seconds), the running one highlighted, a
// low-time colour under ten seconds; the time control's name with a button
// (and the T key) that reads every clock aloud; for the player's own clock a
// short sound at ten seconds and spoken warnings at 60, 30 and 10 seconds.
// It ticks ten times a second from the server's figures (room_clocks.js)
// and writes to the page only what changed, so the layout is not touched
// between one second and the next.

import { formatClock, LOW_TIME_MS, spokenClock } from './clock_format.js';
import { LowTimeAlerts } from './low_time_alerts.js';
import { timeControlLabel } from './time_controls.js';

const TICK_MS = 100;

export class RoomClockView {
  // panel: the room panel (its app, room, and the elements it built).
  constructor(panel) {
    this.panel = panel;
    this.app = panel.app;
    this.room = panel.room; // the room controller
    this.cells = []; // [{seat, el, text, state}]
    this.timer = 0;
    this.alerts = null;
    this.alertsFor = null; // the room id the alerts count for
  }

  get clocks() {
    return this.room.clocks;
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  // Once the panel is built: the T key and the read-aloud button.
  mount(el) {
    this.bar = el.querySelector('#room-clockbar');
    this.live = el.querySelector('#room-clock-live');
    document.addEventListener(
      'keydown',
      (e) => {
        if ((e.key !== 't' && e.key !== 'T') || e.ctrlKey || e.metaKey || e.altKey) return;
        if (e.target?.closest?.('input, textarea, select, [contenteditable], dialog')) return;
        if (!this.clocks.timed) return;
        e.preventDefault();
        this.readAloud();
      },
      { signal: this.app.signal },
    );
  }

  start() {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  // The clock cell of a seat's row (the panel's seat list), or '' where the
  // seat has no clock: an untimed room, or an AI seat (AI seats play untimed).
  seatHtml(seat) {
    if (!this.clocks.timed || seat.kind === 'ai') return '';
    return `<span class="room-clock" data-clock-seat="${seat.seat}" role="timer"></span>`;
  }

  // After the panel wrote its seat list (new elements): find the cells,
  // name the time control, and paint at once.
  bind() {
    const el = this.panel.el;
    this.cells = [...el.querySelectorAll('[data-clock-seat]')].map((cell) => ({
      seat: Number(cell.dataset.clockSeat),
      el: cell,
      text: null,
      state: null,
    }));
    const timed = this.clocks.timed;
    this.bar.hidden = !timed;
    if (timed) {
      const label = timeControlLabel(this.app.i18n, this.clocks.control);
      const control = this.bar.querySelector('#room-control');
      if (control.textContent !== label) control.textContent = label;
      const button = this.bar.querySelector('[data-room="read-clocks"]');
      button.setAttribute('aria-label', this.t('onlineClocksRead'));
      button.title = `${this.t('onlineClocksRead')} (T)`;
    }
    this.tick();
  }

  tick() {
    if (!this.clocks.timed || !this.room.room) return;
    const now = this.room.serverNow();
    const remaining = this.clocks.remainingAt(now);
    const ticking = this.clocks.ticking();
    const waiting = this.clocks.firstMove ? this.clocks.running : null;
    for (const cell of this.cells) {
      const ms = remaining[cell.seat] ?? 0;
      const text = formatClock(ms);
      if (cell.text !== text) {
        cell.el.textContent = text;
        cell.text = text;
      }
      // One attribute for the cell's look: running, waiting for a first move, low.
      const state = [cell.seat === ticking ? 'running' : cell.seat === waiting ? 'first' : '', ms < LOW_TIME_MS ? 'low' : '']
        .filter(Boolean)
        .join(' ');
      if (cell.state !== state) {
        cell.el.dataset.state = state;
        cell.state = state;
      }
    }
    this.warnOwnClock(ticking === this.room.seat && this.room.seat !== null ? remaining[this.room.seat] : null);
  }

  // The player's own running clock going down through 60, 30, 10 seconds:
  // said through the live region; at ten seconds a short sound too.
  warnOwnClock(ms) {
    if (this.alertsFor !== this.room.roomId) {
      this.alerts = new LowTimeAlerts();
      this.alertsFor = this.room.roomId;
    }
    const passed = this.alerts.observe(this.room.room.result ? null : ms);
    if (passed.length === 0) return;
    const lowest = passed[passed.length - 1];
    this.say(this.t('onlineClockLeft', { s: Math.round(lowest / 1000) }));
    if (lowest <= LOW_TIME_MS) this.app.sound.play('lowtime');
    this.app.emit('online-clock-warning', { seconds: lowest / 1000 });
  }

  // Every timed seat's time in words, and whose clock runs.
  readout() {
    const now = this.room.serverNow();
    const remaining = this.clocks.remainingAt(now);
    const parts = this.cells.map((cell) =>
      this.t('clockSeatReadout', {
        side: this.panel.sideName(cell.seat),
        time: spokenClock(this.app.i18n, remaining[cell.seat]),
      }),
    );
    const running = this.clocks.running;
    if (running !== null && !this.room.room.result) {
      const side = this.panel.sideName(running);
      parts.push(this.clocks.firstMove ? this.t('clockAwaitsFirstMove', { side }) : this.t('clockRunning', { side }));
    }
    return parts.join(this.t('clockSeparator'));
  }

  readAloud() {
    const text = this.readout();
    this.say(text);
    this.app.emit('online-clocks-read', { text });
  }

  // The live region speaks a change; the same words twice are made to
  // differ (a trailing no-break space) so they are spoken again.
  say(text) {
    this.live.textContent = this.live.textContent === text ? `${text}\u00a0` : text;
  }

  // The first-move limit of the seat awaited, as a line for the panel's
  // timer lines (or null).
  firstMoveLine() {
    const left = this.clocks.firstMoveLeft(this.room.serverNow());
    if (left === null || this.room.room?.result) return null;
    const s = Math.ceil(left / 1000);
    const seat = this.clocks.running;
    return seat === this.room.seat
      ? this.t('onlineYourFirstMove', { s })
      : this.t('onlineFirstMove', { side: this.panel.sideName(seat), s });
  }

  testState() {
    if (!this.clocks.timed) return null;
    return {
      control: this.bar.querySelector('#room-control').textContent,
      seats: this.cells.map((c) => ({ seat: c.seat, text: c.el.textContent, state: c.el.dataset.state || '' })),
      running: this.clocks.running,
      firstMove: this.clocks.firstMove,
      live: this.live.textContent,
    };
  }
}

// The panel's markup for the clock bar and its live region (room_panel.js).
export function clockBarHtml() {
  return `<div class="room-clockbar" id="room-clockbar" hidden><span class="room-control" id="room-control"></span>
        <button type="button" class="room-read-clocks" data-room="read-clocks"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="13" r="8"/><path d="M12 9v4l2.5 2.5"/><path d="M9.5 2.5h5"/></svg></button></div>
      <div class="sr-only" id="room-clock-live" aria-live="polite"></div>`;
}
