// The AI seats' moves. A room asks for one search at a time, only while a
// person (a player or a spectator) is connected to it: a room nobody watches
// pauses, and goes on when someone comes back. Searches wait their turn in a
// fair queue across the rooms' creators (ai/fair_queue.js). The answer is
// played like anyone's move (checked by the engine) through the room's
// queue, retried if the store refused the write.
import { FairQueue } from '../ai/fair_queue.js';
import { rateLimitedLog } from '../rate_limited_log.js';
import { aiMove } from './game_commands.js';

// A room whose search was refused (the queue full, a worker lost) asks
// again after this.
const RETRY_MS = 1000;

export class AiTurns {
  constructor(rooms, pool) {
    this.rooms = rooms;
    this.pool = pool;
    const { aiWorkers, aiQueue } = rooms.config;
    this.queue = pool ? new FairQueue(pool, { workers: aiWorkers, maxQueued: aiQueue }) : null;
    // A pool whose workers cannot start fails every search: one line now and then.
    this.logFailure = rateLimitedLog(rooms.log);
  }

  get stats() {
    const q = this.queue;
    return q ? { ...q.stats, running: q.running, queued: q.queued } : null;
  }

  refresh(room) {
    const seat = room.toMove();
    const job = room.aiJob;
    if (job && (job.step !== room.step || job.pos !== room.pos)) room.aiJob = null;
    if (!this.queue || seat === null || !room.ready || room.seats[seat].kind !== 'ai' || room.aiJob) return;
    if (!room.members.size) return; // paused: nobody is here to see it
    const mine = { step: room.step, pos: room.pos, startedAt: Date.now() };
    room.aiJob = mine;
    // The level's move, varied by a seed of the room's own (the same room
    // replays the same choices; rooms differ).
    const request = {
      game: room.gameName,
      request: room.game.searchRequest(),
      limits: { level: room.seats[seat].ai, seed: room.aiSeed },
    };
    this.queue.search(room.creator ?? room.id, request).then((answer) => this.answered(room, mine, answer));
  }

  async answered(room, mine, answer) {
    const { rooms } = this;
    const wait = mine.startedAt + rooms.config.aiMinDelayMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (room.aiJob !== mine || rooms.closed || rooms.rooms.get(room.id) !== room) return;
    if (!answer.ok) {
      if (!answer.full) this.logFailure('search', `room ${room.id}: AI search failed: ${answer.error}`);
      setTimeout(() => {
        if (room.aiJob !== mine) return;
        room.aiJob = null;
        rooms.refresh(room);
      }, RETRY_MS);
      return;
    }
    // The job stays the room's until its move is committed, so a write the
    // store refused is tried again with the same answer, not searched anew.
    const play = () => ({
      ...aiMove(room, mine, answer),
      attach: () => {
        if (room.aiJob === mine) room.aiJob = null;
      },
    });
    rooms.runOwn(room, play, 'AI move');
  }
}
