// The way into online play: the 在线 / Online toolbar button opens the lobby
// (lobby_controller.js: pairing, seeks, games to watch, the player's games),
// whose "invite a friend" is a dialog here
// that creates a room for the current game with its options and a time
// control (the server's address asked there once when the page was opened
// from disk), and an
// invite link (?room=ID&key=SECRET, or &watch=1 to spectate) opens the page straight into
// its room, as a room's own address (/game/ROOMID) does read-only. A
// player's profile address (/@/NAME) opens the page with that profile over
// it, and `?leaderboard=PERF` a leaderboard (profile_view.js). The room
// itself is room_controller.js.

import { RoomClient } from './room_client.js';
import { RoomConnecting } from './room_connecting.js';
import { joinRoom, OnlineRoom } from './room_controller.js';
import { Lobby } from './lobby_controller.js';
import { ProfileView } from './profile_view.js';
import { leaderboardWanted, lobbyAddress, lobbyWanted, pageBase, profileOfPath } from './room_address.js';
import {
  normalizeServer,
  rememberName,
  rememberServer,
  rememberTimeControl,
  roomFromUrl,
  serverAddress,
  storedName,
  storedTimeControl,
} from './room_storage.js';
import { DEFAULT_TIME_CONTROL, TIME_CONTROLS, timeControlClock, timeControlLabel } from './time_controls.js';

const CONNECT_TIMEOUT_MS = 8000;
// How long the page waits, before it shows, for a room's server that neither
// answers nor refuses: after that the page tells it is connecting.
const START_WAIT_MS = 1500;
const CREATE_ATTEMPTS = 3;

// 128 random bits in base64url: the id of one room:create, secret like a token.
function newRequestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

// Before the game app exists: the room of the page's address joined, so the
// page starts the room's game. Null without ?room; {roomId, watch, needsServer}
// when the page does not know its server yet; {roomId, watch, client, ack}
// otherwise (ack may be a refusal, or null while the server does not answer:
// the page then shows at once and keeps connecting, room_connecting.js).
export async function openRoomFromUrl() {
  const wanted = roomFromUrl();
  if (!wanted) return null;
  const server = serverAddress();
  if (!server) return { ...wanted, needsServer: true };
  const client = new RoomClient(server);
  // A server that is down refuses the first attempt at once: no wait then.
  const refused = new Promise((resolve) => client.socket.once('connect_error', () => resolve(false)));
  if (!(await Promise.race([client.waitConnected(START_WAIT_MS), refused]))) return { ...wanted, client, server, ack: null };
  const ack = await joinRoom(client, wanted.roomId, { watch: wanted.watch, invite: wanted.invite });
  return { ...wanted, client, server, ack };
}

export class OnlineEntry {
  constructor(app) {
    this.app = app;
    this.client = null;
    this.room = null;
    this.dialog = null;
  }

