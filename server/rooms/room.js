// One room: its game (an engine session through a game adapter) and the fold
// of its event log. `apply(event)` is the only thing that changes a room's
// persistent state, live and when the log is replayed after a restart, so a
// room rebuilt from its log is the room that was running. Runtime matters
// (sockets, timers, AI jobs) live beside it and are never logged.
import { LIMITS } from '../config.js';
import { optionsAsLogged } from '../games/logged_options.js';
import { RoomGame } from '../games/room_game.js';
import { tokenHash, tokenMatches } from '../net/ids.js';
import { RoomClock } from './room_clock.js';

// A seat: kind 'free' (nobody), 'human' (a token holder; `connected` while one
// of its sockets is here, `expired` once its grace ran out) or 'ai' (a level).
function freeSeat(seat) {
  return {
    seat,
    kind: 'free',
    name: null,
    ai: null,
    tokenHash: null,
    playerId: null, // the player (after `hello`) who took it
    account: null, // the account's name, in a rated room (lobby/seek_room.js)
    accountId: null, // and its id (the event's private part)
    rating: null, // the account's rating in the room's perf as the game began
    provisional: null,
    connected: false,
    connectedAt: null,
    disconnectedAt: null,
    expired: false,
    everConnected: false,
    renames: 0,
  };
}

