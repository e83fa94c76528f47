// The pages people look at, with many players (scripts/bench --online
// --accounts-pages): PostgreSQL seeded with `accounts` accounts and `games`
// rated games (rating_changes and ratings rows as the store would have
// written them: every account's chain of changes links each game's rating
// before to the one after its previous game, and its ratings row is its last
// game's), then GET /api/user/NAME and GET /api/leaderboard/PERF timed
// through a running node over HTTP, `concurrency` requests at a time.
//
// The seed is made by SQL alone (generate_series, window functions), with
// a fixed random seed: who plays is skewed (an account's share of games
// falls with its number, so a few play thousands of games and most play a
// few), each game in one of six perfs, at a time within the last year.
// Profiles are asked for with the same skew (active players are looked at
// more); the leaderboards of the six perfs in turn.
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOL } from '../../server/ratings/glicko2.js';

const DAY_MS = 86_400_000;
// The perfs seeded and their shares of the games.
export const SEEDED_PERFS = [
  ['xiangqi-blitz', 0.5],
  ['xiangqi-rapid', 0.2],
  ['xiangqi-bullet', 0.1],
  ['reversi-blitz', 0.1],
  ['reversi-rapid', 0.05],
  ['checkers-blitz', 0.05],
];

// The name of account number i (1-based), its id as seeded.
export const accountName = (i) => `player${i}`;

// An account's strength (where its rating settles), from its number alone.
const STRENGTH = `(1500 + 400 * (((x * 7919) % 1000) / 1000.0 + ((x * 104729) % 997) / 997.0
  + ((x * 1299709) % 991) / 991.0 - 1.5))`;
// Its rating, deviation and volatility after its k-th game in a perf (k >= 1):
// from 1500 towards its strength, the deviation falling from 500 to 45.
const RATING_AFTER = (k) => `(${STRENGTH} + (1500 - ${STRENGTH}) * exp(-(${k}) / 6.0) + 25 * sin((${k}) + x))`;
const RD_AFTER = (k) => `greatest(45, 500 * exp(-(${k}) / 4.0))`;
const VOL_AFTER = '0.06';
const before = (k, after, fresh) => `(CASE WHEN ${k} = 1 THEN ${fresh} ELSE ${after(`${k} - 1`)} END)`;

