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
// outcome, reason, side, chased, source}. '#' lines are comments.
export function readCorpus() {
  const cases = [];
  for (const file of readdirSync(corpusDir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()) {
    const lines = readFileSync(join(corpusDir, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (text === '' || text.startsWith('#')) return;
      const values = text.split('\t');
      if (values.length !== FIELDS.length) throw new Error(`${file}:${index + 1}: ${values.length} fields`);
      const entry = { file, line: index + 1 };
      FIELDS.forEach((name, i) => (entry[name] = values[i]));
      entry.moves = entry.moves.split(' ');
      cases.push(entry);
    });
  }
  return cases;
}
