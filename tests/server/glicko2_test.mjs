// server/ratings/glicko2.js: Glickman's worked example, lila's clamps and
// idle growth, and one rated game between two stored rows.
import {
  DEFAULT_RATING,
  DEFAULT_RD,
  DEFAULT_VOL,
  MAX_RD,
  MAX_VOL,
  MIN_RD,
  idleRd,
  isProvisional,
  rateGame,
  ratingDiff,
  updateRating,
} from '../../server/ratings/glicko2.js';
import { compareRatings, replayChanges } from '../../server/ratings/replay.js';
import { assert, run, test } from './harness.mjs';

const DAY = 86_400_000;
const near = (actual, want, within, what) =>
  assert.ok(Math.abs(actual - want) <= within, `${what}: ${actual}, expected ${want} ± ${within}`);

test("Glickman's worked example (tau 0.5)", () => {
  const next = updateRating(
    { rating: 1500, rd: 200, vol: 0.06 },
    [
      { rating: 1400, rd: 30, score: 1 },
      { rating: 1550, rd: 100, score: 0 },
      { rating: 1700, rd: 300, score: 0 },
    ],
    { tau: 0.5 },
  );
  // The paper prints 1464.06, 151.52 and 0.05999 from values it rounded on
  // the way (mu' = -0.2069 gives 1464.06); unrounded it is 1464.0507, 151.5165
  // and 0.0599960: each within a unit of the paper's last printed decimal.
  near(next.rating, 1464.06, 0.01, 'rating');
  near(next.rd, 151.52, 0.01, 'RD');
  near(next.vol, 0.05999, 0.00001, 'volatility');
  near(next.rating, 1464.0507, 0.0001, 'rating, unrounded');
  near(next.rd, 151.5165, 0.0001, 'RD, unrounded');
});

test('a period without games only widens the deviation', () => {
  const next = updateRating({ rating: 1600, rd: 100, vol: 0.06 }, []);
  assert.equal(next.rating, 1600);
  assert.equal(next.vol, 0.06);
  near(next.rd, Math.sqrt(100 ** 2 + (0.06 * 173.7178) ** 2), 1e-9, 'RD');
});

test('idle growth: a regular player goes from RD 60 to about 110 in a year', () => {
  const rd = idleRd(60, 0.06, 365);
  near(rd, 110, 1, 'RD after a year');
  assert.ok(
    !isProvisional(idleRd(60, 0.06, 360)) && isProvisional(idleRd(60, 0.06, 370)),
    'provisional again after about a year',
  );
  assert.equal(idleRd(60, 0.06, 0), 60);
  assert.equal(idleRd(60, 0.06, -5), 60, 'a clock going back grows nothing');
  assert.equal(idleRd(300, 0.1, 100_000), MAX_RD, 'never above the maximum');
  assert.equal(idleRd(20, 0.06, 0), MIN_RD, 'never below the minimum');
});

test('clamps: RD within [45, 500], volatility at most 0.1', () => {
  // Settled players of low volatility would go under 45.
  const calm = { rating: 2000, rd: 45, vol: 0.01, games: 500, lastAt: 0 };
  assert.ok(updateRating(calm, [{ rating: 2000, rd: 45, score: 0.5 }]).rd < MIN_RD, 'unclamped: under 45');
  const [a, b] = rateGame(calm, calm, 0.5, 0);
  assert.equal(a.rd, MIN_RD);
  assert.equal(b.rd, MIN_RD);
  // Many games bring a new player's RD down from 500 (to about 70 at volatility 0.06).
  let c = null;
  for (let i = 0; i < 200; i++) [c] = rateGame(c, { rating: 1500, rd: 45, vol: 0.06, games: 9, lastAt: 0 }, 0.5, 0);
  assert.ok(c.rd >= MIN_RD && c.rd < 110, `RD ${c.rd}`);
  // An upset at volatility 0.1 would raise it past 0.1.
  const settled = { rating: 1500, rd: 60, vol: 0.1, games: 100, lastAt: 0 };
  const strong = { rating: 2600, rd: 45, vol: 0.06, games: 100, lastAt: 0 };
  // (Both played at time 0: no rating period elapsed before this game.)
  const raw = updateRating(settled, [{ rating: strong.rating, rd: strong.rd, score: 1 }], { periods: 0 });
  assert.ok(raw.vol > MAX_VOL, `unclamped the volatility passes 0.1 (${raw.vol})`);
  const [upset] = rateGame(settled, strong, 1, 0);
  assert.equal(upset.vol, MAX_VOL);
  near(upset.rating, raw.rating, 1e-9, 'the rating as unclamped');
  const [first] = rateGame(null, { rating: 1500, rd: 500, vol: 0.09, games: 0, lastAt: null }, 1, 0);
  assert.ok(first.rd <= MAX_RD);
});

