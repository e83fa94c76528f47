// The seats a game keeps in the settings, and how a saved value is read back
// (defensively: anything broken or foreign falls back to its default). Two
// seats with a human/AI role and an AI level each, for games of two seats;
// games with seats of their own give their own reader (checkers_rules.js).

export const LEVEL_MIN = 1;
export const LEVEL_MAX = 8;
export const DEFAULT_LEVEL = 3;

export const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

export function clampLevel(value, fallback = DEFAULT_LEVEL) {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && n >= LEVEL_MIN ? Math.min(LEVEL_MAX, n) : fallback;
}

// Two seats, a level each (`extra`: more fields with their defaults, kept
// when the saved value has the same type). Old saves kept one `level` for
// the game: both sides get it.
export function twoSeatSettings(extra = {}) {
  const defaults = { players: ['human', 'ai'], levels: [DEFAULT_LEVEL, DEFAULT_LEVEL], ...extra };
  const read = (saved) => {
    const s = isObject(saved) ? saved : {};
    const players =
      Array.isArray(s.players) && s.players.length === 2
        ? s.players.map((p) => (p === 'ai' ? 'ai' : 'human'))
        : defaults.players.slice();
    const old = clampLevel(s.level, DEFAULT_LEVEL);
    const levels = defaults.levels.map((d, i) => (Array.isArray(s.levels) ? clampLevel(s.levels[i], d) : old));
    const seats = { ...defaults, players, levels };
    for (const [key, value] of Object.entries(extra)) seats[key] = typeof s[key] === typeof value ? s[key] : value;
    return seats;
  };
  return { defaults, read };
}
