// The shared store: PostgreSQL through node-postgres (pg), for several nodes
// in front of one database. Implements the interface documented in store.js
// with the same behaviour as the SQLite store; here PostgreSQL's clock
// decides leases. Every write is one statement (one round trip, its own
// transaction): the fence (the room's owner epoch and last v) and the
// inserts it guards are parts of that one statement. The one exception is a
// batch of appends with a rated result: the same statement, then the
// ratings (postgres_accounts.js), in one transaction.
import pg from 'pg';
import { performance } from 'node:perf_hooks';

import { checkRated, delegateAccounts, resultAt } from './account_rows.js';
import { mergeChat, splitChat } from './chat_text.js';
import { playerSeatRows } from './player_seats.js';
import { LeasedStore, checkSequence, eventFromRow, refusal } from './leased_store.js';
import { PostgresAccounts } from './postgres_accounts.js';
import { PostgresBudgets } from './postgres_budgets.js';
import { PostgresLobby } from './postgres_lobby.js';
import { applyPostgresSchema } from './postgres_schema.js';

const POOL_SIZE = Number(process.env.QIPAN_PG_POOL ?? 10);
// One batch of appends in flight: the appends made meanwhile go together in
// the next (a group commit), and the other connections stay free for loads
// and claims. Four batches in flight made commits twice as slow under load
// (PostgreSQL's backends contending on the rooms' rows and the WAL), p99 of
// 3,000 rooms on two nodes 130 ms against 88 ms with one.
const BATCHES_IN_FLIGHT = 1;
const CLAIM_ATTEMPTS = 3;

// bigint columns (epochs, ms times) as numbers: they stay far below 2^53.
const types = { getTypeParser: (oid, format) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)) };

// The appends of one batch, each fenced on its own: a job whose room is not
// this epoch's or whose last v moved is not in `fenced`, so none of its rows
// are written, and the other jobs go on. The final select reports each job;
// its view of `rooms` is from before the statement (for the refusal reason).
const APPEND = `
WITH jobs AS (
  SELECT * FROM json_to_recordset($1::json) AS j(i int, room_id text, old_v int, new_v int, at bigint, finished boolean)
), fenced AS (
  UPDATE rooms r SET last_v = j.new_v, updated_at = greatest(r.updated_at, j.at), finished = r.finished OR j.finished,
    creator = CASE WHEN j.finished THEN NULL ELSE r.creator END
  FROM jobs j
  WHERE r.room_id = j.room_id AND r.owner_epoch = $2 AND r.last_v = j.old_v
  RETURNING j.i
), written AS (
  INSERT INTO events (room_id, v, type, step, pos, at, data, secret)
  SELECT e.room_id, e.v, e.type, e.step, e.pos, e.at, e.data, e.secret
  FROM json_to_recordset($3::json)
    AS e(i int, room_id text, v int, type text, step int, pos text, at bigint, data json, secret json)
  JOIN fenced f ON f.i = e.i
), chatted AS (
  INSERT INTO chat (room_id, v, at, text)
  SELECT c.room_id, c.v, c.at, c.text
  FROM json_to_recordset($4::json) AS c(i int, room_id text, v int, at bigint, text text)
  JOIN fenced f ON f.i = c.i
), seated AS (
  INSERT INTO player_rooms (player_id, room_id, seat, at)
  SELECT p.player_id, p.room_id, p.seat, p.at
  FROM json_to_recordset($5::json) AS p(i int, player_id text, room_id text, seat int, at bigint)
  JOIN fenced f ON f.i = p.i
  ON CONFLICT DO NOTHING
)
SELECT j.i, f.i IS NOT NULL AS ok, r.room_id IS NOT NULL AS present, r.owner_epoch, r.last_v
FROM jobs j LEFT JOIN fenced f ON f.i = j.i LEFT JOIN rooms r ON r.room_id = j.room_id`;

const CREATE = `
WITH me AS (
  SELECT 1 FROM epochs WHERE epoch = $1 AND NOT stopped
), room AS (
  INSERT INTO rooms (room_id, game, created_at, updated_at, last_v, owner_epoch, request_key, timed, creator)
  SELECT $2, $3, $4, $5, $6, $1, $7, $10, $12 FROM me
  RETURNING room_id
), written AS (
  INSERT INTO events (room_id, v, type, step, pos, at, data, secret)
  SELECT room.room_id, e.v, e.type, e.step, e.pos, e.at, e.data, e.secret
  FROM room, json_to_recordset($8::json) AS e(v int, type text, step int, pos text, at bigint, data json, secret json)
), chatted AS (
  INSERT INTO chat (room_id, v, at, text)
  SELECT room.room_id, c.v, c.at, c.text FROM room, json_to_recordset($9::json) AS c(v int, at bigint, text text)
), seated AS (
  INSERT INTO player_rooms (player_id, room_id, seat, at)
  SELECT p.player_id, room.room_id, p.seat, p.at
  FROM room, json_to_recordset($11::json) AS p(player_id text, seat int, at bigint)
)
SELECT count(*)::int AS created FROM room`;