test("a regular player's deviation settles low enough for the leaderboard, as on lichess", () => {
  // Forty games six hours apart against settled players, a third won, a
  // third drawn, a third lost: each game grows the deviation by the quarter
  // day since the last one only, so it falls well under 75 (the leaderboard's
  // bound). Growing it by a whole period per game kept it near 75 for ever.
  let player = null;
  let at = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 40; i++) {
    const opponent = { rating: 1500 + ((i % 3) - 1) * 100, rd: 60, vol: 0.06, games: 50, lastAt: at };
    [player] = rateGame(player, opponent, [1, 0.5, 0][i % 3], at);
    at += DAY / 4;
  }
  assert.ok(player.rd < 65 && player.rd >= MIN_RD, `RD ${player.rd}`);
  assert.ok(!isProvisional(player.rd));
  // A month away, and the next game starts from a wider deviation.
  const [back] = rateGame(
    { ...player, lastAt: at - 30 * DAY },
    { rating: 1500, rd: 60, vol: 0.06, games: 50, lastAt: at },
    0.5,
    at,
  );
  const [stayed] = rateGame(player, { rating: 1500, rd: 60, vol: 0.06, games: 50, lastAt: at }, 0.5, at);
  assert.ok(back.rd > stayed.rd, `${back.rd} after a month away, ${stayed.rd} without`);
});

test('new players: defaults, one game each, lastAt set', () => {
  const at = Date.UTC(2026, 0, 1);
  const [a, b] = rateGame(null, null, 1, at);
  assert.equal(a.games, 1);
  assert.equal(b.games, 1);
  assert.equal(a.lastAt, at);
  assert.equal(b.lastAt, at);
  assert.ok(a.rating > DEFAULT_RATING && b.rating < DEFAULT_RATING);
  near(a.rating - DEFAULT_RATING, DEFAULT_RATING - b.rating, 1e-9, 'equal and opposite');
  assert.ok(a.rd < DEFAULT_RD && isProvisional(a.rd));
  assert.ok(a.vol <= MAX_VOL);
  assert.equal(ratingDiff({ rating: DEFAULT_RATING }, a), Math.round(a.rating) - 1500);
  // Stored rows: a new player's row is the defaults.
  const defaults = { rating: DEFAULT_RATING, rd: DEFAULT_RD, vol: DEFAULT_VOL, games: 0, lastAt: null };
  assert.deepEqual(rateGame(defaults, null, 1, at), [a, b]);
});

test('rateGame is symmetric', () => {
  const at = Date.UTC(2026, 5, 1);
  const x = { rating: 1720, rd: 80, vol: 0.07, games: 30, lastAt: at - 10 * DAY };
  const y = { rating: 1540, rd: 140, vol: 0.09, games: 4, lastAt: at - 2 * DAY };
  for (const score of [1, 0.5, 0]) {
    const [xa, ya] = rateGame(x, y, score, at);
    const [yb, xb] = rateGame(y, x, 1 - score, at);
    assert.deepEqual([xa, ya], [xb, yb], `score ${score}`);
  }
  const [win] = rateGame(x, y, 1, at);
  const [loss] = rateGame(x, y, 0, at);
  assert.ok(win.rating > x.rating && loss.rating < x.rating);
});

