// The native `qipan-lab` xiangqi tools on the engine's one level table: the
// match tool is deterministic under node budgets and adds up its games; as a
// referee it lets engine processes (`qipan uci`) play each other
// (adjudicating when asked) and resumes a stopped match; the fit reads match
// records.
//   node lab/tests/xiangqi_lab_test.mjs build/release/qipan-lab [build/release/qipan]
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { finish, test, testAsync } from '../../tests/js/harness.mjs';

const lab = process.argv[2];
if (!lab) {
  console.error('usage: node lab/tests/xiangqi_lab_test.mjs <path to native qipan-lab> [<path to native qipan>]');
  process.exit(2);
}
// The engine the referee runs: `qipan`, beside qipan-lab unless named.
const qipan = process.argv[3] || join(dirname(lab), 'qipan');

const run = (args, input = '') => spawnSync(lab, args, { input, encoding: 'utf8', timeout: 120000 });
// The match lines without the wall-clock figures.
const results = (out) =>
  out
    .split('\n')
    .filter((l) => !/s\/move| s$/.test(l))
    .join('\n');

test('qipan-lab match xiangqi: paired games, a score, an Elo line, the same on every run', () => {
  const args = ['match', 'xiangqi', '--a', '2', '--b', '1', '--games', '4', '--seed', '3', '--verbose'];
  const first = run(args);
  assert.equal(first.status, 0, first.stderr);
  const totals = first.stdout.match(/: (\d+) wins, (\d+) draws, (\d+) losses of (\d+); score ([\d.]+)%/);
  assert.ok(totals, first.stdout);
  const [wins, draws, losses, games] = totals.slice(1, 5).map(Number);
  assert.equal(wins + draws + losses, games);
  assert.equal(games, 4);
  assert.match(first.stdout, /Elo difference A - B: /);
  assert.match(first.stdout, /A \(level 2\): \d+ moves, [\d.]+ s\/move, \d+ nodes\/move/);
  // Each opening twice, colours swapped.
  const lines = first.stdout.split('\n').filter((l) => /^ {2}game \d+: A (red|black)/.test(l));
  assert.deepEqual(
    lines.map((l) => l.includes('A red')),
    [true, false, true, false],
  );
  assert.equal(lines[0].split(' after ')[1], lines[1].split(' after ')[1], 'a pair shares its opening');
  assert.equal(results(run(args).stdout), results(first.stdout), 'deterministic under budgets');
  // A level against explicit limits.
  const explicit = run(['match', 'xiangqi', '--a', '1', '--b', 'depth=1', '--games', '2']);
  assert.equal(explicit.status, 0, explicit.stderr);
  assert.match(explicit.stdout, /level 1 \(A\) vs depth=1 \(B\)/);
  assert.equal(run(['match', 'xiangqi', '--a', '9', '--b', '1']).status, 2);
  assert.equal(run(['match', 'xiangqi', '--a', '1', '--b', 'depth=x']).status, 2);
});

