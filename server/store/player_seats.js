// The seats players took (a `joined` or `seat_reserved` event naming a
// `playerId`, rooms/player_secrets.js), indexed by player so a player's
// games are found without reading every log (games:mine). Both stores write
// these rows in the same transaction as the events they come from.
export function playerSeatRows(roomId, events) {
  return events
    .filter((e) => (e.type === 'joined' || e.type === 'seat_reserved') && typeof e.data?.playerId === 'string')
    .filter((e) => Number.isInteger(e.data.seat))
    .map((e) => ({ player_id: e.data.playerId, room_id: roomId, seat: e.data.seat, at: e.at }));
}
