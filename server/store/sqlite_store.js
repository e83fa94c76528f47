// The embedded store: one SQLite file through better-sqlite3 (12.x; 13 needs
// Node 22), in WAL mode. A commit returns once SQLite has written the WAL, so
// an acked event survives `kill -9` of the server (synchronous=NORMAL; set
// QIPAN_DB_SYNC=full to also survive a power cut, at a cost per commit).
// Checkpoints run in a worker thread (checkpointer.js), off the event loop,
// and keep the WAL under JOURNAL_LIMIT_BYTES. The file is readable by its
// owner only (it holds chat, names and token hashes).
// Implements the interface documented in store.js, usually for one node at a
// time; the node's clock decides leases.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

import Database from 'better-sqlite3';

import { checkRated, delegateAccounts, resultAt } from './account_rows.js';
import { mergeChat, splitChat } from './chat_text.js';
import { playerSeatRows } from './player_seats.js';
import { LeasedStore, checkSequence, eventFromRow, refusal } from './leased_store.js';
import { SqliteAccounts } from './sqlite_accounts.js';
import { SqliteLobby } from './sqlite_lobby.js';
import { applySqliteSchema } from './sqlite_schema.js';

const JOURNAL_LIMIT_BYTES = 64 * 1024 * 1024;
// The checkpointer's PASSIVE checkpoints keep the WAL small under a steady
// load (it wraps once copied); only a flood outruns them. Past this size
// writes pause for a TRUNCATE: high enough that steady play never pays for
// the pause (it showed in the p99 of scripts/bench --online at 16 MB), low
// enough to stay under journal_size_limit.
const TRUNCATE_BYTES = 40 * 1024 * 1024;
const PURGE_CHUNK = 2000;
const WAL_CHECK_MS = 20;
const WAL_GATE_MAX_MS = 5000;

class SqliteStore extends LeasedStore {
  constructor(db, path, settings) {
    super(settings);
    this.db = db;
    this.path = path;
    this.pending = [];
    this.walGate = null; // while the checkpointer truncates the WAL, writes wait
    this.walCheckedAt = 0;
    Object.defineProperty(this.stats, 'walBytes', { enumerable: true, get: () => this.walBytes() });
    this.accounts = new SqliteAccounts(db);
    this.prepare();
    this.lobby = new SqliteLobby(db, this);
  }

