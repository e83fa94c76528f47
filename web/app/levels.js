// AI levels 1..8: from a few plies to several seconds of search.
const LEVELS = {
  1: { depth: 1 },
  2: { depth: 2 },
  3: { depth: 3, timeMs: 500 },
  4: { depth: 5, timeMs: 1000 },
  5: { timeMs: 1000 },
  6: { timeMs: 2000 },
  7: { timeMs: 4000 },
  8: { timeMs: 8000 },
};

export function limitsForLevel(level) {
  return { ...(LEVELS[level] || LEVELS[3]) };
}

// Hints answer quickly whatever the level.
export function hintLimits(level) {
  const limits = limitsForLevel(level);
  return { depth: limits.depth || 0, timeMs: Math.min(limits.timeMs || 1000, 1500) };
}
