// One online room driving a game app (docs/online-page.md). The server is
// the authority: this keeps the room's state as the server last said it (v,
// step, pos, seats, offers, chat, result), plays the server's moves through
// the app, sends the player's own moves (shown at once: the page's engine
// already played them) and puts the board back to the server's position when
// a move is refused or a `pos` differs. It reconnects by itself and takes the
// same seat back with the stored token. The app calls afterLocalMove() after
// each move and asks mayMove(snap) before taking input; nothing else of the
// game changes while online (no AI, no saving over the offline game).
//
// The game is the app's own engine session, driven through the face every
// session shares (bindings/README.md): steps and their position hashes,
// playText, the status's seat to move, the endings. Nothing here knows a
// game; the app plays a step through its own presentation (playStep).

import { replayRoom } from '../common/session_steps.js';
import { loadOwnRatings } from './account.js';
import { gameAddress } from './room_address.js';
import { RoomClocks } from './room_clocks.js';
import { forgetToken, rememberName, rememberToken, showRoomInUrl, storedName, tokenFor } from './room_storage.js';
import { RoomPanel } from './room_panel.js';
import { ServerClock } from './server_clock.js';

const SYNC_DEBOUNCE_MS = 30;

// The secret an invite link carries (its `key`), or null.
function inviteKey(links) {
  if (!links?.invite) return null;
  try {
    return new URL(links.invite).searchParams.get('key');
  } catch {
    return null;
  }
}

// How often a join is tried again while its room moves between servers
// (`unavailable` with a time to wait).
const JOIN_ATTEMPTS = 4;

// room:join with the stored token for the room (a spectator with `watch`),
// or the invite's secret to take a free seat; a token the room no longer
// knows is forgotten and the page joins afresh. A room whose server is being
// replaced is asked again when the server says.
export async function joinRoom(client, roomId, { watch = false, invite = null } = {}) {
  const name = storedName();
  const base = { roomId, ...(name ? { name } : {}), ...(invite && !watch ? { invite } : {}) };
  // A spectator joins under the player's name too: the room lists who watches.
  const watching = { ...base, watch: true };
  const token = watch ? null : tokenFor(roomId);
  const join = (payload) => client.request('room:join', payload);
  let ack = await join(watch ? watching : token ? { ...base, token } : base);
  if (!ack.ok && ack.code === 'bad_token') {
    forgetToken(roomId);
    ack = await join(base);
  }
  for (
    let attempt = 1;
    attempt < JOIN_ATTEMPTS && !ack.ok && ack.code === 'unavailable' && ack.retryAfterMs !== undefined;
    attempt++
  ) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(5000, ack.retryAfterMs + 250)));
    ack = await join(watch ? watching : tokenFor(roomId) ? { ...base, token: tokenFor(roomId) } : base);
  }
  return ack;
}

export class OnlineRoom {
  constructor(app, client) {
    this.app = app;
    this.client = client;
    this.roomId = null;
    this.seat = null;
    this.token = null;
    this.watch = false;
    this.room = null; // the room's state, kept current by its events
    this.v = 0;
    this.step = 0; // committed steps as the server said
    this.pos = null; // the server's position hash after them
    this.pending = null; // our own move until the server acks it
    this.premove = null; // {text, marks}: a move queued while the opponent is to move
    this.applying = false; // while the server's move is played through the app
    this.serverClock = new ServerClock(); // the server's Date.now() from its stamps
    this.clocks = new RoomClocks(); // a timed room's clocks (untimed: none)
    this.connected = client.connected;
    this.rejoining = Promise.resolve();
    this.syncTimer = 0;
    this.seats = null;
    this.panel = new RoomPanel(app, this);
    client.listen({
      onEvent: (event) => this.onEvent(event),
      onConnect: () => this.onConnect(),
      onDisconnect: () => this.onDisconnect(),
    });
  }

  // ---- entering a room -------------------------------------------------------

