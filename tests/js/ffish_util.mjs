// Shared helpers for the tests that use ffish (the Embind build of
// Fairy-Stockfish) as an independent xiangqi implementation.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Loads ffish from node_modules. This ffish build is a plain (non-modularized)
// Emscripten module that starts instantiating its wasm while it is required; on
// Node 20 a global fetch makes it try to fetch() the .wasm by file path, which
// fails. Hiding fetch during the require makes it read the file instead, so the
// script works with or without --no-experimental-fetch.
export function loadFfish() {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const savedFetch = globalThis.fetch;
  const hadFetch = Object.prototype.hasOwnProperty.call(globalThis, 'fetch');
  if (hadFetch) delete globalThis.fetch;
  let ffish;
  try {
    ffish = require('ffish');
  } finally {
    if (hadFetch) globalThis.fetch = savedFetch;
  }
  // ffish sets up its variant tables lazily on the first Board: before that,
  // validateFen(fen, 'xiangqi') rejects every xiangqi FEN. One throwaway board
  // makes later calls behave.
  const warmUp = (module) => {
    new module.Board('xiangqi').delete();
    return module;
  };
  return new Promise((resolve) => {
    if (ffish.calledRun) resolve(warmUp(ffish));
    else ffish.onRuntimeInitialized = () => resolve(warmUp(ffish));
  });
}

// ffish writes xiangqi moves as UCI with ranks 1..10 ('h3e3', 'b1c10');
// ICCS uses ranks 0..9 ('h2e2'). Returns null for anything else.
export function uciToIccs(uci) {
  const m = /^([a-i])(\d{1,2})([a-i])(\d{1,2})$/.exec(uci);
  if (!m) return null;
  const r1 = Number(m[2]) - 1,
    r2 = Number(m[4]) - 1;
  if (r1 < 0 || r1 > 9 || r2 < 0 || r2 > 9) return null;
  return `${m[1]}${r1}${m[3]}${r2}`;
}

export function iccsToUci(iccs) {
  return `${iccs[0]}${Number(iccs[1]) + 1}${iccs[2]}${Number(iccs[3]) + 1}`;
}

// The legal moves of an ffish Board as a list of ffish UCI strings.
export function legalUci(board) {
  const text = board.legalMoves();
  return text ? text.split(' ') : [];
}

// Deterministic PRNG (mulberry32): the same seed gives the same games on
// every machine, so a reported mismatch can be reproduced.
export function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}
