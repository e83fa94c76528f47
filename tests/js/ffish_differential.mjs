// Differential test of the xiangqi move generator against ffish (the Embind
// build of Fairy-Stockfish), an independent implementation.
//
//   node --no-experimental-fetch tests/js/ffish_differential.mjs [path-to-qipan] [--seed=N]
//
// Plays seeded random games with ffish (from the start position and from
// random endgame placements, some games biased towards captures, checks and
// mates), collects every distinct position, hands all of them to one
// `qipan moves xiangqi --fen` process and compares, per position: the legal
// move set, the in-check flag, the checkmate/stalemate verdict and the board
// as our FEN writer prints it. Exits 1 on any mismatch or if fewer than
// 10,000 positions were compared.
//
// ffish numbers ranks 1-10 where ICCS uses 0-9; moves are converted. ffish's
// own game adjudication (repetition, move limits) is ignored: games run until
// the side to move has no legal move or the ply limit is reached.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadFfish, legalUci, makeRng, repoRoot, uciToIccs } from './ffish_util.mjs';
import { randomEndgameFen } from './xiangqi_placement.mjs';

const kDefaultSeed = 20240611;
const kMinPositions = 10000;
const kOpeningGames = 240;
const kEndgameGames = 160;
const kMaxPlies = 150;

// How a game picks its moves. Plain random games stay crowded for long;
// the biased ones thin the board out so endgames, checks, mates and open
// files between the generals (flying-general pins) show up.
const kPolicies = [
  { name: 'uniform', mate: 0, capture: 0, check: 0 },
  { name: 'captures', mate: 1, capture: 0.7, check: 0.1 },
  { name: 'checks', mate: 1, capture: 0.3, check: 0.6 },
  { name: 'mixed', mate: 0.5, capture: 0.4, check: 0.3 },
];

// SAN from ffish marks captures with 'x', checks with '+' and mates with '#';
// legalMovesSan() lists the moves in the same order as legalMoves().
function chooseMove(board, rng, policy) {
  const moves = legalUci(board);
  if (policy.name === 'uniform') return rng.pick(moves);
  const san = board.legalMovesSan().split(' ');
  const where = (pred) => moves.filter((_, i) => pred(san[i] || ''));
  const mates = where((s) => s.includes('#'));
  if (mates.length && rng.chance(policy.mate)) return rng.pick(mates);
  const checks = where((s) => s.includes('+'));
  if (checks.length && rng.chance(policy.check)) return rng.pick(checks);
  const captures = where((s) => s.includes('x'));
  if (captures.length && rng.chance(policy.capture)) return rng.pick(captures);
  return rng.pick(moves);
}

// Plays one game on `board`, recording every position not seen before.
function playGame(board, rng, policy, maxPlies, seen, positions) {
  for (let ply = 0; ; ++ply) {
    const fen = board.fen();
    const key = fen.split(' ').slice(0, 2).join(' ');
    const moves = legalUci(board);
    if (!seen.has(key)) {
      seen.add(key);
      positions.push({ fen, moves, check: board.isCheck() });
    }
    if (moves.length === 0 || ply >= maxPlies) return;
    board.push(chooseMove(board, rng, policy));
  }
}

function collectPositions(ffish, seed) {
  const rng = makeRng(seed);
  const seen = new Set();
  const positions = [];
  let endgameStarts = 0;
  for (let g = 0; g < kOpeningGames; ++g) {
    const board = new ffish.Board('xiangqi');
    try {
      playGame(board, rng, kPolicies[g % kPolicies.length], kMaxPlies, seen, positions);
    } finally {
      board.delete();
    }
  }
  for (let g = 0; g < kEndgameGames; ++g) {
    const fen = randomEndgameFen(ffish, rng);
    if (!fen) continue;
    ++endgameStarts;
    const board = new ffish.Board('xiangqi', fen);
    try {
      playGame(board, rng, kPolicies[g % kPolicies.length], 80, seen, positions);
    } finally {
      board.delete();
    }
  }
  return { positions, endgameStarts };
}

// One line of `qipan moves xiangqi --fen` output.
function parseAnswer(line) {
  if (line.startsWith('error: ')) return { error: line.slice(7) };
  const m = /^(.*?)\s*\|\s*check=([01])\s*\|\s*status=(\w+)\s*\|\s*fen=(.*)$/.exec(line);
  if (!m) return { error: `unparsable output line: ${line}` };
  return { moves: m[1] ? m[1].split(' ') : [], check: m[2] === '1', status: m[3], fen: m[4] };
}

