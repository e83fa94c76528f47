// The seed of a xiangqi game's AI variety. (Seat levels are the settings'
// own, read back within 1..8 by storage.js; the engine's level table has 8.)

// A fresh 31-bit seed: which book moves and near-best moves the AI picks in
// this game. The engine derives every move's choice from it (ai_levels.h).
export function randomSeed() {
  if (globalThis.crypto?.getRandomValues) return globalThis.crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
  return Math.floor(Math.random() * 0x7fffffff);
}