  // After app.start(): the room from the address, if any (or the lobby the
  // address asks for: the way back from a room).
  begin(entry) {
    if (!entry) {
      if (lobbyWanted()) this.open();
      const name = profileOfPath(location.pathname);
      const perf = leaderboardWanted();
      if (name) this.profileView.showProfile(name);
      else if (perf) this.profileView.showLeaderboard(perf);
      return;
    }
    if (entry.needsServer) {
      this.open({ joinRoomId: entry.roomId });
      return;
    }
    this.client = entry.client;
    if (!entry.ack) {
      new RoomConnecting(this, entry).start();
      return;
    }
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

  get lobby() {
    this.ownLobby ??= new Lobby(this);
    return this.ownLobby;
  }

  // Profiles and leaderboards, read from the server that served this page
  // (none when it was opened from disk: its links go to the server's page).
  get profileView() {
    const served = /^https?:$/.test(location.protocol);
    this.ownProfile ??= new ProfileView(this.app, { server: served ? location.origin : null, base: pageBase() });
    return this.ownProfile;
  }

  // The Online button: the lobby (or, playing in a room, its invite; from a
  // room watched or over, back to the lobby on the page without the room).
  // `create`: the create-room dialog ("invite a friend"); `joinRoomId`: the
  // server's address asked for an invite opened from disk.
  open({ joinRoomId = null, create = false } = {}) {
    if (this.room?.watch || this.room?.room?.result) {
      location.assign(lobbyAddress());
      return;
    }
    if (this.room) {
      const invite = this.app.root.querySelector('#room-invite');
      if (invite) {
        invite.open = true;
        invite.querySelector('summary').focus();
      }
      return;
    }
    if (!joinRoomId && !create) {
      this.lobby.open();
      return;
    }
    if (!this.dialog) this.build();
    this.joinRoomId = joinRoomId;
    this.fill();
    this.dialog.showModal();
    this.app.emit('online-dialog', { join: joinRoomId });
  }

  // The create-room dialog ("invite a friend") for `game`: another game
  // than the board's starts in place first (the room will be of that game;
  // the dialog words its seats and options), as a pairing does.
  openCreate(game) {
    if (game && game !== this.app.id && this.app.shell?.has(game)) {
      this.dialog?.close();
      this.app.shell.startRoomGame(game).onlineEntry.open({ create: true });
      return;
    }
    this.open({ create: true });
  }

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'online-dialog';
    dialog.innerHTML = `
      <form method="dialog">
        <h2 id="online-title"></h2>
        <label class="block online-server"><span data-online-text="onlineServer"></span><input name="server" inputmode="url" autocomplete="url" spellcheck="false"></label>
        <p class="hint online-server" data-online-text="onlineServerHint"></p>
        <label class="online-create"><span data-online-text="lobbyGame"></span> <select name="game"></select></label>
        <label class="block online-create"><span data-online-text="onlineName"></span><input name="name" maxlength="24" autocomplete="nickname"></label>
        <div class="online-create">
          <label class="online-count"><span data-online-text="players"></span> <select name="count"></select></label>
          <label><span data-online-text="onlineYourSeat"></span> <select name="seat"></select></label>
          <div class="online-seat-rows" id="online-seat-rows"></div>
          <label><span data-online-text="onlineTimeControl"></span> <select name="clock" aria-describedby="online-time-hint"></select></label>
          <p class="hint" id="online-time-hint" data-online-text="onlineTimeHint"></p>
          <label class="online-public"><input type="checkbox" name="public"> <span data-online-text="onlinePublic"></span></label>
        </div>
        <p class="error" id="online-error" role="alert"></p>
        <menu><button value="cancel" data-online-text="cancel"></button><button value="create" class="primary" id="online-go"></button></menu>
      </form>`;
    this.app.root.appendChild(dialog);
    this.dialog = dialog;
    const form = dialog.querySelector('form');
    form.count.addEventListener('change', () => this.renderSeats());
    form.game.addEventListener('change', () => this.openCreate(form.game.value));
    form.seat.addEventListener('change', () => this.renderSeatRows());
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
    // The room is for the game on the board: the title says which.
    const game = this.app.games.find((g) => g.id === this.app.id);
    this.dialog.querySelector('#online-title').textContent = this.joinRoomId
      ? t('onlineTitle')
      : t('onlineCreateTitle', { game: t(game ? game.label : this.app.id) });
    form.game.innerHTML = this.app.games.map((g) => `<option value="${g.id}">${t(g.label)}</option>`).join('');
    form.game.value = this.app.id;
    this.showServerField(this.asksServer());
    form.clock.innerHTML = TIME_CONTROLS.map(
      (c) => `<option value="${c.id}">${timeControlLabel(this.app.i18n, c.clock)}</option>`,
    ).join('');
    const chosen = storedTimeControl();
    form.clock.value = TIME_CONTROLS.some((c) => c.id === chosen) ? chosen : DEFAULT_TIME_CONTROL;
    form.server.value = serverAddress() || 'http://127.0.0.1:8080';
    form.name.value = storedName();
    // The player counts the game's options take (the engine's capabilities):
    // a choice only where there is one.
    const counts = this.app.session.capabilities().playerCounts;
    form.count.innerHTML = counts.map((n) => `<option value="${n}">${n}</option>`).join('');
    form.count.value = String(counts.includes(this.app.seatCount()) ? this.app.seatCount() : counts[0]);
    this.dialog.querySelector('.online-count').hidden = counts.length < 2;
    this.renderSeats();
    this.dialog.querySelector('#online-error').textContent = '';
  }

