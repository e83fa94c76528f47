// What a room says, brought to the player wherever they look: on a phone the
// room panel is a small scroll box under the board, often scrolled away. A
// banner over the top of the board carries the offer waiting for the
// player's answer (undo with its countdown, draw, rematch) with its
// buttons, the connection lost, an absent opponent's countdown and, for a
// few seconds, new chat. An offer arriving or the connection going also
// vibrates the phone where the browser allows it. In a background tab the
// page's title starts with "● Your move" (or the offer), and a notification
// says so if the player switched them on (the room panel's toggle, which
// asks the browser from that tap). It shows the room controller's state and
// calls the panel's actions; it decides nothing.

const CHAT_NOTE_MS = 6000;
const LOW_TIME_NOTE_MS = 5000;
const VIBRATE_OFFER = [120, 80, 120];
const VIBRATE_LOW_TIME = [200, 100, 200];
const VIBRATE_LOST = [300];
const NOTIFY_KEY = 'qipan.online.notify'; // the player switched notifications on (localStorage)

// Notifications exist only in a secure context (https, localhost, a file).
export function notificationsAvailable() {
  return typeof Notification === 'function' && globalThis.isSecureContext !== false;
}

function notifyStored() {
  try {
    return localStorage.getItem(NOTIFY_KEY) === '1';
  } catch {
    return false;
  }
}

function storeNotify(on) {
  try {
    if (on) localStorage.setItem(NOTIFY_KEY, '1');
    else localStorage.removeItem(NOTIFY_KEY);
  } catch {
    // Private mode: on for this page only.
  }
}

export class RoomAlerts {
  // panel: the room panel (its app, room controller and actions).
  constructor(panel) {
    this.panel = panel;
    this.app = panel.app;
    this.room = panel.room;
    this.el = null;
    this.chatNote = null; // {text, until}
    this.timeNote = null; // {text, until}: the player's own clock is low
    this.seenOffer = null; // the offer last told about (kind, seat, step)
    this.wasConnected = true;
    this.titleMark = ''; // what this put before the page's title
    this.told = null; // what the last notification was about
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  // The banner over the board, and the title kept with the tab's visibility.
  mount() {
    const wrap = this.app.root.querySelector('#board-wrap');
    const el = document.createElement('div');
    el.className = 'room-banner';
    el.id = 'room-banner';
    el.innerHTML = `
      <div class="room-banner-conn" id="room-banner-conn" role="alert" hidden></div>
      <div class="room-offer" id="room-offer" role="alert" hidden><span class="room-offer-words"><span id="room-offer-text"></span> <span id="room-offer-timer" role="timer"></span></span>
        <span class="room-offer-actions"><button type="button" class="primary" data-room="accept"></button><button type="button" data-room="decline"></button></span></div>
      <div class="room-banner-time" id="room-banner-time" hidden></div>
      <div class="room-banner-away" id="room-banner-away" role="timer" hidden></div>
      <div class="room-banner-chat" id="room-banner-chat" hidden></div>`;
    wrap.appendChild(el);
    this.el = el;
    this.$ = (selector) => el.querySelector(selector);
    el.addEventListener('click', (e) => {
      const button = e.target.closest('[data-room]');
      if (button && !button.disabled) this.panel.action(button.dataset.room);
    });
    document.addEventListener('visibilitychange', () => this.render(), { signal: this.app.signal });
    // The board goes with its game (a switch of game): so does the banner.
    this.app.signal.addEventListener('abort', () => {
      el.remove();
      this.setTitleMark('');
    });
  }

  // ---- notifications (the room panel's toggle) ------------------------------

  get notifying() {
    return notificationsAvailable() && Notification.permission === 'granted' && notifyStored();
  }

  // From the toggle's tap: the browser asks the player the first time.
  async toggleNotify() {
    if (!notificationsAvailable()) return;
    if (this.notifying) {
      storeNotify(false);
      return;
    }
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission === 'granted') storeNotify(true);
    else this.app.toast(this.t('onlineNotifyBlocked'));
    this.app.emit('online-notify', { permission, on: this.notifying });
  }

  // ---- what the room says -----------------------------------------------------

  // Someone else's chat line shows over the board for a few seconds.
  noticeChat(line) {
    if (line.seat !== null && line.seat === this.room.seat) return;
    const who = line.name || (line.seat === null ? this.t('onlineSpectator') : this.panel.sideName(line.seat));
    this.chatNote = { text: this.t('onlineChatFrom', { who, text: line.text }), until: performance.now() + CHAT_NOTE_MS };
    this.render();
  }

  // The player's own clock passed ten seconds: said over the board for a
  // while (the clock itself turns red), with a vibration. The clock view
  // speaks it through its live region, so this box is not one.
  noticeLowTime(text) {
    this.timeNote = { text, until: performance.now() + LOW_TIME_NOTE_MS };
    this.vibrate(VIBRATE_LOW_TIME);
    this.render();
  }

