// The lobby's tables in the PostgreSQL store (lobby_tables.js documents
// them). Lobby events travel as NOTIFY on one channel; each node LISTENs on
// a connection of its own and gets every event, its own included, in commit
// order. A lost listening connection is opened again, and the lobby told to
// reload its lists (events sent meanwhile are gone).
import pg from 'pg';

import { pairingWindow } from '../lobby/pairing.js';
import { LOBBY_CHANNEL, seekColumns, seekExists } from './lobby_tables.js';

const RECONNECT_MS = 1000;
// The advisory locks' first key (the schema's lock is another): "seek".
const MATCH_LOCK = 0x73_65_65_6b;

// Takes the seek quick pairing finds for a seeker (lobby_tables.js
// pairOrAddSeek; sqlite_lobby.js has the same rule): another player's and
// account's, each in the other's range, within the window of the one that
// waited longer; the closest rating, then the oldest.
const TAKE_BEST_MATCH = `
  DELETE FROM seeks WHERE seek_id = (
    SELECT seek_id FROM seeks
    WHERE match_key = $1 AND player_id <> $2
      AND ($3::bigint IS NULL OR account_id IS NULL OR account_id <> $3::bigint)
      AND (range_min IS NULL OR ($3::bigint IS NOT NULL AND $4::float8 BETWEEN range_min AND range_max))
      AND ($5::float8 IS NULL OR (account_id IS NOT NULL AND rating BETWEEN $5::float8 AND $6::float8))
      AND (greatest($7::bigint, $8::bigint - created_at) >= $9::bigint
           OR abs(rating - $4::float8) <= $10::float8 + $11::float8 * floor(greatest($7::bigint, $8::bigint - created_at, 0) / $12::float8))
    ORDER BY abs(rating - $4::float8), created_at, seek_id LIMIT 1)
  RETURNING data, secret`;

export class PostgresLobby {
  constructor(store) {
    this.store = store;
    this.listener = null;
    this.handlers = null;
    this.closed = false;
  }

  get pool() {
    return this.store.pool;
  }

