// A room's timers, recomputed from its state after every commit: each
// disconnected seat's grace, the undo request's timeout, the end of a game
// only the AI plays with nobody there, the clock of the seat to move. And when a room
// leaves memory: a finished room (or one never started) as soon as nobody is
// in it, any other room nobody is connected to after QIPAN_ROOM_IDLE_MS with
// nothing pending. Every deadline comes from the log (room.js), so a timer
// lost with a server is set again when the room is taken up.
import { clockDeadline, clockExpired } from './clock_commands.js';
import { expireUndo } from './game_commands.js';
import { endUnattended, expireSeat, unattendedUntil } from './seat_commands.js';

export class RoomTimers {
  constructor(rooms) {
    this.rooms = rooms;
    const idleMs = rooms.config.roomIdleMs;
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, Math.min(60_000, idleMs / 2)));
    this.sweeper.unref();
  }

  refresh(room) {
    room.idleSince = room.members.size ? null : (room.idleSince ?? Date.now());
    for (const s of room.seats) {
      const until = room.graceUntil(s.seat);
      this.set(room, `grace${s.seat}`, until, () => expireSeat(room, s.seat, Date.now()));
    }
    const offer = room.offers.undo;
    this.set(room, 'undo', room.undoDeadline(), () => expireUndo(room, offer.at, Date.now()));
    this.set(room, 'unattended', unattendedUntil(room), () => endUnattended(room, Date.now()));
    this.set(room, 'clock', clockDeadline(room), () => clockExpired(room, Date.now()));
  }

  set(room, key, at, task) {
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
        this.rooms.runOwn(room, task, `timer ${key}`);
      },
      Math.max(0, at - Date.now()),
    );
    room.timers.set(key, { at, handle });
  }

  // Whether the room can leave memory now: nothing queued or pending, and
  // not just brought in for a command still on its way (room.heldUntil).
  quiet(room) {
    if (room.busy || room.aiJob || room.members.size || (room.timers && room.timers.size)) return false;
    return !(room.heldUntil > Date.now());
  }

  // After a task: a room whose game is over, or never began, goes at once
  // when the last person has left it.
  settle(room) {
    if (this.rooms.closed || !this.quiet(room)) return;
    if (room.result || !room.started) this.rooms.evict(room);
  }

  sweep() {
    const now = Date.now();
    for (const room of [...this.rooms.rooms.values()]) {
      const idle =
        room.idleSince !== null && room.idleSince !== undefined && now - room.idleSince >= this.rooms.config.roomIdleMs;
      if (idle && this.quiet(room)) this.rooms.evict(room);
    }
  }

  clear(room) {
    for (const t of room.timers?.values() ?? []) clearTimeout(t.handle);
    room.timers?.clear();
  }

  stop() {
    clearInterval(this.sweeper);
  }
}