test('qipan-lab match xiangqi --resign: games both AIs agree are won end early, for the side they name', () => {
  const base = ['match', 'xiangqi', '--a', '5', '--b', '1', '--games', '6', '--seed', '1', '--verbose'];
  const full = run(base);
  // At 1000 for 4 moves, as the ladder asks (at 500 for 3, level 1 was once
  // given a game that level 5 won when played out).
  const early = run([...base, '--resign', '4', '1000']);
  assert.equal(early.status, 0, early.stderr);
  assert.match(early.stdout, /adjudication: a win when both sides give one side 1000 or more for 4 moves each/);
  const games = (out) => out.split('\n').filter((l) => /^ {2}game \d+: /.test(l));
  const moves = (out) => Number(out.match(/A \(level 5\): (\d+) moves/)[1]);
  const adjudicated = games(early.stdout).filter((l) => l.includes('(adjudicated_win)'));
  assert.ok(adjudicated.length > 0, early.stdout);
  // Level 5 wins these against level 1 when played out too: an adjudicated
  // game is the played-out game cut short, won by the same side.
  for (const line of adjudicated) {
    const number = line.match(/game (\d+):/)[1];
    const played = games(full.stdout).find((l) => l.startsWith(`  game ${number}:`));
    assert.equal(line.includes('A wins'), played.includes('A wins'), `${line}\n${played}`);
  }
  assert.ok(moves(early.stdout) < moves(full.stdout), 'adjudicated games are shorter');
  assert.equal(run(['match', 'xiangqi', '--a', '5', '--b', '1', '--resign', '3']).status, 2);
  assert.equal(run(['match', 'xiangqi', '--a', '5', '--b', '1', '--resign', '0', '500']).status, 2);
  // Two equal sides from move 0 within +-10000: every game a draw at once.
  const drawn = run(['match', 'xiangqi', '--a', '3', '--b', '3', '--games', '2', '--draw', '0', '1', '10000', '--verbose']);
  assert.equal(drawn.status, 0, drawn.stderr);
  assert.equal(games(drawn.stdout).filter((l) => l.includes('draw (adjudicated_draw)')).length, 2, drawn.stdout);
  assert.match(drawn.stdout, /: 0 wins, 2 draws, 0 losses of 2/);
  assert.equal(run(['match', 'xiangqi', '--a', '3', '--b', '3', '--draw', '0', '1']).status, 2);
});

test('qipan-lab match xiangqi between engine processes: games played out, or adjudicated when both agree', () => {
  // Two `qipan uci` processes at a fixed depth: the games are deterministic.
  const engines = ['--a', `uci:${qipan} uci`, '--b', `uci:${qipan} uci`, '--depth', '4', '--games', '2'];
  const games = (out) =>
    [...out.matchAll(/^game (\d+): A (red|black), (\S+) \((\w+)\), (\d+) plies/gm)].map((m) => ({
      result: m[3],
      reason: m[4],
      plies: Number(m[5]),
    }));
  const played = run(['match', 'xiangqi', ...engines, '--verbose']);
  assert.equal(played.status, 0, played.stderr);
  const full = games(played.stdout);
  assert.equal(full.length, 2, played.stdout);
  assert.ok(
    full.every((g) => !g.reason.startsWith('adjudicated')),
    played.stdout,
  );
  // --verbose: the exchange with each engine on stderr, a go and one
  // bestmove for every move played after the book.
  const transcript = played.stderr.split('\n');
  assert.ok(transcript.includes('A> uci') && transcript.includes('B< uciok'), played.stderr);
  full.forEach((g, i) => {
    const said = (pattern) => transcript.filter((l) => pattern.test(l)).length;
    assert.equal(said(new RegExp(`^game ${i + 1} [AB]> go depth 4$`)), g.plies, `game ${i + 1}`);
    assert.equal(said(new RegExp(`^game ${i + 1} [AB]< bestmove `)), g.plies, `game ${i + 1}`);
  });

  const adjudicated = run(['match', 'xiangqi', ...engines, '--resign', '3', '300', '--draw', '30', '5', '10']);
  assert.equal(adjudicated.status, 0, adjudicated.stderr);
  assert.match(adjudicated.stdout, /adjudication: a win when both engines give one side 300 or more for 3 moves each/);
  const cut = games(adjudicated.stdout);
  assert.equal(cut.length, 2, adjudicated.stdout);
  // Adjudication only cuts games short (the moves up to the verdict are the
  // same), and a win it declares is the winner of the game played out.
  cut.forEach((g, i) => assert.ok(g.plies <= full[i].plies, adjudicated.stdout));
  const won = cut.filter((g) => g.reason === 'adjudicated_win');
  assert.ok(won.length > 0, `no game was adjudicated:\n${adjudicated.stdout}`);
  cut.forEach((g, i) => {
    if (g.reason === 'adjudicated_win' && full[i].result !== '1/2-1/2') assert.equal(g.result, full[i].result);
  });

  for (const bad of [
    ['--resign', '0', '300'],
    ['--resign', '3'],
    ['--draw', '30', 'x', '10'],
  ])
    assert.equal(run(['match', 'xiangqi', ...engines, ...bad]).status, 2, bad.join(' '));
});

