// What one address, and everyone together, may hold of the server's rooms
// (server/PROTOCOL.md "Timings and limits"): rooms in memory at all
// (QIPAN_MAX_ROOMS, refused `busy`), unfinished rooms one address created
// (QIPAN_OPEN_ROOMS_PER_IP) and, of those, rooms with AI seats
// (QIPAN_AI_ROOMS_PER_IP), and rooms one address brought back from the
// store (QIPAN_LOADED_ROOMS_PER_IP). A room counts for its creator
// (`room.creator`, net/address_owner.js), which the store keeps with it, so
// a room taken back from the store counts as it did before it left memory;
// and, while it is in memory, for the address that brought it back
// (`room.loadedBy`). The counts are of the rooms this node holds; behind a
// proxy each node counts its own.
import { refuse } from '../protocol/codes.js';

const hasAi = (room) => room.seats.some((s) => s.kind === 'ai');

export class RoomCaps {
  constructor(limits) {
    this.limits = limits;
  }

  // Unfinished rooms with AI seats in memory that count for `owner`.
  aiRoomsOf(rooms, owner) {
    let count = 0;
    for (const room of rooms.values()) if (room.creator === owner && !room.result && hasAi(room)) count++;
    return count;
  }

  refuseAi() {
    refuse('rate_limited', `at most ${this.limits.aiRoomsPerIp} rooms with AI seats from one address at a time`, {
      retryAfterMs: 60_000,
    });
  }

  // Refuses a new room from `address` (with AI seats when `ai`) that would
  // pass a cap. `rooms`: the rooms in memory.
  checkCreate(rooms, address, { ai }) {
    const { maxRooms, openRoomsPerIp, aiRoomsPerIp } = this.limits;
    if (rooms.size >= maxRooms)
      refuse('busy', 'the server holds as many rooms as it can; try again soon', { retryAfterMs: 30_000 });
    let open = 0;
    for (const room of rooms.values()) if (room.creator === address && !room.result) open++;
    if (open >= openRoomsPerIp)
      refuse('rate_limited', `at most ${openRoomsPerIp} unfinished rooms from one address; finish or leave one first`, {
        retryAfterMs: 60_000,
      });
    if (ai && this.aiRoomsOf(rooms, address) >= aiRoomsPerIp) this.refuseAi();
  }

  // Refuses the first AI seat of a room (seat:ai) past its creator's share.
  checkAiSeat(rooms, room) {
    if (hasAi(room)) return;
    if (this.aiRoomsOf(rooms, room.creator) >= this.limits.aiRoomsPerIp) this.refuseAi();
  }

  // Refuses bringing one more room into memory (a join of a room in the
  // store) for `loader` (null: the server itself, adopting a timed game).
  // `loading`: the loads under way (each with its `loader`), which count
  // already, so loads sent all at once cannot pass a cap together.
  checkLoad(rooms, loading, loader) {
    const { maxRooms, loadedRoomsPerIp } = this.limits;
    if (rooms.size + loading.size >= maxRooms)
      refuse('busy', 'the server holds as many rooms as it can; try again soon', { retryAfterMs: 30_000 });
    if (loader === null) return;
    let loaded = 0;
    for (const room of rooms.values()) if (room.loadedBy === loader) loaded++;
    for (const load of loading.values()) if (load.loader === loader) loaded++;
    if (loaded >= loadedRoomsPerIp)
      refuse('rate_limited', `at most ${loadedRoomsPerIp} rooms brought back from the store by one address at a time`, {
        retryAfterMs: 30_000,
      });
  }

  // Refuses a room just replayed from the store (not yet in `rooms`) that
  // would pass its creator's AI cap, whoever asked for it.
  checkTakenBack(rooms, room) {
    if (room.creator === null || room.result || !hasAi(room)) return;
    if (this.aiRoomsOf(rooms, room.creator) >= this.limits.aiRoomsPerIp) this.refuseAi();
  }
}