  // Takes the ack of room:create / room:join: the seat, its token, the state.
  attach(ack, { watch = false } = {}) {
    this.roomId = ack.state.roomId;
    this.seat = ack.seat ?? null;
    this.token = ack.token ?? null;
    this.watch = this.seat === null;
    this.links = ack.links ?? this.links;
    if (this.token) rememberToken(this.roomId, this.token, this.seat);
    this.pending = null;
    this.v = 0;
    this.app.online = this;
    this.app.cancelAi();
    showRoomInUrl(this.roomId, watch || this.watch, inviteKey(this.links));
    document.body.dataset.online = this.watch ? 'watch' : 'play';
    this.app.faceSeat?.(this.seat); // a game may turn its board to the seat
    this.adoptState(ack.state, { force: true });
    this.panel.show();
    // An invite to a room whose seats were all taken: watching, and told so.
    if (ack.full) this.app.toast(this.app.i18n.t('onlineFullWatching'));
    this.emit('online-joined', { roomId: this.roomId, seat: this.seat });
  }

  // ---- what the game app asks ------------------------------------------------

  // The player may move for the side to move: it is their seat, the room is
  // ready, nothing is in flight and the live position is shown.
  // While the connection is lost the move is still taken: it is sent once
  // the room is back, or the player is told it was not (reconcileBoard).
  mayMove(snap) {
    if (!this.room || this.seat === null || this.pending) return false;
    if (!snap.live || snap.status.over || this.room.result || !this.room.ready) return false;
    return this.session.status().toMove === this.seat;
  }

  // A premove may be queued (lichess's): the player's seat, the live
  // position of a game under way, and another seat to move.
  mayPremove(snap) {
    if (!this.room || this.seat === null || this.room.result || !this.room.ready) return false;
    if (!snap.live || snap.status.over) return false;
    return this.session.status().toMove !== this.seat;
  }

  // The app queues a premove: `text` as the session plays it (playText),
  // `marks` what the board draws for it. One at a time; a new one replaces it.
  setPremove(text, marks) {
    this.premove = { text, marks };
    this.emit('online-premove', { text });
    this.app.refresh();
  }

  clearPremove() {
    if (!this.premove) return;
    this.premove = null;
    this.app.toast(this.app.i18n.t('onlinePremoveCancelled'));
    this.emit('online-premove-cleared', {});
    this.app.refresh();
  }

  // The opponent's move arrived: the premove is played as the player's own
  // move if the engine takes it now, else dropped with a word.
  playPremove() {
    const premove = this.premove;
    if (!premove || !this.mayMove(this.app.current)) return;
    this.premove = null;
    if (!this.app.playStep(premove.text)) {
      this.app.toast(this.app.i18n.t('onlinePremoveDropped', { move: premove.text }));
      this.emit('online-premove-dropped', { text: premove.text });
      this.app.refresh();
    }
  }

  get session() {
    return this.app.session;
  }

  // The live game's steps (moves and forced passes), and the hash of the
  // position after `step` of them.
  localSteps() {
    return this.session.status().steps;
  }

  localPos(step) {
    return this.session.positionHashAt(step);
  }

  // The app played a move the player made: send it, keep it until the ack.
  afterLocalMove() {
    if (this.applying || !this.room) return;
    if (this.localSteps() <= this.step || this.pending) return;
    const [{ move }] = this.session.steps(this.step);
    // `offline`: made while the connection was lost, sent once it is back.
    this.pending = { step: this.step + 1, move, pos: this.pos, offline: !this.connected };
    this.emit('online-send', { step: this.pending.step, move });
    this.panel.render();
    if (!this.connected) this.app.refresh(); // the status line says the move waits for the connection
    this.sendPending();
  }

  // From the player's view: 'win', 'loss', 'draw', or null for a spectator.
  outcomeFor(winnerSeats) {
    if (this.seat === null) return null;
    if (!winnerSeats || winnerSeats.length === 0) return 'draw';
    return winnerSeats.includes(this.seat) ? 'win' : 'loss';
  }

  // The page's status line while online, the one place the result is
  // printed: the room panel's words for it, which name who resigned,
  // abandoned or ran out of time (the engine's reason alone, "lost on time",
  // would follow the winner's name); the connection lost (moves wait until
  // it is back); the room waiting for its players; in play the game app's
  // own line, after "Your move" on the player's turn.
  statusLine(snap) {
    if (!this.room) return null;
    const t = (key, params) => this.app.i18n.t(key, params);
    if (this.room.result) return this.panel.resultText().join(' · ');
    if (!this.connected) return t(this.pending ? 'onlineLostMoveKept' : 'onlineLost');
    if (!this.room.ready) return t('onlineWaiting');
    const line = this.app.statusLine(snap);
    if (this.seat === null) return `${t('onlineWatching')} · ${line}`;
    if (this.premove) return `${line} · ${t('onlinePremove', { move: this.premove.text })}`;
    return snap.live && this.room.toMove === this.seat ? `${t('onlineYourTurn')} · ${line}` : line;
  }