test('qipan-lab match xiangqi --sprt: the LLR after every pair, and the match stops at a bound', () => {
  const pairLines = (out) => [
    ...out.matchAll(/^sprt pair (\d+) \(games (\d+)-(\d+)\): A ([\d.]+); LLR (-?[\d.]+) \((-?[\d.]+), (-?[\d.]+)\)/gm),
  ];
  // The same player on both sides under a depth budget plays each opening's
  // two games alike, so every pair scores 1: with [0, 200] the LLR (lab/sprt.h)
  // falls below -2.94 at the fifth pair (-2.93 after four).
  const same = run(['match', 'xiangqi', '--a', 'depth=1', '--b', 'depth=1', '--sprt', '0', '200', '--games', '60']);
  assert.equal(same.status, 0, same.stderr);
  const lines = pairLines(same.stdout);
  assert.equal(lines.length, 5, same.stdout);
  lines.forEach((m, i) => {
    assert.deepEqual([Number(m[1]), Number(m[2]), Number(m[3]), m[4]], [i + 1, 2 * i + 1, 2 * i + 2, '1.0']);
    assert.deepEqual([m[6], m[7]], ['-2.94', '2.94']);
  });
  assert.ok(Number(lines[3][5]) > -2.94 && Number(lines[4][5]) <= -2.94, same.stdout);
  assert.match(same.stdout, /of 10; score 50\.0%/);
  assert.match(same.stdout, /^sprt: H0 accepted: .* after 5 pairs; LLR/m);

  // A much stronger A: H1, long before the games run out.
  const strong = run(['match', 'xiangqi', '--a', '4', '--b', '1', '--sprt', '0', '200', '--games', '60']);
  assert.equal(strong.status, 0, strong.stderr);
  const last = pairLines(strong.stdout).at(-1);
  assert.ok(Number(last[1]) < 30 && Number(last[5]) >= 2.94, strong.stdout);
  assert.match(strong.stdout, /^sprt: H1 accepted: .* after \d+ pairs; LLR/m);

  // The referee counts a pair once both its games have ended: `qipan uci`
  // against itself at a fixed depth plays each pair alike too.
  const engines = ['--a', `uci:${qipan} uci`, '--b', `uci:${qipan} uci`, '--depth', '2'];
  const refereed = run(['match', 'xiangqi', ...engines, '--sprt', '0', '200', '--concurrency', '2']);
  assert.equal(refereed.status, 0, refereed.stderr);
  assert.match(refereed.stdout, /^match: at most 20000 games/m);
  assert.equal(pairLines(refereed.stdout).length, 5, refereed.stdout);
  assert.match(refereed.stdout, /^sprt: H0 accepted: .* after 5 pairs; no new games$/m);

  for (const bad of [
    ['--sprt', '5', '0'],
    ['--sprt', '0'],
    ['--sprt', 'x', '5'],
    ['--sprt', '0', '2000'],
  ]) {
    assert.equal(run(['match', 'xiangqi', '--a', '2', '--b', '1', ...bad]).status, 2, bad.join(' '));
    assert.equal(run(['match', 'xiangqi', ...engines, ...bad]).status, 2, bad.join(' '));
  }
});