function expectedStatus(moveCount, check) {
  if (moveCount > 0) return 'ongoing';
  return check ? 'checkmate' : 'stalemate';
}

function compare(position, answer) {
  const problems = [];
  if (answer.error) return [`qipan: ${answer.error}`];
  const theirs = position.moves.map(uciToIccs);
  if (theirs.includes(null)) problems.push(`cannot convert ffish moves: ${position.moves.join(' ')}`);
  const theirSet = new Set(theirs);
  const ourSet = new Set(answer.moves);
  const missing = [...theirSet].filter((m) => !ourSet.has(m)).sort();
  const extra = [...ourSet].filter((m) => !theirSet.has(m)).sort();
  if (missing.length) problems.push(`qipan lacks ${missing.join(' ')}`);
  if (extra.length) problems.push(`qipan adds ${extra.join(' ')}`);
  if (ourSet.size !== answer.moves.length) problems.push('qipan lists a move twice');
  if (answer.check !== position.check) problems.push(`check: qipan ${answer.check}, ffish ${position.check}`);
  const status = expectedStatus(position.moves.length, position.check);
  if (answer.status !== status) problems.push(`status: qipan ${answer.status}, ffish ${status}`);
  const boardAndSide = (fen) => fen.split(' ').slice(0, 2).join(' ');
  if (boardAndSide(answer.fen) !== boardAndSide(position.fen)) problems.push(`FEN: qipan writes ${answer.fen}`);
  return problems;
}

function describeStats(positions) {
  const pieces = (fen) => fen.split(' ')[0].replace(/[^a-zA-Z]/g, '').length;
  const count = (pred) => positions.filter(pred).length;
  return [
    `in check ${count((p) => p.check)}`,
    `checkmates ${count((p) => p.moves.length === 0 && p.check)}`,
    `stalemates ${count((p) => p.moves.length === 0 && !p.check)}`,
    `<= 8 pieces ${count((p) => pieces(p.fen) <= 8)}`,
    `>= 28 pieces ${count((p) => pieces(p.fen) >= 28)}`,
    `kings on one file ${count((p) => sameFileKings(p.fen))}`,
  ].join(', ');
}

// Generals on one file: the positions where flying-general rules bite.
function sameFileKings(fen) {
  const rows = fen.split(' ')[0].split('/');
  const fileOf = (letter) => {
    for (const row of rows) {
      let file = 0;
      for (const c of row) {
        if (c >= '1' && c <= '9') file += Number(c);
        else if (c === letter) return file;
        else ++file;
      }
    }
    return -1;
  };
  return fileOf('K') === fileOf('k');
}

async function main() {
  const args = process.argv.slice(2);
  const seedArg = args.find((a) => a.startsWith('--seed='));
  const seed = seedArg ? Number(seedArg.slice(7)) : kDefaultSeed;
  const qipanArg = args.find((a) => !a.startsWith('--'));
  const qipan = path.resolve(qipanArg || path.join(repoRoot, 'build', 'release', 'qipan'));
  const started = Date.now();
  const ffish = await loadFfish();
  const { positions, endgameStarts } = collectPositions(ffish, seed);
  const collected = Date.now();

  const run = spawnSync(qipan, ['moves', 'xiangqi', '--fen'], {
    input: positions.map((p) => p.fen).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (run.error || run.status !== 0) {
    console.error(`ffish_differential: running ${qipan} failed: ${run.error || run.stderr}`);
    process.exit(1);
  }
  const lines = run.stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length !== positions.length) {
    console.error(`ffish_differential: sent ${positions.length} FENs, got ${lines.length} answers`);
    process.exit(1);
  }

  let mismatches = 0;
  positions.forEach((position, i) => {
    const problems = compare(position, parseAnswer(lines[i]));
    if (!problems.length) return;
    ++mismatches;
    if (mismatches <= 20) console.log(`MISMATCH ${position.fen}\n  ${problems.join('\n  ')}`);
  });

  console.log(
    `ffish_differential (seed ${seed}): ${positions.length} distinct positions compared ` +
      `(${kOpeningGames} games from the start, ${endgameStarts} from random endgames; ` +
      `${describeStats(positions)}); ${mismatches} mismatches; ` +
      `${collected - started} ms in ffish, ${Date.now() - collected} ms comparing`,
  );
  if (positions.length < kMinPositions) {
    console.log(`FAIL: fewer than ${kMinPositions} positions compared`);
    process.exit(1);
  }
  process.exit(mismatches ? 1 : 0);
}

await main();
