// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013) with
// lila's (lichess's) parameters. Ratings are kept on the Glicko scale
// (1500 / 350-style numbers); the update works on the Glicko-2 scale
// (mu = (r - 1500) / 173.7178, phi = RD / 173.7178), as the paper's steps do.
// One rated game is one rating period, as on lichess, whose deviation
// growth is the days since the player's last rated game (rateGame, idleRd).

export const DEFAULT_RATING = 1500;
export const DEFAULT_RD = 500;
export const DEFAULT_VOL = 0.09;
export const TAU = 0.75;
export const MIN_RD = 45;
export const MAX_RD = 500;
export const MAX_VOL = 0.1;
// Rating periods per day of idle time: a deviation of 60 grows to about 110
// in a year at volatility 0.06.
export const RATING_PERIODS_PER_DAY = 0.21436;
// A rating whose deviation is at least this is provisional (shown `1500?`).
export const PROVISIONAL_RD = 110;

const SCALE = 173.7178;
const EPSILON = 1e-6;
const DAY_MS = 86_400_000;

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

// The new volatility (step 5), by the Illinois algorithm.
function newVolatility(phi, sigma, delta, v, tau) {
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const f = (x) => {
    const ex = Math.exp(x);
    return (ex * (delta * delta - phi2 - v - ex)) / (2 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi2 + v) B = Math.log(delta * delta - phi2 - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

// One rating period: `player` {rating, rd, vol} against `games` [{rating,
// rd, score}] (score 1, 0.5 or 0 for the player). Unclamped; with no games
// only the deviation grows (step 6). `periods`: how many rating periods the
// deviation grows by before the games (step 6's phi*): one in Glickman's
// paper; lila's elapsed time since the player's last game (see rateGame).
export function updateRating(player, games, { tau = TAU, periods = 1 } = {}) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (!games.length) return { rating: player.rating, rd: Math.sqrt(phi * phi + periods * sigma * sigma) * SCALE, vol: sigma };
  let vInverse = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const phiJ = game.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const vol = newVolatility(phi, sigma, delta, v, tau);
  const phiStar = Math.sqrt(phi * phi + periods * vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, vol };
}

const clampRd = (rd) => Math.min(MAX_RD, Math.max(MIN_RD, rd));

// The deviation after `days` without a rated game: phi' = sqrt(phi^2 +
// sigma^2 * periods), within [MIN_RD, MAX_RD].
export function idleRd(rd, vol, days) {
  const phi = rd / SCALE;
  const periods = Math.max(0, days) * RATING_PERIODS_PER_DAY;
  if (periods === 0) return clampRd(rd);
  return clampRd(Math.sqrt(phi * phi + vol * vol * periods) * SCALE);
}

export function isProvisional(rd) {
  return rd >= PROVISIONAL_RD;
}

export function ratingDiff(before, after) {
  return Math.round(after.rating) - Math.round(before.rating);
}

// A stored rating row as of `at` (ms): a new player's defaults, or the row
// with the rating periods elapsed since its lastAt (0.21436 a day) and the
// deviation those grew it to (what others see of it).
function asOf(row, at) {
  if (!row) return { rating: DEFAULT_RATING, rd: DEFAULT_RD, shownRd: DEFAULT_RD, vol: DEFAULT_VOL, games: 0, periods: 0 };
  const days = row.lastAt == null ? 0 : Math.max(0, at - row.lastAt) / DAY_MS;
  const periods = days * RATING_PERIODS_PER_DAY;
  return { rating: row.rating, rd: row.rd, shownRd: idleRd(row.rd, row.vol, days), vol: row.vol, games: row.games, periods };
}

// One rated game between stored rows `a` and `b` ({rating, rd, vol, games,
// lastAt}, or null for a player's first game in this perf) at `at` (ms),
// `scoreA` being a's score (1, 0.5, 0). As on lila, a game is a rating
// period whose deviation growth (step 6) is the time since the player's
// own last game, not a whole period: a player who plays often settles to a
// small deviation (about 45-60), one who stops drifts back towards 500.
// Each is rated against the other's deviation as it stands (grown by idle
// time), then clamped. Returns [newA, newB].
export function rateGame(a, b, scoreA, at, { tau = TAU } = {}) {
  const [pa, pb] = [asOf(a, at), asOf(b, at)];
  const rated = (self, other, score) => {
    const next = updateRating(self, [{ rating: other.rating, rd: other.shownRd, score }], { tau, periods: self.periods });
    return { rating: next.rating, rd: clampRd(next.rd), vol: Math.min(MAX_VOL, next.vol), games: self.games + 1, lastAt: at };
  };
  return [rated(pa, pb, scoreA), rated(pb, pa, 1 - scoreA)];
}
