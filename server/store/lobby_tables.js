// What both stores keep for the lobby (server/lobby/): the open seeks, the
// public games in progress, and the channel that carries lobby events to
// every node. A seek belongs to the epoch (node) whose socket made it, so
// the seeks of a node that died are found and removed by any live one.
// Each store supplies the SQL (sqlite_lobby.js, postgres_lobby.js):
//   addSeek({seekId, playerId, matchKey, createdAt, rating = 1500, range = null,
//            accountId = null, data, secret})
//       rejects with code 'seek_exists' (and `seekId`, the open one) when the
//       player has a seek open. `rating`: the seeker's (a guest's 1500);
//       `range`: {min, max}, the ratings a taker must have (signed in), or
//       null; `accountId`: the seeker's account or null (lobby/seeks.js
//       storedRecord makes these from the seek).
//   pairOrAddSeek(record, {now = Date.now(), window}) -> {taken: {data, secret}} or {added: true}
//       quick pairing: takes, of the seeks of other players (and other
//       accounts) with the same matchKey that could meet `record`, the one
//       with the closest rating, then the oldest, else adds `record` (as
//       addSeek). Could meet: each in the other's range (a guest in none),
//       and the ratings within the window of the seek that waited longer
//       (window: lobby/pairing.js pairingWindow, its rule windowAt; the
//       new record has waited 0). Seeks of one matchKey are added and
//       paired one at a time, so two that cross within the window meet.
//   pairWaitingSeek({seekId, matchKey}, {now = Date.now(), window}) ->
//       {own: {data, secret}, taken: {data, secret}} or null
//       an open seek (a waiting quick pairing) meets another as
//       pairOrAddSeek's record would, its own age counted: both are removed
//       at once. null (nothing changed) when the seek is gone or has nobody
//       in its window. Under the same one-at-a-time rule per matchKey.
//   takeSeek(seekId, {notPlayer}) -> {data, secret} or null   removes it (not
//       when it is notPlayer's): of two takers (on any nodes) exactly one gets it
//   removeSeeks(seekIds) -> [seekId removed]
//   removeDeadSeeks() -> [seekId removed]   seeks of epochs stopped or past their lease
//   openSeeks() -> [data], oldest first
//   putGame(roomId, data, at)      adds or replaces a game to watch
//   removeGame(roomId) -> whether it was listed
//   games({since}) -> [data]       updated at or after `since` (ms)
//   removeGamesBefore(before) -> count
//   publish(event)                 to every node's subscribers (this one's included)
//   subscribe(onEvent, onGap)      onGap: events may have been missed (the
//                                  channel reconnected): reload the lists
//   close()
export const LOBBY_CHANNEL = 'qipan_lobby';

// The record's pairing fields as the columns keep them.
export function seekColumns({ rating = 1500, range = null, accountId = null }) {
  return { rating, rangeMin: range?.min ?? null, rangeMax: range?.max ?? null, accountId };
}

export function seekExists(seekId) {
  return Object.assign(new Error(`the player has seek ${seekId} open`), { code: 'seek_exists', seekId });
}
