// `qipan rule xiangqi [--rules asian|chinese|simple] FEN MOVE...`, the
// arbiter's command: corpus cases give their ruling as one JSON line, and
// every bad input (a bad FEN, an illegal move, an unknown rule set, a move
// after the game ended) is a clear message on stderr and exit status 2.
//   node tests/js/xiangqi_rule_command_test.mjs build/release/qipan
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readCorpus } from '../xiangqi/rulings/read_corpus.mjs';
import { finish, test } from './harness.mjs';

const qipan = process.argv[2];
if (!qipan) {
  console.error('usage: node tests/js/xiangqi_rule_command_test.mjs <path to native qipan>');
  process.exit(2);
}

const run = (args) => spawnSync(qipan, ['rule', 'xiangqi', ...args], { encoding: 'utf8', timeout: 60000 });
const byId = new Map(readCorpus().map((c) => [c.id, c]));

// The one JSON line a successful run prints.
function ruling(args) {
  const out = run(args);
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stderr, '');
  const lines = out.stdout.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, out.stdout);
  return JSON.parse(lines[0]);
}

// A refusal: exit status 2, nothing on stdout, the message on stderr.
function refused(args, message) {
  const out = run(args);
  assert.equal(out.status, 2, out.stdout + out.stderr);
  assert.equal(out.stdout, '');
  assert.match(out.stderr, message);
}

test('corpus cases: the ruling, its rule and its cycle under each rule set', () => {
  for (const id of ['own-long-cycle-asian', 'own-long-cycle-chinese', 'own-long-cycle-simple']) {
    const c = byId.get(id);
    const json = ruling(['--rules', c.rules, c.fen, ...c.moves]);
    assert.equal(json.outcome, c.outcome, id);
    assert.equal(json.reason, c.reason, id);
    assert.equal(json.side, c.side === '-' ? null : c.side, id);
    assert.equal(json.rules, c.rules);
    // The whole cycle, from the first occurrence to the third: 16 plies.
    assert.equal(json.cycle.length, 16);
    assert.deepEqual(
      json.cycle.map((m) => m.move),
      c.moves,
    );
  }
  const chase = ruling(['--rules', 'asian', byId.get('own-long-cycle-asian').fen, ...byId.get('own-long-cycle-asian').moves]);
  assert.equal(chase.rule, 'WXF rules, general rule 3');
  assert.deepEqual(
    chase.chased.map((c) => [c.square, c.piece]),
    [['a9', 'c']],
  );
  assert.ok(chase.cycle.filter((m) => m.side === 'red').every((m) => m.kind === 'chase'));
  const check = byId.get('own-perpetual-check-asian');
  assert.equal(ruling([check.fen, ...check.moves]).rule, 'Asian rules, article 6', 'asian is the default');
  const simple = byId.get('own-perpetual-check-simple');
  assert.equal(ruling(['--rules', 'simple', simple.fen, ...simple.moves]).rule, 'simple rules: perpetual check loses');
  const draw = byId.get('own-idle-repetition-asian');
  const drawn = ruling([draw.fen, ...draw.moves]);
  assert.equal(drawn.outcome, 'draw');
  assert.equal(drawn.side, null);
  assert.equal(drawn.rule, '');
});

test('an ongoing game: startpos and a FEN given as separate words', () => {
  const start = ruling(['startpos', 'h2e2', 'h9g7']);
  assert.equal(start.outcome, 'ongoing');
  assert.equal(start.reason, 'none');
  assert.deepEqual(start.cycle, []);
  const c = byId.get('own-two-occurrences');
  assert.equal(ruling([...c.fen.split(' '), ...c.moves]).outcome, 'ongoing');
});

test('bad input: exit status 2 and a message on stderr', () => {
  const c = byId.get('own-perpetual-check-asian');
  refused(['4k4/R8/9/9/9/9/9/9/9 w - - 0 1', 'a8a9'], /^qipan rule: bad FEN/);
  refused(['--rules', 'pacific', c.fen, ...c.moves], /unknown rule set 'pacific' \(asian, chinese or simple\)/);
  refused(['--rules'], /--rules needs asian, chinese or simple/);
  refused([c.fen, 'a8a9', 'e9e7'], /move 2 'e9e7' cannot be played/);
  refused([c.fen, 'a8a9', 'e9e8x'], /move 2 'e9e8x' is not ICCS/);
  refused([c.fen, ...c.moves, 'a8a9'], /move 9 'a8a9' cannot be played: the game is over/);
  refused([], /no FEN given/);
});

finish();