  // The person playing a seat by the name they gave (exports name them), or
  // null: an AI seat, a free one, a player without a name.
  playerName(seat) {
    const s = this.room?.seats[seat];
    return s && s.kind === 'human' && s.name ? s.name : null;
  }

  // What a record file says of the room (xiangqi's PGN tags): its own
  // address (on the server the watch link names), its time control as PGN's
  // TimeControl writes it ("180+2" in seconds, "-" untimed), and each seat's
  // public player id (null where none: an AI, a player without a key).
  recordFacts() {
    let site = null;
    if (this.links?.watch) {
      const base = new URL(this.links.watch);
      base.search = '';
      site = gameAddress(base.href, this.roomId);
    }
    const c = this.clocks.control;
    const timeControl = c ? `${c.initialMs / 1000}+${c.incrementMs / 1000}` : '-';
    const playerIds = (this.room?.seats ?? []).map((s) => (s.kind === 'human' ? (s.playerId ?? null) : null));
    return { site, timeControl, playerIds };
  }

  // The seats the game app reads while online (this.seats): who plays each
  // seat; levels for the AI seats. Hints stay off: no engine help online.
  seatsFor(state) {
    const own = structuredClone(this.app.settings[this.app.id]);
    const count = state.seats.length;
    const players = [];
    const levels = [];
    for (let seat = 0; seat < Math.max(count, 6); seat++) {
      const s = state.seats[seat];
      players.push(s && s.kind === 'ai' ? 'ai' : 'human');
      levels.push(s && s.ai ? s.ai : 3);
    }
    return { ...own, players, levels, count, hints: false };
  }

  // ---- the server's state ------------------------------------------------------

  // Takes a state (ack of join, sync or a stale refusal). An older state
  // than the events already seen is dropped (a fresh sync follows).
  adoptState(state, { force = false } = {}) {
    if (!state || state.roomId !== this.roomId) return;
    if (!force && state.v < this.v) {
      this.requestSync();
      return;
    }
    this.room = state;
    this.v = state.v;
    // A game that is over may be analysed by anyone (style.css shows the
    // page's own analysis then), as at its own address, /game/ROOMID.
    document.body.toggleAttribute('data-room-over', !!state.result);
    if (force) this.serverClock.reset(); // a join: perhaps another server
    this.serverClock.sample(state.serverTime);
    this.clocks.adoptState(state);
    this.seats = this.seatsFor(state);
    this.reconcileBoard(state);
    this.step = state.step;
    this.pos = state.pos;
    this.panel.render();
    this.app.refresh();
  }

  // The board follows the state: kept when it already shows it (or shows it
  // plus our own move in flight), else rebuilt from the state's options,
  // steps and result. A result the moves did not make (an agreement, a
  // resignation) is recorded by the engine either way.
  reconcileBoard(state) {
    const have = this.localSteps();
    const same = this.localPos(state.step) === state.pos;
    const p = this.pending;
    const kept = (have === state.step && same) || (p && state.step === p.step - 1 && have === p.step && same);
    if (!kept) {
      // A move made while the connection was lost, for a game that changed
      // meanwhile: not sent, and the player is told.
      if (p?.offline) this.notSent(p, this.app.i18n.t('onlineGameChanged'));
      this.pending = null;
      this.premove = null;
      this.app.cancelAi();
      if (!replayRoom(this.session, state) || this.localPos(state.step) !== state.pos) {
        console.error('the room state did not replay to its pos', state.roomId, state.step);
      }
      this.app.resetView();
      this.emit('online-rebuilt', { step: state.step });
    }
    this.recordResult(state.result);
  }

  // The room's result in the engine too (its status, dialog and record say it).
  recordResult(result) {
    if (result && !this.session.status().over) this.session.restoreEnding(result.code, result.seat ?? -1);
  }

