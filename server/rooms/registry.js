// The rooms this node holds in memory: taken up on demand (claimed in the
// store, then rebuilt from the log), one queue per room so its events are
// handled strictly one at a time in arrival order, committing to the store
// before anything is broadcast or acked, and the room's timers (seat grace,
// undo timeout) and AI moves, all recomputed from the room's state after
// every commit (room_timers.js, ai_turns.js).
//
// Nothing is loaded at start: a room comes into memory when a client joins
// it, or (a timed game whose node is gone) when a live node adopts it. A
// room whose log cannot be replayed is quarantined (`unavailable`) and the
// others go on. A room another node owns is answered `moved`. A commit the
// store fences (another node took the room over) drops the room here and
// closes its sockets, which reconnect to the new owner.
import { newRoomId } from '../net/ids.js';
import { Refusal, refuse } from '../protocol/codes.js';
import { AiTurns } from './ai_turns.js';
import { Room } from './room.js';
import { RoomCaps } from './room_caps.js';
import { replayRoom } from './room_replay.js';
import { RoomTimers } from './room_timers.js';
import { SpectatorChat } from './spectator_chat.js';
import { absenceDrafts, resumeDrafts } from './seat_commands.js';

// How long a join waits for a presumed-dead owner's lease to run out before
// answering `unavailable` with a time to retry (under the page's 8 s ack timeout).
const CLAIM_WAIT_MS = 4000;
// Commits a room makes on its own (timers, disconnections, AI moves) that
// the store refused are retried, waiting this long, doubling to the maximum.
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5000;
// A room just created or loaded stays in memory at least this long, for the
// join that asked for it (it is the next task in its queue, but only after
// an await).
const HOLD_MS = 10_000;
// How often a node looks for timed games no live node keeps, and how many
// it takes up at a time.
const ADOPT_EVERY_MS = 2000;
const ADOPT_BATCH = 50;

