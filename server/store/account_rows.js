// What both stores share for accounts and ratings (store.js, "Accounts and
// ratings"): the methods each implements (sqlite_accounts.js,
// postgres_accounts.js), a rated append's checks, and one rated result
// turned into the rows to write. The SQL stays in each store.
import {
  DEFAULT_RATING,
  DEFAULT_RD,
  DEFAULT_VOL,
  RATING_PERIODS_PER_DAY,
  idleRd,
  rateGame,
  ratingDiff,
} from '../ratings/glicko2.js';
import { refusal } from './leased_store.js';

export const ACCOUNT_METHODS = [
  'createAccount',
  'accountByKey',
  'accountById',
  'accountNames',
  'setPassword',
  'useRecoveryCode',
  'createSession',
  'sessionByToken',
  'sessions',
  'endSessions',
  'addPasskey',
  'passkey',
  'passkeys',
  'setPasskeyCounter',
  'claimPlayer',
  'accountOfPlayer',
  'accountPlayers',
  'deleteAccount',
  'ratings',
  'ratingChange',
  'ratingHistory',
  'headToHead',
  'leaderboard',
  'countAccounts',
];

// The store's methods of ACCOUNT_METHODS call its `accounts` object's.
export function delegateAccounts(StoreClass) {
  for (const name of ACCOUNT_METHODS) {
    StoreClass.prototype[name] = function (...args) {
      return this.accounts[name](...args);
    };
  }
}

// lastSeenAt is written at most this often.
export const SESSION_TOUCH_MS = 60_000;

const DAY_MS = 86_400_000;
const SCALE = 173.7178;
// A leaderboard counts a deviation as grown to now: rd^2 + (SCALE vol)^2 *
// RATING_PERIODS_PER_DAY * idle days <= maxRd^2 (no square root in SQL).
export const IDLE_RD_GROWTH = (SCALE * SCALE * RATING_PERIODS_PER_DAY) / DAY_MS;

export const NEW_RATING = { rating: DEFAULT_RATING, rd: DEFAULT_RD, vol: DEFAULT_VOL };

// `rated` of appendEvents: {perf, accounts: [id0, id1], scores: [s0, s1]}.
export function checkRated(rated) {
  const { perf, accounts, scores } = rated ?? {};
  const ok =
    typeof perf === 'string' &&
    perf.length > 0 &&
    Array.isArray(accounts) &&
    accounts.length === 2 &&
    accounts.every((id) => Number.isSafeInteger(id) && id > 0) &&
    accounts[0] !== accounts[1] &&
    Array.isArray(scores) &&
    scores.length === 2 &&
    scores.every((s) => s === 0 || s === 0.5 || s === 1) &&
    scores[0] + scores[1] === 1;
  if (!ok) throw refusal('bad_rated', `not a rated result: ${JSON.stringify(rated)}`);
}

// A rated append is rated at its result event's time (its last event's
// when it has none).
export function resultAt(events) {
  const result = events.findLast((e) => e.type === 'result') ?? events[events.length - 1];
  return result.at;
}

const glicko = (r) => ({ rating: r.rating, rd: r.rd, vol: r.vol });

// One rated result, given both players' rows as stored (null: none yet):
// the rows to store, the change to record and its rounded differences.
export function rateResult(roomId, { perf, accounts, scores }, rows, at) {
  const after = rateGame(rows[0], rows[1], scores[0], at);
  const before = rows.map((row) => (row ? glicko(row) : NEW_RATING));
  const diff = [ratingDiff(before[0], after[0]), ratingDiff(before[1], after[1])];
  return {
    rows: after,
    change: { roomId, perf, accounts: [...accounts], scores: [...scores], before, after: after.map(glicko), diff, at },
  };
}

