// The store interface (v2): where rooms, their event logs and the nodes'
// leases live. The server talks to a store only through these methods. Two
// stores implement it with the same behaviour (tests/server/store_test.mjs
// runs one suite against both): SQLite (sqlite_store.js), the single-node
// default, and PostgreSQL (postgres_store.js), which several nodes share.
// Every method returns a Promise; a write has been committed durably (it
// survives `kill -9` of the server) before its Promise resolves, because the
// server acks an event only then.
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
// Events are append-only: no store updates or deletes one. The one exception
// is a chat event's `data.text`, kept apart so it can be forgotten after
// QIPAN_CHAT_RETENTION_DAYS (default 30); once purged it loads as null.
//
// Nodes, epochs and room ownership. A store is opened by one node (a server
// process) under a name. Opening registers a new epoch (a number never used
// before) for it and supersedes earlier epochs of the same name: a name is
// one process at a time, so a node restarted after `kill -9` takes its
// rooms back at once. The store heartbeats every heartbeatMs; an epoch whose
// last heartbeat is older than leaseMs is dead. Every room has an owner
// epoch, and only the owner can append to it: the check is part of the
// append's own statement (fencing), so a stalled node that wakes up after
// another one took its rooms can never write to them again.
//
// openStore(location, {node, url, leaseMs, heartbeatMs, chatRetentionDays, log})
//   location  a file path or ':memory:' (SQLite), or a postgres:// or
//             postgresql:// URL; a socket directory goes in `host`:
//             postgres://qipan_server@/qipan?host=/tmp/qpg.x (a password in
//             the URL, or in PGPASSWORD)
//   node      this node's name (default 'local'); url: where clients reach it
//   leaseMs, heartbeatMs   default 6000 and 1000, or QIPAN_LEASE_MS and
//             QIPAN_HEARTBEAT_MS
//
// Properties and events:
//   store.node -> {name, epoch, url}      epoch changes after a renewal
//   'lost' {epoch, reason}    the heartbeat updated nothing ('stopped': a newer
//       process of the same name, or a release) or has not succeeded for
//       leaseMs ('stale'; SQLite: only while another node holds a live
//       lease, since a write lock that stops the heartbeat stops every
//       claim too). Other nodes may own this node's rooms now: the
//       server drops every room it holds. The store then registers a new
//       epoch by itself unless a newer process of its name exists.
//   'renewed' {name, epoch, url}   a new epoch after 'lost'
//   store.live                     whether the store holds a current epoch
//   store.addressBudgets           PostgreSQL only: budgets per client address
//       every node shares, take(address, kind, {perSecond, burst}) -> {ok}
//       or {ok: false, waitMs} (postgres_budgets.js); SQLite: undefined
//       (one node keeps its own, protocol/address_buckets.js)
//   store.ownerSecret              the database's own random secret, made
//       once with the database and the same for every node: the key of the
//       rooms' creators (net/address_owner.js)
//   store.stats                    counters for /health (flushes, appends,
//       flushMs, flushMaxMs, fenced, conflicts, claims{owned, moved, wait,
//       missing}, heartbeatFailures, lost, chatPurged; SQLite: walBytes)
//
// Methods:
//   createRoom({roomId, game, createdAt, requestKey = null, timed = false, creator = null}, events)
//       Creates the room, owned by this node's epoch, with its first events,
//       atomically. `timed`: the game has a clock (orphanedTimedRooms).
//       `creator`: the owner it counts for (net/address_owner.js), kept
//       until the room is finished. Rejects with `code` 'room_exists' if the id is taken;
//       'request_exists' (and `roomId`, the room made with it) if requestKey
//       was used before, however long ago; 'lost' while the store holds no
//       epoch.
//   roomForRequest(requestKey, {since = 0}) -> roomId or null
//       The room created with that key at or after `since` (ms).
//   appendEvents(roomId, events, {finished = false, rated = null})
//       Appends events atomically (all or none); v must follow the room's
//       last v. Rejects with `code` 'fenced' if this epoch does not own the
//       room (nothing was written: drop the room), 'conflict' if v does not
//       follow, 'missing' if there is no such room. `finished: true` marks
//       the room as decided (and forgets its creator). Appends arriving in one event-loop turn share
//       one transaction; one refused append does not affect the others.
//       `rated`: the result of a rated game (below, "Accounts and ratings").
//   claimRoom(roomId) -> one of
//       {status: 'owned', downSince, creator}  this epoch owns the room
//           now; downSince is the previous owner's last heartbeat (ms) when
//           the room comes from another epoch that died or stopped, else
//           null (also for a room nobody owned). The server carries seat
//           graces across [downSince, now). `creator`: as createRoom was
//           given it, null once the room is finished.
//       {status: 'moved', node, url}  a live other node owns it
//       {status: 'wait', retryAfterMs} the owner looks dead (no heartbeat for
//           a while) but its lease has not run out; also while this store
//           holds no epoch
//       {status: 'missing'}
//       A compare-and-set: two nodes claiming at once get one owner.
//   releaseRooms()   marks this epoch stopped, so other nodes can claim its
//       rooms at once, and stops the heartbeat (close() does it too)
//   setUrl(url)      where clients reach this node, once it listens (the
//       `url` of `moved` answers and liveNodes)
//   liveNodes() -> [{name, epoch, url}]   epochs with a current lease
//   orphanedTimedRooms({limit = 100}) -> [roomId]   unfinished timed rooms
//       whose owner is stopped or past its lease: a clock nobody keeps, for
//       a live node to claim so the game's flag falls without a client
//   loadEvents(roomId) -> [event]         in v order; [] for an unknown room
//   loadEventsOfTypes(roomIds, types) -> [event without secret]   those
//       rooms' events of those types, by room then v (chat texts not merged)
//   playerRooms(playerId, {limit = 100}) -> [{roomId, seat, at}]   the seats
//       a player took (events naming a playerId, store/player_seats.js),
//       newest first
//   roomExists(roomId) -> boolean
//   purgeChat({before}) -> count   forgets chat texts written before `before`
//       (ms); the store runs it itself hourly with the retention period
//   close()
//
// Accounts and ratings (v3, server/PROTOCOL.md "Accounts"). Names are
// compared by their key (accounts/user_name.js: NFKC, case folded); secrets
// (passwords, session tokens, recovery codes) are stored only as hashes made
// by the caller. Account ids are numbers the store assigns, never reused.
// Times are ms.
//   createAccount({name, nameKey, passwordHash = null, recoveryHashes = [], createdAt})
//       -> {id, name, createdAt}; rejects with `code` 'name_taken' when the key is used
//   accountByKey(nameKey) / accountById(id) -> {id, name, nameKey, passwordHash,
//       createdAt} or null (a deleted account is null)
//   accountNames(ids) -> Map id -> name   the live accounts among ids, in one
//       query (a deleted or unknown id is missing)
//   setPassword(accountId, passwordHash)
//   useRecoveryCode(accountId, codeHash) -> boolean   true once per code
//   createSession({tokenHash, accountId, createdAt, userAgent = ''}) -> {id}
//   sessionByToken(tokenHash, {now = Date.now()}) -> {id, accountId, createdAt,
//       lastSeenAt} or null; moves lastSeenAt to now (written at most once a
//       minute; lastSeenAt as stored after the call)
//   sessions(accountId) -> [{id, createdAt, lastSeenAt, userAgent}] newest first
//   endSessions(accountId, {id = null, except = null}) -> count   one session
//       (id), or all but `except`, or all
//   addPasskey(accountId, {credentialId, publicKey, counter, transports, createdAt})
//       publicKey a Uint8Array (or Buffer), transports an array of strings;
//       rejects with `code` 'passkey_exists' when the credential id is taken
//   passkey(credentialId) -> {accountId, credentialId, publicKey, counter, transports,
//       createdAt} or null   (publicKey a Uint8Array)
//   passkeys(accountId) -> [same, without the key] oldest first
//   setPasskeyCounter(credentialId, counter)
//   claimPlayer(accountId, playerId) -> boolean   a player key's games become the
//       account's; false when the player id already belongs to another account
//   accountOfPlayer(playerId) -> accountId or null
//   accountPlayers(accountId) -> [playerId]   the keys the account claimed
//   deleteAccount(accountId) -> boolean   removes credentials (password,
//       recovery codes, passkeys), sessions and its player keys' claims,
//       clears the name and frees its key (false: no such live account);
//       the account's id, ratings and rating changes stay (opponents' history)
//   ratings(accountId) -> {PERF: {rating, rd, vol, games, lastAt}}   as stored
//       (the deviation as of lastAt: ratings/glicko2.js idleRd grows it to now)
//   ratingChange(roomId) -> {perf, accounts: [id, id], scores: [s, s], before:
//       [r, r], after: [r, r], diff: [d, d], at} or null   (r: {rating, rd,
//       vol}; before: as stored before the game, or a new player's 1500/500/0.09)
//   ratingHistory(accountId, {perf = null, limit = 200}) -> [{roomId, perf, at,
//       rating, diff, opponentId, score}] newest first
//   headToHead(accountId, otherId) -> {games, wins, draws, losses}   their rated
//       games, as accountId sees them
//   leaderboard(perf, {limit = 100, maxRd = 75, minGames = 10, now = Date.now()}) ->
//       [{name, rating, rd, games}] best first (ties by account id), live
//       accounts only; rd and the maxRd filter are the deviation grown by
//       idle time up to `now`, so a player who stopped playing drops off
//   countAccounts() -> number   live accounts
// A rated game's result is written with its ratings: appendEvents(roomId,
// events, {finished, rated: {perf, accounts: [id0, id1], scores: [s0, s1]}})
// applies ratings/glicko2.js rateGame to both players (their rows as stored,
// idle time from each lastAt to the result's `at`: the append's last
// 'result' event, else its last event) in the same transaction as the
// events, and records the change keyed by roomId: a room's change is
// written once or never, whatever crashes. Its Promise then resolves with
// {ratingDiff: [d0, d1]} (rounded rating differences); without `rated`, with
// undefined as before. A fenced or refused append rates nothing. A room
// whose change is recorded already is not rated again (its append resolves
// with the recorded differences). Several rated results in one turn are
// rated in the order they were appended. `rated` must name two different
// accounts and scores 1/0, 0/1 or 0.5/0.5, else the append is refused with
// `code` 'bad_rated' (nothing written).
import { openPostgresStore } from './postgres_store.js';
import { openSqliteStore } from './sqlite_store.js';
import { storeOptions } from './store_options.js';

export function isPostgresUrl(location) {
  return /^postgres(ql)?:\/\//.test(String(location));
}

// Opens the store a location names: a PostgreSQL URL, or a SQLite file
// (created with its folder), or ':memory:' for a throw-away one.
export async function openStore(location, options = {}) {
  const settings = storeOptions(options);
  return isPostgresUrl(location) ? openPostgresStore(location, settings) : openSqliteStore(location, settings);
}
