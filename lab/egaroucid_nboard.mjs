// Egaroucid's browser engine (github:Nyanyan/Egaroucid, docs/en/web/ai.js and
// ai.wasm, GPL: built or fetched outside this repository, never committed)
// behind the NBoard protocol, so that `qipan-lab match reversi` can referee
// it against `qipan nboard` exactly as it referees two builds of ours.
//
//   node --no-experimental-fetch lab/egaroucid_nboard.mjs --ai DIR/ai.js [--level L]
//
// --level: Egaroucid's web level, 0..15 (its src/web/level.hpp: the midgame
// depth and when it solves exactly; its opening book is always on). The
// NBoard subset spoken is the one the referee uses:
//   nboard 2                 -> set myname Egaroucid-web-<level>
//   set game <GGF>           the start position of a game (BO[]) and its moves
//   set depth N, set level N the level (a depth is taken as the level)
//   move <mv>                plays a move (PA: pass) in the current game
//   go                       -> === <MV>/<eval>/<seconds>
//   ping N                   -> pong N
//   quit
// The board is kept here only to hand it to ai.js: a move is checked against
// the disc-flipping rule below, and one that flips nothing is refused on
// stderr and changes nothing (the referee's own rules decide the game).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import vm from 'node:vm';

const usage = 'usage: egaroucid_nboard.mjs --ai DIR/ai.js [--level 0..15]';
const args = process.argv.slice(2);
let aiPath = null;
let level = 15;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--ai') aiPath = args[++i];
  else if (args[i] === '--level') level = Number(args[++i]);
  else fail(`unknown argument '${args[i]}'; ${usage}`);
}
if (!aiPath) fail(usage);
if (!Number.isInteger(level) || level < 0 || level > 15) fail(`--level takes 0..15; ${usage}`);

function fail(message) {
  process.stderr.write(`egaroucid_nboard: ${message}\n`);
  process.exit(2);
}
function complain(message) {
  process.stderr.write(`egaroucid_nboard: ${message}\n`);
}
function say(line) {
  process.stdout.write(`${line}\n`);
}

// ai.js is an Emscripten module that prints the board on every call. It
// reads its settings from a `Module` in scope, which a CommonJS require would
// hide behind its own `var Module`, so its text runs with ours passed in:
// its printing (the board, to both streams) goes nowhere.
const engine = await new Promise((resolve) => {
  const file = path.resolve(aiPath);
  const settings = {
    print: () => {},
    printErr: () => {},
    onRuntimeInitialized() {
      resolve(settings);
    },
  };
  const run = vm.compileFunction(fs.readFileSync(file, 'utf8'), ['Module', 'require', '__dirname', '__filename', 'module'], {
    filename: file,
  });
  run(settings, createRequire(file), path.dirname(file), file, { exports: {} });
});
{
  const percent = engine._malloc(4);
  engine._init_ai(percent);
  engine._free(percent);
}

// The board as ai.js reads it: index row * 8 + column (a1 = 0, h8 = 63),
// 0 black, 1 white, -1 empty.
const EMPTY = -1;
const BLACK = 0;
const WHITE = 1;
let board = [];
let toMove = BLACK;

function startBoard() {
  board = new Array(64).fill(EMPTY);
  board[27] = WHITE; // d4
  board[28] = BLACK; // e4
  board[35] = BLACK; // d5
  board[36] = WHITE; // e5
  toMove = BLACK;
}

const DIRECTIONS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];

// The squares a disc of `side` on `square` would flip.
function flips(square, side) {
  if (board[square] !== EMPTY) return [];
  const row = Math.floor(square / 8);
  const col = square % 8;
  const out = [];
  for (const [dr, dc] of DIRECTIONS) {
    const line = [];
    let r = row + dr;
    let c = col + dc;
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] === 1 - side) {
      line.push(r * 8 + c);
      r += dr;
      c += dc;
    }
    if (line.length && r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] === side) out.push(...line);
  }
  return out;
}

function hasMove(side) {
  for (let s = 0; s < 64; s++) if (flips(s, side).length) return true;
  return false;
}