  prepare() {
    const db = this.db;
    const insertEvent = db.prepare(
      'INSERT INTO events (room_id, v, type, step, pos, at, data, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertChat = db.prepare('INSERT INTO chat (room_id, v, at, text) VALUES (?, ?, ?, ?)');
    const insertPlayerSeat = db.prepare(
      'INSERT OR IGNORE INTO player_rooms (player_id, room_id, seat, at) VALUES (@player_id, @room_id, @seat, @at)',
    );
    const insertRoom = db.prepare(
      `INSERT INTO rooms (room_id, game, created_at, updated_at, last_v, owner_epoch, request_key, timed, creator)
       VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    );
    const roomState = db.prepare('SELECT last_v, owner_epoch FROM rooms WHERE room_id = ?');
    // The fence: only the owner's epoch, and only on from the expected v. A
    // finished room forgets its creator (it counts for nobody any more).
    const advance = db.prepare(`UPDATE rooms SET last_v = @v, updated_at = max(updated_at, @at),
        finished = finished OR @finished, creator = CASE WHEN @finished THEN NULL ELSE creator END
      WHERE room_id = @roomId AND owner_epoch = @epoch AND last_v = @lastV`);
    const roomOfRequest = db.prepare('SELECT room_id FROM rooms WHERE request_key = ?').pluck();
    const epochStopped = db.prepare('SELECT stopped FROM epochs WHERE epoch = ?').pluck();
    this.selectEvents = db.prepare(`SELECT e.room_id, e.v, e.type, e.step, e.pos, e.at, e.data, e.secret, c.text
      FROM events e LEFT JOIN chat c ON c.room_id = e.room_id AND c.v = e.v WHERE e.room_id = ? ORDER BY e.v`);
    this.selectExists = db.prepare('SELECT 1 FROM rooms WHERE room_id = ?').pluck();
    this.selectRequest = db.prepare('SELECT room_id FROM rooms WHERE request_key = ? AND created_at >= ?').pluck();
    this.selectLive = db.prepare('SELECT epoch, node, url FROM epochs WHERE stopped = 0 AND seen_at >= ? ORDER BY epoch');
    this.selectOrphans = db
      .prepare(
        `SELECT r.room_id FROM rooms r LEFT JOIN epochs e ON e.epoch = r.owner_epoch
         WHERE r.timed = 1 AND r.finished = 0 AND (e.epoch IS NULL OR e.stopped = 1 OR e.seen_at < ?) LIMIT ?`,
      )
      .pluck();
    this.selectPlayerRooms = db.prepare(
      'SELECT room_id, seat, at FROM player_rooms WHERE player_id = ? ORDER BY at DESC, room_id LIMIT ?',
    );
    this.purgeChunk = db.prepare('DELETE FROM chat WHERE (room_id, v) IN (SELECT room_id, v FROM chat WHERE at < ? LIMIT ?)');

    const append = (roomId, events, finished, epoch) => {
      const room = roomState.get(roomId);
      if (!room) throw refusal('missing', `no room ${roomId}`);
      if (room.owner_epoch !== epoch) throw refusal('fenced', `room ${roomId} is owned by epoch ${room.owner_epoch}`);
      checkSequence(roomId, events, room.last_v);
      const at = Math.max(...events.map((e) => e.at));
      advance.run({ v: room.last_v + events.length, at, finished: finished ? 1 : 0, roomId, epoch, lastV: room.last_v });
      for (const e of events) {
        const { data, text } = splitChat(e);
        insertEvent.run(
          roomId,
          e.v,
          e.type,
          e.step,
          e.pos,
          e.at,
          JSON.stringify(data),
          e.secret == null ? null : JSON.stringify(e.secret),
        );
        if (text !== null) insertChat.run(roomId, e.v, e.at, text);
      }
      for (const row of playerSeatRows(roomId, events)) insertPlayerSeat.run(row);
    };
    // A rated result's ratings go in the savepoint of its events: both or
    // neither. The batch's jobs run in order, so a player's second rated
    // result in one batch is rated from the rows the first one wrote.
    const appendOne = db.transaction((job, epoch) => {
      append(job.roomId, job.events, job.finished, epoch);
      if (!job.rated) return undefined;
      return { ratingDiff: this.accounts.rateResult(job.roomId, job.rated, resultAt(job.events)) };
    });
    this.batchTx = db.transaction((batch, outcomes, values, epoch) => {
      batch.forEach((job, i) => {
        try {
          values[i] = appendOne(job, epoch); // nested: a savepoint
        } catch (error) {
          outcomes[i] = error;
        }
      });
    });
    this.createTx = db.transaction((room, events, epoch) => {
      if (epochStopped.get(epoch) !== 0) throw refusal('lost', `epoch ${epoch} is stopped`);
      if (this.selectExists.get(room.roomId)) throw refusal('room_exists', `room ${room.roomId} exists`);
      const requestKey = room.requestKey ?? null;
      if (requestKey !== null) {
        const taken = roomOfRequest.get(requestKey);
        if (taken !== undefined) throw refusal('request_exists', `request ${requestKey} made room ${taken}`, { roomId: taken });
      }
      insertRoom.run(
        room.roomId,
        room.game,
        room.createdAt,
        room.createdAt,
        epoch,
        requestKey,
        room.timed ? 1 : 0,
        room.creator ?? null,
      );
      append(room.roomId, events, false, epoch);
    });

    const ownerOf = db.prepare(`SELECT r.owner_epoch, r.creator, e.node, e.url, e.seen_at, e.stopped
      FROM rooms r LEFT JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = ?`);
    const takeRoom = db.prepare('UPDATE rooms SET owner_epoch = ? WHERE room_id = ?');
    this.claimTx = db.transaction((roomId, epoch, now) => {
      const row = ownerOf.get(roomId);
      if (!row) return { status: 'missing' };
      const outcome = this.judgeOwner({
        ownerEpoch: row.owner_epoch,
        stopped: row.stopped === 1,
        ageMs: row.seen_at === null ? null : now - row.seen_at,
        seenAt: row.seen_at,
        node: row.node,
        url: row.url,
      });
      if (outcome.status !== 'owned') return outcome;
      if (row.owner_epoch !== epoch) takeRoom.run(epoch, roomId);
      return { ...outcome, creator: row.creator };
    });

    const stopOwn = db.prepare('UPDATE epochs SET stopped = 1 WHERE node = ? AND stopped = 0');
    const insertEpoch = db.prepare('INSERT INTO epochs (node, url, started_at, seen_at) VALUES (?, ?, ?, ?)');
    const newestOwn = db.prepare('SELECT max(epoch) FROM epochs WHERE node = ?').pluck();
    this.registerTx = db.transaction(() => {
      const now = Date.now();
      stopOwn.run(this.node.name);
      return Number(insertEpoch.run(this.node.name, this.node.url, now, now).lastInsertRowid);
    });
    this.renewTx = db.transaction((old) => {
      if (newestOwn.get(this.node.name) > old) return null;
      return this.registerTx();
    });
    this.beatStatement = db.prepare('UPDATE epochs SET seen_at = ? WHERE epoch = ? AND stopped = 0');
    this.selectOtherLive = db.prepare('SELECT 1 FROM epochs WHERE stopped = 0 AND epoch <> ? AND seen_at >= ? LIMIT 1').pluck();
    this.stopStatement = db.prepare('UPDATE epochs SET stopped = 1, seen_at = ? WHERE epoch = ? AND stopped = 0');
    this.setUrlStatement = db.prepare('UPDATE epochs SET url = ? WHERE epoch = ?');
  }

  walBytes() {
    if (!this.path) return 0;
    try {
      return statSync(`${this.path}-wal`).size;
    } catch {
      return 0;
    }
  }

  // Past TRUNCATE_BYTES of WAL, writes pause until the checkpointer has
  // copied it into the database and cut it (checkpointer.js): a writer that
  // never pauses would keep it from ever finishing.
  afterWrite() {
    if (!this.checkpointer || this.walGate) return;
    const now = Date.now();
    if (now - this.walCheckedAt < WAL_CHECK_MS) return;
    this.walCheckedAt = now;
    if (this.walBytes() <= TRUNCATE_BYTES) return;
    const worker = this.checkpointer;
    this.walGate = new Promise((done) => {
      const open = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', open);
        this.walGate = null;
        done();
      };
      const onMessage = (message) => message === 'truncated' && open();
      const timer = setTimeout(open, WAL_GATE_MAX_MS);
      worker.on('message', onMessage);
      worker.once('exit', open);
      worker.postMessage('truncate');
    });
  }

  // The lease's database side (leased_store.js). SQLite's writes are
  // synchronous: BEGIN IMMEDIATE takes the write lock first, so a second
  // process on the same file waits (busy_timeout) instead of failing.
  async registerEpoch() {
    return this.registerTx.immediate();
  }

  async beat(epoch) {
    return this.beatStatement.run(Date.now(), epoch).changes;
  }

  async renewEpoch(old) {
    return this.renewTx.immediate(old);
  }

  // A heartbeat held up by a write lock (a backup, an sqlite3 shell, a long
  // checkpoint) is no sign that another node took the rooms: taking one is a
  // write too, and WAL mode still lets this node read. So while no other
  // node holds a live lease, the only node keeps its rooms and waits for the
  // lock instead of dropping them all. Another node that starts and claims
  // a room meanwhile is safe all the same: every append is fenced.
  mayOutliveLease() {
    try {
      return this.selectOtherLive.get(this.node.epoch, Date.now() - this.settings.leaseMs) === undefined;
    } catch {
      return false;
    }
  }

  async stopEpoch(epoch) {
    this.stopStatement.run(Date.now(), epoch);
  }

  // Where clients reach this node, once it is listening.
  async setUrl(url) {
    this.node = { ...this.node, url };
    if (this.node.epoch !== null) this.setUrlStatement.run(url, this.node.epoch);
  }

  async createRoom(room, events) {
    while (this.walGate) await this.walGate;
    if (!this.live) throw refusal('lost', 'this node holds no lease');
    try {
      this.createTx.immediate(room, events, this.node.epoch);
    } finally {
      this.afterWrite();
    }
  }

  async roomForRequest(requestKey, { since = 0 } = {}) {
    return this.selectRequest.get(requestKey, since) ?? null;
  }

  // Group commit: the appends that arrive in one turn of the event loop (from
  // any rooms) share one transaction, each in its own savepoint so one
  // refused append does not take the others with it. Every Promise resolves
  // only after the transaction has committed (a rated one with its
  // {ratingDiff}).
  appendEvents(roomId, events, { finished = false, rated = null } = {}) {
    if (!events.length) return Promise.resolve();
    if (rated) {
      try {
        checkRated(rated);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ roomId, events, finished, rated, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  flush() {
    if (this.walGate && this.db.open) {
      this.walGate.then(() => this.flush());
      return;
    }
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return;
    const outcomes = [];
    const values = [];
    const started = performance.now();
    try {
      if (!this.live) throw refusal('fenced', 'this node holds no lease');
      this.batchTx.immediate(batch, outcomes, values, this.node.epoch);
      const ms = performance.now() - started;
      this.stats.flushes++;
      this.stats.appends += batch.length;
      this.stats.flushMs += ms;
      this.stats.flushMaxMs = Math.max(this.stats.flushMaxMs, ms);
    } catch (error) {
      batch.forEach((job, i) => (outcomes[i] = error));
    }
    this.afterWrite();
    batch.forEach((job, i) => {
      const error = outcomes[i];
      if (!error) return job.resolve(values[i]);
      if (error.code === 'fenced') this.stats.fenced++;
      if (error.code === 'conflict') this.stats.conflicts++;
      job.reject(error);
    });
  }

  async claimRoom(roomId) {
    if (!this.live) return this.counted(this.notLive());
    return this.counted(this.claimTx.immediate(roomId, this.node.epoch, Date.now()));
  }

  async liveNodes() {
    return this.selectLive
      .all(Date.now() - this.settings.leaseMs)
      .map((row) => ({ name: row.node, epoch: row.epoch, url: row.url }));
  }

  async orphanedTimedRooms({ limit = 100 } = {}) {
    return this.selectOrphans.all(Date.now() - this.settings.leaseMs, limit);
  }

  async loadEvents(roomId) {
    return this.selectEvents
      .all(roomId)
      .map((row) =>
        eventFromRow(
          row,
          mergeChat(row.type, JSON.parse(row.data), row.text),
          row.secret == null ? null : JSON.parse(row.secret),
        ),
      );
  }

  async playerRooms(playerId, { limit = 100 } = {}) {
    return this.selectPlayerRooms.all(playerId, limit).map((r) => ({ roomId: r.room_id, seat: r.seat, at: r.at }));
  }

  async loadEventsOfTypes(roomIds, types) {
    if (!roomIds.length || !types.length) return [];
    const rows = this.db
      .prepare(
        `SELECT room_id, v, type, step, pos, at, data FROM events
         WHERE room_id IN (${roomIds.map(() => '?').join(',')}) AND type IN (${types.map(() => '?').join(',')})
         ORDER BY room_id, v`,
      )
      .all(...roomIds, ...types);
    return rows.map((row) => eventFromRow(row, JSON.parse(row.data)));
  }

  async roomExists(roomId) {
    return Boolean(this.selectExists.get(roomId));
  }

  // In chunks, each its own transaction, so a large purge leaves the event
  // loop to the rooms between them.
  async deleteChat(before) {
    let total = 0;
    for (;;) {
      const { changes } = this.purgeChunk.run(before, PURGE_CHUNK);
      total += changes;
      if (changes < PURGE_CHUNK || !this.db.open) return total;
      await new Promise((done) => setImmediate(done));
    }
  }

  async close() {
    await this.lobby.close();
    while (this.walGate) await this.walGate;
    if (this.pending.length) this.flush();
    if (this.db.open) await this.releaseRooms();
    this.stopTimers();
    if (this.checkpointer) {
      const worker = this.checkpointer;
      this.checkpointer = null;
      const stopped = new Promise((done) => {
        worker.on('message', (message) => message === 'stopped' && done());
        worker.once('exit', done);
      });
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    }
    if (this.db.open) {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
      this.db.close();
    }
  }
}

delegateAccounts(SqliteStore);

// Creates the file (and its -wal and -shm, which SQLite makes with the
// file's own mode) readable by its owner only.
function openPrivate(path) {
  const previous = process.umask(0o077);
  try {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    return db;
  } finally {
    process.umask(previous);
  }
}

function makePrivate(path) {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
}

export async function openSqliteStore(location, settings) {
  const onDisk = location !== ':memory:';
  const path = onDisk ? resolve(location) : null;
  if (onDisk) mkdirSync(dirname(path), { recursive: true });
  const db = onDisk ? openPrivate(path) : new Database(':memory:');
  if (onDisk) makePrivate(path);
  db.pragma(`synchronous = ${process.env.QIPAN_DB_SYNC === 'full' ? 'FULL' : 'NORMAL'}`);
  // Writes block the event loop while they wait for a lock (better-sqlite3 is
  // synchronous), so they wait briefly: the checkpointer's truncations are
  // gated (walGate), and a write refused by a lock held elsewhere is retried
  // by the rooms with back-off, off the event loop.
  db.pragma('busy_timeout = 250');
  db.pragma(`journal_size_limit = ${JOURNAL_LIMIT_BYTES}`);
  const ownerSecret = applySqliteSchema(db);
  const store = new SqliteStore(db, path, settings);
  store.ownerSecret = ownerSecret;
  if (onDisk) {
    // Checkpoints (and their disk syncs) in a worker thread (checkpointer.js).
    db.pragma('wal_autocheckpoint = 0');
    store.checkpointer = new Worker(new URL('./checkpointer.js', import.meta.url), {
      workerData: {
        path,
        everyMs: 1000,
        watchMs: 100,
        truncateBytes: TRUNCATE_BYTES,
        journalLimitBytes: JOURNAL_LIMIT_BYTES,
      },
    });
    // Checkpoints are an optimisation: a failing thread is reported, and the
    // WAL then grows until the next start-up instead of the server stopping.
    store.checkpointer.on('error', (error) => settings.log(`checkpointer: ${error.stack ?? error}`));
    store.checkpointer.unref();
  }
  await store.startLease();
  return store;
}