  requestSync() {
    clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => this.sync(), SYNC_DEBOUNCE_MS);
  }

  async sync() {
    if (!this.roomId) return;
    const ack = await this.client.request('sync', { roomId: this.roomId, ...(this.token ? { token: this.token } : {}) });
    if (ack.ok) this.adoptState(ack.state);
    else if (ack.code === 'not_joined') this.rejoin();
  }

  // The server gave this page's seat to the AI (a resignation or a flag in
  // a game that goes on without the seat) and made its sockets spectators:
  // the page watches from now on, without the seat's token or invite.
  becomeSpectator() {
    const seat = this.seat;
    forgetToken(this.roomId);
    this.seat = null;
    this.token = null;
    this.watch = true;
    this.pending = null;
    if (this.links) this.links = { ...this.links, invite: null };
    showRoomInUrl(this.roomId, true);
    document.body.dataset.online = 'watch';
    this.emit('online-watching', { seat });
  }

  // ---- the room's events -------------------------------------------------------

  onEvent(event) {
    if (!this.room || event.roomId !== this.roomId || event.v <= this.v) return;
    if (event.v > this.v + 1) {
      this.requestSync(); // something was missed
      return;
    }
    this.v = event.v;
    this.room.v = event.v;
    this.serverClock.sample(event.at);
    this.emit('online-event', { type: event.type, v: event.v, step: event.step });
    switch (event.type) {
      case 'move':
        this.onMove(event);
        break;
      case 'undone':
        this.onUndone(event);
        break;
      case 'chat':
        this.room.chat.push({
          v: event.v,
          seat: event.data.seat,
          name: event.data.name,
          text: event.data.text,
          at: event.at,
          spectator: event.data.spectator ?? null,
        });
        if (this.room.chat.length > 50) this.room.chat.shift();
        this.panel.renderChat();
        break;
      case 'resigned':
        // The engine records it as its rules say: the game ends, or the AI
        // takes the seat over and it goes on.
        this.session.resign(event.data.seat);
        this.app.refresh();
        this.requestSync();
        break;
      case 'ai_seat':
        // The engine records the AI taking over an absent seat, or one whose
        // time ran out in a game that goes on without it (a resignation it
        // recorded with `resigned`).
        if (event.data.reason === 'takeover') this.session.abandon(event.data.seat);
        else if (event.data.reason === 'flag') this.session.flag(event.data.seat);
        if (event.data.level !== null && event.data.reason !== 'host') {
          // Our own seat: the server made this page's sockets spectators.
          if (event.data.seat === this.seat) this.becomeSpectator();
          this.room.seats[event.data.seat] = { ...this.room.seats[event.data.seat], kind: 'ai', ai: event.data.level };
          this.seats = this.seatsFor(this.room);
          this.panel.render();
          this.app.refresh();
        }
        this.requestSync();
        break;
      case 'result':
        this.premove = null;
        this.recordResult(event.data);
        this.room.result = event.data;
        this.room.toMove = null;
        document.body.toggleAttribute('data-room-over', true);
        this.app.refresh();
        this.requestSync();
        this.panel.showResult();
        // A rated result moved the player's own rating: the lobby shows the new one.
        if (Array.isArray(event.data.ratingDiff)) loadOwnRatings();
        break;
      case 'rematch':
        this.followRematch(event.data.roomId);
        break;
      case 'joined':
      case 'left':
        // A spectator in or out: only the count changes (no sync from every
        // page of a busy room for each of them).
        if (event.data.seat === null || event.data.seat === undefined) {
          this.room.spectators = Math.max(0, this.room.spectators + (event.type === 'joined' ? 1 : -1));
          const { spectator, name } = event.data;
          const others = (this.room.watchers ?? []).filter((w) => w.spectator !== spectator);
          this.room.watchers = event.type === 'joined' && name ? [{ spectator, name }, ...others] : others;
          this.panel.render();
        } else {
          this.requestSync();
        }
        break;
      default:
        this.requestSync(); // seats, offers and the host: the server's state says it all
    }
    this.clocks.onEvent(event);
    this.panel.tickClocks();
    this.panel.noticeEvent(event);
  }

  onMove(event) {
    const { seat, move } = event.data;
    const s = event.step;
    const have = this.localSteps();
    if (have >= s) {
      // Our own move (played at once), or a pass the engine played with it.
      if (this.session.steps(s - 1)[0].move !== move || this.localPos(s) !== event.pos) return this.mismatch();
    } else if (have === s - 1) {
      // Played at the live position; a player looking back through the
      // replay stays where they are (the slider grows by one step).
      const browsing = this.app.browsePly;
      this.app.browsePly = null;
      this.applying = true;
      let played;
      try {
        played = this.app.playStep(move);
      } finally {
        this.applying = false;
      }
      if (!played || this.localPos(s) !== event.pos) return this.mismatch();
      if (browsing !== null) {
        this.app.browsePly = browsing;
        if (this.app.view) this.app.view.animation = null;
      }
    } else {
      return this.mismatch();
    }
    this.step = s;
    this.pos = event.pos;
    this.room.step = s;
    this.room.pos = event.pos;
    this.room.moves.push({ step: s, seat, move });
    this.room.toMove = this.session.status().toMove;
    if (this.room.offers.undo || this.room.offers.draw) this.requestSync(); // a move cancels them
    this.panel.render();
    this.app.refresh();
    this.playPremove();
  }

  onUndone(event) {
    const to = event.data.to;
    this.pending = null;
    const result = this.session.truncate(to);
    if (!result.ok || this.localPos(to) !== event.pos) return this.mismatch();
    this.step = to;
    this.pos = event.pos;
    this.room.step = to;
    this.room.pos = event.pos;
    this.room.moves = this.room.moves.filter((m) => m.step <= to);
    this.room.offers.undo = null;
    this.app.resetView();
    this.app.refresh();
    this.requestSync();
  }

  // Our engine and the server's disagree: the server's state wins.
  mismatch() {
    this.app.toast(this.app.i18n.t('onlineMismatch'));
    this.emit('online-mismatch', { v: this.v });
    this.pending = null;
    this.v = 0; // take whatever state comes
    this.sync();
  }

  // ---- sending -----------------------------------------------------------------

  // Sends the pending move until the server answers it: a lost ack is
  // answered `duplicate` the next time, so nothing is played twice.
  async sendPending() {
    const p = this.pending;
    while (this.pending === p) {
      const ack = await this.client.request('move', {
        roomId: this.roomId,
        token: this.token,
        step: p.step,
        move: p.move,
        pos: p.pos,
      });
      if (this.pending !== p) return;
      if (ack.ok) {
        this.pending = null;
        this.emit('online-acked', { step: ack.step, duplicate: !!ack.duplicate });
        this.panel.render();
        this.app.refresh();
        return;
      }
      if (ack.code === 'timeout' || ack.code === 'offline' || ack.code === 'not_joined') {
        await this.client.waitConnected(60_000);
        await this.rejoining;
        if (ack.code === 'not_joined') await this.rejoin();
        continue;
      }
      if (ack.code === 'rate_limited') {
        await new Promise((r) => setTimeout(r, ack.retryAfterMs || 500));
        continue;
      }
      this.refused(ack);
      return;
    }
  }

  // The server refused our move: the board goes back to its position.
  refused(ack) {
    const p = this.pending;
    this.pending = null;
    const reason = this.app.i18n.roomRefusal(ack, this.serverNow());
    if (p?.offline) this.notSent(p, reason);
    else this.app.toast(this.app.i18n.t('onlineStaleBack', { reason }));
    this.emit('online-refused', { code: ack.code, detail: ack.detail?.code ?? null });
    if (ack.state) this.adoptState(ack.state, { force: true });
    else this.sync();
  }

  // A move made while the connection was lost that the room could not take
  // (the game changed or ended meanwhile): the player is told, with why.
  notSent(p, reason) {
    this.app.toast(this.app.i18n.t('onlineMoveNotSent', { move: p.move, reason }));
    this.emit('online-move-dropped', { step: p.step, move: p.move });
  }

  // A room command ({} on success); a refusal is shown in the player's words.
  async command(event, payload = {}) {
    const ack = await this.client.request(event, {
      roomId: this.roomId,
      ...(this.token ? { token: this.token } : {}),
      ...payload,
    });
    if (!ack.ok) this.app.toast(this.app.i18n.roomRefusal(ack, this.serverNow()));
    this.emit('online-command', { event, ok: ack.ok, code: ack.code ?? null });
    return ack;
  }

  askUndo() {
    return this.command('undo:ask', { step: this.step });
  }

  answerUndo(accept) {
    return this.command('undo:answer', { step: this.step, accept });
  }

  offerDraw() {
    return this.command('draw:offer', { step: this.step });
  }

  answerDraw(accept) {
    return this.command('draw:answer', { step: this.step, accept });
  }

  resign() {
    return this.command('resign');
  }

  abort() {
    return this.command('abort');
  }

  // Names our seat for everyone; the page remembers the name for next time.
  async rename(name) {
    const ack = await this.command('seat:name', { name });
    if (ack.ok) rememberName(name);
    return ack;
  }

  claim() {
    return this.command('claim');
  }

  async offerRematch() {
    const ack = await this.command('rematch:offer');
    if (ack.ok && ack.roomId) this.followRematch(ack.roomId);
  }

  async answerRematch(accept) {
    const ack = await this.command('rematch:answer', { accept });
    if (ack.ok && ack.roomId) this.followRematch(ack.roomId);
  }

  chat(text) {
    return this.command('chat', { text });
  }

  async leave() {
    await this.command('leave');
    forgetToken(this.roomId);
    this.client.close();
    showRoomInUrl(null);
    location.reload();
  }

  // The rematch room: the same token takes the new seat (colours swapped).
  async followRematch(roomId) {
    if (!roomId || roomId === this.roomId || this.following === roomId) return;
    this.following = roomId;
    if (this.token) rememberToken(roomId, this.token, null);
    const ack = await joinRoom(this.client, roomId, { watch: this.watch });
    this.following = null;
    if (!ack.ok) {
      this.app.toast(this.app.i18n.roomRefusal(ack));
      return;
    }
    this.attach(ack, { watch: this.watch });
    this.app.toast(this.app.i18n.t('onlineRematchStart'));
  }

  // ---- the connection ---------------------------------------------------------

  onDisconnect() {
    this.connected = false;
    this.emit('online-disconnected', {});
    this.panel.render();
    this.app.refresh();
  }

  onConnect() {
    const wasLost = !this.connected;
    this.connected = true;
    this.emit('online-connected', {});
    if (this.roomId && wasLost) {
      this.rejoining = this.rejoin();
      this.rejoining.then(() => this.app.toast(this.app.i18n.t('onlineBack')));
    }
  }

  // After a reconnection the socket joins the room again with the token.
  async rejoin() {
    const ack = await joinRoom(this.client, this.roomId, { watch: this.watch });
    if (!ack.ok) {
      this.app.toast(this.app.i18n.roomRefusal(ack));
      return;
    }
    this.seat = ack.seat ?? null;
    this.token = ack.token ?? null;
    this.watch = this.seat === null;
    if (this.token) rememberToken(this.roomId, this.token, this.seat);
    this.adoptState(ack.state, { force: true });
    this.emit('online-rejoined', { seat: this.seat, step: ack.state.step });
  }

  // ---- helpers -------------------------------------------------------------------

  serverNow() {
    return this.serverClock.now();
  }

  emit(type, detail) {
    this.app.emit(type, detail);
  }

  // What window.qipan.online() shows tests: the room as this page sees it.
  testState() {
    const room = this.room;
    return {
      roomId: this.roomId,
      seat: this.seat,
      watch: this.watch,
      connected: this.connected,
      v: this.v,
      step: this.step,
      pos: this.pos,
      pending: this.pending ? { ...this.pending } : null,
      premove: this.premove ? this.premove.text : null,
      localSteps: this.localSteps(),
      localPos: this.session.positionHash(),
      links: this.links ? { ...this.links } : null,
      ready: room?.ready ?? false,
      toMove: room?.toMove ?? null,
      result: room?.result ? { ...room.result } : null,
      rated: this.panel.rated(),
      offers: room ? structuredClone(room.offers) : null,
      host: room?.host ?? null,
      spectators: room?.spectators ?? 0,
      seats: room
        ? room.seats.map((s) => ({
            seat: s.seat,
            kind: s.kind,
            name: s.name,
            playerId: s.playerId ?? null,
            connected: s.connected,
            ai: s.ai,
            graceUntil: s.graceUntil,
            account: s.account ?? null,
            rating: s.rating ?? null,
          }))
        : [],
      chat: room ? room.chat.map((c) => ({ seat: c.seat, name: c.name, text: c.text })) : [],
      panel: this.panel.testState(),
    };
  }
}
