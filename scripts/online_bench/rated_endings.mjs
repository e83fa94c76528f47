// Rated games ending together on several nodes (scripts/bench --online
// --rated-endings): `accounts` signed-in players (made in PostgreSQL with a
// session each, so the set-up spends no argon2) play `games` rated blitz
// xiangqi games from the lobby through HAProxy (seek:create, seek:accept,
// the seeker following `moved` to the room's node), each account in
// 2 x games / accounts of them, paired at random round after round. Every
// game is brought to its last move (`plies` moves, both sides moved), then
// the loser of each resigns, the resignations spread evenly over
// `windowS` seconds (0: all at once). Prints how long the endings took
// (first resignation sent to the last result at both players) and each
// resignation's ack and result times; then checks from PostgreSQL that
// every change was applied exactly once: one rating_changes row and one
// result per game, each account's games count its games, every change
// replayed in order with ratings/glicko2.js rateGame gives the stored
// ratings (server/ratings/replay.js), and every result a client saw carries
// the stored ratingDiff.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { changeFromRow, CHANGE_COLUMNS } from '../../server/store/account_rows.js';
import { compareRatings, replayChanges } from '../../server/ratings/replay.js';
import { Seat, sequences } from './rooms.mjs';

const PERF = 'xiangqi-blitz';
// 5 + 3: 420 s estimated, blitz; red's 300 s run from the second move, so
// the set-up of a thousand games has minutes before a flag.
const CLOCK = { initialMs: 300_000, incrementMs: 3000 };
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Accounts 'rated1'... with a session each: [{id, name, cookie}].
async function makeAccounts(db, count) {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t, 'utf8').digest('hex'));
  const now = Date.now();
  const { rows } = await db.query(
    `WITH made AS (
       INSERT INTO accounts (name, name_key, password_hash, created_at)
       SELECT 'rated' || i, 'rated' || i, NULL, $2 FROM generate_series(1, $1::int) AS i RETURNING id, name
     ), numbered AS (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM made),
     sessions AS (
       INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, user_agent)
       SELECT h.hash, numbered.id, $2, $2, 'bench' FROM numbered
       JOIN unnest($3::text[]) WITH ORDINALITY AS h(hash, n) ON h.n = numbered.n
     )
     SELECT id, name, n FROM numbered ORDER BY n`,
    [count, now, hashes],
  );
  return rows.map((r, i) => ({ id: r.id, name: r.name, cookie: `qipan_session=${tokens[i]}` }));
}

