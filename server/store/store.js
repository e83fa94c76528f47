// The store interface: where rooms and their event logs live. The server only
// talks to a store through these methods, so a PostgreSQL store can sit beside
// the SQLite one (sqlite_store.js) without the rooms noticing. Every method
// returns a Promise; a store must have committed a write durably (it survives
// `kill -9` of the server) before the Promise resolves, because the server
// acks an event only then.
//
// An event, as stored and returned:
//   {roomId, v, type, step, pos, at, data, secret}
//   v       1, 2, 3, ... per room, no gaps; (roomId, v) is the key
//   type    'created', 'joined', 'move', ... (server/PROTOCOL.md)
//   step    the room's committed moves after the event
//   pos     the position hash after the event
//   at      the server's clock in ms
//   data    the public part (broadcast to clients), a JSON value
//   secret  the private part (a seat's token hash), a JSON value or null;
//           never sent to a client
//
// Methods:
//   createRoom({roomId, game, createdAt}, events)
//       Creates the room and appends its first events, atomically. Rejects
//       with an error whose `code` is 'room_exists' if the id is taken.
//   appendEvents(roomId, events, {finished})
//       Appends events atomically (all or none). Events are append-only: a
//       store never updates or deletes one. Rejects if any (roomId, v) exists
//       already or v does not follow the room's last v. `finished: true`
//       marks the room as decided (it is then not loaded at start-up).
//   loadEvents(roomId) -> [event]            in v order; [] for an unknown room
//   roomExists(roomId) -> boolean
//   activeRoomIds({since}) -> [roomId]       unfinished rooms with an event at or after `since`
//   close()
import { openSqliteStore } from './sqlite_store.js';

// Opens the store a location names: a file path for SQLite (created with its
// folder), ':memory:' for a throw-away one. A `postgres://` URL is where a
// PostgreSQL store would plug in.
export async function openStore(location) {
  if (/^postgres(ql)?:\/\//.test(location)) throw new Error('a PostgreSQL store is not built yet; use a SQLite file');
  return openSqliteStore(location);
}
