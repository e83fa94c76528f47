// Stored rating changes replayed (the cluster test and scripts/bench
// --online --rated-endings check the store with it): from no ratings at
// all, every change is rated again with rateGame, in the order the store
// applied them, and must give the stored ratings after the game and
// differences; the replay's last state of each account is what the ratings
// table should hold. The order is each player's chain of changes (a
// change's rating before is the one after the same player's previous
// game), earliest result first where both are ready: results that end at
// once on two nodes may be applied in another order than their times say.
// A change applied twice, lost, or computed from a stale row breaks a chain.
import { DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOL, rateGame, ratingDiff } from './glicko2.js';

const NEW = { rating: DEFAULT_RATING, rd: DEFAULT_RD, vol: DEFAULT_VOL };
const key = (accountId, perf) => `${accountId} ${perf}`;
const same = (a, b) => a.rating === b.rating && a.rd === b.rd && a.vol === b.vol;

// `changes`: [{roomId, perf, accounts, scores, before, after, diff, at}]
// (store.ratingChange's shape with its room). Returns {ratings: Map
// "accountId perf" -> {rating, rd, vol, games, lastAt}, applied, problems:
// [text]} (no problems: every change replayed to its stored values).
export function replayChanges(changes) {
  const ratings = new Map();
  const problems = [];
  const pending = [...changes].sort((x, y) => x.at - y.at || (x.roomId < y.roomId ? -1 : x.roomId > y.roomId ? 1 : 0));
  const rowOf = (c, side) => ratings.get(key(c.accounts[side], c.perf)) ?? null;
  const ready = (c) => [0, 1].every((side) => same(rowOf(c, side) ?? NEW, c.before[side]));
  let applied = 0;
  while (pending.length) {
    const i = pending.findIndex(ready);
    if (i < 0) {
      problems.push(
        `${pending.length} changes follow no replayed rating (first: ${pending[0].roomId}, its rating before ` +
          `${JSON.stringify(pending[0].before)}): a change lost, doubled or rated from a stale row`,
      );
      break;
    }
    const [c] = pending.splice(i, 1);
    const rows = [rowOf(c, 0), rowOf(c, 1)];
    const next = rateGame(rows[0], rows[1], c.scores[0], c.at);
    for (const side of [0, 1]) {
      if (!same(next[side], c.after[side]))
        problems.push(
          `${c.roomId}: side ${side} replays to ${JSON.stringify(next[side])}, stored ${JSON.stringify(c.after[side])}`,
        );
      const diff = ratingDiff(rows[side] ?? NEW, next[side]);
      if (diff !== c.diff[side]) problems.push(`${c.roomId}: side ${side} differs by ${diff}, stored ${c.diff[side]}`);
      ratings.set(key(c.accounts[side], c.perf), next[side]);
    }
    applied++;
  }
  return { ratings, applied, problems };
}

// The ratings rows [{accountId, perf, rating, rd, vol, games, lastAt}]
// compared with a replay's: the differences as text (none: equal). Rows of
// no games (a placeholder left by a refused rating) count as absent.
export function compareRatings(replayed, rows) {
  const problems = [];
  const seen = new Set();
  for (const r of rows) {
    if (!r.games) continue;
    const k = key(r.accountId, r.perf);
    seen.add(k);
    const want = replayed.get(k);
    if (!want) problems.push(`${k}: stored with ${r.games} games, no change replays to it`);
    else if (!same(want, r) || want.games !== r.games || want.lastAt !== r.lastAt)
      problems.push(`${k}: stored ${JSON.stringify(r)}, replayed ${JSON.stringify(want)}`);
  }
  for (const k of replayed.keys()) if (!seen.has(k)) problems.push(`${k}: replayed, not stored`);
  return problems;
}
