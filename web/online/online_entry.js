// The way into online play: the 在线 / Online toolbar button opens a dialog
// that creates a room for the current game with its options (the server's
// address asked there once when the page was opened from disk), and an
// invite link (?room=ID, &watch=1 to spectate) opens the page straight into
// its room. The room itself is room_controller.js.

import { RoomClient } from './room_client.js';
import { joinRoom, OnlineRoom } from './room_controller.js';
import { normalizeServer, rememberName, rememberServer, roomFromUrl, serverAddress, storedName } from './room_storage.js';

const CONNECT_TIMEOUT_MS = 8000;
const CREATE_ATTEMPTS = 3;
const RULE_KEYS = ['winRule', 'goalLock', 'parking', 'multiplayerEnd', 'equalTurns', 'longJumps'];

// 128 random bits in base64url: the id of one room:create, secret like a token.
function newRequestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// Before the game app exists: the room of the page's address joined, so the
// page starts the room's game. Null without ?room; {roomId, watch, needsServer}
// when the page does not know its server yet; {roomId, watch, client, ack}
// otherwise (ack may be a refusal).
export async function openRoomFromUrl() {
  const wanted = roomFromUrl();
  if (!wanted) return null;
  const server = serverAddress();
  if (!server) return { ...wanted, needsServer: true };
  const client = new RoomClient(server);
  if (!(await client.waitConnected(CONNECT_TIMEOUT_MS))) return { ...wanted, client, server, ack: { ok: false, code: 'offline' } };
  const ack = await joinRoom(client, wanted.roomId, { watch: wanted.watch });
  return { ...wanted, client, server, ack };
}

export class OnlineEntry {
  constructor(app) {
    this.app = app;
    this.client = null;
    this.room = null;
    this.dialog = null;
  }

  // After app.start(): the room from the address, if any.
  begin(entry) {
    if (!entry) return;
    if (entry.needsServer) {
      this.open({ joinRoomId: entry.roomId });
      return;
    }
    this.client = entry.client;
    if (entry.ack.ok) {
      this.room = new OnlineRoom(this.app, entry.client);
      this.room.attach(entry.ack, { watch: entry.watch });
    } else {
      entry.client.close(); // no room to reconnect to: the page plays offline
      this.client = null;
      const reason = this.app.i18n.roomRefusal(entry.ack);
      this.app.toast(entry.ack.code === 'offline' ? this.app.i18n.t('onlineNoServer', { server: entry.server }) : reason);
      this.app.emit('online-failed', { code: entry.ack.code });
    }
  }

