// Xiangqi's seat settings: a level per side (seat 0 red) and the seed of a
// game's AI variety (storage.js reads older pages' single level into both).

// [red's level, black's level], each an integer within 1..count.
export function validLevels(seats, count) {
  const fallback = 3;
  const clamp = (v) => Math.min(count, Math.max(1, Math.round(Number(v)) || fallback));
  const levels = Array.isArray(seats.levels) ? seats.levels : [fallback, fallback];
  return [clamp(levels[0]), clamp(levels[1])];
}

// A fresh 31-bit seed: which book moves and near-best moves the AI picks in
// this game. The engine derives every move's choice from it (ai_levels.h).
export function randomSeed() {
  if (globalThis.crypto?.getRandomValues) return globalThis.crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
  return Math.floor(Math.random() * 0x7fffffff);
}
