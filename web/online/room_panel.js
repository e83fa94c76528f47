// The room panel beside the board while online: the invite (link, copy, QR
// code drawn here, watch link), the seats with names and connection dots,
// the reconnect countdown of an absent player, the player's own offers
// waiting, resign and claim, undo and draw (each disabled with its countdown
// while the server's back-off lasts), chat, the notifications toggle, the
// replay slider over the room's steps and the record's export. Whose turn it
// is and the result are the page's status line (the room controller's
// statusLine), printed once. Plain DOM with labels and live regions; it
// shows the room controller's state and calls its commands, deciding
// nothing. A timed room's clocks are room_clock_view.js's; the offers to
// answer, the connection and new chat over the board room_alerts.js's. A
// rated room says so in its title; each seat with an account shows its
// rating and, once the result is in, its change (`+12`, `−12`), and its
// name links to the player's profile.

import QRCode from 'qrcode';
import { downloadText } from '../app/files.js';
import { escapeHtml } from '../app/panels.js';
import { ChatMutes, chatAuthor } from './chat_mutes.js';
import { diffKind, diffText, ratingText, seatRating } from './rating_text.js';
import { pageBase, profileAddress, roomOfPath } from './room_address.js';
import { notificationsAvailable, RoomAlerts } from './room_alerts.js';
import { clockBarHtml, RoomClockView } from './room_clock_view.js';

const COUNTDOWN_TICK_MS = 250;

