// games:mine: a player's last games, newest first, from the seats the store
// indexed for the player (store/player_seats.js) and a few events of each
// room, never a whole log: {roomId, game, clock, seat, players (a name or
// null per seat), result, startedAt (the room's creation), endedAt}
// (server/PROTOCOL.md "Client events").
const SUMMARY_TYPES = ['created', 'joined', 'seat_reserved', 'renamed', 'ai_seat', 'result'];
const MOST = 100;

// Folds one room's summary events.
function summary(events, seat) {
  const created = events.find((e) => e.type === 'created');
  const players = new Array(created.data.options?.players ?? 2).fill(null);
  let result = null;
  let endedAt = null;
  for (const e of events) {
    const d = e.data ?? {};
    if (e.type === 'joined' && d.seat !== null) players[d.seat] = d.name ?? players[d.seat] ?? null;
    if (e.type === 'seat_reserved' || e.type === 'renamed') players[d.seat] = d.name ?? null;
    if (e.type === 'ai_seat' && d.level !== null) players[d.seat] = null;
    if (e.type === 'result') [result, endedAt] = [d, e.at];
  }
  return {
    roomId: created.roomId,
    game: created.data.game,
    clock: created.data.clock ?? null,
    seat,
    players,
    result,
    startedAt: created.at,
    endedAt,
  };
}

export async function playerGames(store, playerId) {
  const seats = await store.playerRooms(playerId, { limit: MOST });
  const events = await store.loadEventsOfTypes([...new Set(seats.map((s) => s.roomId))], SUMMARY_TYPES);
  const byRoom = new Map();
  for (const e of events) byRoom.set(e.roomId, [...(byRoom.get(e.roomId) ?? []), e]);
  return seats.filter((s) => byRoom.has(s.roomId)).map((s) => summary(byRoom.get(s.roomId), s.seat));
}