// The claim, a compare-and-set on the room's row: it is taken when nobody,
// this epoch, or an epoch known to be stopped or past its lease owns it. An
// owner epoch this statement cannot see (one registered after it began) is
// never taken. `prev_epoch` is set from the row actually replaced, so the
// answer names the right previous owner even after waiting for a concurrent
// claim. The rest reports the owner as seen when the statement began (for
// 'moved' and 'wait').
const CLAIM = `
WITH claimed AS (
  UPDATE rooms r SET owner_epoch = $2, prev_epoch = r.owner_epoch
  WHERE r.room_id = $1 AND (r.owner_epoch IS NULL OR r.owner_epoch = $2 OR EXISTS (
    SELECT 1 FROM epochs e
    WHERE e.epoch = r.owner_epoch AND (e.stopped OR e.seen_at < now() - $3::float8 * interval '1 millisecond')))
  RETURNING r.prev_epoch
)
SELECT (SELECT count(*) FROM claimed)::int AS claimed,
  pe.epoch AS prev_epoch, (extract(epoch FROM pe.seen_at) * 1000)::float8 AS prev_seen,
  r.room_id IS NOT NULL AS present, r.owner_epoch, r.creator, oe.node, oe.url, oe.stopped,
  (extract(epoch FROM now() - oe.seen_at) * 1000)::float8 AS owner_age,
  (extract(epoch FROM oe.seen_at) * 1000)::float8 AS owner_seen
FROM (SELECT 1) AS one
LEFT JOIN rooms r ON r.room_id = $1
LEFT JOIN epochs oe ON oe.epoch = r.owner_epoch
LEFT JOIN epochs pe ON pe.epoch = (SELECT prev_epoch FROM claimed)`;

const REGISTER = `
WITH superseded AS (UPDATE epochs SET stopped = true WHERE node = $1 AND NOT stopped)
INSERT INTO epochs (node, url) VALUES ($1, $2) RETURNING epoch`;

// A new epoch after 'lost', unless a newer process of this name registered.
const RENEW = `
WITH newer AS (
  SELECT 1 FROM epochs WHERE node = $1 AND epoch > $3
), retired AS (
  UPDATE epochs SET stopped = true WHERE epoch = $3 AND NOT stopped AND NOT EXISTS (SELECT 1 FROM newer)
), fresh AS (
  INSERT INTO epochs (node, url) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM newer) RETURNING epoch
)
SELECT epoch FROM fresh`;