// Pairs for `games` games over the accounts: round after round each account
// plays once (an even count), against an opponent drawn at random.
function pairings(accounts, games, rng) {
  const pairs = [];
  while (pairs.length < games) {
    const order = accounts.map((a, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let k = 0; k + 1 < order.length && pairs.length < games; k += 2) pairs.push([order[k], order[k + 1]]);
  }
  return pairs;
}

const ok = (ack, what) => {
  if (!ack.ok) throw new Error(`${what}: ${ack.code} ${ack.reason ?? ''}`);
  return ack;
};

// A signed-in player's socket that said hello; it keeps the results and
// lobby starts it hears.
async function player(url, account) {
  const seat = new Seat(url, undefined, { headers: { cookie: account.cookie } });
  seat.account = account;
  seat.results = [];
  seat.started = new Map();
  await seat.connected();
  const hello = ok(await seat.call('hello', { playerKey: randomBytes(16).toString('base64url'), name: account.name }), 'hello');
  if (hello.account?.name !== account.name) throw new Error(`hello: not signed in as ${account.name}`);
  seat.socket.on('room:started', (e) => seat.started.set(e.roomId, e));
  seat.listen((e) => {
    if (e.type === 'result') seat.results.push({ roomId: e.roomId, data: e.data, at: performance.now() });
  });
  return seat;
}

function waitFor(check, timeoutMs, what) {
  const until = performance.now() + timeoutMs;
  return (async () => {
    for (;;) {
      const value = check();
      if (value) return value;
      if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  })();
}

// One game: the seek, its acceptance, the seeker at the room, `plies`
// moves. Resolves with {roomId, seats: [red, black]}.
async function openGame(url, [a, b], line, plies) {
  const red = await player(url, a);
  const black = await player(url, b);
  const { seekId } = ok(await red.call('seek:create', { game: 'xiangqi', clock: CLOCK, rated: true, color: 'first' }), 'seek');
  const accepted = ok(await black.request('seek:accept', { seekId }), 'seek:accept');
  if (accepted.seat !== 1 || accepted.state.rated !== true) throw new Error('not a rated game with the seeker first');
  const started = await waitFor(() => red.started.get(accepted.roomId), 20_000, "the seeker's room:started");
  Object.assign(red, { roomId: accepted.roomId, token: started.token });
  Object.assign(black, { roomId: accepted.roomId, token: accepted.token });
  ok(await red.request('room:join', { roomId: accepted.roomId, token: started.token }), "the seeker's room:join");
  const seats = [red, black];
  for (let step = 1; step <= plies; step++) {
    const { move, pos } = line[step - 1];
    const mover = seats[(step - 1) % 2];
    ok(await mover.request('move', { roomId: accepted.roomId, token: mover.token, step, move, pos }), `move ${step}`);
  }
  return { roomId: accepted.roomId, seats };
}

// Opens the games `batch` at a time; resolves with them in order.
async function openGames(url, pairs, accounts, lines, { plies, batch }) {
  const games = [];
  for (let start = 0; start < pairs.length; start += batch) {
    const opened = await Promise.all(
      pairs
        .slice(start, start + batch)
        .map(([x, y], k) => openGame(url, [accounts[x], accounts[y]], lines[(start + k) % lines.length], plies)),
    );
    games.push(...opened);
  }
  return games;
}

// Everything PostgreSQL holds about the games, checked: returns the lines
// to print and the problems found.
async function checkStore(db, games, accounts, pairs) {
  const problems = [];
  const roomIds = games.map((g) => g.roomId);
  const { rows: changeRows } = await db.query(
    `SELECT room_id, ${CHANGE_COLUMNS.join(', ')} FROM rating_changes WHERE room_id = ANY($1)`,
    [roomIds],
  );
  const { rows: all } = await db.query('SELECT count(*)::int AS n FROM rating_changes');
  const changes = changeRows.map((r) => ({ roomId: r.room_id, ...changeFromRow(r) }));
  const byRoom = new Map(changes.map((c) => [c.roomId, c]));
  if (changes.length !== games.length || all[0].n !== games.length)
    problems.push(`${changes.length} changes for ${games.length} games (${all[0].n} in the table)`);
  const { rows: results } = await db.query(
    "SELECT room_id, count(*)::int AS n FROM events WHERE room_id = ANY($1) AND type = 'result' GROUP BY room_id",
    [roomIds],
  );
  const resultCount = new Map(results.map((r) => [r.room_id, r.n]));
  const unresulted = roomIds.filter((id) => resultCount.get(id) !== 1);
  if (unresulted.length) problems.push(`${unresulted.length} games without exactly one result event`);
  // Each account's games: as planned, as counted in its rating, as changes.
  const planned = new Map();
  for (const [x, y] of pairs) for (const i of [x, y]) planned.set(accounts[i].id, (planned.get(accounts[i].id) ?? 0) + 1);
  const { rows: ratingRows } = await db.query(
    'SELECT account_id, perf, rating, rd, vol, games, last_at FROM ratings WHERE account_id = ANY($1)',
    [accounts.map((a) => a.id)],
  );
  const changed = new Map();
  for (const c of changes) for (const id of c.accounts) changed.set(id, (changed.get(id) ?? 0) + 1);
  let countsWrong = 0;
  for (const a of accounts) {
    const row = ratingRows.find((r) => r.account_id === a.id && r.perf === PERF);
    const want = planned.get(a.id) ?? 0;
    if ((row?.games ?? 0) !== want || (changed.get(a.id) ?? 0) !== want) countsWrong++;
  }
  if (countsWrong) problems.push(`${countsWrong} accounts whose games count is not their number of rated results`);
  // The replay, then the ratings table against it.
  const replay = replayChanges(changes);
  problems.push(...replay.problems.slice(0, 5));
  const stored = ratingRows.map((r) => ({
    accountId: r.account_id,
    perf: r.perf,
    rating: r.rating,
    rd: r.rd,
    vol: r.vol,
    games: r.games,
    lastAt: r.last_at,
  }));
  const unequal = compareRatings(replay.ratings, stored);
  problems.push(...unequal.slice(0, 5));
  // What the clients were told.
  let seen = 0;
  let wrongDiffs = 0;
  for (const g of games)
    for (const seat of g.seats)
      for (const r of seat.results.filter((e) => e.roomId === g.roomId)) {
        seen++;
        if (JSON.stringify(r.data.ratingDiff) !== JSON.stringify(byRoom.get(g.roomId)?.diff)) wrongDiffs++;
      }
  if (wrongDiffs) problems.push(`${wrongDiffs} result events whose ratingDiff is not the stored change's`);
  const lines = [
    `  ${changes.length} rating changes for ${games.length} games, ${games.length - unresulted.length} with one result event; ` +
      `${accounts.length - countsWrong} of ${accounts.length} accounts' games counts equal their rated results`,
    `  replayed ${replay.applied} changes in order with rateGame: ${replay.problems.length} differences from the stored ` +
      `changes, ${unequal.length} from the ratings table; ${seen} result events at the clients, ${wrongDiffs} with another ratingDiff`,
  ];
  return { lines, problems };
}

export async function runRatedEndings(target, { games: count, accounts: accountCount, plies, windowS, batch }) {
  if (accountCount % 2 || accountCount < 2) throw new Error('--accounts takes an even number');
  if (plies < 2) throw new Error('--plies: at least 2 (both sides move, or the game is not rated)');
  const db = new pg.Pool({ connectionString: target.postgresUrl, max: 2 });
  const rng = random(5454);
  let games = [];
  try {
    const accounts = await makeAccounts(db, accountCount);
    const pairs = pairings(accounts, count, rng);
    const lines = await sequences(100, plies);
    const setupStarted = performance.now();
    games = await openGames(target.url, pairs, accounts, lines, { plies, batch });
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const { rows: owners } = await db.query(
      'SELECT e.node, count(*)::int AS n FROM rooms r JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = ANY($1) GROUP BY e.node ORDER BY e.node',
      [games.map((g) => g.roomId)],
    );
    console.log(
      `rated endings: ${games.length} rated games (${PERF}, ${accountCount} accounts, each in ${(2 * count) / accountCount}) ` +
        `brought to move ${plies} in ${setupSeconds.toFixed(1)} s; rooms by node: ${owners.map((o) => `${o.node} ${o.n}`).join(', ')}`,
    );

    // The endings: each game's loser resigns at its moment of the window.
    const losers = games.map(() => (rng() < 0.5 ? 0 : 1));
    const acks = [];
    const failures = [];
    const started = performance.now();
    await Promise.all(
      games.map(async (g, i) => {
        await sleep(Math.max(0, started + (i / games.length) * windowS * 1000 - performance.now()));
        const loser = g.seats[losers[i]];
        g.resignedAt = performance.now();
        const ack = await loser.request('resign', { roomId: g.roomId, token: loser.token });
        if (!ack.ok) failures.push(`${g.roomId}: ${ack.code}`);
        acks.push(performance.now() - g.resignedAt);
      }),
    );
    // Until both players of every game heard its result (or a minute).
    const heard = (g) => g.seats.every((s) => s.results.some((r) => r.roomId === g.roomId));
    await waitFor(() => games.every(heard), 60_000, 'every result at both players').catch((error) =>
      failures.push(error.message),
    );
    const lastResult = Math.max(...games.flatMap((g) => g.seats.flatMap((s) => s.results.map((r) => r.at))));
    const toResult = games
      .map((g) => Math.max(...g.seats.map((s) => s.results.find((r) => r.roomId === g.roomId)?.at ?? Infinity)) - g.resignedAt)
      .sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    const ms = (list, p) => percentile(list, p).toFixed(1);
    console.log(
      `  ${games.length} resignations over ${windowS} s: the endings took ${((lastResult - started) / 1000).toFixed(2)} s ` +
        `(first resignation sent to the last result at both players); ${failures.length} failed`,
    );
    console.log(
      `  resign ack p50 ${ms(acks, 50)} ms, p99 ${ms(acks, 99)} ms, max ${acks.at(-1).toFixed(1)} ms; ` +
        `result at both players p50 ${ms(toResult, 50)} ms, p99 ${ms(toResult, 99)} ms, max ${toResult.at(-1).toFixed(1)} ms`,
    );
    const checked = await checkStore(db, games, accounts, pairs);
    for (const line of checked.lines) console.log(line);
    const problems = [...failures.slice(0, 5), ...checked.problems];
    console.log(problems.length ? `  PROBLEMS:\n    ${problems.join('\n    ')}` : '  every rating change applied exactly once');
    return problems.length;
  } finally {
    for (const g of games)
      for (const s of g.seats) {
        s.socket.off();
        s.socket.io.off();
        s.socket.close();
      }
    await db.end();
  }
}