test('qipan-lab match xiangqi --resume: a stopped match plays only its missing games, whatever order they ended in', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-match-'));
  const engines = ['--a', `uci:${qipan} uci`, '--b', `uci:${qipan} uci`, '--depth', '3', '--games', '4'];
  const lines = (out) =>
    out
      .split('\n')
      .filter((l) => /^game \d+:/.test(l))
      .map((l) => l.split('; so far')[0]);
  const finalScore = (out) => out.match(/score of A: .*/)[0];
  // --resume with no file yet plays the whole match and writes it.
  const whole = run(['match', 'xiangqi', ...engines, '--resume', join(dir, 'whole.pgn')]);
  assert.equal(whole.status, 0, whole.stderr);
  assert.equal(lines(whole.stdout).length, 4, whole.stdout);
  // A match stopped with games 1 and 3 played (two at once end out of order).
  const records = readFileSync(join(dir, 'whole.pgn'), 'utf8')
    .split('[Event ')
    .filter((r) => r.trim());
  assert.equal(records.length, 4);
  // Every move after the book carries what its engine said: score/depth time.
  const comments = records[0].match(/\{[^}]*\}/g);
  assert.equal(comments.length, Number(whole.stdout.match(/^game 1: .*?(\d+) plies after the book/m)[1]));
  assert.ok(
    comments.every((c) => /^\{([+-]\d+\.\d\d|[+-]M\d+)\/\d+ \d+\.\d\ds\}$/.test(c)),
    comments.join(' '),
  );
  const stopped = join(dir, 'stopped.pgn');
  writeFileSync(
    stopped,
    records
      .filter((r) => /\[Round "[13]"\]/.test(r))
      .map((r) => `[Event ${r}`)
      .join(''),
  );
  // The summary of a record: its games and gaps, how they ended, the score.
  const stoppedSummary = run(['summary', 'xiangqi', stopped]);
  assert.equal(stoppedSummary.status, 0, stoppedSummary.stderr);
  assert.match(stoppedSummary.stdout, /: 2 games, numbers 1-3; missing: 2\n/);
  assert.match(stoppedSummary.stdout, /^endings: \w+ [12]/m);
  const resumed = run(['match', 'xiangqi', ...engines, '--resume', stopped]);
  assert.equal(resumed.status, 0, resumed.stderr);
  assert.match(resumed.stdout, /resumed from .*: 2 games played \(A \d+-\d+-\d+\), 2 to play/);
  const played = lines(resumed.stdout);
  assert.deepEqual(
    played.map((l) => l.split(':')[0]),
    ['game 2', 'game 4'],
  );
  // The same games as the unbroken match, and the same final score.
  const unbroken = lines(whole.stdout);
  for (const line of played)
    assert.ok(
      unbroken.some((u) => u.split(';')[0] === line.split(';')[0]),
      line,
    );
  assert.equal(finalScore(resumed.stdout), finalScore(whole.stdout));
  // Each side's time and depth cover every game, the recorded ones read back
  // from their comments (times to the comments' hundredths of a second).
  const figures = (out) => {
    const m = out.match(/^A: (\d+) ms per move, depth ([\d.]+); B: (\d+) ms per move, depth ([\d.]+)$/m);
    assert.ok(m, out);
    return m.slice(1).map(Number);
  };
  const sameFigures = (out) => {
    const [aMs, aDepth, bMs, bDepth] = figures(out);
    const [wholeAMs, wholeADepth, wholeBMs, wholeBDepth] = figures(whole.stdout);
    assert.deepEqual([aDepth, bDepth], [wholeADepth, wholeBDepth]);
    assert.ok(Math.abs(aMs - wholeAMs) <= 10 && Math.abs(bMs - wholeBMs) <= 10, out);
  };
  sameFigures(resumed.stdout);
  assert.match(resumed.stdout, /2 to play; so far A \d+ ms\/move depth [\d.]+, B \d+ ms\/move depth [\d.]+$/m);
  assert.equal(
    readFileSync(stopped, 'utf8')
      .split('[Event ')
      .filter((r) => r.trim()).length,
    4,
  );
  // Nothing left to play: the score alone.
  const again = run(['match', 'xiangqi', ...engines, '--resume', stopped]);
  assert.equal(lines(again.stdout).length, 0, again.stdout);
  assert.equal(finalScore(again.stdout), finalScore(whole.stdout));
  sameFigures(again.stdout);
  const wholeSummary = run(['summary', 'xiangqi', join(dir, 'whole.pgn')]);
  assert.match(wholeSummary.stdout, /: 4 games, numbers 1-4; missing: none\n/);
  assert.equal(finalScore(wholeSummary.stdout), finalScore(whole.stdout));
  sameFigures(wholeSummary.stdout.replace(/ \(\d+ moves\)/g, ''));
  assert.equal(run(['summary', 'xiangqi', join(dir, 'none.pgn')]).status, 2);
  // A damaged file is refused with its line; --pgn and --resume together too.
  const damaged = join(dir, 'damaged.pgn');
  writeFileSync(damaged, '[Event "qipan match"]\n[Round "two"]\n');
  const refused = run(['match', 'xiangqi', ...engines, '--resume', damaged]);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /damaged\.pgn:2: Round must be a game number/);
  assert.equal(run(['match', 'xiangqi', ...engines, '--resume', stopped, '--pgn', damaged]).status, 2);
  rmSync(dir, { recursive: true });
});