class PostgresStore extends LeasedStore {
  constructor(url, settings) {
    super(settings);
    this.url = url;
    this.pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types, connectionTimeoutMillis: 10_000 });
    // Without this, an idle connection's error (a PostgreSQL restart)
    // would be an unhandled 'error' event and end the process.
    this.pool.on('error', (error) => this.log(`idle connection: ${error.message}`));
    this.pending = [];
    this.flushScheduled = false;
    this.batches = new Set();
    this.roomsInFlight = new Set();
    this.beatClient = null;
    this.lobby = new PostgresLobby(this);
    this.addressBudgets = new PostgresBudgets(this.pool, this.log);
    this.accounts = new PostgresAccounts(this.pool);
  }

  // The heartbeat has a connection of its own, so a busy pool cannot delay it.
  async heartbeatQuery(text, values) {
    if (!this.beatClient) {
      const client = new pg.Client({
        connectionString: this.url,
        types,
        connectionTimeoutMillis: this.settings.leaseMs,
        query_timeout: this.settings.leaseMs,
      });
      client.on('error', (error) => {
        this.log(`heartbeat connection: ${error.message}`);
        if (this.beatClient === client) this.beatClient = null;
      });
      this.beatClient = client;
      try {
        await client.connect();
      } catch (error) {
        if (this.beatClient === client) this.beatClient = null;
        client.end().catch(() => {});
        throw error;
      }
    }
    const client = this.beatClient;
    try {
      return await client.query(text, values);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) {
        if (this.beatClient === client) this.beatClient = null;
        client.end().catch(() => {});
      }
      throw error;
    }
  }

  async registerEpoch() {
    const { rows } = await this.heartbeatQuery(REGISTER, [this.node.name, this.node.url]);
    return rows[0].epoch;
  }

  async beat(epoch) {
    const outcome = await this.heartbeatQuery('UPDATE epochs SET seen_at = now() WHERE epoch = $1 AND NOT stopped', [epoch]);
    return outcome.rowCount;
  }

  async renewEpoch(old) {
    const { rows } = await this.heartbeatQuery(RENEW, [this.node.name, this.node.url, old]);
    return rows.length ? rows[0].epoch : null;
  }

  async stopEpoch(epoch) {
    await this.heartbeatQuery('UPDATE epochs SET stopped = true, seen_at = now() WHERE epoch = $1 AND NOT stopped', [epoch]);
  }

  async setUrl(url) {
    this.node = { ...this.node, url };
    if (this.node.epoch !== null) await this.pool.query('UPDATE epochs SET url = $2 WHERE epoch = $1', [this.node.epoch, url]);
  }

  async createRoom(room, events) {
    if (!this.live) throw refusal('lost', 'this node holds no lease');
    checkSequence(room.roomId, events, 0);
    const eventRows = [];
    const chatRows = [];
    for (const e of events) {
      const { data, text } = splitChat(e);
      eventRows.push({ v: e.v, type: e.type, step: e.step, pos: e.pos, at: e.at, data, secret: e.secret ?? null });
      if (text !== null) chatRows.push({ v: e.v, at: e.at, text });
    }
    const updatedAt = Math.max(room.createdAt, ...events.map((e) => e.at));
    const requestKey = room.requestKey ?? null;
    let created;
    try {
      const { rows } = await this.pool.query({
        name: 'qipan_create',
        text: CREATE,
        values: [
          this.node.epoch,
          room.roomId,
          room.game,
          room.createdAt,
          updatedAt,
          events.length,
          requestKey,
          JSON.stringify(eventRows),
          JSON.stringify(chatRows),
          Boolean(room.timed),
          JSON.stringify(playerSeatRows(room.roomId, events)),
          room.creator ?? null,
        ],
      });
      created = rows[0].created;
    } catch (error) {
      if (error.code !== '23505') throw error;
      if (error.constraint === 'rooms_request_key_key') {
        const taken = await this.pool.query('SELECT room_id FROM rooms WHERE request_key = $1', [requestKey]);
        throw refusal('request_exists', `request ${requestKey} made room ${taken.rows[0]?.room_id}`, {
          roomId: taken.rows[0]?.room_id ?? null,
        });
      }
      throw refusal('room_exists', `room ${room.roomId} exists`);
    }
    if (created !== 1) throw refusal('lost', `epoch ${this.node.epoch} is stopped`);
  }

  async roomForRequest(requestKey, { since = 0 } = {}) {
    const { rows } = await this.pool.query('SELECT room_id FROM rooms WHERE request_key = $1 AND created_at >= $2', [
      requestKey,
      since,
    ]);
    return rows.length ? rows[0].room_id : null;
  }

  // Group commit: appends that arrive in one turn of the event loop go
  // together in one statement; a room's appends stay in order (one in flight
  // per room). Every Promise resolves after its statement has committed (a
  // rated one with its {ratingDiff}).
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
      this.scheduleFlush();
    });
  }

  scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  flush() {
    if (this.batches.size >= BATCHES_IN_FLIGHT || !this.pending.length) return;
    const batch = [];
    const later = [];
    const rooms = new Set();
    for (const job of this.pending) {
      if (this.roomsInFlight.has(job.roomId) || rooms.has(job.roomId)) later.push(job);
      else {
        rooms.add(job.roomId);
        batch.push(job);
      }
    }
    this.pending = later;
    if (!batch.length) return;
    for (const roomId of rooms) this.roomsInFlight.add(roomId);
    const running = this.runBatch(batch).finally(() => {
      for (const roomId of rooms) this.roomsInFlight.delete(roomId);
      this.batches.delete(running);
      if (this.pending.length) this.scheduleFlush();
    });
    this.batches.add(running);
  }

  async runBatch(batch) {
    if (!this.live) {
      for (const job of batch) this.refuse(job, refusal('fenced', 'this node holds no lease'));
      return;
    }
    const epoch = this.node.epoch;
    const ready = [];
    for (const job of batch) {
      try {
        checkSequence(job.roomId, job.events, job.events[0].v - 1);
        ready.push(job);
      } catch (error) {
        this.refuse(job, error);
      }
    }
    if (!ready.length) return;
    const started = performance.now();
    let rows;
    let diffs;
    try {
      ({ rows, diffs } = await this.appendStatement(ready, epoch));
    } catch (error) {
      // A statement the database refused (bad data in one job): each job on
      // its own, so the others still commit. A lost connection is reported
      // as it is: whether the statement committed is unknown.
      if (ready.length > 1 && error instanceof pg.DatabaseError) {
        await Promise.all(ready.map((job) => this.runBatch([job])));
      } else {
        for (const job of ready) job.reject(error);
      }
      return;
    }
    const ms = performance.now() - started;
    this.stats.flushes++;
    this.stats.appends += ready.length;
    this.stats.flushMs += ms;
    this.stats.flushMaxMs = Math.max(this.stats.flushMaxMs, ms);
    const outcomes = new Map(rows.map((row) => [row.i, row]));
    ready.forEach((job, i) => {
      const row = outcomes.get(i);
      if (row?.ok) return job.resolve(diffs.has(i) ? { ratingDiff: diffs.get(i) } : undefined);
      const oldV = job.events[0].v - 1;
      if (!row || !row.present) this.refuse(job, refusal('missing', `no room ${job.roomId}`));
      else if (row.owner_epoch === epoch && row.last_v !== oldV) {
        this.refuse(job, refusal('conflict', `room ${job.roomId}: event v ${oldV + 1} does not follow ${row.last_v}`));
      } else {
        // Another epoch owns the room (or took it while this statement waited).
        this.refuse(job, refusal('fenced', `room ${job.roomId} is not owned by epoch ${epoch}`));
      }
    });
  }

  refuse(job, error) {
    if (error.code === 'fenced') this.stats.fenced++;
    if (error.code === 'conflict') this.stats.conflicts++;
    job.reject(error);
  }

  async appendStatement(jobs, epoch) {
    const jobRows = [];
    const eventRows = [];
    const chatRows = [];
    jobs.forEach((job, i) => {
      const { roomId, events } = job;
      jobRows.push({
        i,
        room_id: roomId,
        old_v: events[0].v - 1,
        new_v: events[events.length - 1].v,
        at: Math.max(...events.map((e) => e.at)),
        finished: Boolean(job.finished),
      });
      for (const e of events) {
        const { data, text } = splitChat(e);
        eventRows.push({
          i,
          room_id: roomId,
          v: e.v,
          type: e.type,
          step: e.step,
          pos: e.pos,
          at: e.at,
          data,
          secret: e.secret ?? null,
        });
        if (text !== null) chatRows.push({ i, room_id: roomId, v: e.v, at: e.at, text });
      }
    });
    const seatRows = jobs.flatMap((job, i) => playerSeatRows(job.roomId, job.events).map((row) => ({ i, ...row })));
    const append = {
      name: 'qipan_append',
      text: APPEND,
      values: [JSON.stringify(jobRows), epoch, JSON.stringify(eventRows), JSON.stringify(chatRows), JSON.stringify(seatRows)],
    };
    if (!jobs.some((job) => job.rated)) return { rows: (await this.pool.query(append)).rows, diffs: new Map() };
    // Rated results: their ratings in the transaction of the events, for the
    // appends that passed the fence, in the batch's order.
    return this.transaction(async (client) => {
      const { rows } = await client.query(append);
      const rated = rows
        .filter((row) => row.ok && jobs[row.i].rated)
        .sort((x, y) => x.i - y.i)
        .map((row) => ({ i: row.i, roomId: jobs[row.i].roomId, rated: jobs[row.i].rated, at: resultAt(jobs[row.i].events) }));
      return { rows, diffs: await this.accounts.rateResults(client, rated) };
    });
  }

  // `work(client)` between BEGIN and COMMIT on a connection of the pool; a
  // connection that failed is closed rather than returned.
  async transaction(work) {
    const client = await this.pool.connect();
    let broken = null;
    try {
      await client.query('BEGIN');
      const value = await work(client);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      if (error instanceof pg.DatabaseError) await client.query('ROLLBACK').catch((e) => (broken = e));
      else broken = error;
      throw error;
    } finally {
      client.release(broken ?? undefined);
    }
  }

  async claimRoom(roomId) {
    for (let attempt = 1; ; attempt++) {
      if (!this.live) return this.counted(this.notLive());
      const epoch = this.node.epoch;
      const { rows } = await this.pool.query({
        name: 'qipan_claim',
        text: CLAIM,
        values: [roomId, epoch, this.settings.leaseMs],
      });
      const row = rows[0];
      if (row.claimed) {
        const fromOther = row.prev_epoch !== null && row.prev_epoch !== epoch;
        return this.counted({
          status: 'owned',
          downSince: fromOther ? Math.floor(row.prev_seen) : null,
          creator: row.creator,
        });
      }
      if (!row.present) return this.counted({ status: 'missing' });
      const outcome = this.judgeOwner({
        ownerEpoch: row.owner_epoch,
        stopped: row.stopped,
        ageMs: row.owner_age,
        seenAt: row.owner_seen === null ? null : Math.floor(row.owner_seen),
        node: row.node,
        url: row.url,
      });
      if (outcome.status !== 'owned') return this.counted(outcome);
      // Claimable as the statement began, yet not taken: another node took
      // it meanwhile. Ask again to see the new owner.
      if (attempt >= CLAIM_ATTEMPTS) return this.counted({ status: 'wait', retryAfterMs: this.settings.heartbeatMs });
    }
  }

  async orphanedTimedRooms({ limit = 100 } = {}) {
    const { rows } = await this.pool.query(
      `SELECT r.room_id FROM rooms r LEFT JOIN epochs e ON e.epoch = r.owner_epoch
       WHERE r.timed AND NOT r.finished
         AND (e.epoch IS NULL OR e.stopped OR e.seen_at < now() - $1::float8 * interval '1 millisecond')
       LIMIT $2`,
      [this.settings.leaseMs, limit],
    );
    return rows.map((row) => row.room_id);
  }

  async playerRooms(playerId, { limit = 100 } = {}) {
    const { rows } = await this.pool.query(
      'SELECT room_id, seat, at FROM player_rooms WHERE player_id = $1 ORDER BY at DESC, room_id LIMIT $2',
      [playerId, limit],
    );
    return rows.map((r) => ({ roomId: r.room_id, seat: r.seat, at: r.at }));
  }

  async loadEventsOfTypes(roomIds, types) {
    if (!roomIds.length || !types.length) return [];
    const { rows } = await this.pool.query(
      `SELECT room_id, v, type, step, pos, at, data FROM events
       WHERE room_id = ANY($1) AND type = ANY($2) ORDER BY room_id, v`,
      [roomIds, types],
    );
    return rows.map((row) => eventFromRow(row, row.data));
  }

  async liveNodes() {
    const { rows } = await this.pool.query(
      `SELECT epoch, node, url FROM epochs
       WHERE NOT stopped AND seen_at >= now() - $1::float8 * interval '1 millisecond' ORDER BY epoch`,
      [this.settings.leaseMs],
    );
    return rows.map((row) => ({ name: row.node, epoch: row.epoch, url: row.url }));
  }

  async loadEvents(roomId) {
    const { rows } = await this.pool.query(
      `SELECT e.room_id, e.v, e.type, e.step, e.pos, e.at, e.data, e.secret, c.text
       FROM events e LEFT JOIN chat c ON c.room_id = e.room_id AND c.v = e.v WHERE e.room_id = $1 ORDER BY e.v`,
      [roomId],
    );
    return rows.map((row) => eventFromRow(row, mergeChat(row.type, row.data ?? null, row.text), row.secret ?? null));
  }

  async roomExists(roomId) {
    const { rowCount } = await this.pool.query('SELECT 1 FROM rooms WHERE room_id = $1', [roomId]);
    return rowCount > 0;
  }

  async deleteChat(before) {
    const { rowCount } = await this.pool.query('DELETE FROM chat WHERE at < $1', [before]);
    return rowCount;
  }

  // Lets every append already asked for finish first.
  async drain() {
    while (this.pending.length || this.batches.size) {
      this.flush();
      await Promise.allSettled([...this.batches]);
    }
  }

  async close() {
    if (this.closing) return this.closing;
    this.closing = (async () => {
      await this.lobby.close();
      await this.drain();
      try {
        await this.releaseRooms();
      } catch (error) {
        this.log(`release on close failed (other nodes take the rooms after the lease): ${error.message}`);
      }
      this.stopTimers();
      await this.beatClient?.end().catch(() => {});
      this.beatClient = null;
      await this.pool.end().catch(() => {});
    })();
    return this.closing;
  }
}

delegateAccounts(PostgresStore);

export async function openPostgresStore(url, settings) {
  const store = new PostgresStore(url, settings);
  try {
    const client = await store.pool.connect();
    try {
      store.ownerSecret = await applyPostgresSchema(client);
    } finally {
      client.release();
    }
    await store.startLease();
  } catch (error) {
    await store.pool.end().catch(() => {});
    await store.beatClient?.end().catch(() => {});
    throw error;
  }
  return store;
}
