// What one address, and everyone together, may hold of the server's rooms
// (docs/online-contract.md "Hardening"): rooms in memory at all
// (QIPAN_MAX_ROOMS, refused `busy`), unfinished rooms one address created
// (QIPAN_OPEN_ROOMS_PER_IP) and, of those, rooms with AI seats
// (QIPAN_AI_ROOMS_PER_IP). The counts are of the rooms this node holds;
// behind a proxy each node counts its own.
import { refuse } from '../protocol/codes.js';

export class RoomCaps {
  constructor(limits) {
    this.limits = limits;
  }

  // Refuses a new room from `address` (with AI seats when `ai`) that would
  // pass a cap. `rooms`: the rooms in memory.
  checkCreate(rooms, address, { ai }) {
    const { maxRooms, openRoomsPerIp, aiRoomsPerIp } = this.limits;
    if (rooms.size >= maxRooms)
      refuse('busy', 'the server holds as many rooms as it can; try again soon', { retryAfterMs: 30_000 });
    let open = 0;
    let withAi = 0;
    for (const room of rooms.values()) {
      if (room.creator !== address || room.result) continue;
      open++;
      if (room.seats.some((s) => s.kind === 'ai')) withAi++;
    }
    if (open >= openRoomsPerIp)
      refuse('rate_limited', `at most ${openRoomsPerIp} unfinished rooms from one address; finish or leave one first`, {
        retryAfterMs: 60_000,
      });
    if (ai && withAi >= aiRoomsPerIp)
      refuse('rate_limited', `at most ${aiRoomsPerIp} rooms with AI seats from one address at a time`, { retryAfterMs: 60_000 });
  }

  // Refuses the first AI seat of a room (seat:ai) past its creator's share.
  checkAiSeat(rooms, room) {
    if (room.seats.some((s) => s.kind === 'ai')) return;
    let withAi = 0;
    for (const other of rooms.values()) {
      if (other.creator === room.creator && !other.result && other.seats.some((s) => s.kind === 'ai')) withAi++;
    }
    if (withAi >= this.limits.aiRoomsPerIp)
      refuse('rate_limited', `at most ${this.limits.aiRoomsPerIp} rooms with AI seats from one address at a time`, {
        retryAfterMs: 60_000,
      });
  }

  // Refuses bringing one more room into memory (a join of a room in the store).
  checkLoad(rooms) {
    if (rooms.size >= this.limits.maxRooms)
      refuse('busy', 'the server holds as many rooms as it can; try again soon', { retryAfterMs: 30_000 });
  }
}
