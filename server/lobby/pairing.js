// Quick pairing by rating, and a seek's rating range (server/PROTOCOL.md,
// "Lobby" and "Accounts and ratings"). The rules live here once; both stores
// apply the same ones in SQL (sqlite_lobby.js, postgres_lobby.js), and the
// lobby uses these to see, in its copy of the list, whether a waiting quick
// seek has someone to meet before it asks the store.
//
// - A seek's rating is its seeker's in the seek's perf (rounded, as shown),
//   or GUEST_RATING for a guest and for a game no rating counts for.
// - Two seeks may pair when their ratings are within the window of the one
//   that has waited longer: WINDOW_BASE points at once, WINDOW_STEP more per
//   `widenMs` of waiting (QIPAN_PAIRING_WIDEN_MS, 5 s), any distance once it
//   has waited UNLIMITED_STEPS × widenMs (60 s). Of the seeks in the window,
//   the closest rating is taken first, then the oldest.
// - A seek with a rating range takes only a signed-in player whose rating
//   is in it (the bounds included); a guest never.
import { DEFAULT_RATING } from '../ratings/glicko2.js';

export const GUEST_RATING = DEFAULT_RATING;
export const WINDOW_BASE = 100;
export const WINDOW_STEP = 50;
export const UNLIMITED_STEPS = 12;
// seek:create's `ratingRange: {below, above}`: each side in steps of RANGE_STEP up to RANGE_MAX.
export const RANGE_STEP = 50;
export const RANGE_MAX = 1000;

// The window's parameters, as the stores take them.
export function pairingWindow(widenMs = 5000) {
  const step = Math.max(1, widenMs);
  return { base: WINDOW_BASE, step: WINDOW_STEP, widenMs: step, unlimitedMs: UNLIMITED_STEPS * step };
}

// The greatest rating distance a seek that has waited `ageMs` pairs across.
export function windowAt(ageMs, window) {
  if (ageMs >= window.unlimitedMs) return Infinity;
  return window.base + window.step * Math.floor(Math.max(0, ageMs) / window.widenMs);
}

// A seek's rating, as the store keeps it beside the seek.
export const seekRating = (seek) => seek.player.rating ?? GUEST_RATING;

// Whether `seek`'s range (if any) lets a player of that rating take it.
export function rangeAdmits(seek, rating, signedIn) {
  const range = seek.ratingRange;
  if (!range) return true;
  return signedIn && rating >= range.min && rating <= range.max;
}

// Whether two open seeks (the lobby's copy, seek data) may meet at `now`:
// two players, two accounts, each in the other's range, within the window.
export function canPair(a, b, now, window) {
  if (a.player.playerId === b.player.playerId) return false;
  if (a.player.account && a.player.account === b.player.account) return false;
  const [ra, rb] = [seekRating(a), seekRating(b)];
  if (!rangeAdmits(a, rb, Boolean(b.player.account)) || !rangeAdmits(b, ra, Boolean(a.player.account))) return false;
  const age = Math.max(now - a.createdAt, now - b.createdAt, 0);
  return Math.abs(ra - rb) <= windowAt(age, window);
}
