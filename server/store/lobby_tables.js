// What both stores keep for the lobby (server/lobby/): the open seeks, the
// public games in progress, and the channel that carries lobby events to
// every node. A seek belongs to the epoch (node) whose socket made it, so
// the seeks of a node that died are found and removed by any live one.
// Each store supplies the SQL (sqlite_lobby.js, postgres_lobby.js):
//   addSeek({seekId, playerId, matchKey, createdAt, data, secret})
//       rejects with code 'seek_exists' (and `seekId`, the open one) when the
//       player has a seek open
//   pairOrAddSeek(record) -> {taken: {data, secret}} or {added: true}
//       quick pairing: takes the oldest seek of another player with the same
//       matchKey, else adds `record` (as addSeek). Seeks of one matchKey are
//       added and paired one at a time, so two that cross always meet.
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

export function seekExists(seekId) {
  return Object.assign(new Error(`the player has seek ${seekId} open`), { code: 'seek_exists', seekId });
}
