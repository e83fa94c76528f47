// The rooms in memory: loading them from the log (replayed through the
// engine), one queue per room so its events are handled strictly one at a
// time in arrival order, committing to the store before anything is
// broadcast or acked, and the room's timers (seat grace, undo timeout) and AI
// moves, all recomputed from the room's state after every commit.
import { newRoomId } from '../net/ids.js';
import { Refusal } from '../protocol/codes.js';
import { aiMove, expireUndo } from './game_commands.js';
import { Room } from './room.js';
import { disconnect, expireSeat, restartDrafts } from './seat_commands.js';

const RECENT_MS = 7 * 24 * 3600_000; // unfinished rooms older than this wait in the store until asked for

export function publicEvent(e) {
  return { roomId: e.roomId, v: e.v, type: e.type, step: e.step, pos: e.pos, at: e.at, data: e.data };
}

export class Rooms {
  constructor({ store, engine, config, io, ai, log = () => {} }) {
    Object.assign(this, { store, engine, config, io, ai, log });
    this.rooms = new Map();
    this.loading = new Map();
    this.closed = false;
    this.stats = { commits: 0, events: 0, loaded: 0, replayedEvents: 0, replayMismatches: 0 };
    const sweepEvery = Math.max(1000, Math.min(60_000, config.roomIdleMs / 2));
    this.sweeper = setInterval(() => this.sweep(), sweepEvery).unref();
  }

  // Brings back every recent unfinished room (after a restart).
  async start() {
    const ids = await this.store.activeRoomIds({ since: Date.now() - RECENT_MS });
    for (const id of ids) await this.get(id);
    return ids.length;
  }

  // The room, from memory or the store (null when there is none).
  async get(roomId) {
    const room = this.rooms.get(roomId);
    if (room) return room;
    if (!this.loading.has(roomId)) {
      this.loading.set(
        roomId,
        this.load(roomId).finally(() => this.loading.delete(roomId)),
      );
    }
    return this.loading.get(roomId);
  }

  // Whether a room exists without loading it.
  async exists(roomId) {
    return this.rooms.has(roomId) || this.store.roomExists(roomId);
  }

  async load(roomId) {
    const events = await this.store.loadEvents(roomId);
    if (!events.length || this.closed) return null;
    const room = new Room(this.engine, this.config, events[0]);
    for (const e of events.slice(1)) {
      room.apply(e, { replay: true });
      // The engine must reach the position each move event recorded.
      if (e.type === 'move' && room.game.stepHash(e.step) !== e.pos) {
        this.stats.replayMismatches++;
        this.log(`room ${roomId}: replay differs from the log at v ${e.v}`);
      }
    }
    if (room.game.posHash() !== room.pos) {
      this.stats.replayMismatches++;
      this.log(`room ${roomId}: replayed position differs from the log`);
    }
    this.stats.loaded++;
    this.stats.replayedEvents += events.length;
    room.loadedAt = Date.now();
    this.rooms.set(roomId, room);
    await this.run(room, () => ({ drafts: restartDrafts(room) }));
    return room;
  }