// Seeds the tables of an empty store (the node made them); returns the
// seconds it took. `now`: the newest game's time.
export async function seedAccounts(db, { accounts, games, now = Date.now() }) {
  const started = performance.now();
  const perfCase = (() => {
    let upTo = 0;
    const arms = SEEDED_PERFS.map(([perf, share]) => {
      upTo += share;
      return `WHEN u < ${upTo.toFixed(4)} THEN '${perf}'`;
    });
    return `CASE ${arms.join(' ')} ELSE '${SEEDED_PERFS[0][0]}' END`;
  })();
  const steps = [
    'SELECT setseed(0.54)',
    // Accounts 1..N, joined over the two years before the first game.
    `INSERT INTO accounts (id, name, name_key, password_hash, created_at) OVERRIDING SYSTEM VALUE
     SELECT i, 'player' || i, 'player' || i, NULL, ${now} - ${2 * 365 * DAY_MS}::bigint + i * 1000
     FROM generate_series(1, ${accounts}) AS i`,
    `SELECT setval(pg_get_serial_sequence('accounts', 'id'), ${accounts})`,
    // The games: two different accounts, skewed towards low numbers.
    `CREATE TEMP TABLE seed_games AS
     SELECT n, 'bench' || n AS room_id, ${perfCase} AS perf, a,
       CASE WHEN b = a THEN a % ${accounts} + 1 ELSE b END AS b,
       (ARRAY[1, 0, 0.5, 1, 0])[1 + floor(random() * 5)::int]::float8 AS score_a,
       ${now} - floor(random() * ${365 * DAY_MS})::bigint AS at
     FROM (SELECT n, random() AS u,
             1 + least(${accounts - 1}, floor(${accounts} * random() ^ 2))::bigint AS a,
             1 + least(${accounts - 1}, floor(${accounts} * random() ^ 2))::bigint AS b
           FROM generate_series(1, ${games}) AS n) AS drawn`,
    // Each account's games in a perf, numbered in time order.
    `CREATE TEMP TABLE seed_sides AS
     SELECT room_id, perf, x, side, at, row_number() OVER (PARTITION BY x, perf ORDER BY at, room_id) AS k
     FROM (SELECT room_id, perf, a AS x, 0 AS side, at FROM seed_games
           UNION ALL SELECT room_id, perf, b AS x, 1 AS side, at FROM seed_games) AS s`,
    `CREATE TEMP TABLE seed_rated AS
     SELECT room_id, perf, x, side, at, k,
       ${before('k', RATING_AFTER, DEFAULT_RATING)} AS rating_before,
       ${before('k', RD_AFTER, DEFAULT_RD)} AS rd_before,
       ${before('k', () => VOL_AFTER, DEFAULT_VOL)} AS vol_before,
       ${RATING_AFTER('k')} AS rating, ${RD_AFTER('k')} AS rd, ${VOL_AFTER}::float8 AS vol
     FROM seed_sides`,
    'CREATE INDEX ON seed_rated (room_id, side)',
    `INSERT INTO rating_changes (room_id, perf, account_a, account_b, score_a, score_b,
       rating_a_before, rd_a_before, vol_a_before, rating_b_before, rd_b_before, vol_b_before,
       rating_a, rd_a, vol_a, rating_b, rd_b, vol_b, diff_a, diff_b, at)
     SELECT g.room_id, g.perf, g.a, g.b, g.score_a, 1 - g.score_a,
       ra.rating_before, ra.rd_before, ra.vol_before, rb.rating_before, rb.rd_before, rb.vol_before,
       ra.rating, ra.rd, ra.vol, rb.rating, rb.rd, rb.vol,
       round(ra.rating) - round(ra.rating_before), round(rb.rating) - round(rb.rating_before), g.at
     FROM seed_games g
     JOIN seed_rated ra ON ra.room_id = g.room_id AND ra.side = 0
     JOIN seed_rated rb ON rb.room_id = g.room_id AND rb.side = 1`,
    // Each account's rating as its last game in the perf left it.
    `INSERT INTO ratings (account_id, perf, rating, rd, vol, games, last_at)
     SELECT DISTINCT ON (x, perf) x, perf, rating, rd, vol, k, at FROM seed_rated ORDER BY x, perf, k DESC`,
    'DROP TABLE seed_games, seed_sides, seed_rated',
  ];
  const client = await db.connect();
  try {
    await client.query("SET work_mem = '256MB'");
    await client.query('BEGIN');
    for (const sql of steps) await client.query(sql);
    await client.query('COMMIT');
    // As autovacuum leaves a database that has run a while: statistics, and
    // the visibility map that lets an index-only scan skip the table.
    for (const table of ['accounts', 'ratings', 'rating_changes']) await client.query(`VACUUM ANALYZE ${table}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return (performance.now() - started) / 1000;
}

// The seeded tables as the store would have written them: counts, and every
// change's rating before equal to the one after the same account's previous
// game, every ratings row counting its account's games in the perf.
export async function checkSeed(db, { accounts, games }) {
  const one = async (sql, values) => (await db.query(sql, values)).rows[0];
  const counts = await one(
    `SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM rating_changes)::int AS games,
       (SELECT sum(games) FROM ratings)::bigint AS sides, (SELECT count(*) FROM ratings)::int AS ratings`,
  );
  if (counts.accounts !== accounts || counts.games !== games || Number(counts.sides) !== 2 * games)
    throw new Error(`the seed is not what was asked: ${JSON.stringify(counts)}`);
  const sides = `SELECT account_a AS x, perf, at, room_id, rating_a_before AS b, rating_a AS r FROM rating_changes
    UNION ALL SELECT account_b, perf, at, room_id, rating_b_before, rating_b FROM rating_changes`;
  const broken = await one(
    `WITH linked AS (SELECT b, lag(r) OVER (PARTITION BY x, perf ORDER BY at, room_id) AS previous FROM (${sides}) AS s)
     SELECT count(*)::int AS n FROM linked WHERE previous IS NOT NULL AND previous <> b`,
  );
  const last = await one(
    `WITH played AS (SELECT x, perf, count(*)::int AS n, max(at) AS at FROM (${sides}) AS s GROUP BY x, perf)
     SELECT count(*)::int AS n FROM played p FULL JOIN ratings g ON g.account_id = p.x AND g.perf = p.perf
     WHERE p.n IS DISTINCT FROM g.games OR p.at IS DISTINCT FROM g.last_at`,
  );
  if (broken.n || last.n) throw new Error(`the seed's chains are broken: ${broken.n} links, ${last.n} counts`);
  return counts;
}

// A small seeded random generator (the requests' choices).
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// GET of a path through `agent`: {status, ms, bytes}.
function timedGet(url, agent) {
  const started = performance.now();
  return new Promise((done, fail) => {
    get(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode, ms: performance.now() - started, bytes }));
    }).on('error', fail);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// `count` requests of the paths `pathOf(i)` gives, `concurrency` at a