  // Under a lock per matchKey, in one transaction (client: a pool client).
  async underMatchLock(matchKey, task) {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MATCH_LOCK, matchKey]);
      const outcome = await task(client);
      await client.query('COMMIT');
      return outcome;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async insert(client, record) {
    const { seekId, playerId, matchKey, createdAt, data, secret } = record;
    const { rating, rangeMin, rangeMax, accountId } = seekColumns(record);
    const { rows } = await client.query(
      `WITH added AS (
         INSERT INTO seeks (seek_id, player_id, match_key, epoch, created_at, data, secret, rating, range_min, range_max, account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (player_id) DO NOTHING RETURNING seek_id)
       SELECT (SELECT seek_id FROM added) AS added, (SELECT seek_id FROM seeks WHERE player_id = $2) AS open`,
      [
        ...[seekId, playerId, matchKey, this.store.node.epoch, createdAt, JSON.stringify(data), JSON.stringify(secret)],
        ...[rating, rangeMin, rangeMax, accountId],
      ],
    );
    if (!rows[0].added) throw seekExists(rows[0].open);
  }

  // Takes the best seek for `seeker` ({playerId, matchKey, rating, rangeMin,
  // rangeMax, accountId}) that has waited `ownAge` ms: {data, secret} or null.
  async takeMatch(client, seeker, ownAge, now, window) {
    const { playerId, matchKey, rating, rangeMin, rangeMax, accountId } = seeker;
    const { base, step, widenMs, unlimitedMs } = window;
    const { rows } = await client.query(TAKE_BEST_MATCH, [
      ...[matchKey, playerId, accountId, rating, rangeMin, rangeMax],
      ...[Math.max(0, Math.trunc(ownAge)), Math.trunc(now), unlimitedMs, base, step, widenMs],
    ]);
    return rows[0] ? { data: rows[0].data, secret: rows[0].secret } : null;
  }

  async addSeek(record) {
    await this.underMatchLock(record.matchKey, (client) => this.insert(client, record));
  }

  async pairOrAddSeek(record, { now = Date.now(), window = pairingWindow() } = {}) {
    const seeker = { playerId: record.playerId, matchKey: record.matchKey, ...seekColumns(record) };
    return this.underMatchLock(record.matchKey, async (client) => {
      const taken = await this.takeMatch(client, seeker, 0, now, window);
      if (taken) return { taken };
      await this.insert(client, record);
      return { added: true };
    });
  }

  async pairWaitingSeek({ seekId, matchKey }, { now = Date.now(), window = pairingWindow() } = {}) {
    return this.underMatchLock(matchKey, async (client) => {
      // Locked, so no taker removes it before this transaction ends.
      const { rows } = await client.query(
        `SELECT player_id, match_key, created_at, rating, range_min, range_max, account_id
         FROM seeks WHERE seek_id = $1 FOR UPDATE`,
        [seekId],
      );
      const row = rows[0];
      if (!row || row.match_key !== matchKey) return null;
      const seeker = {
        playerId: row.player_id,
        matchKey,
        rating: row.rating,
        rangeMin: row.range_min,
        rangeMax: row.range_max,
        accountId: row.account_id,
      };
      const taken = await this.takeMatch(client, seeker, now - Number(row.created_at), now, window);
      if (!taken) return null;
      const own = await client.query('DELETE FROM seeks WHERE seek_id = $1 RETURNING data, secret', [seekId]);
      return { own: { data: own.rows[0].data, secret: own.rows[0].secret }, taken };
    });
  }

  async takeSeek(seekId, { notPlayer = '' } = {}) {
    const { rows } = await this.pool.query('DELETE FROM seeks WHERE seek_id = $1 AND player_id <> $2 RETURNING data, secret', [
      seekId,
      notPlayer,
    ]);
    return rows[0] ? { data: rows[0].data, secret: rows[0].secret } : null;
  }

  async removeSeeks(seekIds) {
    if (!seekIds.length) return [];
    const { rows } = await this.pool.query('DELETE FROM seeks WHERE seek_id = ANY($1) RETURNING seek_id', [seekIds]);
    return rows.map((row) => row.seek_id);
  }

  async removeDeadSeeks() {
    const { rows } = await this.pool.query(
      `DELETE FROM seeks s WHERE NOT EXISTS (
         SELECT 1 FROM epochs e WHERE e.epoch = s.epoch AND NOT e.stopped
           AND e.seen_at >= now() - $1::float8 * interval '1 millisecond')
       RETURNING seek_id`,
      [this.store.settings.leaseMs],
    );
    return rows.map((row) => row.seek_id);
  }

  async openSeeks() {
    const { rows } = await this.pool.query('SELECT data FROM seeks ORDER BY created_at, seek_id');
    return rows.map((row) => row.data);
  }

  async putGame(roomId, data, at) {
    await this.pool.query(
      `INSERT INTO live_games (room_id, updated_at, data) VALUES ($1, $2, $3)
       ON CONFLICT (room_id) DO UPDATE SET updated_at = excluded.updated_at, data = excluded.data`,
      [roomId, at, JSON.stringify(data)],
    );
  }

  async removeGame(roomId) {
    const { rowCount } = await this.pool.query('DELETE FROM live_games WHERE room_id = $1', [roomId]);
    return rowCount > 0;
  }

  async games({ since = 0 } = {}) {
    const { rows } = await this.pool.query('SELECT data FROM live_games WHERE updated_at >= $1', [since]);
    return rows.map((row) => row.data);
  }

  async removeGamesBefore(before) {
    const { rowCount } = await this.pool.query('DELETE FROM live_games WHERE updated_at < $1', [before]);
    return rowCount;
  }

  async publish(event) {
    await this.pool.query('SELECT pg_notify($1, $2)', [LOBBY_CHANNEL, JSON.stringify(event)]);
  }

  // Resolves once this node listens, so nothing published after it is missed.
  async subscribe(onEvent, onGap = () => {}) {
    this.handlers = { onEvent, onGap };
    await this.listen();
  }

  async listen() {
    const client = new pg.Client({ connectionString: this.store.url });
    client.on('notification', (message) => {
      if (message.channel !== LOBBY_CHANNEL) return;
      let event;
      try {
        event = JSON.parse(message.payload);
      } catch {
        return;
      }
      this.handlers?.onEvent(event);
    });
    client.on('error', (error) => {
      this.store.log(`lobby channel: ${error.message}`);
      this.relisten(client);
    });
    client.on('end', () => this.relisten(client));
    await client.connect();
    await client.query(`LISTEN ${LOBBY_CHANNEL}`);
    this.listener = client;
  }

  relisten(client) {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    client.end().catch(() => {});
    const again = () => {
      if (this.closed) return;
      this.listen()
        .then(() => this.handlers?.onGap())
        .catch((error) => {
          this.store.log(`lobby channel: ${error.message}; trying again`);
          setTimeout(again, RECONNECT_MS).unref();
        });
    };
    setTimeout(again, RECONNECT_MS).unref();
  }

  async close() {
    this.closed = true;
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }
}