test('a draw between equals changes no rating; idle time widens each RD first', () => {
  const at = Date.UTC(2026, 5, 1);
  const row = { rating: 1800, rd: 60, vol: 0.06, games: 50, lastAt: at };
  const [a, b] = rateGame(row, { ...row }, 0.5, at);
  near(a.rating, 1800, 1e-9, 'rating');
  near(b.rating, 1800, 1e-9, 'rating');
  assert.equal(ratingDiff(row, a), 0);
  // The same game a year later: RDs grew to about 110 before it, so they end higher.
  const idle = { ...row, lastAt: at - 365 * DAY };
  const [c] = rateGame(idle, idle, 0.5, at);
  assert.ok(c.rd > a.rd + 20, `${c.rd} vs ${a.rd}`);
  // Idle growth is the player's own: a fresh opponent's RD stays.
  const [, d] = rateGame(idle, row, 0.5, at);
  assert.ok(d.rd < c.rd);
});

// Games between accounts 1-3 rated as a store rates them (each from its
// players' rows as they are), applied in `order`: the changes and the rows.
function storedGames(order) {
  const rows = new Map();
  const games = [
    { roomId: 'r1', accounts: [1, 2], scores: [1, 0], at: 1000 },
    { roomId: 'r2', accounts: [2, 3], scores: [0.5, 0.5], at: 2000 },
    { roomId: 'r3', accounts: [3, 1], scores: [0, 1], at: 2000 },
    { roomId: 'r4', accounts: [1, 2], scores: [0, 1], at: 5000 },
  ];
  const changes = order.map((i) => {
    const g = games[i];
    const before = g.accounts.map((id) => rows.get(id) ?? null);
    const after = rateGame(before[0], before[1], g.scores[0], g.at);
    g.accounts.forEach((id, s) => rows.set(id, after[s]));
    const glicko = (r) => ({ rating: r.rating, rd: r.rd, vol: r.vol });
    const fresh = { rating: DEFAULT_RATING, rd: DEFAULT_RD, vol: DEFAULT_VOL };
    return {
      ...g,
      perf: 'xiangqi-blitz',
      before: before.map((r) => (r ? glicko(r) : fresh)),
      after: after.map(glicko),
      diff: [0, 1].map((s) => ratingDiff(before[s] ?? fresh, after[s])),
    };
  });
  const table = [...rows].map(([accountId, r]) => ({ accountId, perf: 'xiangqi-blitz', ...r }));
  return { changes, table };
}

test('a replay of stored changes finds the order they were applied in, and a lost or doubled one', () => {
  // r3 applied before r2 although both ended at once (two nodes).
  const { changes, table } = storedGames([0, 2, 1, 3]);
  const replay = replayChanges(changes);
  assert.deepEqual(replay.problems, []);
  assert.equal(replay.applied, 4);
  assert.deepEqual(compareRatings(replay.ratings, table), []);
  // A change lost (its players' later changes start from it).
  assert.match(replayChanges(changes.filter((c) => c.roomId !== 'r1')).problems[0], /follow no replayed rating/);
  // A game rated twice but recorded once (its room is the key): the later
  // changes follow the second rating, and the ratings table is a game on.
  const twice = storedGames([0, 0, 2, 1, 3]);
  const recorded = twice.changes.filter((c, i) => i !== 1);
  assert.match(replayChanges(recorded).problems[0], /follow no replayed rating/);
  assert.ok(compareRatings(replay.ratings, twice.table).length > 0, 'the doubled game shows in the ratings table');
  // Two changes rated from the same stale row (a lost update).
  const stale = storedGames([0, 1, 3]);
  const fromStale = { ...changes.find((c) => c.roomId === 'r3'), before: stale.changes[0].before };
  assert.ok(replayChanges([...stale.changes, fromStale]).problems.length > 0);
  // A stored result that is not what rateGame gives.
  const off = changes.map((c) => (c.roomId === 'r4' ? { ...c, diff: [c.diff[0] + 1, c.diff[1]] } : c));
  assert.match(replayChanges(off).problems[0], /r4: side 0 differs by/);
});

process.exitCode = (await run()) ? 1 : 0;