// time: the latencies (ms, sorted), the failures, the mean answer size.
async function timeRequests(baseUrl, pathOf, { count, concurrency }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let failures = 0;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const path = pathOf(next++);
        const answer = await timedGet(`${baseUrl}${path}`, agent);
        if (answer.status !== 200) failures++;
        latencies.push(answer.ms);
        bytes += answer.bytes;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, failures, bytes: bytes / count, perSecond: count / seconds };
}

export function describe(name, r) {
  const ms = (p) => percentile(r.latencies, p).toFixed(1);
  return (
    `${name}: ${r.latencies.length} requests, p50 ${ms(50)} ms, p90 ${ms(90)} ms, p99 ${ms(99)} ms, ` +
    `max ${r.latencies.at(-1).toFixed(1)} ms; ${r.perSecond.toFixed(0)}/s, ${r.failures} failed, ${(r.bytes / 1024).toFixed(1)} KB each`
  );
}

// The profile's and the leaderboard's statements under EXPLAIN ANALYZE
// (the most active account), for finding where the time goes.
export async function explain(db) {
  const { rows } = await db.query(
    `SELECT x, count(*)::int AS n FROM (SELECT account_a AS x FROM rating_changes UNION ALL SELECT account_b FROM rating_changes) s
     GROUP BY x ORDER BY n DESC LIMIT 1`,
  );
  const { x, n } = rows[0];
  const plan = async (sql, values) =>
    (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values)).rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
  const { HISTORY, BOARD } = await import('../../server/store/postgres_accounts.js');
  const { IDLE_RD_GROWTH } = await import('../../server/store/account_rows.js');
  console.log(`  ratingHistory of the most active account (${n} games):\n${await plan(HISTORY, [x, null, 200])}`);
  console.log(`  leaderboard xiangqi-blitz:\n${await plan(BOARD, ['xiangqi-blitz', 10, IDLE_RD_GROWTH, Date.now(), 75, 100])}`);
}

// Seeds, then times the two pages through `target` (a running node over
// the same database). Returns the two results.
export async function runAccountsPages(target, { accounts, games, requests, concurrency, explainPlans = false }) {
  const db = new pg.Pool({ connectionString: target.postgresUrl, max: 2 });
  try {
    const seconds = await seedAccounts(db, { accounts, games });
    const counts = await checkSeed(db, { accounts, games });
    const size = (await db.query("SELECT pg_size_pretty(pg_database_size('qipan')) AS size")).rows[0].size;
    console.log(
      `seeded ${counts.accounts} accounts, ${counts.games} rated games (${counts.ratings} ratings rows) in ` +
        `${seconds.toFixed(1)} s; database ${size}`,
    );
    if (explainPlans) await explain(db);
    const rng = random(2024);
    const profileOf = () => `api/user/${accountName(1 + Math.min(accounts - 1, Math.floor(accounts * rng() ** 2)))}`;
    const boardOf = (i) => `api/leaderboard/${SEEDED_PERFS[i % SEEDED_PERFS.length][0]}`;
    const options = { count: Math.min(200, requests), concurrency };
    await timeRequests(target.url, profileOf, options); // warm-up: connections, caches, the JIT
    await timeRequests(target.url, boardOf, options);
    const profiles = await timeRequests(target.url, profileOf, { count: requests, concurrency });
    const boards = await timeRequests(target.url, boardOf, { count: requests, concurrency });
    return { profiles, boards };
  } finally {
    await db.end();
  }
}
