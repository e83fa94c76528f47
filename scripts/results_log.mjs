// The results log, docs/results.tsv: one row per measuring run (a bench, a
// match, an SPRT test, a fit), with the columns
//   date  commit  command  result  figures  kept
// (kept: yes or no for a change tested, - for a plain measurement). Rows are
// only ever appended; docs/measuring.md's table of current figures is made
// from the latest rows (scripts/results_table.mjs). QIPAN_RESULTS names
// another file (tests, scratch runs).
//
//   node scripts/results_log.mjs append --command C --result R [--figures F] [--kept K] [--date D] [--commit H]
//   node scripts/results_log.mjs run [--kept K] [--command TEXT] -- COMMAND [ARG...]
//
// `run` runs COMMAND with its output passed through, appends a row whose
// result and figures are the summary lines the lab prints (the SPRT verdict,
// the score, Elo, time a move; other commands' output whole, cut at 2,000
// characters), and exits with COMMAND's status. --command records the run
// under another command line (scripts/bench records its own).
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const columns = ['date', 'commit', 'command', 'result', 'figures', 'kept'];
export const defaultResultsFile = () => process.env.QIPAN_RESULTS || `${root}/docs/results.tsv`;

// A field holds no tab or line break: they would split the row.
const cell = (value) =>
  String(value ?? '-')
    .replace(/[\t\r\n]+/g, ' ')
    .trim() || '-';

// The checkout's commit, "-dirty" when tracked files differ from it.
export function currentCommit(cwd = root) {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

export function appendResult(row, file = defaultResultsFile()) {
  if (!existsSync(file)) writeFileSync(file, `${columns.join('\t')}\n`);
  const full = {
    date: new Date().toISOString().slice(0, 10),
    commit: currentCommit(),
    kept: '-',
    ...row,
  };
  appendFileSync(file, `${columns.map((c) => cell(full[c])).join('\t')}\n`);
}

// The rows in file order, as objects keyed by column.
export function readResults(file = defaultResultsFile()) {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  if (header !== columns.join('\t')) throw new Error(`${file}: the header is not ${columns.join(', ')}`);
  return lines.map((line, index) => {
    const fields = line.split('\t');
    if (fields.length !== columns.length) throw new Error(`${file}:${index + 2}: ${fields.length} fields, not ${columns.length}`);
    return Object.fromEntries(columns.map((c, i) => [c, fields[i]]));
  });
}

// What a run printed, summed up: the lab's closing lines (lab/match_progress.h,
// lab/xiangqi_match.cpp, lab/*_match.cpp, the fits), or the last line.
const summaryLine =
  /^(sprt: .* after \d+ pairs|score of A: |A \(.*\): \d+ (wins|moves)|B \(.*\): \d+ moves|A as |Elo difference|A average|race moves=|tune: (K = |wrote)|wrote |sigma = )/;
const figuresLimit = 2000;
export function summarize(output, status) {
  const lines = output.split('\n').map((l) => l.trim());
  const summary = lines.filter((l) => summaryLine.test(l));
  const verdict = summary.findLast((l) => l.startsWith('sprt: '));
  const score = summary.find((l) => /^(score of A: |A \(.*\): \d+ wins)/.test(l));
  const headline = verdict || score;
  let result = headline ? headline.replace(/^sprt: /, '') : status === 0 ? 'ok' : '';
  if (status !== 0) result = `failed (exit ${status})${result ? `: ${result}` : ''}`;
  const rest = summary.filter((l) => l !== headline);
  // Output that is not the lab's (a bench's figures) is kept whole, up to a
  // length a row can carry.
  const figures = rest.length ? rest.join(' | ') : lines.filter(Boolean).join(' | ').slice(0, figuresLimit) || '-';
  // An SPRT decides a change: H1 keeps it, H0 drops it.
  const kept = /H1 accepted/.test(result) ? 'yes' : /H0 accepted/.test(result) ? 'no' : '-';
  return { result, figures, kept };
}

// The command line as one would type it again.
const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
export const commandText = (argv) => argv.map((a) => quote(a.startsWith(`${root}/`) ? a.slice(root.length + 1) : a)).join(' ');

function options(args) {
  const named = {};
  while (args.length && args[0].startsWith('--')) {
    const name = args.shift().slice(2);
    if (name === '') break;
    named[name] = args.shift();
  }
  return named;
}

async function main(argv) {
  const mode = argv.shift();
  const named = options(argv);
  if (mode === 'append') {
    if (!named.command || !named.result) throw new Error('append needs --command and --result');
    appendResult(named);
    return 0;
  }
  if (mode === 'run' && argv.length) {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    const status = await new Promise((done) => {
      child.on('error', (error) => {
        console.error(`results_log: ${error.message}`);
        done(127);
      });
      child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
    });
    const summary = summarize(output, status);
    appendResult({ command: named.command || commandText(argv), ...summary, ...(named.kept ? { kept: named.kept } : {}) });
    return status;
  }
  console.error(
    'usage: results_log.mjs append --command C --result R [--figures F] [--kept K]\n' +
      '       results_log.mjs run [--kept K] [--command TEXT] -- COMMAND [ARG...]',
  );
  return 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
