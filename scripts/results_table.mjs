// The table of current figures in docs/measuring.md, made from the results
// log docs/results.tsv (scripts/results_log.mjs): for each command, its
// latest row that was not dropped (kept is not "no"), in the order of the
// commands. The table sits between two marker comments; nothing else of the
// document is touched.
//
//   node scripts/results_table.mjs            print the table
//   node scripts/results_table.mjs --write    rewrite docs/measuring.md's table
//   node scripts/results_table.mjs --check    exit 1 if the document's table is stale
//   (--tsv FILE and --doc FILE read and write other files)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readResults } from './results_log.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const begin =
  '<!-- results-table: made by `node scripts/results_table.mjs --write` from docs/results.tsv; do not edit -->';
export const end = '<!-- results-table end -->';

// The latest kept or plain row of each command (the later row of one date
// wins: the log is in the order the runs ended).
export function currentRows(rows) {
  const latest = new Map();
  for (const row of rows) {
    if (row.kept === 'no') continue;
    const seen = latest.get(row.command);
    if (!seen || row.date >= seen.date) latest.set(row.command, row);
  }
  return [...latest.values()].sort((a, b) => (a.command < b.command ? -1 : a.command > b.command ? 1 : 0));
}

const escape = (text) => text.replace(/\|/g, '\\|');
const code = (text) => (text.includes('`') ? escape(text) : `\`${escape(text)}\``);

export function renderTable(rows) {
  const lines = ['| command | result | figures | measured |', '|---|---|---|---|'];
  for (const row of currentRows(rows)) {
    lines.push(`| ${code(row.command)} | ${escape(row.result)} | ${escape(row.figures)} | ${row.date}, ${row.commit} |`);
  }
  return lines.join('\n');
}

// The document with the text between the markers replaced by the table.
export function withTable(document, table) {
  const from = document.indexOf(begin);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error('the document has no results-table markers');
  return `${document.slice(0, from + begin.length)}\n${table}\n${document.slice(to)}`;
}

function main(argv) {
  const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const tsv = value('--tsv', `${root}/docs/results.tsv`);
  const doc = value('--doc', `${root}/docs/measuring.md`);
  const table = renderTable(readResults(tsv));
  if (!argv.includes('--write') && !argv.includes('--check')) {
    console.log(table);
    return 0;
  }
  const document = readFileSync(doc, 'utf8');
  const updated = withTable(document, table);
  if (argv.includes('--check')) {
    if (updated === document) return 0;
    console.error(`${doc}: the table of current figures is stale; run node scripts/results_table.mjs --write`);
    return 1;
  }
  if (updated !== document) writeFileSync(doc, updated);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