export class RoomPanel {
  constructor(app, room) {
    this.app = app;
    this.room = room;
    this.el = null;
    this.tick = 0;
    this.qrFor = null;
    this.renaming = false; // the name form opened by the ✎ button
    this.clockView = new RoomClockView(this);
    this.mutes = new ChatMutes();
    this.alerts = new RoomAlerts(this);
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  // ---- building --------------------------------------------------------------

  show() {
    if (!this.el) this.build();
    this.el.hidden = false;
    this.render();
    this.renderChat();
    clearInterval(this.tick);
    this.tick = setInterval(() => this.renderCountdowns(), COUNTDOWN_TICK_MS);
    this.clockView.start();
  }

  // The clocks (and the first-move hint) again at once: an event changed
  // whose clock runs.
  tickClocks() {
    if (!this.el) return;
    this.clockView.tick();
    this.renderCountdowns();
  }

  build() {
    const el = document.createElement('section');
    el.className = 'room';
    el.id = 'room';
    el.setAttribute('aria-labelledby', 'room-title');
    el.innerHTML = `
      <div class="room-head"><h2 id="room-title"></h2>
        <button type="button" class="room-notify" data-room="notify" aria-pressed="false" hidden></button>
        <button type="button" class="room-leave" data-room="leave"></button></div>
      <div class="room-line" id="room-line" role="status" aria-live="polite" hidden></div>
      <div class="room-line room-timer" id="room-timer" role="timer" hidden></div>
      <ul class="room-seats" id="room-seats"></ul>
      ${clockBarHtml()}
      <form class="room-name" id="room-name-form" hidden><label><span data-room-text="onlineYourName"></span>
        <input id="room-name-input" maxlength="24" autocomplete="nickname"></label><button type="submit" data-room-text="onlineNameSave"></button></form>
      <div class="room-actions" id="room-actions">
        <button type="button" data-room="undo"></button><button type="button" data-room="draw"></button>
        <button type="button" data-room="abort" hidden></button><button type="button" data-room="resign"></button><button type="button" data-room="claim" hidden></button>
        <button type="button" data-room="rematch" hidden></button><button type="button" data-room="export"></button>
      </div>
      <details class="room-invite" id="room-invite">
        <summary data-room-text="onlineInvite"></summary>
        <p data-room-text="onlineInviteText"></p>
        <div class="room-link"><input id="room-invite-link" readonly><button type="button" data-room="copy-invite"></button></div>
        <canvas id="room-qr" width="168" height="168" role="img"></canvas>
        <label class="room-watch"><span data-room-text="onlineWatchLink"></span>
          <span class="room-link"><input id="room-watch-link" readonly><button type="button" data-room="copy-watch"></button></span></label>
      </details>
      <div class="room-replay"><label for="room-replay-range" data-room-text="onlineReplay"></label>
        <input type="range" id="room-replay-range" min="0" max="0" step="1" value="0">
        <output id="room-replay-out" for="room-replay-range"></output></div>
      <div class="room-chat">
        <label class="room-chat-mute-all" hidden><input type="checkbox" id="room-mute-spectators"> <span data-room-text="onlineMuteSpectators"></span></label>
        <ol class="room-chat-log" id="room-chat-log" aria-live="polite"></ol>
        <form class="room-chat-form" id="room-chat-form"><input id="room-chat-input" maxlength="300" autocomplete="off">
          <button type="submit" data-room-text="onlineChatSend"></button></form>
      </div>`;
    // Under the status line, which says whose turn it is and the result.
    const panel = this.app.root.querySelector('.panel');
    panel.insertBefore(el, panel.querySelector('#status').nextSibling);
    this.el = el;
    this.$ = (selector) => el.querySelector(selector);
    this.clockView.mount(el);
    this.alerts.mount();
    el.addEventListener('click', (e) => {
      const mute = e.target.closest('[data-mute]');
      if (mute) {
        this.mutes.toggle(mute.dataset.mute);
        this.renderChat();
        return;
      }
      const profile = e.target.closest('a[data-profile-name]');
      if (profile) {
        // A plain click shows the profile over the page; a new tab follows the link.
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        this.app.onlineEntry?.profileView.showProfile(profile.dataset.profileName);
        return;
      }
      const button = e.target.closest('[data-room]');
      if (button && !button.disabled) this.action(button.dataset.room);
    });
    this.$('#room-mute-spectators').addEventListener('change', (e) => {
      this.mutes.setSpectators(e.target.checked);
      this.renderChat();
    });
    this.$('#room-chat-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = this.$('#room-chat-input');
      const text = input.value;
      if (!text.trim()) return;
      this.room.chat(text).then((ack) => {
        if (ack.ok && input.value === text) input.value = '';
      });
    });
    this.$('#room-name-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const name = this.$('#room-name-input').value.trim();
      if (!name) return;
      const ack = await this.room.rename(name);
      if (ack.ok) {
        this.renaming = false;
        this.render();
      }
    });
    this.$('#room-replay-range').addEventListener('input', (e) => {
      const step = Number(e.target.value);
      this.app.browse(step >= this.room.step ? Infinity : step);
      this.renderReplay();
    });
    for (const input of [this.$('#room-invite-link'), this.$('#room-watch-link')]) {
      input.addEventListener('focus', () => input.select());
    }
  }

  async action(name) {
    const room = this.room;
    const offer = this.incomingOffer();
    switch (name) {
      case 'accept':
      case 'decline':
        if (!offer) return;
        if (offer.kind === 'undo') await room.answerUndo(name === 'accept');
        else if (offer.kind === 'draw') await room.answerDraw(name === 'accept');
        else await room.answerRematch(name === 'accept');
        break;
      case 'undo':
        await room.askUndo();
        break;
      case 'draw':
        await room.offerDraw();
        break;
      case 'resign':
        if (await this.confirm('onlineResignTitle', 'resignText', 'onlineResign')) await room.resign();
        break;
      case 'claim':
        await room.claim();
        break;
      case 'abort':
        if (await this.confirm('onlineAbortTitle', 'onlineAbortText', 'onlineAbort')) await room.abort();
        break;
      case 'notify':
        await this.alerts.toggleNotify();
        break;
      case 'read-clocks':
        this.clockView.readAloud();
        return;
      case 'rematch':
        await room.offerRematch();
        break;
      case 'export':
        this.exportRecord();
        break;
      case 'rename':
        this.renaming = true;
        this.render();
        this.$('#room-name-input').focus();
        return;
      case 'copy-invite':
        this.copy(this.$('#room-invite-link'));
        break;
      case 'copy-watch':
        this.copy(this.$('#room-watch-link'));
        break;
      case 'leave':
        if (await this.confirm('onlineLeaveTitle', 'onlineLeaveText', 'onlineLeave')) await room.leave();
        break;
    }
    this.render();
  }

  // The page's confirm dialog, worded by the keys of its title, text and OK.
  confirm(title, text, ok) {
    return this.app.panels.dialogs.confirm({ title: this.t(title), text: this.t(text), ok: this.t(ok) });
  }

  // The clipboard API needs a secure context; a phone on http://192.168.x.y
  // has none, so the selected field is copied the older way there.
  async copy(input) {
    const text = input.value;
    let copied;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      input.focus();
      input.select();
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
    }
    this.app.toast(this.t(copied ? 'copied' : 'copyFailed'));
    this.app.emit('online-copy', { text, copied });
  }

  // The game's record file (xiangqi PGN, Reversi GGF, checkers text) as the
  // page plays it, or the room's own record text.
  exportRecord() {
    const file = this.app.hasHook('recordFile') ? this.app.recordFile() : null;
    const text = file ? file : { name: `qipan-${this.room.roomId}.txt`, mime: 'text/plain', text: this.room.room.record };
    downloadText(text);
    this.app.emit('online-export', { name: text.name, bytes: text.text.length });
  }

  // ---- what is shown ---------------------------------------------------------------

  sideName(seat) {
    return this.app.seatName(seat);
  }

  // Whether the room is rated (its state says; a server without ratings never does).
  rated() {
    const state = this.room.room;
    return !!(state?.rated ?? state?.options?.rated);
  }

  // A seat's rating change once the result is in (`result.ratingDiff`), or null.
  ratingDiff(seat) {
    const diff = this.room.room?.result?.ratingDiff?.[seat];
    return Number.isFinite(diff) ? diff : null;
  }

  // The account a seat's player is (`seats[i].account`: its name), or null.
  seatAccount(s) {
    const account = typeof s.account === 'string' ? s.account : s.account?.name;
    return typeof account === 'string' && account ? account : null;
  }

  // A seat's rating and change as HTML: "1500? +12".
  ratingHtml(s) {
    const rating = seatRating(s);
    const diff = this.ratingDiff(s.seat);
    let html = rating ? ` <span class="room-rating">${escapeHtml(ratingText(rating.rating, rating.provisional))}</span>` : '';
    if (diff !== null) html += ` <span class="rating-diff ${diffKind(diff)}">${escapeHtml(diffText(diff))}</span>`;
    return html;
  }

  // The player's name, linked to their profile where they have an account
  // and the page came from the room server (which serves /@/NAME).
  whoHtml(s) {
    const account = this.seatAccount(s);
    const name = s.name || account || '';
    if (!account || !/^https?:$/.test(location.protocol)) return escapeHtml(name);
    const label = this.t('profileOpen', { name: account });
    return `<a href="${escapeHtml(profileAddress(pageBase(), account))}" data-profile-name="${escapeHtml(account)}" aria-label="${escapeHtml(label)}">${escapeHtml(name)}</a>`;
  }

  seatName(s) {
    return s.name || this.sideName(s.seat);
  }

  // The offer waiting for this player's answer: {kind, seat, until?}.
  incomingOffer() {
    const state = this.room.room;
    const me = this.room.seat;
    if (!state || me === null) return null;
    for (const kind of ['undo', 'draw', 'rematch']) {
      const offer = state.offers[kind];
      if (!offer || offer.seat === me) continue;
      if (kind === 'draw' || (offer.waiting || []).includes(me)) return { kind, ...offer };
    }
    return null;
  }

  render() {
    if (!this.el) return;
    const room = this.room;
    const state = room.room;
    if (!state) return;
    for (const el of this.el.querySelectorAll('[data-room-text]')) el.textContent = this.t(el.dataset.roomText);
    const labels = {
      leave: 'onlineLeave',
      undo: 'onlineUndoAsk',
      draw: 'onlineDrawOffer',
      resign: 'onlineResign',
      abort: 'onlineAbort',
      claim: 'onlineClaim',
      rematch: 'onlineRematch',
      export: 'onlineExport',
      'copy-invite': 'onlineCopyInvite',
      'copy-watch': 'onlineCopyWatch',
      notify: 'onlineNotify',
    };
    for (const [name, key] of Object.entries(labels)) this.$(`[data-room="${name}"]`).textContent = this.t(key);
    const title = this.t('onlineRoom', { id: state.roomId });
    this.$('#room-title').textContent = this.rated() ? `${title} · ${this.t('rated')}` : title;
    this.$('#room-chat-input').placeholder = this.t('onlineChatPlaceholder');
    this.$('#room-chat-input').setAttribute('aria-label', this.t('onlineChatLabel'));
    this.$('#room-qr').setAttribute('aria-label', this.t('onlineQr'));
    this.$('#room-replay-range').setAttribute('aria-label', this.t('onlineReplayLabel'));

    this.renderSeats(state);
    this.renderInvite(state);
    this.renderActions(state);
    this.renderReplay();
    this.renderCountdowns();
  }

  renderSeats(state) {
    const me = this.room.seat;
    const items = state.seats.map((s) => {
      const you =
        s.seat === me
          ? ` <span class="room-you">(${escapeHtml(this.t('onlineYou'))})</span> <button type="button" class="room-rename" data-room="rename" aria-label="${escapeHtml(this.t('onlineRename'))}" title="${escapeHtml(this.t('onlineRename'))}">✎</button>`
          : '';
      // A room the lobby paired has nobody to host (its seats were its players' from the start).
      const host =
        state.host === s.seat && !state.paired ? ` <span class="room-host">${escapeHtml(this.t('onlineHost'))}</span>` : '';
      const connected = s.kind === 'ai' || s.connected;
      const dot = s.kind === 'free' ? 'free' : connected ? 'on' : 'off';
      const dotLabel =
        s.kind === 'free' ? this.t('onlineSeatFree') : connected ? this.t('onlineConnected') : this.t('onlineDisconnected');
      const who =
        s.kind === 'ai'
          ? this.t('onlineSeatAi', { n: s.ai })
          : s.kind === 'free'
            ? this.t('onlineSeatFree')
            : this.whoHtml(s) + this.ratingHtml(s);
      const turn = state.toMove === s.seat && !state.result ? ' to-move' : '';
      return (
        `<li class="room-seat${turn}" data-seat="${s.seat}"><span class="room-seat-main"><span class="room-dot ${dot}" role="img" aria-label="${escapeHtml(dotLabel)}"></span>` +
        `<span class="room-side">${escapeHtml(this.sideName(s.seat))}</span> <span class="room-who">${who}</span>${you}${host}</span></li>`
      );
    });
    if (state.spectators > 0) {
      const names = (state.watchers ?? []).map((w) => w.name).join(', ');
      const text = names
        ? this.t('onlineSpectatorsNamed', { n: state.spectators, names })
        : this.t('onlineSpectators', { n: state.spectators });
      items.push(`<li class="room-spectators">${escapeHtml(text)}</li>`);
    }
    this.$('#room-seats').innerHTML = items.join('');
    this.clockView.bind();
    // A player who came by a link without a name is asked for one here.
    const mine = me === null ? null : state.seats[me];
    const form = this.$('#room-name-form');
    const show = !!mine && mine.kind === 'human' && (this.renaming || !mine.name);
    if (show && form.hidden) this.$('#room-name-input').value = mine.name || '';
    form.hidden = !show;
  }

  renderInvite(state) {
    const links = this.room.links;
    const invite = this.$('#room-invite');
    // A room the lobby paired has both its players: nobody to invite.
    invite.hidden = !links || !!state.paired;
    if (invite.hidden) return;
    // A spectator has no invite to give (only its watch link).
    const inviting = Boolean(links.invite);
    for (const el of [this.$('#room-invite-link').parentElement, this.$('#room-qr')]) el.hidden = !inviting;
    this.$('#room-invite-link').value = links.invite ?? '';
    this.$('#room-watch-link').value = links.watch;
    // Waiting for the opponent: the invite first; once everyone is in, the
    // board gets the room (the summary opens it again).
    if (!state.ready && !this.room.watch && !invite.dataset.opened) {
      invite.open = true;
      invite.dataset.opened = '1';
    } else if (state.ready && invite.dataset.opened === '1') {
      invite.open = false;
      invite.dataset.opened = 'closed';
    }
    if (inviting && this.qrFor !== links.invite) {
      this.qrFor = links.invite;
      QRCode.toCanvas(this.$('#room-qr'), links.invite, { width: 168, margin: 2, errorCorrectionLevel: 'M' })
        .then(() => this.app.emit('online-qr', { text: links.invite }))
        .catch((error) => console.error('QR code:', error));
    }
  }

  renderActions(state) {
    const room = this.room;
    const playing = room.seat !== null;
    const over = !!state.result;
    const two = state.seats.length === 2;
    const show = (name, visible, enabled = true) => {
      const b = this.$(`[data-room="${name}"]`);
      b.hidden = !visible;
      b.disabled = !enabled || !room.connected;
    };
    show('undo', playing && !over);
    show('draw', playing && !over && two);
    // Abort until every seat has made a first move (lichess's rule): no result.
    show('abort', playing && !over && state.step < state.abortUntilStep);
    show('resign', playing && !over, state.ready);
    const opponentGone = state.seats.some((s) => s.seat !== room.seat && s.kind === 'human' && s.expired);
    show('claim', playing && !over && two && opponentGone);
    show('rematch', playing && over, !state.offers.rematch);
    show('export', true);
    // A finished game at its own address (/game/ROOMID) is a record: no chat
    // to join and no room to leave (live spectators keep both).
    const archive = room.watch && over && roomOfPath(location.pathname) === room.roomId;
    this.$('[data-room="leave"]').hidden = archive;
    this.$('#room-chat-form').hidden = archive;
    // Notifications where the browser has them (a secure context).
    const notify = this.$('[data-room="notify"]');
    notify.hidden = !playing || !notificationsAvailable();
    notify.setAttribute('aria-pressed', String(this.alerts.notifying));
    notify.title = this.t('onlineNotifyHint');
    this.renderOfferWaits();
  }

  // After a declined or expired undo or draw the server makes the asker wait
  // (`nextOfferAt`, doubling): the button stays disabled meanwhile and counts
  // the seconds down on its label.
  renderOfferWaits() {
    const room = this.room;
    const state = room.room;
    if (room.seat === null) return;
    const now = room.serverNow();
    for (const [name, kind, key] of [
      ['undo', 'undo', 'onlineUndoAsk'],
      ['draw', 'draw', 'onlineDrawOffer'],
    ]) {
      const button = this.$(`[data-room="${name}"]`);
      const at = state.nextOfferAt?.[kind]?.[room.seat] ?? 0;
      const s = Math.max(0, Math.ceil((at - now) / 1000));
      const label = s > 0 ? this.t('onlineAskAgainIn', { label: this.t(key), s }) : this.t(key);
      if (button.textContent !== label) button.textContent = label;
      button.dataset.wait = s > 0 ? String(s) : '';
      const disabled = s > 0 || !this.offerEnabled(name);
      if (button.disabled !== disabled) button.disabled = disabled;
    }
  }

  // Whether undo or draw may be asked now, the back-off apart.
  offerEnabled(name) {
    const state = this.room.room;
    if (!this.room.connected || !state.ready || state.result) return false;
    return name === 'undo' ? state.step > 0 && !state.offers.undo : !state.offers.draw;
  }

  // The texts that count down (the own undo asked, the first move), four
  // times a second, with the banner over the board and the offer buttons'
  // back-off. Whose turn it is and the result are the status line's.
  renderCountdowns() {
    if (!this.el || !this.room.room) return;
    if (this.language !== this.app.i18n.language) {
      this.language = this.app.i18n.language; // the settings changed it: every text again
      this.render();
      this.renderChat();
      return;
    }
    const state = this.room.room;
    const now = this.room.serverNow();
    const secs = (until) => Math.max(0, Math.ceil((until - now) / 1000));
    // What changes once (the live region) apart from what ticks (a timer,
    // which screen readers do not read out every second).
    const lines = [];
    const timers = [];
    const me = this.room.seat;
    for (const s of state.seats) {
      if (s.seat === me || s.kind !== 'human') continue;
      const counting = s.graceUntil && !s.connected; // the banner over the board counts it down
      if (s.expired && !counting && !state.result) lines.push(this.t('onlineSeatExpired', { side: this.sideName(s.seat) }));
    }
    const firstMove = this.clockView.firstMoveLine();
    if (firstMove) timers.push(firstMove);
    const undo = state.offers.undo;
    if (undo && undo.seat === me) timers.push(this.t('onlineUndoAsked', { s: secs(undo.until) }));
    if (state.offers.draw && state.offers.draw.seat === me) lines.push(this.t('onlineDrawOffered'));
    if (state.offers.rematch && state.offers.rematch.seat === me) lines.push(this.t('onlineRematchOffered'));
    const line = this.$('#room-line');
    const text = lines.join('\n');
    if (line.textContent !== text) line.textContent = text;
    line.hidden = lines.length === 0;
    const timer = this.$('#room-timer');
    const timerText = timers.join('\n');
    if (timer.textContent !== timerText) timer.textContent = timerText;
    timer.hidden = timers.length === 0;
    this.renderOfferWaits();
    this.alerts.render();
  }

  // The first absent opponent's seconds left to come back, or '' (tests).
  reconnectCountdown() {
    const state = this.room.room;
    if (!state || state.result) return '';
    const away = state.seats.find((s) => s.seat !== this.room.seat && s.kind === 'human' && !s.connected && s.graceUntil);
    return away ? String(Math.max(0, Math.ceil((away.graceUntil - this.room.serverNow()) / 1000))) : '';
  }

  renderReplay() {
    if (!this.el) return;
    const total = this.room.step;
    const range = this.$('#room-replay-range');
    const shown = this.app.browsePly ?? total;
    range.max = String(total);
    range.value = String(Math.min(shown, total));
    range.disabled = total === 0;
    this.$('#room-replay-out').textContent = this.t('onlineReplayStep', { n: Math.min(shown, total), total });
  }

  renderChat() {
    if (!this.el || !this.room.room) return;
    const log = this.$('#room-chat-log');
    // A spectator's line carries a mark, so a spectator who takes a
    // player's name cannot pass for that player.
    const watching = `<span class="room-chat-watching">${escapeHtml(this.t('onlineChatWatching'))}</span>`;
    const mutes = this.mutes.forRoom(this.room.roomId);
    const me = this.room.seat;
    let spectatorLines = false;
    log.innerHTML = this.room.room.chat
      .map((c) => {
        const spectator = c.seat === null;
        spectatorLines ||= spectator;
        const name = spectator ? c.name : c.name || this.sideName(c.seat);
        const label = name || this.t('onlineSpectator');
        const who = name
          ? `<span class="room-chat-who${spectator ? ' room-chat-spectator' : ''}">${escapeHtml(name)}</span> `
          : '';
        const mark = spectator ? `${watching} ` : '';
        // Everyone but the player themselves can be muted, for this player alone.
        if (!spectator && c.seat === me) return `<li>${who}${escapeHtml(c.text)}</li>`;
        const author = chatAuthor(c);
        const muted = mutes.hides(c);
        const button = `<button type="button" class="room-mute" data-mute="${author}" aria-pressed="${muted}" aria-label="${escapeHtml(
          this.t(muted ? 'onlineUnmute' : 'onlineMute', { who: label }),
        )}" title="${escapeHtml(this.t(muted ? 'onlineUnmute' : 'onlineMute', { who: label }))}">${muted ? '🔈' : '🔇'}</button>`;
        if (muted)
          return `<li class="room-chat-muted">${who}${mark}<span>${escapeHtml(this.t('onlineMutedLine'))}</span> ${button}</li>`;
        return `<li>${who}${mark}${escapeHtml(c.text)} ${button}</li>`;
      })
      .join('');
    const all = this.$('#room-mute-spectators');
    all.checked = mutes.spectators;
    all.closest('label').hidden = !spectatorLines && !mutes.spectators;
    log.scrollTop = log.scrollHeight;
  }

  // [title, reason] of the room's result, from the player's view first.
  resultText() {
    const result = this.room.room?.result;
    if (!result) return [];
    // An aborted game has no result: nobody won, lost or drew. A player who
    // aborted is named (a first move missed names nobody).
    if (result.code === 'aborted')
      return [
        Number.isInteger(result.seat) ? this.t('onlineAbortedBy', { side: this.sideName(result.seat) }) : this.t('onlineAborted'),
      ];
    const outcome = this.room.outcomeFor(result.winner === null ? [] : [result.winner]);
    const heading = outcome ? this.t({ win: 'youWon', loss: 'youLost', draw: 'draw' }[outcome]) : '';
    const title = result.winner === null ? this.t('draw') : this.t('wins', { side: this.sideName(result.winner) });
    let reason;
    const loser = result.winner === null ? null : 1 - result.winner;
    if (result.code === 'agreement') reason = this.t('onlineAgreement');
    else if (result.code === 'abandonment') reason = this.t('onlineAbandonment', { side: this.sideName(loser) });
    else if (result.code === 'resignation') reason = this.t('onlineResignation', { side: this.sideName(loser) });
    // On time: the seat whose time ran out is named (the winner's title comes first).
    else if (result.code === 'timeout' || result.code === 'timeout_draw')
      reason = this.t(result.code === 'timeout' ? 'onlineTimeout' : 'onlineTimeoutDraw', {
        side: this.sideName(result.seat ?? loser),
      });
    else {
      const status = this.app.session.snapshot().status;
      reason = status.over ? this.app.gameOverText(status).reason : '';
    }
    return [heading, title, reason, this.ratingChangeText()].filter((part, i, all) => part && all.indexOf(part) === i);
  }

  // A rated result's rating changes: the player's own ("Rating +12"), or
  // each seat's for a spectator ("Red +12 Black −12"); '' for none.
  ratingChangeText() {
    const seats = this.room.room?.seats ?? [];
    const me = this.room.seat;
    if (me !== null && this.ratingDiff(me) !== null) return this.t('ratingChange', { diff: diffText(this.ratingDiff(me)) });
    return seats
      .filter((s) => this.ratingDiff(s.seat) !== null)
      .map((s) => this.t('ratingChangeOf', { side: this.sideName(s.seat), diff: diffText(this.ratingDiff(s.seat)) }))
      .join(' ');
  }

  // The result is the status line's (the room controller's statusLine): the
  // panel only offers the rematch.
  showResult() {
    this.render();
  }

  // A toast for what other people do.
  noticeEvent(event) {
    const me = this.room.seat;
    const seat = event.data?.seat;
    const side = seat === null || seat === undefined ? this.t('onlineSpectator') : this.sideName(seat);
    const notices = {
      undo_declined: seat !== me ? 'onlineUndoDeclined' : null,
      undo_expired: seat === me ? 'onlineUndoExpired' : null,
      undone: 'onlineUndone',
      draw_declined: seat !== me ? 'onlineDrawDeclined' : null,
      rematch_declined: seat !== me ? 'onlineRematchDeclined' : null,
      joined: seat !== me && seat !== null ? 'onlineJoined' : null,
      ai_seat: { takeover: 'onlineSeatTaken', flag: 'onlineSeatFlagged' }[event.data?.reason] ?? null,
    };
    const key = notices[event.type];
    if (key) this.app.toast(this.t(key, { side }));
    // A muted author's line does not come over the board either.
    if (event.type === 'chat' && !this.mutes.forRoom(this.room.roomId).hides(event.data)) this.alerts.noticeChat(event.data);
  }

  // The player cards while online: the side (with "(you)"), and under it
  // who plays it: the person's name, the AI's level, or a free seat waiting
  // for a player.
  decorateCards(cards) {
    const state = this.room.room;
    if (!state) return cards;
    return cards.map((card) => {
      const s = state.seats[card.seat]; // card.seat is the room's seat (docs/page-contract.md)
      if (!s || s.kind === 'ai') return card;
      const you = card.seat === this.room.seat ? ` (${this.t('onlineYou')})` : '';
      let who = s.kind === 'free' ? this.t('onlineSeatWaiting') : s.name || this.t('human');
      // The rating and, after a rated result, its change: "Ann 1500 +12".
      const rating = seatRating(s);
      if (rating) who += ` ${ratingText(rating.rating, rating.provisional)}`;
      const diff = this.ratingDiff(card.seat);
      if (diff !== null) who += ` ${diffText(diff)}`;
      return { ...card, name: `${card.name}${you}`, roleText: who, clock: this.clockView.reading(card.seat) };
    });
  }

  testState() {
    if (!this.el) return null;
    const offer = this.incomingOffer();
    const banner = this.alerts.testState();
    const status = this.app.root.querySelector('#status').textContent;
    return {
      // The status line, the panel's own lines and the banner's countdowns.
      line: [status, this.$('#room-line').textContent, this.$('#room-timer').textContent, banner.away].filter(Boolean).join('\n'),
      status,
      countdown: this.reconnectCountdown(),
      offer: offer
        ? {
            kind: offer.kind,
            text: `${this.alerts.$('#room-offer-text').textContent} ${this.alerts.$('#room-offer-timer').textContent}`.trim(),
            seconds: this.alerts.$('#room-offer').dataset.seconds,
          }
        : null,
      result: this.room.room.result ? status : null,
      banner,
      buttons: Object.fromEntries(
        [...this.el.querySelectorAll('button[data-room]')].map((b) => [
          b.dataset.room,
          { shown: !b.hidden, disabled: b.disabled, text: b.textContent },
        ]),
      ),
      replay: { value: Number(this.$('#room-replay-range').value), max: Number(this.$('#room-replay-range').max) },
      inviteOpen: this.$('#room-invite').open,
      qrDrawn: this.qrFor,
      chat: [...this.$('#room-chat-log').children].map((li) => li.textContent),
      seatLines: [...this.$('#room-seats').children].map((li) => li.textContent.replace(/\s+/g, ' ').trim()),
      title: this.$('#room-title').textContent,
      clocks: this.clockView.testState(),
    };
  }
}
