// The embedded store: one SQLite file through better-sqlite3 (12.x; 13 needs
// Node 22), in WAL mode. A commit returns once SQLite has written the WAL, so
// an acked event survives `kill -9` of the server (synchronous=NORMAL; set
// QIPAN_DB_SYNC=full to also survive a power cut, at a cost per commit).
// Checkpoints run in a worker thread (checkpointer.js), off the event loop.
// Implements the interface documented in store.js.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

import Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  room_id    TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_v     INTEGER NOT NULL,
  finished   INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events (
  room_id TEXT NOT NULL,
  v       INTEGER NOT NULL,
  type    TEXT NOT NULL,
  step    INTEGER NOT NULL,
  pos     TEXT NOT NULL,
  at      INTEGER NOT NULL,
  data    TEXT NOT NULL,
  secret  TEXT,
  PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rooms_active ON rooms (finished, updated_at);
-- The log is append-only: the database itself refuses to change an event.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
`;

class SqliteStore {
  constructor(db) {
    this.db = db;
    const insertEvent = db.prepare(
      'INSERT INTO events (room_id, v, type, step, pos, at, data, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertRoom = db.prepare('INSERT INTO rooms (room_id, game, created_at, updated_at, last_v) VALUES (?, ?, ?, ?, 0)');
    const lastV = db.prepare('SELECT last_v FROM rooms WHERE room_id = ?').pluck();
    const touchRoom = db.prepare('UPDATE rooms SET last_v = ?, updated_at = ?, finished = finished OR ? WHERE room_id = ?');
    this.selectEvents = db.prepare(
      'SELECT room_id, v, type, step, pos, at, data, secret FROM events WHERE room_id = ? ORDER BY v',
    );
    this.selectExists = db.prepare('SELECT 1 FROM rooms WHERE room_id = ?').pluck();
    this.selectActive = db
      .prepare('SELECT room_id FROM rooms WHERE finished = 0 AND updated_at >= ? ORDER BY updated_at')
      .pluck();

    const append = (roomId, events, finished) => {
      const last = lastV.get(roomId);
      if (last === undefined) throw new Error(`no room ${roomId}`);
      let expected = last + 1;
      let at = 0;
      for (const e of events) {
        if (e.v !== expected) throw new Error(`room ${roomId}: event v ${e.v} does not follow ${expected - 1}`);
        insertEvent.run(
          roomId,
          e.v,
          e.type,
          e.step,
          e.pos,
          e.at,
          JSON.stringify(e.data ?? null),
          e.secret == null ? null : JSON.stringify(e.secret),
        );
        expected++;
        at = Math.max(at, e.at);
      }
      touchRoom.run(expected - 1, at, finished ? 1 : 0, roomId);
    };
    this.appendTx = db.transaction(append);
    this.pending = [];
    this.stats = { flushes: 0, appends: 0, flushMs: 0, flushMaxMs: 0 };
    this.batchTx = db.transaction((batch, outcomes) => {
      batch.forEach((job, i) => {
        try {
          this.appendTx(job.roomId, job.events, job.finished); // nested: a savepoint
        } catch (error) {
          outcomes[i] = error;
        }
      });
    });
    this.createTx = db.transaction((room, events) => {
      if (this.selectExists.get(room.roomId)) {
        const error = new Error(`room ${room.roomId} exists`);
        error.code = 'room_exists';
        throw error;
      }
      insertRoom.run(room.roomId, room.game, room.createdAt, room.createdAt);
      append(room.roomId, events, false);
    });
  }

  async createRoom(room, events) {
    this.createTx(room, events);
  }

  // Group commit: the appends that arrive in one turn of the event loop (from
  // any rooms) share one transaction, each in its own savepoint so one
  // refused append does not take the others with it. Every Promise resolves
  // only after the transaction has committed.
  appendEvents(roomId, events, { finished = false } = {}) {
    if (!events.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pending.push({ roomId, events, finished, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  flush() {
    const batch = this.pending;
    this.pending = [];
    const outcomes = [];
    const started = performance.now();
    try {
      this.batchTx(batch, outcomes);
      const ms = performance.now() - started;
      this.stats.flushes++;
      this.stats.appends += batch.length;
      this.stats.flushMs += ms;
      this.stats.flushMaxMs = Math.max(this.stats.flushMaxMs, ms);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => (outcomes[i] ? job.reject(outcomes[i]) : job.resolve()));
  }

  async loadEvents(roomId) {
    return this.selectEvents.all(roomId).map((row) => ({
      roomId: row.room_id,
      v: row.v,
      type: row.type,
      step: row.step,
      pos: row.pos,
      at: row.at,
      data: JSON.parse(row.data),
      secret: row.secret == null ? null : JSON.parse(row.secret),
    }));
  }

  async roomExists(roomId) {
    return Boolean(this.selectExists.get(roomId));
  }

  async activeRoomIds({ since = 0 } = {}) {
    return this.selectActive.all(since);
  }

  async close() {
    if (this.pending.length) this.flush();
    if (this.checkpointer) {
      const stopped = new Promise((done) => {
        this.checkpointer.once('message', done);
        this.checkpointer.once('exit', done);
      });
      this.checkpointer.postMessage('stop');
      await stopped;
      await this.checkpointer.terminate();
      this.checkpointer = null;
    }
    if (this.db.open) {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
      this.db.close();
    }
  }
}

export function openSqliteStore(location) {
  const onDisk = location !== ':memory:';
  if (onDisk) mkdirSync(dirname(resolve(location)), { recursive: true });
  const db = new Database(location);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${process.env.QIPAN_DB_SYNC === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const store = new SqliteStore(db);
  if (onDisk) {
    // Checkpoints (and their disk syncs) in a worker thread (checkpointer.js).
    db.pragma('wal_autocheckpoint = 0');
    store.checkpointer = new Worker(new URL('./checkpointer.js', import.meta.url), {
      workerData: { path: resolve(location), everyMs: 1000 },
    });
    store.checkpointer.unref();
  }
  return store;
}