test('qipan-lab match xiangqi --rules: told to the engines that list the option, recorded, and losses by them counted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-rules-'));
  const engines = ['--a', `uci:${qipan} uci`, '--b', `ucci:${qipan} ucci`, '--depth', '2', '--games', '2'];
  const pgn = join(dir, 'chinese.pgn');
  const out = run(['match', 'xiangqi', ...engines, '--rules', 'chinese', '--pgn', pgn, '--verbose']);
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /^match: 2 games from game 1, depth 2, \d+ openings, chinese rules$/m);
  assert.match(out.stdout, /^A: told the chinese repetition rules\nB: told the chinese repetition rules$/m);
  // Each engine in its own dialect, once per process (the engines start once).
  const transcript = out.stderr.split('\n');
  assert.equal(transcript.filter((l) => l === 'A> setoption name Repetition Rules value chinese').length, 1);
  assert.equal(transcript.filter((l) => l === 'B> setoption repetitionrules chinese').length, 1);
  assert.match(
    out.stdout,
    /^lost by the repetition rules: A perpetual_check 0, perpetual_chase 0, one_check_one_chase 0; B perpetual_check 0, perpetual_chase 0, one_check_one_chase 0$/m,
  );
  const records = readFileSync(pgn, 'utf8');
  assert.equal(records.match(/^\[Rules "chinese"\]$/gm).length, 2, records);

  // An option given for the engine wins: it is not told the match's rules.
  const own = run(['match', 'xiangqi', ...engines, '--a-option', 'Repetition Rules=simple', '--verbose']);
  assert.equal(own.status, 0, own.stderr);
  assert.match(own.stdout, /^A: its own repetition rules .*\nB: told the asian repetition rules$/m);
  const ownTranscript = own.stderr.split('\n');
  assert.ok(ownTranscript.includes('A> setoption name Repetition Rules value simple'), own.stderr);
  assert.ok(!ownTranscript.some((l) => l.startsWith('A> setoption name Repetition Rules value asian')), own.stderr);

  // Resuming under other rules is refused; a rule set we do not know too.
  const resumed = run(['match', 'xiangqi', ...engines, '--resume', pgn]);
  assert.equal(resumed.status, 2);
  assert.match(resumed.stderr, /holds game 1 played under the chinese rules, not asian \(--rules\)/);
  const bad = run(['match', 'xiangqi', ...engines, '--rules', 'fide']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--rules takes asian, chinese or simple, not 'fide'/);
  assert.equal(run(['match', 'xiangqi', '--a', '1', '--b', '1', '--rules', 'fide']).status, 2);

  // The summary counts the games each side lost by the repetition rules from
  // the Termination tags (the loser from the Result and the colours).
  const game = (round, red, result, termination) =>
    `[Event "qipan match"]\n[Round "${round}"]\n[Red "${red}"]\n[Black "${red === 'A' ? 'B' : 'A'}"]\n` +
    `[Result "${result}"]\n[Termination "${termination}"]\n[Rules "asian"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 ${result}\n\n`;
  const ruled = join(dir, 'ruled.pgn');
  writeFileSync(
    ruled,
    game(1, 'A', '0-1', 'perpetual_chase') + // A, red, lost by chasing
      game(2, 'B', '0-1', 'perpetual_check') + // B, red, lost by checking
      game(3, 'A', '1-0', 'perpetual_chase') + // B, black, lost by chasing
      game(4, 'B', '1/2-1/2', 'repetition') +
      game(5, 'A', '1-0', 'checkmate'),
  );
  const summary = run(['summary', 'xiangqi', ruled]);
  assert.equal(summary.status, 0, summary.stderr);
  assert.match(summary.stdout, /^rules: asian 5$/m);
  assert.match(
    summary.stdout,
    /^lost by the repetition rules: A perpetual_check 0, perpetual_chase 1, one_check_one_chase 0; B perpetual_check 1, perpetual_chase 1, one_check_one_chase 0$/m,
  );
  rmSync(dir, { recursive: true });
});

