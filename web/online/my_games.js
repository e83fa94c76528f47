// The player's own games, as the server keeps them for the browser's player
// key (`games:mine`, server/PROTOCOL.md): the last 100, newest first, each
// {roomId, game, clock, seat, players, result, startedAt, endedAt}. The lobby
// lists them (lobby_words.js words a row); each opens at its room's own
// address, /game/ROOMID, read-only.

import { playerKey } from './player_identity.js';

// Resolves with {ok: true, games} or the refusal ({ok: false, code, ...}).
export async function fetchMyGames(client) {
  const ack = await client.request('games:mine', { playerKey: playerKey() });
  if (!ack.ok) return ack;
  return { ok: true, games: Array.isArray(ack.games) ? ack.games : [] };
}
