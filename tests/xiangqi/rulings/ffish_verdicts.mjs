// Fairy-Stockfish's verdicts on the rulings corpus, next to ours and the
// expected one: a measurement for docs/rules/xiangqi.md, not a test (it is
// not run by scripts/test). ffish (node_modules/ffish, FSF's Embind build)
// plays each Asian-rules case in its `xiangqi` variant, whose chasing rules
// follow the AXF; its verdict is board.result(true) after the last move
// (claimDraw = true lets the optional endings, repetition and the chasing
// rules, end the game). FSF's xiangqi variant also has a 50-move rule, which
// no corpus line comes near.
//   node --no-experimental-fetch tests/xiangqi/rulings/ffish_verdicts.mjs [build/release/qipan] [--all]
// prints one line per case and, last, the disagreements between FSF and us.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { iccsToUci, loadFfish, repoRoot } from '../../js/ffish_util.mjs';
import { readCorpus } from './read_corpus.mjs';

const args = process.argv.slice(2);
const qipan = args.find((a) => !a.startsWith('--')) ?? join(repoRoot, 'build/release/qipan');
const all = args.includes('--all');
const ffish = await loadFfish();

const OUTCOME = { '1-0': 'red_wins', '0-1': 'black_wins', '1/2-1/2': 'draw', '*': 'ongoing' };

function fsfVerdict(entry) {
  const board = new ffish.Board('xiangqi', entry.fen);
  try {
    for (const move of entry.moves) if (!board.push(iccsToUci(move))) return `refused ${move}`;
    return OUTCOME[board.result(true)] ?? board.result(true);
  } finally {
    board.delete();
  }
}

function ourVerdict(entry) {
  const out = spawnSync(qipan, ['rule', 'xiangqi', '--rules', entry.rules, entry.fen, ...entry.moves], {
    encoding: 'utf8',
  });
  if (out.status !== 0) return `error: ${out.stderr.trim()}`;
  return JSON.parse(out.stdout).outcome;
}

const rows = [];
for (const entry of readCorpus()) {
  if (entry.rules !== 'asian' && !all) continue;
  const expected = entry.book ? entry.book.outcome : entry.outcome;
  const row = { id: entry.id, expected, ours: ourVerdict(entry), fsf: fsfVerdict(entry), entry };
  rows.push(row);
  console.log(`${row.id}\texpected ${row.expected}\tours ${row.ours}\tfsf ${row.fsf}`);
}
const tally = (key) => rows.filter((r) => r[key] === r.expected).length;
console.log(`\nexpected verdict: Qipan ${tally('ours')}/${rows.length}, FSF ${tally('fsf')}/${rows.length}`);
const differ = rows.filter((r) => r.fsf !== r.ours);
console.log(`FSF and Qipan differ on ${differ.length}:`);
for (const r of differ) console.log(`${r.id}\texpected ${r.expected}\tours ${r.ours}\tfsf ${r.fsf}\t${r.entry.source}`);