  // The Online button: the create dialog (or, in a room, its invite).
  open({ joinRoomId = null } = {}) {
    if (this.room) {
      const invite = this.app.root.querySelector('#room-invite');
      if (invite) {
        invite.open = true;
        invite.querySelector('summary').focus();
      }
      return;
    }
    if (!this.dialog) this.build();
    this.joinRoomId = joinRoomId;
    this.fill();
    this.dialog.showModal();
    this.app.emit('online-dialog', { join: joinRoomId });
  }

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'online-dialog';
    dialog.innerHTML = `
      <form method="dialog">
        <h2 data-online-text="onlineTitle"></h2>
        <label class="block"><span data-online-text="onlineServer"></span><input name="server" inputmode="url" autocomplete="url" spellcheck="false"></label>
        <p class="hint" data-online-text="onlineServerHint"></p>
        <label class="block online-create"><span data-online-text="onlineName"></span><input name="name" maxlength="24" autocomplete="nickname"></label>
        <label class="online-create online-two"><span data-online-text="onlineYourSeat"></span> <select name="seat"></select></label>
        <div class="online-create online-checkers">
          <label><span data-online-text="players"></span> <select name="count"><option value="2">2</option><option value="3">3</option><option value="4">4</option><option value="6">6</option></select></label>
          <div class="online-seat-rows" id="online-seat-rows"></div>
        </div>
        <p class="error" id="online-error" role="alert"></p>
        <menu><button value="cancel" data-online-text="cancel"></button><button value="create" class="primary" id="online-go"></button></menu>
      </form>`;
    this.app.root.appendChild(dialog);
    this.dialog = dialog;
    const form = dialog.querySelector('form');
    form.count.addEventListener('change', () => this.renderSeatRows());
    dialog.querySelector('#online-go').addEventListener('click', (e) => {
      e.preventDefault();
      this.submit();
    });
  }

  fill() {
    const t = (key, params) => this.app.i18n.t(key, params);
    const form = this.dialog.querySelector('form');
    for (const el of this.dialog.querySelectorAll('[data-online-text]')) el.textContent = t(el.dataset.onlineText);
    this.dialog.querySelector('#online-go').textContent = this.joinRoomId ? t('onlineTitle') : t('onlineCreate');
    for (const el of this.dialog.querySelectorAll('.online-create')) el.hidden = !!this.joinRoomId;
    form.server.value = serverAddress() || 'http://127.0.0.1:8080';
    form.name.value = storedName();
    const checkers = this.app.id === 'checkers';
    this.dialog.querySelector('.online-two').hidden ||= checkers;
    this.dialog.querySelector('.online-checkers').hidden ||= !checkers;
    const side = (seat) => this.app.sideName(seat + (this.app.id === 'xiangqi' ? 0 : 1));
    form.seat.innerHTML = [0, 1].map((seat) => `<option value="${seat}">${side(seat)}</option>`).join('');
    if (checkers) {
      form.count.value = String(this.app.seats.count);
      this.renderSeatRows();
    }
    this.dialog.querySelector('#online-error').textContent = '';
  }

  // Checkers: seat 1 is the creator's; each other seat a person or the AI
  // at a level, as the new-game dialog set them.
  renderSeatRows() {
    const t = (key, params) => this.app.i18n.t(key, params);
    const form = this.dialog.querySelector('form');
    const count = Number(form.count.value);
    const seats = this.app.seats;
    let html = '';
    for (let seat = 1; seat < count; seat++) {
      const ai = seats.players[seat] === 'ai';
      const level = seats.levels[seat] || 3;
      const options = [`<option value="human"${ai ? '' : ' selected'}>${t('human')}</option>`];
      for (let n = 1; n <= 8; n++) options.push(`<option value="${n}"${ai && level === n ? ' selected' : ''}>${t('onlineSeatAi', { n })}</option>`);
      html += `<label><span>${this.app.sideName(seat + 1)}</span> <select name="seat${seat}">${options.join('')}</select></label>`;
    }
    this.dialog.querySelector('#online-seat-rows').innerHTML = html;
  }

  // The room:create payload for the current game and the dialog's choices.
  createPayload(form) {
    const name = form.name.value.trim();
    const payload = { game: this.app.id, ...(name ? { name } : {}) };
    if (this.app.id === 'checkers') {
      const players = Number(form.count.value);
      const ai = [null];
      for (let seat = 1; seat < players; seat++) {
        const value = form[`seat${seat}`].value;
        ai.push(value === 'human' ? null : Number(value));
      }
      const own = this.app.seats.rules || {};
      const rules = {};
      for (const key of RULE_KEYS) if (own[key] !== undefined) rules[key] = own[key];
      payload.options = { players, ai, rules };
    } else {
      payload.seat = Number(form.seat.value);
    }
    return payload;
  }

  async submit() {
    const t = (key, params) => this.app.i18n.t(key, params);
    const form = this.dialog.querySelector('form');
    const error = this.dialog.querySelector('#online-error');
    const server = normalizeServer(form.server.value);
    if (!server) {
      error.textContent = t('onlineNoServer', { server: form.server.value });
      return;
    }
    rememberServer(server);
    rememberName(form.name.value.trim());
    if (this.joinRoomId) {
      location.reload(); // the address has the room: boot joins it with the server now known
      return;
    }
    error.textContent = t('onlineConnecting');
    if (!this.client || this.client.serverUrl !== server) {
      this.client?.close();
      this.client = new RoomClient(server);
    }
    if (!(await this.client.waitConnected(CONNECT_TIMEOUT_MS))) {
      error.textContent = t('onlineNoServer', { server });
      this.app.emit('online-failed', { code: 'offline' });
      return;
    }
    error.textContent = t('onlineCreating');
    // A lost ack leaves us not knowing whether the room exists: the same
    // requestId again gets the same room (server/rooms/recent_creations.js).
    const payload = { ...this.createPayload(form), requestId: newRequestId() };
    let ack;
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
      ack = await this.client.request('room:create', payload);
      if (ack.ok || (ack.code !== 'timeout' && ack.code !== 'offline')) break;
    }
    if (!ack.ok) {
      error.textContent = this.app.i18n.roomRefusal(ack);
      this.app.emit('online-failed', { code: ack.code });
      return;
    }
    this.dialog.close();
    this.room = new OnlineRoom(this.app, this.client);
    this.room.attach(ack);
    this.app.emit('online-created', { roomId: ack.roomId, seat: ack.seat });
  }
}
