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
    rated: created.data.rated === true,
    result,
    startedAt: created.at,
    endedAt,
  };
}

// `playerIds`: one player's id, or several (the keys a signed-in account
// claimed: its games from every browser), newest first together. A rated
// game's summary carries its rating change (`result.ratingDiff`).
export async function playerGames(store, playerIds) {
  const ids = Array.isArray(playerIds) ? playerIds : [playerIds];
  const seats = (await Promise.all(ids.map((id) => store.playerRooms(id, { limit: MOST }))))
    .flat()
    .sort((a, b) => b.at - a.at)
    .filter((s, i, all) => all.findIndex((t) => t.roomId === s.roomId) === i)
    .slice(0, MOST);
  const events = await store.loadEventsOfTypes([...new Set(seats.map((s) => s.roomId))], SUMMARY_TYPES);
  const byRoom = new Map();
  for (const e of events) byRoom.set(e.roomId, [...(byRoom.get(e.roomId) ?? []), e]);
  const games = seats.filter((s) => byRoom.has(s.roomId)).map((s) => summary(byRoom.get(s.roomId), s.seat));
  for (const game of games) {
    if (!game.rated || !game.result) continue;
    const change = await store.ratingChange(game.roomId);
    if (change) game.result = { ...game.result, ratingDiff: change.diff };
  }
  return games;
}
