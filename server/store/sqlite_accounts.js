// Accounts, sessions, passkeys and ratings in the SQLite store (store.js,
// "Accounts and ratings"; the tables are in sqlite_schema.js). better-sqlite3
// is synchronous, so each method is atomic in this (the only) process.
// rateResult runs inside the append's own transaction (sqlite_store.js).
import {
  CHANGE_COLUMNS,
  HISTORY_SELECT,
  IDLE_RD_GROWTH,
  SESSION_TOUCH_MS,
  accountFromRow,
  boardFromRow,
  changeFromRow,
  changeRow,
  historyFromRow,
  nameTaken,
  passkeyExists,
  passkeyFromRow,
  rateResult,
  ratingFromRow,
  HEAD_TO_HEAD_SQL,
  headToHeadFromRow,
} from './account_rows.js';

const ACCOUNT = 'SELECT id, name, name_key, password_hash, created_at FROM accounts';
const PASSKEY = 'SELECT credential_id, account_id, public_key, counter, transports, created_at FROM passkeys';

const isUnique = (error) => error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

export class SqliteAccounts {
  constructor(db) {
    this.db = db;
    const insertAccount = db.prepare(
      'INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    );
    const insertCode = db.prepare('INSERT OR IGNORE INTO recovery_codes (account_id, code_hash) VALUES (?, ?)');
    this.createTx = db.transaction(({ name, nameKey, passwordHash = null, recoveryHashes = [], createdAt }) => {
      const { id } = insertAccount.get(name, nameKey, passwordHash, createdAt);
      for (const hash of recoveryHashes) insertCode.run(id, hash);
      return { id, name, createdAt };
    });
    this.byKey = db.prepare(`${ACCOUNT} WHERE name_key = ? AND deleted_at IS NULL`);
    this.byId = db.prepare(`${ACCOUNT} WHERE id = ? AND deleted_at IS NULL`);
    this.updatePassword = db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ? AND deleted_at IS NULL');
    this.useCode = db.prepare('UPDATE recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL');
    this.insertSession = db.prepare(
      `INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, user_agent) VALUES (?, ?, ?, ?, ?)
       RETURNING id`,
    );
    this.sessionOf = db.prepare(
      `SELECT s.id, s.account_id, s.created_at, s.last_seen_at FROM sessions s
       JOIN accounts a ON a.id = s.account_id AND a.deleted_at IS NULL WHERE s.token_hash = ?`,
    );
    this.touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
    this.selectSessions = db.prepare(
      'SELECT id, created_at, last_seen_at, user_agent FROM sessions WHERE account_id = ? ORDER BY created_at DESC, id DESC',
    );
    this.endOne = db.prepare('DELETE FROM sessions WHERE account_id = ? AND id = ?');
    this.endAllBut = db.prepare('DELETE FROM sessions WHERE account_id = ? AND id IS NOT ?');
    this.insertPasskey = db.prepare(
      `INSERT INTO passkeys (credential_id, account_id, public_key, counter, transports, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.selectPasskey = db.prepare(`${PASSKEY} WHERE credential_id = ?`);
    this.selectPasskeys = db.prepare(`${PASSKEY} WHERE account_id = ? ORDER BY created_at, credential_id`);
    this.updateCounter = db.prepare('UPDATE passkeys SET counter = ? WHERE credential_id = ?');
    this.insertPlayer = db.prepare('INSERT OR IGNORE INTO account_players (player_id, account_id) VALUES (?, ?)');
    this.playerAccount = db.prepare('SELECT account_id FROM account_players WHERE player_id = ?').pluck();
    this.accountPlayerIds = db.prepare('SELECT player_id FROM account_players WHERE account_id = ? ORDER BY player_id').pluck();
    const retire = db.prepare(
      `UPDATE accounts SET name = '', name_key = NULL, password_hash = NULL, deleted_at = ?
       WHERE id = ? AND deleted_at IS NULL`,
    );
    const forget = ['recovery_codes', 'sessions', 'passkeys', 'account_players'].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE account_id = ?`),
    );
    this.deleteTx = db.transaction((id, at) => {
      const changed = retire.run(at, id).changes > 0;
      for (const statement of forget) statement.run(id);
      return changed;
    });
    this.selectRatings = db.prepare(
      'SELECT perf, rating, rd, vol, games, last_at FROM ratings WHERE account_id = ? AND games > 0 ORDER BY perf',
    );
    this.selectRating = db.prepare('SELECT rating, rd, vol, games, last_at FROM ratings WHERE account_id = ? AND perf = ?');
    this.upsertRating = db.prepare(
      `INSERT INTO ratings (account_id, perf, rating, rd, vol, games, last_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, perf) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
         games = excluded.games, last_at = excluded.last_at`,
    );
    this.selectHeadToHead = db.prepare(HEAD_TO_HEAD_SQL('@a', '@b'));
    this.selectChange = db.prepare(`SELECT ${CHANGE_COLUMNS.join(', ')} FROM rating_changes WHERE room_id = ?`);
    this.insertChange = db.prepare(
      `INSERT INTO rating_changes (${CHANGE_COLUMNS.join(', ')}) VALUES (${CHANGE_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    // Each side's newest `limit` changes by its index, merged.
    this.selectHistory = db.prepare(
      `SELECT * FROM (${HISTORY_SELECT('a', 'b')} WHERE account_a = @id AND (@perf IS NULL OR perf = @perf)
         ORDER BY at DESC, room_id LIMIT @limit)
       UNION ALL
       SELECT * FROM (${HISTORY_SELECT('b', 'a')} WHERE account_b = @id AND (@perf IS NULL OR perf = @perf)
         ORDER BY at DESC, room_id LIMIT @limit)
       ORDER BY at DESC, room_id LIMIT @limit`,
    );
    this.selectNames = db.prepare(
      'SELECT id, name FROM accounts WHERE id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL',
    );
    this.selectBoard = db.prepare(
      `SELECT a.name, r.rating, r.rd, r.vol, r.games, r.last_at FROM ratings r
       JOIN accounts a ON a.id = r.account_id AND a.deleted_at IS NULL
       WHERE r.perf = @perf AND r.games >= @minGames
         AND r.rd * r.rd + r.vol * r.vol * @growth * max(0, @now - coalesce(r.last_at, @now)) <= @maxRd * @maxRd
       ORDER BY r.rating DESC, r.account_id LIMIT @limit`,
    );
    this.countLive = db.prepare('SELECT count(*) FROM accounts WHERE deleted_at IS NULL').pluck();
  }

  async createAccount(account) {
    try {
      return this.createTx(account);
    } catch (error) {
      if (isUnique(error)) throw nameTaken(account.nameKey);
      throw error;
    }
  }

  async accountByKey(nameKey) {
    return accountFromRow(this.byKey.get(nameKey));
  }

  async accountById(id) {
    return accountFromRow(this.byId.get(id));
  }

  async setPassword(accountId, passwordHash) {
    this.updatePassword.run(passwordHash, accountId);
  }

  async useRecoveryCode(accountId, codeHash) {
    return this.useCode.run(Date.now(), accountId, codeHash).changes === 1;
  }

  async createSession({ tokenHash, accountId, createdAt, userAgent = '' }) {
    return { id: this.insertSession.get(tokenHash, accountId, createdAt, createdAt, userAgent).id };
  }

  async sessionByToken(tokenHash, { now = Date.now() } = {}) {
    const row = this.sessionOf.get(tokenHash);
    if (!row) return null;
    let lastSeenAt = row.last_seen_at;
    if (now - lastSeenAt >= SESSION_TOUCH_MS) {
      this.touch.run(now, row.id);
      lastSeenAt = now;
    }
    return { id: row.id, accountId: row.account_id, createdAt: row.created_at, lastSeenAt };
  }

  async sessions(accountId) {
    return this.selectSessions
      .all(accountId)
      .map((r) => ({ id: r.id, createdAt: r.created_at, lastSeenAt: r.last_seen_at, userAgent: r.user_agent }));
  }

  async endSessions(accountId, { id = null, except = null } = {}) {
    if (id !== null) return this.endOne.run(accountId, id).changes;
    return this.endAllBut.run(accountId, except).changes;
  }

  async addPasskey(accountId, { credentialId, publicKey, counter = 0, transports = [], createdAt }) {
    try {
      this.insertPasskey.run(credentialId, accountId, Buffer.from(publicKey), counter, JSON.stringify(transports), createdAt);
    } catch (error) {
      if (isUnique(error)) throw passkeyExists();
      throw error;
    }
  }

  async passkey(credentialId) {
    const row = this.selectPasskey.get(credentialId);
    return row ? passkeyFromRow(row, true) : null;
  }

  async passkeys(accountId) {
    return this.selectPasskeys.all(accountId).map((row) => passkeyFromRow(row, false));
  }

  async setPasskeyCounter(credentialId, counter) {
    this.updateCounter.run(counter, credentialId);
  }

  async claimPlayer(accountId, playerId) {
    this.insertPlayer.run(playerId, accountId);
    return this.playerAccount.get(playerId) === accountId;
  }

  async accountOfPlayer(playerId) {
    return this.playerAccount.get(playerId) ?? null;
  }

  async accountPlayers(accountId) {
    return this.accountPlayerIds.all(accountId);
  }

  async deleteAccount(accountId) {
    return this.deleteTx.immediate(accountId, Date.now());
  }

  async accountNames(ids) {
    return new Map(this.selectNames.all(JSON.stringify([...new Set(ids)])).map((r) => [r.id, r.name]));
  }

  async ratings(accountId) {
    return Object.fromEntries(this.selectRatings.all(accountId).map((r) => [r.perf, ratingFromRow(r)]));
  }

  async ratingChange(roomId) {
    const row = this.selectChange.get(roomId);
    return row ? changeFromRow(row) : null;
  }

  async ratingHistory(accountId, { perf = null, limit = 200 } = {}) {
    return this.selectHistory.all({ id: accountId, perf, limit }).map(historyFromRow);
  }

  async headToHead(accountId, otherId) {
    return headToHeadFromRow(this.selectHeadToHead.get({ a: accountId, b: otherId }));
  }

  async leaderboard(perf, { limit = 100, maxRd = 75, minGames = 10, now = Date.now() } = {}) {
    return this.selectBoard
      .all({ perf, limit, maxRd, minGames, now, growth: IDLE_RD_GROWTH })
      .map((row) => boardFromRow(row, now));
  }

  async countAccounts() {
    return this.countLive.get();
  }

  // A rated result, inside the transaction that appends it: applied unless
  // the room's change is recorded already. Returns the rounded differences.
  rateResult(roomId, rated, at) {
    const done = this.selectChange.get(roomId);
    if (done) return [done.diff_a, done.diff_b];
    const rows = rated.accounts.map((id) => {
      const row = this.selectRating.get(id, rated.perf);
      return row && row.games > 0 ? ratingFromRow(row) : null;
    });
    const { rows: next, change } = rateResult(roomId, rated, rows, at);
    rated.accounts.forEach((id, i) => {
      const r = next[i];
      this.upsertRating.run(id, rated.perf, r.rating, r.rd, r.vol, r.games, r.lastAt);
    });
    this.insertChange.run(changeRow(change));
    return change.diff;
  }
}
