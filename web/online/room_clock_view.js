// A timed room's clocks: one in each timed seat's player card (the cards
// sit beside the board on every screen, above and below it on a phone, so
// the clocks never scroll out of sight), mm:ss with tenths under ten
// seconds, the running one highlighted, a low-time colour under ten
// seconds; while the connection is lost they stand still, marked paused,
// until the room is back (the server's figures then say what ran). The
// room panel has the time control's name with a button (and the T key)
// that reads every clock aloud. For the player's own clock: spoken warnings
// at 60, 30 and 10 seconds and, at ten seconds, a sound, a vibration and a
// line over the board (room_alerts.js). It ticks ten times a second from
// the server's figures (room_clocks.js) and writes to the page only what
// changed, so the layout is not touched between one second and the next.

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
    this.timer = 0;
    this.pausedAt = null; // the server time the connection was lost at (the clocks stand still)
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

  // The seats that have a clock: every seat of a timed room but the AI's
  // (AI seats play untimed).
  timedSeats() {
    if (!this.clocks.timed || !this.room.room) return [];
    return this.room.room.seats.filter((s) => s.kind !== 'ai').map((s) => s.seat);
  }

  // The server time the clocks show: now, or the moment the connection was
  // lost while it is.
  shownNow() {
    if (this.room.connected) {
      this.pausedAt = null;
      return this.room.serverNow();
    }
    this.pausedAt ??= this.room.serverNow();
    return this.pausedAt;
  }

  // What a seat's clock reads now, {text, state, title} (the player card's
  // clock), or null where the seat has none. `state` is one attribute for its
  // look: running, waiting for a first move, low, paused; `title` says why
  // a paused clock stands still.
  reading(seat, now = this.shownNow()) {
    if (!this.timedSeats().includes(seat)) return null;
    const ms = this.clocks.remainingAt(now)[seat] ?? 0;
    const ticking = this.clocks.ticking();
    const waiting = this.clocks.firstMove ? this.clocks.running : null;
    const over = !!this.room.room.result;
    const state = [
      !over && seat === ticking ? 'running' : !over && seat === waiting ? 'first' : '',
      ms < LOW_TIME_MS ? 'low' : '',
      !over && !this.room.connected ? 'paused' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return { text: formatClock(ms), state, title: state.includes('paused') ? this.t('onlineClockPaused') : '' };
  }

  // After the panel wrote its lines: name the time control, and paint at once.
  bind() {
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

  // The clocks on the page now (the player cards are rebuilt as the game
  // goes, so they are looked up each time).
  cells() {
    return [...this.app.root.querySelectorAll('[data-clock-seat]')];
  }

  tick() {
    if (!this.clocks.timed || !this.room.room) return;
    const now = this.shownNow();
    for (const cell of this.cells()) {
      const read = this.reading(Number(cell.dataset.clockSeat), now);
      if (!read) continue;
      if (cell.textContent !== read.text) cell.textContent = read.text;
      if (cell.dataset.state !== read.state) cell.dataset.state = read.state;
      if (cell.title !== read.title) cell.title = read.title;
    }
    const own = this.room.seat;
    const ownRuns = own !== null && this.room.connected && this.clocks.ticking() === own;
    this.warnOwnClock(ownRuns ? this.clocks.remainingAt(now)[own] : null);
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
    const words = this.t('onlineClockLeft', { s: Math.round(lowest / 1000) });
    this.say(words);
    if (lowest <= LOW_TIME_MS) {
      // Seen and felt too, not only heard by a screen reader.
      this.app.sound.play('lowtime');
      this.panel.alerts.noticeLowTime(words);
    }
    this.app.emit('online-clock-warning', { seconds: lowest / 1000 });
  }

  // Every timed seat's time in words, and whose clock runs.
  readout() {
    const remaining = this.clocks.remainingAt(this.shownNow());
    const parts = this.timedSeats().map((seat) =>
      this.t('clockSeatReadout', {
        side: this.panel.sideName(seat),
        time: spokenClock(this.app.i18n, remaining[seat]),
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
      // Each clock on the page, by seat (the cards list the top of the board first).
      seats: this.cells()
        .map((c) => ({ seat: Number(c.dataset.clockSeat), text: c.textContent, state: c.dataset.state || '' }))
        .sort((a, b) => a.seat - b.seat),
      paused: this.pausedAt !== null,
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