// A change as a row of rating_changes, and back.
export function changeRow(c) {
  return {
    room_id: c.roomId,
    perf: c.perf,
    account_a: c.accounts[0],
    account_b: c.accounts[1],
    score_a: c.scores[0],
    score_b: c.scores[1],
    rating_a_before: c.before[0].rating,
    rd_a_before: c.before[0].rd,
    vol_a_before: c.before[0].vol,
    rating_b_before: c.before[1].rating,
    rd_b_before: c.before[1].rd,
    vol_b_before: c.before[1].vol,
    rating_a: c.after[0].rating,
    rd_a: c.after[0].rd,
    vol_a: c.after[0].vol,
    rating_b: c.after[1].rating,
    rd_b: c.after[1].rd,
    vol_b: c.after[1].vol,
    diff_a: c.diff[0],
    diff_b: c.diff[1],
    at: c.at,
  };
}

export const CHANGE_COLUMNS = Object.keys(changeRow({ accounts: [], scores: [], before: [{}, {}], after: [{}, {}], diff: [] }));

export function changeFromRow(r) {
  return {
    perf: r.perf,
    accounts: [r.account_a, r.account_b],
    scores: [r.score_a, r.score_b],
    before: [
      { rating: r.rating_a_before, rd: r.rd_a_before, vol: r.vol_a_before },
      { rating: r.rating_b_before, rd: r.rd_b_before, vol: r.vol_b_before },
    ],
    after: [
      { rating: r.rating_a, rd: r.rd_a, vol: r.vol_a },
      { rating: r.rating_b, rd: r.rd_b, vol: r.vol_b },
    ],
    diff: [r.diff_a, r.diff_b],
    at: r.at,
  };
}

// ratingHistory's rows: one side of each change, as seen by that account.
export const HISTORY_SELECT = (side, other) =>
  `SELECT room_id, perf, at, rating_${side} AS rating, diff_${side} AS diff, account_${other} AS opponent_id,
     score_${side} AS score FROM rating_changes`;

export function historyFromRow(r) {
  return { roomId: r.room_id, perf: r.perf, at: r.at, rating: r.rating, diff: r.diff, opponentId: r.opponent_id, score: r.score };
}

export function accountFromRow(r) {
  return r ? { id: r.id, name: r.name, nameKey: r.name_key, passwordHash: r.password_hash, createdAt: r.created_at } : null;
}

export function ratingFromRow(r) {
  return { rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, lastAt: r.last_at };
}

// A leaderboard row, its deviation grown to `now`.
export function boardFromRow(r, now) {
  const days = r.last_at == null ? 0 : (now - r.last_at) / DAY_MS;
  return { name: r.name, rating: r.rating, rd: idleRd(r.rd, r.vol, days), games: r.games };
}

export function passkeyFromRow(r, withKey) {
  const passkey = {
    accountId: r.account_id,
    credentialId: r.credential_id,
    counter: r.counter,
    transports: typeof r.transports === 'string' ? JSON.parse(r.transports) : r.transports,
    createdAt: r.created_at,
  };
  if (withKey) passkey.publicKey = new Uint8Array(r.public_key);
  return passkey;
}

export const nameTaken = (nameKey) => refusal('name_taken', `the name ${nameKey} is taken`);
export const passkeyExists = () => refusal('passkey_exists', 'that passkey is registered');

// Rated games between two accounts, as the first sees them (both stores
// count the same way): {games, wins, draws, losses}.
export const HEAD_TO_HEAD_SQL = (a, b) => `
  SELECT count(*) AS games,
    coalesce(sum(CASE WHEN (account_a = ${a} AND score_a = 1) OR (account_b = ${a} AND score_b = 1) THEN 1 ELSE 0 END), 0) AS wins,
    coalesce(sum(CASE WHEN score_a = 0.5 THEN 1 ELSE 0 END), 0) AS draws
  FROM rating_changes
  WHERE (account_a = ${a} AND account_b = ${b}) OR (account_a = ${b} AND account_b = ${a})`;

export function headToHeadFromRow(row) {
  const [games, wins, draws] = [Number(row.games), Number(row.wins), Number(row.draws)];
  return { games, wins, draws, losses: games - wins - draws };
}