// An event as clients receive it; in a timed room with every seat's
// remaining ms as of the event (`clocks`) and the whole clock as the state
// has it (`clock`: who runs since when), so no client decides who runs.
export function publicEvent(e, room = null) {
  const out = { roomId: e.roomId, v: e.v, type: e.type, step: e.step, pos: e.pos, at: e.at, data: e.data };
  if (room?.clock) {
    out.clock = room.clock.state(room, e.at);
    out.clocks = out.clock.remaining;
  }
  return out;
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// What a rated room's result changes: {perf, accounts, scores}, or null when
// it changes no rating (a casual room, an aborted game, a game in which a
// side never moved: as lichess, a game abandoned before both sides moved
// is not rated).
// `events`: the commit the result is part of (its moves count too).
export function ratedResult(room, result, events = []) {
  if (!room.rated || result.code === 'aborted') return null;
  const accounts = room.seats.map((s) => s.accountId);
  if (accounts.length !== 2 || accounts.some((id) => !id)) return null;
  const moved = new Set(room.steps.map((s) => s.seat));
  for (const e of events) if (e.type === 'move') moved.add(e.data.seat);
  if (!moved.has(0) || !moved.has(1)) return null;
  const scores = result.winner === null || result.winner === undefined ? [0.5, 0.5] : result.winner === 0 ? [1, 0] : [0, 1];
  return { perf: room.perf, accounts, scores };
}

export class Rooms {
  constructor({ store, engine, config, io, ai, log = () => {} }) {
    Object.assign(this, { store, engine, config, io, log });
    this.rooms = new Map();
    this.loading = new Map();
    this.quarantined = new Map(); // room id -> why its log could not be replayed
    this.closed = false;
    // (room, events) after each commit, and (roomId) when a room leaves this
    // node: the lobby's games to watch (lobby/lobby_games.js).
    this.onCommitted = null;
    this.onReleased = null;
    this.caps = new RoomCaps(config);
    this.timers = new RoomTimers(this);
    this.aiTurns = new AiTurns(this, ai);
    this.spectatorChat = new SpectatorChat(config);
    this.stats = {
      commits: 0,
      events: 0,
      loaded: 0,
      replayedEvents: 0,
      replayMismatches: 0,
      quarantined: 0,
      writeRetries: 0,
      fenced: 0,
      evicted: 0,
    };
    store.on?.('lost', () => this.dropAll('this node lost its lease on the database'));
    this.adopter = setInterval(() => this.adoptOrphans(), ADOPT_EVERY_MS);
    this.adopter.unref();
  }

  // Timed games whose node is gone (stopped, or past its lease) are taken up
  // by the first live node that looks, so their clocks run and a flag falls
  // without a client opening the room (the outage is charged to nobody).
  async adoptOrphans() {
    if (this.closed || this.adopting || this.store.live === false) return;
    this.adopting = true;
    try {
      for (const roomId of await this.store.orphanedTimedRooms({ limit: ADOPT_BATCH })) {
        if (this.closed) break;
        // moved, unavailable, busy: another node's now, or later.
        await this.get(roomId).catch(() => {});
      }
    } catch (error) {
      this.log(`adopting timed rooms: ${error.message ?? error}`);
    } finally {
      this.adopting = false;
    }
  }

  // The room, from memory or the store (null when there is none). Refuses
  // `moved` (another node owns it), `unavailable` (quarantined, or its owner
  // is being replaced) or `busy` (this node holds as many rooms as it can).
  // `cameFor`: the node the client asked the proxy for (?node=), and
  // `connectedAt` when its connection was made. When that node is the room's
  // owner, the proxy could not reach it then, so the owner is down (its
  // lease not yet run out) and the client is not sent back there. That holds
  // for one lease from the connection: an owner whose lease still holds
  // after that is alive (restarted, or back from a pause or failed health
  // checks), the proxy routes to it again, and the client is sent there.
  // `loader`: the owner (net/address_owner.js) of the client that asked,
  // which a room whose creator the store does not know counts for.
  async get(roomId, { cameFor = null, connectedAt = 0, loader = null } = {}) {
    const room = this.rooms.get(roomId);
    if (room) return room;
    if (this.quarantined.has(roomId))
      refuse('unavailable', `room ${roomId} cannot be opened: its log is damaged and an operator has been told`);
    if (!this.loading.has(roomId)) {
      const unreachable = Date.now() - connectedAt <= this.store.settings.leaseMs ? cameFor : null;
      const loading = this.load(roomId, unreachable, loader).finally(() => this.loading.delete(roomId));
      loading.loader = loader; // it counts against that address already (room_caps.js)
      this.loading.set(roomId, loading);
    }
    return this.loading.get(roomId);
  }

  // Whether a room exists without loading it.
  async exists(roomId) {
    return this.rooms.has(roomId) || this.store.roomExists(roomId);
  }

  async load(roomId, cameFor, loader) {
    if (this.closed) return null;
    this.caps.checkLoad(this.rooms, this.loading, loader);
    const claim = await this.claim(roomId, cameFor);
    if (claim === null) return null;
    let events;
    let room;
    try {
      events = await this.store.loadEvents(roomId);
      if (!events.length) return null;
      room = replayRoom(this.engine, this.config, events, { stats: this.stats, log: this.log });
    } catch (error) {
      this.quarantined.set(roomId, String(error.message ?? error));
      this.stats.quarantined++;
      this.log(`room ${roomId} quarantined: its log cannot be replayed: ${error.stack ?? error}`);
      refuse('unavailable', `room ${roomId} cannot be opened: its log is damaged and an operator has been told`);
    }
    // A deleted account's name is no longer shown: its seat is nameless.
    for (const seat of room.seats)
      if (seat.accountId && !(await this.store.accountById(seat.accountId).catch(() => true)))
        Object.assign(seat, { name: null, account: null });
    // A rated room's change is in its own table (written with the result).
    if (room.rated && room.result) {
      const change = await this.store.ratingChange(roomId).catch(() => null);
      if (change) {
        room.ratingDiff = change.diff;
        room.result = { ...room.result, ratingDiff: change.diff };
      }
    }
    if (this.closed) {
      room.delete();
      return null;
    }
    // The room counts for its creator as before it left memory (a room the
    // store knows no creator of, written by an older server, for whoever
    // brought it back).
    room.creator = claim.creator ?? loader;
    room.loadedBy = loader; // it counts against that address while it is in memory
    try {
      this.caps.checkTakenBack(this.rooms, room);
    } catch (refusal) {
      room.delete();
      throw refusal;
    }
    room.heldUntil = Date.now() + HOLD_MS;
    this.rooms.set(roomId, room);
    // Nobody is connected yet: the log says so (queued before any join).
    const resume = () => ({ drafts: resumeDrafts(room, claim.downSince), attach: () => void (room.resumed = true) });
    this.runOwn(room, resume, 'resume');
    return room;
  }

  // Takes the room in the store: {downSince, creator} once this node owns it, null
  // when there is no such room; refuses `moved` or `unavailable`.
  async claim(roomId, cameFor = null) {
    const until = Date.now() + CLAIM_WAIT_MS;
    for (;;) {
      const claim = await this.store.claimRoom(roomId);
      if (claim.status === 'owned') return { downSince: claim.downSince ?? null, creator: claim.creator ?? null };
      if (claim.status === 'missing') return null;
      if (claim.status === 'moved' && claim.node !== cameFor)
        refuse('moved', `room ${roomId} is played on node ${claim.node}`, { node: claim.node, url: claim.url ?? null });
      // Waiting: for a lease that is running out, or for an owner the proxy
      // could not reach (it looks alive to the database a while longer).
      const wait = Math.max(50, claim.retryAfterMs ?? 500);
      if (Date.now() + wait > until || this.closed)
        refuse('unavailable', `room ${roomId} is moving to another server; try again shortly`, { retryAfterMs: wait });
      await delay(Math.min(wait, 500));
    }
  }

  // Creates a room from its first drafts (rooms/creation.js; `drafts` may be
  // a function of the room id) under a fresh id. `creator`: the owner of the
  // address it counts for (net/address_owner.js, room_caps.js), kept with it
  // in the store; `requestKey`: the hash of the client's requestId, kept
  // with the room so a retry on any node finds it. `roomId`: the id chosen
  // beforehand (a seek's room, lobby/seeks.js), tried once.
  async createRoom(game, drafts, { creator = null, requestKey = null, roomId: chosen = null } = {}) {
    for (let attempt = 0; attempt < (chosen ? 1 : 8); attempt++) {
      const roomId = chosen ?? newRoomId();
      if (this.rooms.has(roomId)) continue;
      const at = Date.now();
      const events = (typeof drafts === 'function' ? drafts(roomId) : drafts).map((d, i) => ({
        roomId,
        v: i + 1,
        type: d.type,
        step: 0,
        pos: '',
        at,
        data: d.data,
        secret: d.secret ?? null,
      }));
      const room = new Room(this.engine, this.config, events[0]);
      for (const e of events) e.pos = room.pos;
      try {
        await this.store.createRoom({ roomId, game, createdAt: at, requestKey, timed: room.clock !== null, creator }, events);
      } catch (error) {
        room.delete();
        if (error.code === 'room_exists') continue;
        throw error;
      }
      for (const e of events.slice(1)) room.apply(e);
      room.creator = creator;
      room.heldUntil = at + HOLD_MS;
      this.rooms.set(roomId, room);
      this.broadcast(room, events);
      this.refresh(room);
      return room;
    }
    if (chosen) refuse('not_allowed', `room ${chosen} exists already`);
    throw new Error('no free room id found');
  }

  // Runs `task` in the room's queue: the task reads the room and returns
  // {drafts, ack, attach, detach} or throws a Refusal; resolves with the ack.
  run(room, task) {
    const next = (room.queue ?? Promise.resolve()).then(() => this.execute(room, task));
    room.queue = next.catch(() => {});
    room.busy = (room.busy ?? 0) + 1;
    next
      .finally(() => {
        room.busy--;
        this.timers.settle(room);
      })
      .catch(() => {});
    return next;
  }

  // A task the room makes on its own (a timer, a disconnection, an AI move,
  // taking the room up): nobody waits for its answer, so a store that
  // refused the write is asked again, with back-off, for as long as this
  // node holds the room. The task is recomputed from the room each time.
  runOwn(room, task, label) {
    const attempt = (n) =>
      this.run(room, task).catch((error) => {
        if (this.closed || this.rooms.get(room.id) !== room) return;
        if (error.code !== 'server_error') {
          this.log(`room ${room.id}: ${label}: ${error.message}`);
          return;
        }
        this.stats.writeRetries++;
        const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** n);
        setTimeout(() => attempt(n + 1), wait);
      });
    return attempt(0);
  }

  async execute(room, task) {
    if (this.rooms.get(room.id) !== room) refuse('not_joined', 'join the room again (room:join)');
    let outcome;
    let events = [];
    try {
      outcome = await task();
      if (outcome.drafts.length) events = await this.commit(room, outcome.drafts);
    } catch (error) {
      if (room.engineDirty) room.rebuildEngine();
      if (error instanceof Refusal) throw error;
      if (error.code === 'fenced') {
        this.stats.fenced++;
        this.drop(room, 'another node took the room over');
        refuse('unavailable', 'the room moved to another server; join it again', { retryAfterMs: 0 });
      }
      this.log(`room ${room.id}: ${error.stack ?? error}`);
      throw new Refusal('server_error', 'the server could not complete that; nothing changed, try again');
    }
    const attached = outcome.attach?.();
    // A socket that closed while its join waited in the queue: gone again.
    if (attached && !attached.connected) this.socketLeft(room, attached);
    this.broadcast(room, events);
    outcome.detach?.();
    this.refresh(room);
    // A command that committed something else instead (a move too late: the flag).
    if (outcome.refusal) throw outcome.refusal;
    return typeof outcome.ack === 'function' ? outcome.ack(room) : outcome.ack;
  }

  // Stores the drafts as the room's next events (all or none), then folds
  // them into the room.
  async commit(room, drafts) {
    const at = Date.now();
    let step = room.step;
    let pos = room.pos;
    const events = drafts.map((d, i) => {
      if (d.step !== undefined) ({ step, pos } = d);
      return { roomId: room.id, v: room.v + i + 1, type: d.type, step, pos, at, data: d.data, secret: d.secret ?? null };
    });
    const result = events.find((e) => e.type === 'result');
    const rated = result ? ratedResult(room, result.data, events) : null;
    const written = await this.store.appendEvents(room.id, events, { finished: result !== undefined, ...(rated && { rated }) });
    // The ratings were written with the result: the result carries the change.
    if (written?.ratingDiff) result.data = { ...result.data, ratingDiff: written.ratingDiff };
    for (const e of events) room.apply(e);
    if (written?.ratingDiff) room.ratingDiff = written.ratingDiff;
    room.engineDirty = false;
    this.stats.commits++;
    this.stats.events += events.length;
    return events;
  }

  broadcast(room, events) {
    if (events.length) this.onCommitted?.(room, events);
    if (!this.io) return;
    for (const e of events) this.io.to(room.id).emit('event', publicEvent(e, room));
  }

  // A socket closed: each room it was in hears of it.
  socketGone(socket) {
    for (const roomId of socket.data.roomIds ?? []) {
      const room = this.rooms.get(roomId);
      if (room) this.socketLeft(room, socket);
    }
  }

  // The socket is no longer the room's at once (in memory); the log hears of
  // it through a task that is retried until the store takes it.
  socketLeft(room, socket) {
    if (!room.members.delete(socket.id)) return;
    const since = Date.now();
    this.runOwn(room, () => ({ drafts: absenceDrafts(room, since) }), 'disconnect');
  }

  refresh(room) {
    if (this.closed || this.rooms.get(room.id) !== room) return;
    this.timers.refresh(room);
    this.aiTurns.refresh(room);
    this.timers.settle(room);
  }

  // The room leaves this node's memory (it stays in the store).
  evict(room) {
    if (this.rooms.get(room.id) !== room) return;
    this.rooms.delete(room.id);
    this.timers.clear(room);
    room.aiJob = null;
    room.delete();
    this.onReleased?.(room.id);
    this.stats.evicted++;
  }

  // The room is no longer this node's: out of memory, and its sockets closed
  // so their clients reconnect (through the proxy) to the node that has it.
  drop(room, why) {
    if (this.rooms.get(room.id) !== room) return;
    this.log(`room ${room.id} dropped: ${why}`);
    const sockets = [...room.members.values()].map((m) => m.socket);
    room.members.clear();
    this.rooms.delete(room.id);
    this.onReleased?.(room.id);
    this.timers.clear(room);
    room.aiJob = null;
    // The engine session goes once the queue has drained (a task may still hold it).
    (room.queue ?? Promise.resolve()).then(() => room.delete());
    for (const socket of sockets) socket.disconnect(true);
  }

  dropAll(why) {
    for (const room of [...this.rooms.values()]) this.drop(room, why);
  }

  async close() {
    this.closed = true;
    clearInterval(this.adopter);
    this.timers.stop();
    for (const room of this.rooms.values()) {
      this.timers.clear(room);
      await room.queue;
    }
  }
}