// A whole number from a room id, for the AI's seeded variety.
function seedOf(roomId) {
  let h = 0;
  for (const c of roomId) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

export class Room {
  // `created`: the room's first event (data {game, options, clock?, host,
  // rematchOf}; `clock`: the time control, when the room is timed).
  constructor(engine, config, created) {
    const { game, options, clock, host, rematchOf } = created.data;
    // Listed in the lobby's games to watch (lobby/lobby_games.js).
    this.isPublic = created.data.public === true;
    this.id = created.roomId;
    this.config = config;
    this.gameName = game;
    // A room logged before an option existed: what it was played under.
    this.options = optionsAsLogged(game, options);
    this.game = new RoomGame(engine, game, this.options);
    this.capabilities = this.game.capabilities;
    this.seatCount = this.game.seats;
    this.createdAt = created.at;
    this.rematchOf = rematchOf ?? null;
    // A room the lobby paired (a seek taken): both seats are its players'
    // from the start, so it has no invite to give and nobody to host.
    this.fromSeek = !!created.data.seek;
    // A rated room (a rated seek's): its perf, and each seat's rating change
    // once the result is written with it (registry.js commit).
    this.rated = created.data.rated === true;
    this.perf = created.data.perf ?? null;
    this.ratingDiff = null;
    this.v = 0;
    this.step = 0;
    this.posAt = [this.game.posHash()];
    this.steps = []; // committed steps: {seat, move, sent} (kept small: one per move of every room)
    // The engine calls beyond moves (resignations, takeovers, endings), each
    // at the step it was made, so the engine can be rebuilt after an undo or
    // a refused commit: {step, call, seat, code}.
    this.engineCalls = [];
    this.seats = Array.from({ length: this.seatCount }, (_, seat) => freeSeat(seat));
    (this.options.ai ?? []).forEach((level, seat) => {
      if (level) Object.assign(this.seats[seat], { kind: 'ai', ai: level });
    });
    this.host = host;
    this.offers = { undo: null, draw: null, rematch: null };
    this.backoff = { undo: this.seats.map(() => ({ count: 0, until: 0 })), draw: this.seats.map(() => ({ count: 0, until: 0 })) };
    this.result = null;
    this.chat = [];
    this.spectators = new Map(); // spectator id -> {name}
    this.nextSpectator = 1;
    this.rematchRoomId = null;
    this.lastAt = created.at;
    this.aiSeed = seedOf(this.id);
    // The invite's secret: taking a free seat needs it, so a watch link cannot
    // sit down. Kept as it is (in the event's private part, never sent but to
    // seated players) so their invite links survive a restart. Rooms logged
    // before invites had secrets have none and stay open to anyone with the
    // room id.
    this.invite = created.secret?.invite ?? null;
    // The outages the room went through ([from, to] in ms, from `resumed`
    // events): graces and the undo timeout stand still while no server held
    // the room, so a restart never grants a fresh one.
    this.outages = [];
    // Fischer clocks when the room has a time control (room_clock.js).
    this.timeControl = clock ?? null;
    this.clock = clock ? new RoomClock(clock, this.seatCount, config) : null;

    // Runtime only.
    this.members = new Map(); // socket id -> {socket, seat, spectator, token, owner}
    this.engineDirty = false; // a command touched the engine before its commit
    this.apply(created);
  }

  get pos() {
    return this.posAt[this.step];
  }

  // Every seat is taken (by a person, reserved, or the AI): moves may start.
  get ready() {
    return this.seats.every((s) => s.kind !== 'free');
  }

  get started() {
    return this.step > 0;
  }

  // Abort (game_commands.js) is open below this step: until every seat has
  // made its first move. The state carries it, so the page offers Abort by
  // the server's rule.
  get abortUntilStep() {
    return this.seatCount;
  }

  toMove() {
    return this.result ? null : this.game.toMove();
  }

  humanSeats() {
    return this.seats.filter((s) => s.kind === 'human');
  }

  // The seats that must answer an offer from `seat`: the other people still
  // holding their seats.
  answerers(seat) {
    return this.humanSeats()
      .filter((s) => s.seat !== seat && !s.expired)
      .map((s) => s.seat);
  }

  // How many steps a taken-back move of `seat` leaves: the steps before its
  // last real move, or null when it has none.
  undoTarget(seat) {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      if (this.steps[i].seat === seat && this.steps[i].move !== 'pass') return i;
    }
    return null;
  }

  // Whether `invite` (what a join presented) lets its socket take a free seat.
  inviteOpens(invite) {
    if (this.invite === null) return true;
    return typeof invite === 'string' && tokenMatches(invite, tokenHash(this.invite));
  }

  socketsOf(seat) {
    return [...this.members.values()].filter((m) => m.seat === seat);
  }

  // How long the room was held by no server after `since` (its outages).
  outageAfter(since) {
    let ms = 0;
    for (const [from, to] of this.outages) if (to > since) ms += to - Math.max(from, since);
    return ms;
  }

  // When a duration that started at `since` runs out, the room's outages
  // not counted.
  deadline(since, durationMs) {
    return since + durationMs + this.outageAfter(since);
  }

  // The deadline of a disconnected seat's grace, or null.
  graceUntil(seat) {
    const s = this.seats[seat];
    if (s.kind !== 'human' || s.connected || s.expired) return null;
    return this.deadline(s.disconnectedAt ?? this.createdAt, this.config.seatGraceMs);
  }

  undoDeadline() {
    const offer = this.offers.undo;
    return offer ? this.deadline(offer.at, this.config.undoTimeoutMs) : null;
  }

  // Replays the engine to the room's committed steps and engine calls
  // (undo, a refused commit).
  rebuildEngine() {
    this.game.reset();
    let next = 0;
    const callsAt = (step) => {
      for (; next < this.engineCalls.length && this.engineCalls[next].step <= step; next++)
        this.replayCall(this.engineCalls[next]);
    };
    this.steps.forEach((s, i) => {
      callsAt(i);
      this.game.replayStep(i, s.move);
    });
    callsAt(this.steps.length);
    this.engineDirty = false;
  }

  // Records an engine call the room made, and makes it when `perform`
  // (replaying the log, or a call no command made before the commit).
  noteCall(call, perform) {
    this.engineCalls.push({ step: this.step, ...call });
    if (perform) this.replayCall(call);
  }

  // The same engine call again: a resignation or takeover as the seat's, a
  // result's ending by its code (when the moves did not end the game).
  replayCall({ call, seat, code }) {
    if (call === 'ending') {
      if (!this.game.status().over) this.game.restoreEnding(code, seat);
      return;
    }
    const outcome = this.game[call](seat);
    if (!outcome.ok) throw new Error(`room ${this.id}: ${call}(${seat}) refused on replay: ${outcome.reason}`);
  }

  // Folds one committed event into the room. `replay`: the event comes from
  // the log, so the engine has not seen it yet.
  apply(event, { replay = false } = {}) {
    if (event.v !== this.v + 1) throw new Error(`room ${this.id}: event v ${event.v} after ${this.v}`);
    this.v = event.v;
    this.lastAt = event.at;
    const d = event.data;
    const seat = d && Number.isInteger(d.seat) ? this.seats[d.seat] : null;
    switch (event.type) {
      case 'created':
        break;
      case 'joined':
        if (d.seat === null) {
          this.spectators.set(d.spectator, { name: d.name ?? null });
          this.nextSpectator = Math.max(this.nextSpectator, d.spectator + 1);
        } else {
          Object.assign(seat, {
            kind: 'human',
            name: d.name ?? seat.name,
            ai: null,
            tokenHash: event.secret?.tokenHash ?? seat.tokenHash,
            playerId: d.playerId ?? seat.playerId,
            account: d.account ?? seat.account,
            accountId: event.secret?.accountId ?? seat.accountId,
            rating: d.rating ?? seat.rating,
            provisional: d.provisional ?? seat.provisional,
            connected: true,
            connectedAt: event.at,
            expired: false,
            everConnected: true,
          });
        }
        break;
      case 'seat_reserved':
        Object.assign(seat, {
          kind: 'human',
          name: d.name ?? null,
          ai: null,
          tokenHash: event.secret.tokenHash,
          playerId: d.playerId ?? null,
          account: d.account ?? null,
          accountId: event.secret.accountId ?? null,
          rating: d.rating ?? null,
          provisional: d.provisional ?? null,
          connected: false,
          disconnectedAt: event.at,
          expired: false,
          everConnected: false,
        });
        break;
      case 'left':
        if (d.seat === null) this.spectators.delete(d.spectator);
        else Object.assign(seat, { connected: false, disconnectedAt: event.at });
        break;
      case 'disconnected':
        // `since`: when the seat's last socket went, if the event could only
        // be written later (a store outage, a server that died).
        Object.assign(seat, { connected: false, disconnectedAt: d.since ?? event.at });
        break;
      case 'resumed':
        this.outages.push([d.downSince, event.at]);
        break;
      case 'reconnected':
        Object.assign(seat, { connected: true, connectedAt: event.at, expired: false });
        break;
      case 'seat_expired':
        if (d.freed) Object.assign(seat, freeSeat(seat.seat));
        else seat.expired = true;
        break;
      case 'ai_seat':
        if (d.level === null) Object.assign(seat, freeSeat(seat.seat));
        else Object.assign(seat, { kind: 'ai', ai: d.level, tokenHash: null, playerId: null, connected: false, expired: false });
        // An absent seat taken over: no command asked the engine, so the
        // event does, live and replayed (a resignation's takeover is the
        // `resigned` event's).
        if (d.reason === 'takeover') this.noteCall({ call: 'abandon', seat: d.seat }, true);
        // A seat out of time the AI plays on for: the flag command asked the
        // engine live; the log asks it on replay.
        if (d.reason === 'flag') this.noteCall({ call: 'flag', seat: d.seat }, replay);
        break;
      case 'renamed':
        seat.name = d.name;
        seat.renames++;
        break;
      case 'host_changed':
        this.host = d.host;
        break;
      case 'move':
        if (replay) this.game.replayStep(event.step - 1, d.move);
        this.steps.push({ seat: d.seat, move: d.move, sent: event.secret?.sent ?? d.move });
        this.step = event.step;
        this.posAt[event.step] = event.pos;
        this.offers.undo = null;
        if (this.offers.draw && this.offers.draw.seat !== d.seat) this.offers.draw = null;
        break;
      case 'undo_asked':
        this.offers.undo = { seat: d.seat, step: event.step, waiting: d.waiting, at: event.at };
        break;
      case 'undo_accepted':
        if (this.offers.undo) this.offers.undo.waiting = this.offers.undo.waiting.filter((s) => s !== d.seat);
        break;
      case 'undo_declined':
      case 'undo_expired': {
        const asker = event.type === 'undo_expired' ? d.seat : d.asker;
        this.offers.undo = null;
        this.backOff('undo', asker, event.at);
        break;
      }
      case 'undone':
        this.steps.length = d.to;
        this.engineCalls = this.engineCalls.filter((c) => c.step <= d.to);
        this.posAt.length = d.to + 1;
        this.step = d.to;
        this.offers.undo = null;
        this.offers.draw = null;
        this.rebuildEngine();
        break;
      case 'draw_offered':
        this.offers.draw = { seat: d.seat, step: event.step, at: event.at };
        break;
      case 'draw_declined': {
        const offerer = this.offers.draw?.seat;
        this.offers.draw = null;
        if (offerer !== undefined) this.backOff('draw', offerer, event.at);
        break;
      }
      case 'resigned':
        this.noteCall({ call: 'resign', seat: d.seat }, replay);
        break;
      case 'chat':
        this.chat.push({ v: event.v, seat: d.seat, name: d.name, text: d.text, at: event.at, spectator: d.spectator ?? null });
        if (this.chat.length > LIMITS.chatKept) this.chat.splice(0, this.chat.length - LIMITS.chatKept);
        break;
      case 'result':
        // The engine records every ending: one the moves or a resignation did
        // not make (agreement, abandonment, a flag) is restored by its code.
        this.noteCall({ call: 'ending', code: d.code, seat: d.seat ?? -1 }, replay);
        this.result = d;
        this.offers = { undo: null, draw: null, rematch: null };
        break;
      case 'rematch_offered':
        this.offers.rematch = { seat: d.seat, waiting: d.waiting };
        break;
      case 'rematch_accepted':
        if (this.offers.rematch) this.offers.rematch.waiting = this.offers.rematch.waiting.filter((s) => s !== d.seat);
        break;
      case 'rematch_declined':
        this.offers.rematch = null;
        break;
      case 'rematch':
        this.rematchRoomId = d.roomId;
        this.offers.rematch = null;
        break;
      default:
        throw new Error(`room ${this.id}: unknown event type ${event.type}`);
    }
    this.clock?.apply(this, event);
  }

  // After a declined or expired offer the same seat waits: the base wait,
  // doubling with each further decline, at most 16 times the base.
  backOff(kind, seat, at) {
    const b = this.backoff[kind][seat];
    if (!b) return;
    b.count += 1;
    b.until = at + this.config.offerBackoffMs * 2 ** Math.min(b.count - 1, 4);
  }

  // The whole room as clients see it (server/PROTOCOL.md `state`).
  state(now = Date.now()) {
    const undo = this.offers.undo;
    return {
      protocol: 2,
      roomId: this.id,
      game: this.gameName,
      options: this.options,
      v: this.v,
      step: this.step,
      pos: this.pos,
      record: this.game.record(),
      position: this.game.position(),
      toMove: this.toMove(),
      ready: this.ready,
      seats: this.seats.map((s) => ({
        seat: s.seat,
        kind: s.kind,
        name: s.name,
        playerId: s.playerId,
        account: s.account,
        rating: s.rating,
        provisional: s.provisional,
        connected: s.connected,
        ai: s.ai,
        expired: s.expired,
        graceUntil: this.graceUntil(s.seat),
      })),
      host: this.host,
      spectators: this.spectators.size,
      // The names spectators gave, the latest first (a few: the count says how many in all).
      watchers: this.watcherNames(LIMITS.watcherNamesShown),
      offers: {
        undo: undo ? { seat: undo.seat, step: undo.step, waiting: undo.waiting, until: this.undoDeadline() } : null,
        draw: this.offers.draw ? { seat: this.offers.draw.seat, step: this.offers.draw.step } : null,
        rematch: this.offers.rematch ? { ...this.offers.rematch } : null,
      },
      nextOfferAt: { undo: this.backoff.undo.map((b) => b.until), draw: this.backoff.draw.map((b) => b.until) },
      moves: this.steps.map((s, i) => ({ step: i + 1, seat: s.seat, move: s.move })),
      result: this.result,
      chat: this.recentChat(LIMITS.stateChatBytes),
      rematchRoomId: this.rematchRoomId,
      rematchOf: this.rematchOf,
      public: this.isPublic,
      paired: this.fromSeek,
      rated: this.rated,
      perf: this.perf,
      abortUntilStep: this.abortUntilStep,
      createdAt: this.createdAt,
      clock: this.clock ? this.clock.state(this, now) : null,
      serverTime: now,
    };
  }

  // The latest `max` spectators that gave a name, newest first: {spectator, name}.
  watcherNames(max) {
    const named = [];
    for (const [spectator, { name }] of [...this.spectators].reverse()) {
      if (named.length >= max) break;
      if (name) named.push({ spectator, name });
    }
    return named;
  }

  // The latest chat messages whose JSON fits in `maxBytes` (the state stays
  // small however the chat was padded; older lines come with the log).
  recentChat(maxBytes) {
    const out = [];
    let bytes = 2;
    for (let i = this.chat.length - 1; i >= 0; i--) {
      const size = Buffer.byteLength(JSON.stringify(this.chat[i]), 'utf8') + 1;
      if (bytes + size > maxBytes) break;
      bytes += size;
      out.push({ ...this.chat[i] });
    }
    return out.reverse();
  }

  delete() {
    this.game.delete();
  }
}