test('qipan-lab match xiangqi (levels) --rules: taken and named, and the losses by them counted', () => {
  const out = run(['match', 'xiangqi', '--a', '1', '--b', '1', '--games', '2', '--rules', 'simple']);
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /vs level 1 \(B\), 2 games, seed 1, depth and node budgets only, simple rules$/m);
  assert.match(out.stdout, /^lost by the repetition rules: A perpetual_check \d+, perpetual_chase 0, /m);
});

test('qipan-lab tune xiangqi reads match records: every finished game, its quiet positions after the opening', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-tune-'));
  const opening = '1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 5. a0b0 h7i7';
  const game = (event, result, moves) => `[Event "${event}"]\n[Result "${result}"]\n[Format "ICCS"]\n\n${moves} ${result}\n\n`;
  const records = join(dir, 'records.pgn');
  writeFileSync(
    records,
    // Plies 10-13 quiet: four positions (the first ten plies are skipped).
    game('quiet', '1-0', `${opening} 6. c3c4 b7b5 7. g3g4 c6c5`) +
      // Ply 10 captures a soldier: three positions.
      game('a capture', '0-1', `${opening} 6. e2e6 g6g5 7. c3c4 c6c5`) +
      // An illegal cannon jump (two screens): the game is refused, not half read.
      game('illegal', '1/2-1/2', '1. h2e2 h9g7 2. e2e9'),
  );
  const out = join(dir, 'weights.h');
  const tuned = run(['tune', 'xiangqi', '--data', records, '--iterations', '2', '--out', out]);
  assert.equal(tuned.status, 0, tuned.stderr);
  assert.match(tuned.stdout, /records\.pgn: 2 games, 7 positions \(1 games unreadable or unfinished\)/);
  assert.match(tuned.stdout, /7 training and 0 held-out positions/);
  assert.match(readFileSync(out, 'utf8'), /inline constexpr Weights kWeights = \{\{\n {4}\{0, 0\}, {2}\/\/ material none/);
  const missing = run(['tune', 'xiangqi', '--data', join(dir, 'missing.pgn'), '--out', out]);
  assert.notEqual(missing.status, 0);
  assert.match(missing.stderr, /missing\.pgn/);
  rmSync(dir, { recursive: true });
});

test('qipan-lab selfplay xiangqi --avoid and train xiangqi-network: data kept from held-out positions, a network trained on it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-network-'));
  const data = join(dir, 'selfplay.txt');
  // 30 games: the trainer holds out one game in twenty.
  const selfplay = ['selfplay', 'xiangqi', '--games', '30', '--nodes', '400', '--random-plies', '4', '--seed', '7'];
  const played = run([...selfplay, '--out', data]);
  assert.equal(played.status, 0, played.stderr);
  const lines = readFileSync(data, 'utf8').trim().split('\n');
  assert.ok(lines.length > 200, `${lines.length} positions`);
  for (const line of lines) assert.match(line, /^[1-9rnbakcpRNBAKCP/]+ [wb] - - \d+ \d+\|(1|0|0\.5)\|-?\d+\|\d+$/);
  // The same games again, avoiding their own positions: every game that wrote
  // any passes through one, and none is written.
  const again = join(dir, 'again.txt');
  const avoided = run([...selfplay, '--avoid', data, '--out', again]);
  assert.equal(avoided.status, 0, avoided.stderr);
  const skipped = avoided.stderr.match(/done, 30 games \((\d+) through an avoided position, not written\), 0 positions/);
  assert.ok(skipped && Number(skipped[1]) >= 25, avoided.stderr);
  assert.equal(run([...selfplay, '--avoid', join(dir, 'missing.txt'), '--out', again]).status, 1);
  // With the network the same seeds play other games.
  const withNetwork = join(dir, 'network.txt');
  assert.equal(run([...selfplay.slice(0, 3), '3', ...selfplay.slice(4), '--network', '--out', withNetwork]).status, 0);
  const networkLines = readFileSync(withNetwork, 'utf8').trim().split('\n');
  assert.ok(networkLines.length > 20, `${networkLines.length} positions`);
  assert.notDeepEqual(networkLines.slice(0, 20), lines.slice(0, 20));

  // A damaged line is counted and skipped, the rest trained on.
  writeFileSync(data, readFileSync(data, 'utf8') + 'not a position|1|0|3\n');
  const weights = join(dir, 'network_weights.inc');
  const train = ['train', 'xiangqi-network', '--data', data, '--epochs', '6', '--batch', '32', '--out', weights];
  const trained = run(train);
  assert.equal(trained.status, 0, trained.stderr);
  assert.match(trained.stdout, /train: \d+ positions, \d+ held out, 1 lines unreadable; logistic scale [\d.]+/);
  const loss = (epoch) => Number(trained.stdout.match(new RegExp(`epoch ${epoch}, loss ([\\d.]+)`))[1]);
  assert.ok(loss(6) < loss(1), `the loss falls: ${loss(1)} then ${loss(6)}`);
  const written = readFileSync(weights, 'utf8').split('\n');
  assert.match(written[0], /^\/\/ Written by `qipan-lab train xiangqi-network --data .* --epochs 6 --batch 32 --out /);
  // 692 feature rows of 128 weights, the bias, the output weights of both
  // views, the output bias, a linear value per feature.
  const rows = written.filter((l) => l.startsWith('{') && l.length > 2).map((l) => l.replace(/,$/, ''));
  assert.equal(rows.length, 692 + 3);
  assert.equal(rows[0].split(',').length, 128);
  assert.equal(rows[692].split(',').length, 128);
  assert.equal(rows[693].split(',').length, 256);
  assert.equal(rows[694].split(',').length, 692);
  assert.ok(
    written.some((l) => /^-?\d+,$/.test(l)),
    'the output bias',
  );
  assert.equal(run([...train.slice(0, 4), '--wdl', '2']).status, 2);
  assert.equal(run(['train', 'xiangqi-network', '--data', join(dir, 'missing.txt')]).status, 1);
  writeFileSync(data, 'nothing here\n');
  const empty = run(['train', 'xiangqi-network', '--data', data, '--out', weights]);
  assert.equal(empty.status, 1);
  assert.match(empty.stderr, /no positions to train on \(1 lines unreadable\)/);
  rmSync(dir, { recursive: true });
});

// One `qipan uci` session: the commands, then quit once the search has
// answered (quit stops a running search); its output.
const uciSession = (commands) =>
  new Promise((resolvePromise, reject) => {
    const engine = spawn(qipan, ['uci'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    engine.stdout.setEncoding('utf8');
    engine.stdout.on('data', (chunk) => {
      out += chunk;
      if (/^bestmove /m.test(out)) engine.stdin.end('quit\n');
    });
    engine.on('error', reject);
    engine.on('close', (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`qipan uci exited ${code}`))));
    engine.stdin.write(commands);
  });

await testAsync('qipan uci: the Eval Network option (on by default) switches the evaluation the search uses', async () => {
  const search = async (network) => {
    const option = network === undefined ? '' : `setoption name Eval Network value ${network}\n`;
    const out = await uciSession(`uci\n${option}position startpos moves h2e2 h9g7\ngo depth 6\n`);
    assert.match(out, /option name Eval Network type check default true/);
    assert.doesNotMatch(out, /unknown or bad option/);
    return out
      .split('\n')
      .filter((l) => l.startsWith('info depth '))
      .map((l) => l.replace(/ (nps|time) \d+/g, ''));
  };
  const network = await search('true');
  const handmade = await search('false');
  assert.equal(network.length, 6);
  assert.equal(handmade.length, 6);
  assert.notDeepEqual(network, handmade, 'the two evaluations search differently');
  assert.deepEqual(await search('true'), network, 'and each the same way every time');
  assert.deepEqual(await search(undefined), network, 'the network unless told otherwise');
  const bad = spawnSync(qipan, ['uci'], { input: 'setoption name Eval Network value maybe\nquit\n', encoding: 'utf8' });
  assert.match(bad.stdout, /info string unknown or bad option: Eval Network = maybe/);
});

finish();
