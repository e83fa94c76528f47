// The lobby's tables in the SQLite store (lobby_tables.js documents them).
// SQLite serves one node, so lobby events go round this process only.
import { EventEmitter } from 'node:events';

import { pairingWindow } from '../lobby/pairing.js';
import { seekColumns, seekExists } from './lobby_tables.js';

// The seek quick pairing takes for a seeker (lobby_tables.js pairOrAddSeek):
// another player's and account's, each in the other's range, within the
// window of the one that waited longer; the closest rating, then the oldest.
const BEST_MATCH = `
  SELECT seek_id FROM seeks
  WHERE match_key = @matchKey AND player_id <> @playerId
    AND (@accountId IS NULL OR account_id IS NULL OR account_id <> @accountId)
    AND (range_min IS NULL OR (@accountId IS NOT NULL AND @rating BETWEEN range_min AND range_max))
    AND (@rangeMin IS NULL OR (account_id IS NOT NULL AND rating BETWEEN @rangeMin AND @rangeMax))
    AND (max(@ownAge, @now - created_at) >= @unlimitedMs
         OR abs(rating - @rating) <= @base + @step * CAST(max(@ownAge, @now - created_at, 0) / @widenMs AS INTEGER))
  ORDER BY abs(rating - @rating), created_at, seek_id LIMIT 1`;

export class SqliteLobby {
  constructor(db, store) {
    this.store = store;
    this.events = new EventEmitter();
    this.events.setMaxListeners(0);
    this.insertSeek = db.prepare(
      `INSERT INTO seeks (seek_id, player_id, match_key, epoch, created_at, data, secret, rating, range_min, range_max, account_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.bestMatch = db.prepare(BEST_MATCH).pluck();
    this.selectSeek = db.prepare(
      `SELECT seek_id AS seekId, player_id AS playerId, match_key AS matchKey, created_at AS createdAt,
              rating, range_min AS rangeMin, range_max AS rangeMax, account_id AS accountId
       FROM seeks WHERE seek_id = ?`,
    );
    this.seekOfPlayer = db.prepare('SELECT seek_id FROM seeks WHERE player_id = ?').pluck();
    this.deleteSeek = db.prepare('DELETE FROM seeks WHERE seek_id = ? AND player_id <> ? RETURNING data, secret');
    this.deadSeeks = db.prepare(
      `DELETE FROM seeks WHERE epoch NOT IN (SELECT epoch FROM epochs WHERE stopped = 0 AND seen_at >= ?)
       RETURNING seek_id`,
    );
    this.selectSeeks = db.prepare('SELECT data FROM seeks ORDER BY created_at, seek_id').pluck();
    this.upsertGame = db.prepare(
      `INSERT INTO live_games (room_id, updated_at, data) VALUES (?, ?, ?)
       ON CONFLICT (room_id) DO UPDATE SET updated_at = excluded.updated_at, data = excluded.data`,
    );
    this.deleteGame = db.prepare('DELETE FROM live_games WHERE room_id = ?');
    this.selectGames = db.prepare('SELECT data FROM live_games WHERE updated_at >= ?').pluck();
    this.deleteGamesBefore = db.prepare('DELETE FROM live_games WHERE updated_at < ?');
  }

  // Synchronous, so each of these is atomic in this (the only) process.
  insert(record) {
    const { seekId, playerId, matchKey, createdAt, data, secret } = record;
    const open = this.seekOfPlayer.get(playerId);
    if (open !== undefined) throw seekExists(open);
    const epoch = this.store.node.epoch;
    const { rating, rangeMin, rangeMax, accountId } = seekColumns(record);
    this.insertSeek.run(
      seekId,
      playerId,
      matchKey,
      epoch,
      createdAt,
      JSON.stringify(data),
      JSON.stringify(secret),
      rating,
      rangeMin,
      rangeMax,
      accountId,
    );
  }

  // The best seek for `seeker` ({playerId, matchKey, rating, rangeMin,
  // rangeMax, accountId}) that has waited `ownAge` ms, or undefined.
  match(seeker, ownAge, now, window) {
    const { playerId, matchKey, rating, rangeMin, rangeMax, accountId } = seeker;
    const { base, step, widenMs, unlimitedMs } = window;
    return this.bestMatch.get({
      ...{ playerId, matchKey, rating, rangeMin, rangeMax, accountId },
      ...{ ownAge: Math.max(0, Math.trunc(ownAge)), now: Math.trunc(now), base, step, widenMs, unlimitedMs },
    });
  }

  take(seekId, notPlayer = '') {
    const row = this.deleteSeek.get(seekId, notPlayer);
    return row ? { data: JSON.parse(row.data), secret: JSON.parse(row.secret) } : null;
  }

  async addSeek(record) {
    this.insert(record);
  }

  async pairOrAddSeek(record, { now = Date.now(), window = pairingWindow() } = {}) {
    const seeker = { playerId: record.playerId, matchKey: record.matchKey, ...seekColumns(record) };
    const match = this.match(seeker, 0, now, window);
    if (match !== undefined) return { taken: this.take(match) };
    this.insert(record);
    return { added: true };
  }

  async pairWaitingSeek({ seekId }, { now = Date.now(), window = pairingWindow() } = {}) {
    const own = this.selectSeek.get(seekId);
    if (!own) return null;
    const match = this.match(own, now - own.createdAt, now, window);
    if (match === undefined) return null;
    return { own: this.take(seekId), taken: this.take(match) };
  }

  async takeSeek(seekId, { notPlayer = '' } = {}) {
    return this.take(seekId, notPlayer);
  }

  async removeSeeks(seekIds) {
    return seekIds.filter((id) => this.take(id));
  }

  async removeDeadSeeks() {
    return this.deadSeeks.all(Date.now() - this.store.settings.leaseMs).map((row) => row.seek_id);
  }

  async openSeeks() {
    return this.selectSeeks.all().map((text) => JSON.parse(text));
  }

  async putGame(roomId, data, at) {
    this.upsertGame.run(roomId, at, JSON.stringify(data));
  }

  async removeGame(roomId) {
    return this.deleteGame.run(roomId).changes > 0;
  }

  async games({ since = 0 } = {}) {
    return this.selectGames.all(since).map((text) => JSON.parse(text));
  }

  async removeGamesBefore(before) {
    return this.deleteGamesBefore.run(before).changes;
  }

  // Delivered after the caller's turn, as a database's notification would be.
  async publish(event) {
    setImmediate(() => this.events.emit('event', event));
  }

  async subscribe(onEvent) {
    this.events.on('event', onEvent);
  }

  async close() {
    this.events.removeAllListeners();
  }
}