  // The server's address is asked only where the page cannot know it: opened
  // from disk, or served by a page server that is no room server (its own
  // address did not answer), or after another address was given.
  asksServer() {
    const served = location.protocol === 'http:' || location.protocol === 'https:';
    return !served || this.ownServerFailed || serverAddress() !== location.origin;
  }

  showServerField(shown) {
    for (const el of this.dialog.querySelectorAll('.online-server')) el.hidden = !shown;
  }

  renderSeats() {
    const form = this.dialog.querySelector('form');
    const count = Number(form.count.value);
    const mine = Math.min(Number(form.seat.value) || 0, count - 1);
    form.seat.innerHTML = Array.from(
      { length: count },
      (_, seat) => `<option value="${seat}">${this.app.seatName(seat)}</option>`,
    ).join('');
    form.seat.value = String(mine);
    this.renderSeatRows();
  }

  // Every seat but the creator's: a person (by the invite link) unless the
  // AI at a level is asked for (a room is for playing people).
  renderSeatRows() {
    const t = (key, params) => this.app.i18n.t(key, params);
    const form = this.dialog.querySelector('form');
    const count = Number(form.count.value);
    const mine = Number(form.seat.value);
    let html = '';
    for (let seat = 0; seat < count; seat++) {
      if (seat === mine) continue;
      const options = [`<option value="human" selected>${t('human')}</option>`];
      for (let n = 1; n <= 8; n++) options.push(`<option value="${n}">${t('onlineSeatAi', { n })}</option>`);
      html += `<label><span>${this.app.seatName(seat)}</span> <select name="seat${seat}">${options.join('')}</select></label>`;
    }
    this.dialog.querySelector('#online-seat-rows').innerHTML = html;
  }

  // The room:create payload for the current game and the dialog's choices:
  // the game's own options (its rules), the player count where there is a
  // choice, the creator's seat and the AI seats.
  createPayload(form) {
    const name = form.name.value.trim();
    const count = Number(form.count.value);
    const seat = Number(form.seat.value);
    const options = { ...this.app.roomOptions?.() }; // the game's own options, if any
    if (this.app.session.capabilities().playerCounts.length > 1) options.players = count;
    const ai = Array.from({ length: count }, (_, s) =>
      s === seat || form[`seat${s}`].value === 'human' ? null : Number(form[`seat${s}`].value),
    );
    if (ai.some((level) => level !== null)) options.ai = ai;
    const clock = timeControlClock(form.clock.value);
    if (clock) options.clock = clock;
    // Listed in the lobby's games to watch once every seat is taken.
    if (form.public.checked) options.public = true;
    return { game: this.app.id, seat, options, ...(name ? { name } : {}) };
  }

  async submit() {
    const t = (key, params) => this.app.i18n.t(key, params);
    const form = this.dialog.querySelector('form');
    const error = this.dialog.querySelector('#online-error');
    const asked = this.asksServer();
    const server = asked ? normalizeServer(form.server.value) : location.origin;
    if (!server) {
      error.textContent = t('onlineNoServer', { server: form.server.value });
      return;
    }
    if (asked) rememberServer(server);
    rememberName(form.name.value.trim());
    if (!this.joinRoomId) rememberTimeControl(form.clock.value);
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
      // The page's own address is no room server: the player may give one.
      if (!asked) {
        this.ownServerFailed = true;
        this.showServerField(true);
      }
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

  // A room the lobby opens (the ack of seek:accept or seek:quick, as
  // room:create's, or of room:join) on `client`: in this page's game, or
  // in the room's own game started in place with the same connection.
  enterRoom(client, ack, { watch = false } = {}) {
    const game = ack.state.game;
    if (game !== this.app.id && this.app.shell?.has(game)) {
      this.client = null; // handed over: the shell would close it with this game
      this.app.shell.startRoomGame(game).onlineEntry.enterRoom(client, ack, { watch });
      return;
    }
    this.client = client;
    this.room = new OnlineRoom(this.app, client);
    this.room.attach(ack, { watch });
  }
}
