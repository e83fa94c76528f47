// Perft over ffish (Fairy-Stockfish compiled to wasm): an independent source
// of xiangqi perft counts for tests/xiangqi/perft_positions_test.cpp.
//
//   node --no-experimental-fetch tests/js/ffish_perft.mjs "<fen>" <depth> [--divide]
//   node --no-experimental-fetch tests/js/ffish_perft.mjs --batch <file> [qipan]
//
// --divide prints the count under each root move in ICCS (ranks 0-9), sorted,
// in the same form as `qipan perft ... --divide`, so the two can be diffed.
// --batch reads lines `<depth> <fen>` and prints `<depth> <count> <fen>`; with a
// path to qipan it also runs `qipan perft` on each and flags disagreements.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadFfish, legalUci, uciToIccs } from './ffish_util.mjs';

function perft(board, depth) {
  if (depth === 0) return 1;
  if (depth === 1) return board.numberLegalMoves();
  let nodes = 0;
  for (const m of legalUci(board)) {
    board.push(m);
    nodes += perft(board, depth - 1);
    board.pop();
  }
  return nodes;
}

function divide(board, depth) {
  const rows = [];
  for (const m of legalUci(board)) {
    board.push(m);
    rows.push([uciToIccs(m), depth > 1 ? perft(board, depth - 1) : 1]);
    board.pop();
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return rows;
}

function qipanPerft(qipan, fen, depth) {
  const r = spawnSync(qipan, ['perft', 'xiangqi', fen, String(depth)], { encoding: 'utf8' });
  if (r.status !== 0) return `error: ${r.stderr.trim()}`;
  return Number(r.stdout.trim().split('\n').pop());
}

const args = process.argv.slice(2);
const ffish = await loadFfish();
let failed = false;
if (args[0] === '--batch') {
  const qipan = args[2];
  for (const line of fs.readFileSync(args[1], 'utf8').split('\n')) {
    const m = /^\s*(\d+)\s+(.+?)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    const depth = Number(m[1]),
      fen = m[2];
    if (ffish.validateFen(fen, 'xiangqi') !== 1) {
      console.log(`# ffish rejects FEN (code ${ffish.validateFen(fen, 'xiangqi')}): ${fen}`);
      failed = true;
      continue;
    }
    const board = new ffish.Board('xiangqi', fen);
    try {
      const counts = [];
      for (let d = 1; d <= depth; ++d) counts.push(perft(board, d));
      let note = '';
      if (qipan) {
        const ours = [];
        for (let d = 1; d <= depth; ++d) ours.push(qipanPerft(qipan, fen, d));
        if (ours.join(',') !== counts.join(',')) {
          note = `   MISMATCH qipan: ${ours.join(', ')}`;
          failed = true;
        }
      }
      console.log(`${fen} | check=${board.isCheck() ? 1 : 0} | ${counts.join(', ')}${note}`);
    } finally {
      board.delete();
    }
  }
} else if (args.length >= 2) {
  const [fen, depthText] = args;
  const depth = Number(depthText);
  const board = new ffish.Board('xiangqi', fen);
  try {
    if (args.includes('--divide')) {
      let total = 0;
      for (const [move, n] of divide(board, depth)) {
        console.log(`${move}: ${n}`);
        total += n;
      }
      console.log(total);
    } else {
      console.log(perft(board, depth));
    }
  } finally {
    board.delete();
  }
} else {
  console.error('usage: ffish_perft.mjs "<fen>" <depth> [--divide] | --batch <file> [qipan]');
  process.exit(2);
}
process.exit(failed ? 1 : 0);
