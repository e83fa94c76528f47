// The lobby's tables in the SQLite store (lobby_tables.js documents them).
// SQLite serves one node, so lobby events go round this process only.
import { EventEmitter } from 'node:events';

import { seekExists } from './lobby_tables.js';

export class SqliteLobby {
  constructor(db, store) {
    this.store = store;
    this.events = new EventEmitter();
    this.events.setMaxListeners(0);
    this.insertSeek = db.prepare(
      'INSERT INTO seeks (seek_id, player_id, match_key, epoch, created_at, data, secret) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.oldestMatch = db
      .prepare('SELECT seek_id FROM seeks WHERE match_key = ? AND player_id <> ? ORDER BY created_at, seek_id LIMIT 1')
      .pluck();
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
  insert({ seekId, playerId, matchKey, createdAt, data, secret }) {
    const open = this.seekOfPlayer.get(playerId);
    if (open !== undefined) throw seekExists(open);
    const epoch = this.store.node.epoch;
    this.insertSeek.run(seekId, playerId, matchKey, epoch, createdAt, JSON.stringify(data), JSON.stringify(secret));
  }

  take(seekId, notPlayer = '') {
    const row = this.deleteSeek.get(seekId, notPlayer);
    return row ? { data: JSON.parse(row.data), secret: JSON.parse(row.secret) } : null;
  }

  async addSeek(record) {
    this.insert(record);
  }

  async pairOrAddSeek(record) {
    const match = this.oldestMatch.get(record.matchKey, record.playerId);
    if (match !== undefined) return { taken: this.take(match) };
    this.insert(record);
    return { added: true };
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