  // Creates a room from its first drafts (rooms/creation.js) under a fresh id.
  async createRoom(game, drafts) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const roomId = newRoomId();
      if (this.rooms.has(roomId)) continue;
      const at = Date.now();
      const events = drafts.map((d, i) => ({
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
        await this.store.createRoom({ roomId, game, createdAt: at }, events);
      } catch (error) {
        room.delete();
        if (error.code === 'room_exists') continue;
        throw error;
      }
      for (const e of events.slice(1)) room.apply(e);
      room.loadedAt = at;
      this.rooms.set(roomId, room);
      this.broadcast(room, events);
      this.refresh(room);
      return room;
    }
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
      })
      .catch(() => {});
    return next;
  }

  async execute(room, task) {
    let outcome;
    let events = [];
    try {
      outcome = await task();
      if (outcome.drafts.length) events = await this.commit(room, outcome.drafts);
    } catch (error) {
      if (room.engineDirty) room.rebuildEngine();
      if (error instanceof Refusal) throw error;
      this.log(`room ${room.id}: ${error.stack ?? error}`);
      throw new Refusal('server_error', 'the server could not complete that; nothing changed, try again');
    }
    const attached = outcome.attach?.();
    if (attached && !attached.connected) this.run(room, () => disconnect(room, attached)).catch(() => {});
    this.broadcast(room, events);
    outcome.detach?.();
    this.refresh(room);
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
    await this.store.appendEvents(room.id, events, { finished: events.some((e) => e.type === 'result') });
    for (const e of events) room.apply(e);
    room.engineDirty = false;
    this.stats.commits++;
    this.stats.events += events.length;
    return events;
  }

  broadcast(room, events) {
    if (!this.io) return;
    for (const e of events) this.io.to(room.id).emit('event', publicEvent(e));
  }

  // A socket closed: each room it was in hears of it.
  socketGone(socket) {
    for (const roomId of socket.data.roomIds ?? []) {
      const room = this.rooms.get(roomId);
      if (room) this.run(room, () => disconnect(room, socket)).catch((e) => this.log(`disconnect: ${e.message}`));
    }
  }

  // Timers and AI from the room's state: seat graces, the undo timeout, the
  // AI seat to move.
  refresh(room) {
    if (this.closed || this.rooms.get(room.id) !== room) return;
    const now = Date.now();
    for (const s of room.seats) {
      const until = room.graceUntil(s.seat);
      this.setTimer(room, `grace${s.seat}`, until, () => expireSeat(room, s.seat, Date.now()));
    }
    const offer = room.offers.undo;
    this.setTimer(room, 'undo', room.undoDeadline(), () => expireUndo(room, offer.at, Date.now()));
    this.maybeAi(room);
    room.idleSince = room.members.size ? null : (room.idleSince ?? now);
  }

  setTimer(room, key, at, task) {
    room.timers ??= new Map();
    const current = room.timers.get(key);
    if (current && current.at === at) return;
    if (current) clearTimeout(current.handle);
    if (at === null) {
      room.timers.delete(key);
      return;
    }
    const handle = setTimeout(
      () => {
        room.timers.delete(key);
        this.run(room, task).catch((e) => this.log(`timer ${key}: ${e.message}`));
      },
      Math.max(0, at - Date.now()),
    );
    room.timers.set(key, { at, handle });
  }

  maybeAi(room) {
    const seat = room.toMove();
    const job = room.aiJob;
    if (job && (job.step !== room.step || job.pos !== room.pos)) room.aiJob = null;
    if (seat === null || !room.ready || room.seats[seat].kind !== 'ai' || room.aiJob) return;
    const mine = { step: room.step, pos: room.pos, startedAt: Date.now() };
    room.aiJob = mine;
    // The level's move, varied by a seed of the room's own (the same room
    // replays the same choices; rooms differ).
    const request = {
      game: room.gameName,
      request: room.game.searchRequest(),
      limits: { level: room.seats[seat].ai, seed: room.aiSeed },
    };
    this.ai.search(request).then(async (answer) => {
      const wait = mine.startedAt + this.config.aiMinDelayMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (room.aiJob !== mine || this.closed) return;
      if (!answer.ok) {
        this.log(`room ${room.id}: AI search failed: ${answer.error}`);
        room.aiJob = null;
        setTimeout(() => this.refresh(room), 1000).unref();
        return;
      }
      this.run(room, () => {
        room.aiJob = null;
        return aiMove(room, mine, answer);
      }).catch((e) => this.log(`AI move: ${e.message}`));
    });
  }

  // Rooms nobody is connected to and nothing is pending for go back to the
  // store after a while (they are loaded again on the next join or sync).
  sweep() {
    const now = Date.now();
    for (const [id, room] of this.rooms) {
      const idle = room.idleSince !== null && room.idleSince !== undefined && now - room.idleSince >= this.config.roomIdleMs;
      if (!idle || room.busy || room.aiJob || room.members.size || (room.timers && room.timers.size)) continue;
      this.rooms.delete(id);
      room.delete();
    }
  }

  async close() {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const room of this.rooms.values()) {
      for (const t of room.timers?.values() ?? []) clearTimeout(t.handle);
      await room.queue;
    }
  }
}
