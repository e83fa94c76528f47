// Reads the rulings corpus (the *.tsv files beside this one) for the Node
// scripts that use it: tests/js/xiangqi_rulings_test.mjs (every case through
// the wasm build) and ffish_verdicts.mjs (Fairy-Stockfish's verdicts). The
// native suite reads the same files compiled in (tests/xiangqi/rulings_test.cpp).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const corpusDir = dirname(fileURLToPath(import.meta.url));

const FIELDS = ['id', 'rules', 'fen', 'moves', 'outcome', 'reason', 'side', 'chased', 'source'];

// Every case, in file order: {file, line, id, rules, fen, moves: [ICCS...],
// outcome, reason, side, chased, source, book}. '#' lines are comments. A
// tenth field records a known difference, Qipan's verdict "outcome reason
// side" (docs/rules/xiangqi.md says why): outcome, reason and side are then
// Qipan's, chased '*', and `book` the source's {outcome, reason, side}.
export function readCorpus() {
  const cases = [];
  for (const file of readdirSync(corpusDir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()) {
    const lines = readFileSync(join(corpusDir, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (text === '' || text.startsWith('#')) return;
      const values = text.split('\t');
      if (values.length !== FIELDS.length && values.length !== FIELDS.length + 1)
        throw new Error(`${file}:${index + 1}: ${values.length} fields`);
      const entry = { file, line: index + 1, book: null };
      FIELDS.forEach((name, i) => (entry[name] = values[i]));
      if (values.length > FIELDS.length) {
        entry.book = { outcome: entry.outcome, reason: entry.reason, side: entry.side };
        [entry.outcome, entry.reason, entry.side] = values[FIELDS.length].split(' ');
        entry.chased = '*';
      }
      entry.moves = entry.moves.split(' ');
      cases.push(entry);
    });
  }
  return cases;
}