  // Four times a second with the panel's countdowns, and after each change.
  render() {
    if (!this.el || !this.room.room) return;
    const room = this.room;
    const state = room.room;
    const now = room.serverNow();
    const secs = (until) => Math.max(0, Math.ceil((until - now) / 1000));

    // The connection, lost: taps do nothing until it is back.
    const conn = this.$('#room-banner-conn');
    const lost = !room.connected;
    show(conn, lost ? this.t('onlineLost') : '');
    if (lost && this.wasConnected) this.vibrate(VIBRATE_LOST);
    this.wasConnected = !lost;

    // The offer waiting for this player's answer, with its buttons.
    const offer = this.panel.incomingOffer();
    const box = this.$('#room-offer');
    box.hidden = !offer;
    box.dataset.kind = offer ? offer.kind : '';
    let offerText = '';
    if (offer) {
      const side = this.panel.sideName(offer.seat);
      offerText = this.t(
        { undo: 'onlineUndoIncoming', draw: 'onlineDrawIncoming', rematch: 'onlineRematchIncoming' }[offer.kind],
        { side },
      );
      setText(this.$('#room-offer-text'), offerText);
      const timerText = offer.kind === 'undo' && offer.until ? this.t('onlineAnswerWithin', { s: secs(offer.until) }) : '';
      setText(this.$('#room-offer-timer'), timerText);
      box.dataset.seconds = offer.until ? String(secs(offer.until)) : '';
      setText(box.querySelector('[data-room="accept"]'), this.t('onlineAccept'));
      setText(box.querySelector('[data-room="decline"]'), this.t('onlineDecline'));
      const key = `${offer.kind}:${offer.seat}:${offer.step ?? ''}:${state.roomId}`;
      if (this.seenOffer !== key) {
        this.seenOffer = key;
        this.vibrate(VIBRATE_OFFER);
        this.app.emit('online-alert', { kind: offer.kind });
      }
    } else {
      this.seenOffer = null;
    }

    // The own clock low, for a while (not once the game is over).
    const low = !state.result && this.timeNote && this.timeNote.until > performance.now() ? this.timeNote.text : '';
    if (!low) this.timeNote = null;
    show(this.$('#room-banner-time'), low);

    // An absent opponent's time to come back.
    const away = [];
    if (!state.result) {
      for (const s of state.seats) {
        if (s.seat === room.seat || s.kind !== 'human' || s.connected || !s.graceUntil) continue;
        away.push(this.t('onlineReconnectIn', { side: this.panel.sideName(s.seat), s: secs(s.graceUntil) }));
      }
    }
    show(this.$('#room-banner-away'), away.join('\n'));

    // New chat, for a while.
    const note = this.chatNote && this.chatNote.until > performance.now() ? this.chatNote.text : '';
    if (!note) this.chatNote = null;
    show(this.$('#room-banner-chat'), note);

    this.el.hidden = [...this.el.children].every((child) => child.hidden);
    this.attention(offer, offerText);
  }

  // ---- a background tab --------------------------------------------------------

  // The title (and a notification, if wanted) says what waits for the player
  // while the tab is in the background; back in front, the title is the page's.
  attention(offer, offerText) {
    const state = this.room.room;
    const me = this.room.seat;
    const myTurn = me !== null && !state.result && state.ready && state.toMove === me && this.room.connected;
    const hidden = document.visibilityState === 'hidden';
    let mark = '';
    let about = null;
    if (hidden && offer) {
      mark = this.t('onlineTitleOffer', { text: offerText });
      about = `offer:${this.seenOffer}`;
    } else if (hidden && myTurn) {
      mark = this.t('onlineTitleYourMove');
      about = `turn:${state.roomId}:${state.step}`;
    }
    this.setTitleMark(mark);
    if (!about) {
      if (!hidden) this.told = null;
      return;
    }
    if (about === this.told || !this.notifying) return;
    this.told = about;
    try {
      const body = offer ? offerText : this.t('onlineYourTurn');
      const notification = new Notification(this.t('onlineRoom', { id: state.roomId }), { body, tag: 'qipan-room' });
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
      this.app.emit('online-notified', { body });
    } catch (error) {
      // Some browsers (Android Chrome) only notify through a service worker.
      console.warn('notification:', error);
    }
  }

  setTitleMark(mark) {
    let base = document.title;
    if (this.titleMark && base.startsWith(`${this.titleMark} · `)) base = base.slice(this.titleMark.length + 3);
    this.titleMark = mark;
    const title = mark ? `${mark} · ${base}` : base;
    if (document.title !== title) document.title = title;
  }

  vibrate(pattern) {
    // Browsers refuse (and complain) before the player has touched the page.
    if (typeof navigator.vibrate !== 'function' || navigator.userActivation?.hasBeenActive === false) return;
    navigator.vibrate(pattern);
    this.app.emit('online-vibrate', { pattern });
  }

  testState() {
    if (!this.el) return null;
    const visible = (selector) => (this.$(selector).hidden ? '' : this.$(selector).textContent);
    return {
      shown: !this.el.hidden,
      connection: visible('#room-banner-conn'),
      lowTime: visible('#room-banner-time'),
      away: visible('#room-banner-away'),
      chat: visible('#room-banner-chat'),
      offer: visible('#room-offer'),
      title: document.title,
    };
  }
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function show(el, text) {
  setText(el, text);
  el.hidden = !text;
}