// "f5" -> 37; "pa"/"pass" -> 'pass'; otherwise null.
function parseSquare(text) {
  const t = text.toLowerCase().split('/')[0];
  if (t === 'pa' || t === 'pass' || t === 'ps') return 'pass';
  if (!/^[a-h][1-8]$/.test(t)) return null;
  return (Number(t[1]) - 1) * 8 + (t.charCodeAt(0) - 97);
}

function squareName(square) {
  return String.fromCharCode(65 + (square % 8)) + String(Math.floor(square / 8) + 1);
}

// A move of the current game; a forced pass left out is made first, as GGF allows.
function play(text) {
  const square = parseSquare(text);
  if (square === null) return `not a move: '${text}'`;
  if (square === 'pass') {
    if (hasMove(toMove)) return `pass refused: ${toMove === BLACK ? 'black' : 'white'} has a move`;
    toMove = 1 - toMove;
    return null;
  }
  if (!flips(square, toMove).length && !hasMove(toMove) && flips(square, 1 - toMove).length) toMove = 1 - toMove;
  const flipped = flips(square, toMove);
  if (!flipped.length) return `illegal move '${text}'`;
  board[square] = toMove;
  for (const s of flipped) board[s] = toMove;
  toMove = 1 - toMove;
  return null;
}

// GGF: BO[8 <64 of - * O> <* or O>] then B[..] W[..] moves; all or nothing.
function setGame(text) {
  const saved = { board: board.slice(), toMove };
  const bo = /BO\[8\s+([-*O\s]+?)\s+([*O])\]/.exec(text);
  startBoard();
  if (bo) {
    const cells = bo[1].replace(/\s+/g, '');
    if (cells.length !== 64) return restore(saved, 'bad BO[] in the game');
    board = [...cells].map((c) => (c === '*' ? BLACK : c === 'O' ? WHITE : EMPTY));
    toMove = bo[2] === '*' ? BLACK : WHITE;
  }
  for (const m of text.matchAll(/;?\b([BW])\[([^\]]*)\]/g)) {
    const error = play(m[2]);
    if (error) return restore(saved, `${error} in the game`);
  }
  return null;
}

function restore(saved, message) {
  board = saved.board;
  toMove = saved.toMove;
  return message;
}

function go() {
  const start = process.hrtime.bigint();
  if (!hasMove(toMove)) {
    say(`=== PA/0.00/0.00`);
    return;
  }
  const cells = engine._malloc(64 * 4);
  engine.HEAP32.set(board, cells / 4);
  const value = engine._ai_js(cells, level, toMove);
  engine._free(cells);
  // ai.js returns 1000 * (row * 8 + column) + 100 + the value in discs.
  const square = Math.floor(value / 1000);
  const discs = value - square * 1000 - 100;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  say(`=== ${squareName(square)}/${discs.toFixed(2)}/${seconds.toFixed(2)}`);
}

startBoard();
const input = readline.createInterface({ input: process.stdin, terminal: false });
for await (const line of input) {
  const [command, ...rest] = line.trim().split(/\s+/);
  if (!command) continue;
  if (command === 'nboard') say(`set myname Egaroucid-web-${level}`);
  else if (command === 'set' && rest[0] === 'game') {
    const error = setGame(line.slice(line.indexOf('game') + 4));
    if (error) complain(`${error}; the game is unchanged`);
  } else if (command === 'set' && (rest[0] === 'depth' || rest[0] === 'level')) {
    const n = Number(rest[1]);
    if (Number.isInteger(n) && n >= 0) level = Math.min(n, 15);
    else complain(`set ${rest[0]} needs a number, not '${rest[1]}'`);
  } else if (command === 'set') complain(`unknown setting '${rest[0]}' (ignored)`);
  else if (command === 'move') {
    const error = play(rest[0] ?? '');
    if (error) complain(`${error}; the game is unchanged`);
  } else if (command === 'go') go();
  else if (command === 'ping') say(`pong ${rest[0] ?? ''}`);
  else if (command === 'quit') break;
  else if (command === 'learn') say('learned');
  else complain(`unknown command '${command}' (ignored)`);
}
process.exit(0);
