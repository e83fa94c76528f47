// Accounts, sessions, passkeys and ratings in the PostgreSQL store (store.js,
// "Accounts and ratings"; the tables are in postgres_schema.js), with the
// same behaviour as sqlite_accounts.js. Each method is one statement, or one
// transaction; rateResults runs inside the transaction of a batch of appends
// (postgres_store.js).
import {
  CHANGE_COLUMNS,
  HISTORY_SELECT,
  IDLE_RD_GROWTH,
  NEW_RATING,
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

const CREATE_ACCOUNT = `
WITH account AS (
  INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id
), codes AS (
  INSERT INTO recovery_codes (account_id, code_hash) SELECT account.id, h FROM account, unnest($5::text[]) AS h
  ON CONFLICT DO NOTHING
)
SELECT id FROM account`;

// The session and, at most once a minute, its last-seen time moved to now.
const SESSION = `
WITH found AS (
  SELECT s.id, s.account_id, s.created_at, s.last_seen_at FROM sessions s
  JOIN accounts a ON a.id = s.account_id AND a.deleted_at IS NULL WHERE s.token_hash = $1
), touched AS (
  UPDATE sessions s SET last_seen_at = $2 FROM found
  WHERE s.id = found.id AND s.last_seen_at <= $2 - $3::bigint
  RETURNING s.last_seen_at
)
SELECT found.id, found.account_id, found.created_at, coalesce((SELECT last_seen_at FROM touched), found.last_seen_at) AS last_seen_at
FROM found`;

const DELETE_ACCOUNT = `
WITH retired AS (
  UPDATE accounts SET name = '', name_key = NULL, password_hash = NULL, deleted_at = $2
  WHERE id = $1 AND deleted_at IS NULL RETURNING id
), codes AS (
  DELETE FROM recovery_codes WHERE account_id = $1
), ended AS (
  DELETE FROM sessions WHERE account_id = $1
), keys AS (
  DELETE FROM passkeys WHERE account_id = $1
), players AS (
  DELETE FROM account_players WHERE account_id = $1
)
SELECT count(*)::int AS retired FROM retired`;

// Each side's newest `limit` changes (an ordered scan of its index, so a
// player of thousands of games costs what one of 200 does), merged.
export const HISTORY = `
(${HISTORY_SELECT('a', 'b')} WHERE account_a = $1 AND ($2::text IS NULL OR perf = $2) ORDER BY at DESC, room_id LIMIT $3)
UNION ALL
(${HISTORY_SELECT('b', 'a')} WHERE account_b = $1 AND ($2::text IS NULL OR perf = $2) ORDER BY at DESC, room_id LIMIT $3)
ORDER BY at DESC, room_id LIMIT $3`;

export const BOARD = `
SELECT a.name, r.rating, r.rd, r.vol, r.games, r.last_at FROM ratings r
JOIN accounts a ON a.id = r.account_id AND a.deleted_at IS NULL
WHERE r.perf = $1 AND r.games >= $2
  AND r.rd * r.rd + r.vol * r.vol * $3::float8 * greatest(0, $4::bigint - coalesce(r.last_at, $4::bigint)) <= $5::float8 * $5::float8
ORDER BY r.rating DESC, r.account_id LIMIT $6`;

// The rows of the players about to be rated, created first when missing (a
// placeholder of 0 games, rated as a new player), so that FOR UPDATE can
// lock every one of them: in (account, perf) order in both statements, so
// two nodes rating the same players wait for each other, never deadlock.
const PLACEHOLDERS = `
INSERT INTO ratings (account_id, perf, rating, rd, vol, games, last_at)
SELECT k.account_id, k.perf, $3, $4, $5, 0, NULL
FROM unnest($1::bigint[], $2::text[]) AS k(account_id, perf) ORDER BY k.account_id, k.perf
ON CONFLICT DO NOTHING`;

const LOCK_RATINGS = `
SELECT account_id, perf, rating, rd, vol, games, last_at FROM ratings
WHERE (account_id, perf) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))
ORDER BY account_id, perf FOR UPDATE`;

const WRITE_RATINGS = `
WITH rated AS (
  UPDATE ratings r SET rating = n.rating, rd = n.rd, vol = n.vol, games = n.games, last_at = n.last_at
  FROM json_to_recordset($1::json)
    AS n(account_id bigint, perf text, rating float8, rd float8, vol float8, games int, last_at bigint)
  WHERE r.account_id = n.account_id AND r.perf = n.perf
)
INSERT INTO rating_changes (${CHANGE_COLUMNS.join(', ')})
SELECT ${CHANGE_COLUMNS.join(', ')} FROM json_to_recordset($2::json) AS c(
  room_id text, perf text, account_a bigint, account_b bigint, score_a float8, score_b float8,
  rating_a_before float8, rd_a_before float8, vol_a_before float8,
  rating_b_before float8, rd_b_before float8, vol_b_before float8,
  rating_a float8, rd_a float8, vol_a float8, rating_b float8, rd_b float8, vol_b float8,
  diff_a int, diff_b int, at bigint)`;

const key = (accountId, perf) => `${accountId} ${perf}`;

export class PostgresAccounts {
  constructor(pool) {
    this.pool = pool;
  }

  async query(text, values) {
    return this.pool.query(text, values);
  }

  async createAccount({ name, nameKey, passwordHash = null, recoveryHashes = [], createdAt }) {
    try {
      const { rows } = await this.query(CREATE_ACCOUNT, [name, nameKey, passwordHash, createdAt, recoveryHashes]);
      return { id: rows[0].id, name, createdAt };
    } catch (error) {
      if (error.code === '23505' && error.constraint === 'accounts_name_key') throw nameTaken(nameKey);
      throw error;
    }
  }

  async accountByKey(nameKey) {
    const { rows } = await this.query(`${ACCOUNT} WHERE name_key = $1 AND deleted_at IS NULL`, [nameKey]);
    return accountFromRow(rows[0]);
  }

  async accountById(id) {
    const { rows } = await this.query(`${ACCOUNT} WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return accountFromRow(rows[0]);
  }

  async setPassword(accountId, passwordHash) {
    await this.query('UPDATE accounts SET password_hash = $2 WHERE id = $1 AND deleted_at IS NULL', [accountId, passwordHash]);
  }

  async useRecoveryCode(accountId, codeHash) {
    const { rowCount } = await this.query(
      'UPDATE recovery_codes SET used_at = $3 WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL',
      [accountId, codeHash, Date.now()],
    );
    return rowCount === 1;
  }

  async createSession({ tokenHash, accountId, createdAt, userAgent = '' }) {
    const { rows } = await this.query(
      `INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, user_agent) VALUES ($1, $2, $3, $3, $4)
       RETURNING id`,
      [tokenHash, accountId, createdAt, userAgent],
    );
    return { id: rows[0].id };
  }

  async sessionByToken(tokenHash, { now = Date.now() } = {}) {
    const { rows } = await this.query(SESSION, [tokenHash, now, SESSION_TOUCH_MS]);
    if (!rows.length) return null;
    const r = rows[0];
    return { id: r.id, accountId: r.account_id, createdAt: r.created_at, lastSeenAt: r.last_seen_at };
  }

  async sessions(accountId) {
    const { rows } = await this.query(
      'SELECT id, created_at, last_seen_at, user_agent FROM sessions WHERE account_id = $1 ORDER BY created_at DESC, id DESC',
      [accountId],
    );
    return rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastSeenAt: r.last_seen_at, userAgent: r.user_agent }));
  }

  async endSessions(accountId, { id = null, except = null } = {}) {
    const { rowCount } =
      id !== null
        ? await this.query('DELETE FROM sessions WHERE account_id = $1 AND id = $2', [accountId, id])
        : await this.query('DELETE FROM sessions WHERE account_id = $1 AND id IS DISTINCT FROM $2', [accountId, except]);
    return rowCount;
  }

  async addPasskey(accountId, { credentialId, publicKey, counter = 0, transports = [], createdAt }) {
    try {
      await this.query(
        `INSERT INTO passkeys (credential_id, account_id, public_key, counter, transports, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [credentialId, accountId, Buffer.from(publicKey), counter, JSON.stringify(transports), createdAt],
      );
    } catch (error) {
      if (error.code === '23505') throw passkeyExists();
      throw error;
    }
  }

  async passkey(credentialId) {
    const { rows } = await this.query(`${PASSKEY} WHERE credential_id = $1`, [credentialId]);
    return rows.length ? passkeyFromRow(rows[0], true) : null;
  }

  async passkeys(accountId) {
    const { rows } = await this.query(`${PASSKEY} WHERE account_id = $1 ORDER BY created_at, credential_id`, [accountId]);
    return rows.map((row) => passkeyFromRow(row, false));
  }

  async setPasskeyCounter(credentialId, counter) {
    await this.query('UPDATE passkeys SET counter = $2 WHERE credential_id = $1', [credentialId, counter]);
  }

  async claimPlayer(accountId, playerId) {
    // The insert, or the row of whoever claimed it first.
    const { rows } = await this.query(
      `WITH claimed AS (
         INSERT INTO account_players (player_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING account_id
       )
       SELECT account_id FROM claimed UNION ALL SELECT account_id FROM account_players WHERE player_id = $1`,
      [playerId, accountId],
    );
    // Empty when a concurrent claim committed while this one waited (not in
    // this statement's snapshot): the next statement sees it.
    const owner = rows.length ? rows[0].account_id : await this.accountOfPlayer(playerId);
    return owner === accountId;
  }

  async accountOfPlayer(playerId) {
    const { rows } = await this.query('SELECT account_id FROM account_players WHERE player_id = $1', [playerId]);
    return rows.length ? rows[0].account_id : null;
  }

  async accountPlayers(accountId) {
    const { rows } = await this.query('SELECT player_id FROM account_players WHERE account_id = $1 ORDER BY player_id', [
      accountId,
    ]);
    return rows.map((r) => r.player_id);
  }

  async deleteAccount(accountId) {
    const { rows } = await this.query(DELETE_ACCOUNT, [accountId, Date.now()]);
    return rows[0].retired > 0;
  }

  async accountNames(ids) {
    const { rows } = await this.query('SELECT id, name FROM accounts WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL', [
      [...new Set(ids)],
    ]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async ratings(accountId) {
    const { rows } = await this.query(
      'SELECT perf, rating, rd, vol, games, last_at FROM ratings WHERE account_id = $1 AND games > 0 ORDER BY perf',
      [accountId],
    );
    return Object.fromEntries(rows.map((r) => [r.perf, ratingFromRow(r)]));
  }

  async ratingChange(roomId) {
    const { rows } = await this.query(`SELECT ${CHANGE_COLUMNS.join(', ')} FROM rating_changes WHERE room_id = $1`, [roomId]);
    return rows.length ? changeFromRow(rows[0]) : null;
  }

  async ratingHistory(accountId, { perf = null, limit = 200 } = {}) {
    const { rows } = await this.query(HISTORY, [accountId, perf, limit]);
    return rows.map(historyFromRow);
  }

  async headToHead(accountId, otherId) {
    const { rows } = await this.query(HEAD_TO_HEAD_SQL('$1::bigint', '$2::bigint'), [accountId, otherId]);
    return headToHeadFromRow(rows[0]);
  }

  async leaderboard(perf, { limit = 100, maxRd = 75, minGames = 10, now = Date.now() } = {}) {
    const { rows } = await this.query(BOARD, [perf, minGames, IDLE_RD_GROWTH, now, maxRd, limit]);
    return rows.map((row) => boardFromRow(row, now));
  }

  async countAccounts() {
    const { rows } = await this.query('SELECT count(*)::int AS n FROM accounts WHERE deleted_at IS NULL');
    return rows[0].n;
  }

  // The rated results of one batch of appends, in its transaction on
  // `client`, after its events were written: `jobs` [{i, roomId, rated, at}]
  // in the batch's order. A room whose change is recorded already is not
  // rated again. Resolves with a Map i -> ratingDiff.
  async rateResults(client, jobs) {
    const diffs = new Map();
    if (!jobs.length) return diffs;
    const done = await client.query('SELECT room_id, diff_a, diff_b FROM rating_changes WHERE room_id = ANY($1)', [
      jobs.map((job) => job.roomId),
    ]);
    const recorded = new Map(done.rows.map((r) => [r.room_id, [r.diff_a, r.diff_b]]));
    const todo = jobs.filter((job) => {
      if (recorded.has(job.roomId)) diffs.set(job.i, recorded.get(job.roomId));
      return !recorded.has(job.roomId);
    });
    if (!todo.length) return diffs;
    const keys = new Map();
    for (const { rated } of todo) for (const id of rated.accounts) keys.set(key(id, rated.perf), [id, rated.perf]);
    const sorted = [...keys.values()].sort(([a, p], [b, q]) => a - b || (p < q ? -1 : p > q ? 1 : 0));
    const ids = sorted.map(([id]) => id);
    const perfs = sorted.map(([, perf]) => perf);
    await client.query(PLACEHOLDERS, [ids, perfs, NEW_RATING.rating, NEW_RATING.rd, NEW_RATING.vol]);
    const locked = await client.query(LOCK_RATINGS, [ids, perfs]);
    const current = new Map(locked.rows.map((r) => [key(r.account_id, r.perf), r.games > 0 ? ratingFromRow(r) : null]));
    const changes = [];
    for (const job of todo) {
      const { perf, accounts } = job.rated;
      const rows = accounts.map((id) => current.get(key(id, perf)) ?? null);
      const { rows: next, change } = rateResult(job.roomId, job.rated, rows, job.at);
      accounts.forEach((id, s) => current.set(key(id, perf), next[s]));
      changes.push(changeRow(change));
      diffs.set(job.i, change.diff);
    }
    const written = sorted.map(([id, perf]) => {
      const r = current.get(key(id, perf));
      return { account_id: id, perf, rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, last_at: r.lastAt };
    });
    await client.query(WRITE_RATINGS, [JSON.stringify(written), JSON.stringify(changes)]);
    return diffs;
  }
}
