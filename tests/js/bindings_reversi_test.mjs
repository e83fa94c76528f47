// The Reversi Embind surface as the page uses it: full games through
// ReversiSession (passes recorded by the engine, undo/redo, truncate,
// records, GGF in and out), refusals with codes and parameters, the cached
// move list, moves/hints/evaluations from ReversiSearcher with level or
// explicit limits ({depth, nodes, timeMs}, the same object and rule as the
// xiangqi and checkers searchers take) and seeds, and no leaked handle.
//   node --no-experimental-fetch tests/js/bindings_reversi_test.mjs
import assert from 'node:assert/strict';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';

const engine = await loadEngine();

let seed = 77;
const random = (n) => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n;
const handlesAtStart = engine.count_emval_handles();
const START = '---------------------------OX------XO--------------------------- X';
const codes = new Set(
  engine
    .refusalCodes()
    .filter((e) => e.game === 'reversi' || e.game === 'core')
    .map((e) => e.code),
);

// A refusal as the page receives it: {ok: false, code, params, reason, cause?}.
function assertRefusal(result, code, params = {}, { inner = false } = {}) {
  if (!inner) assert.equal(result.ok, false);
  assert.equal(result.code, code, JSON.stringify(result));
  assert.equal(typeof result.reason, 'string');
  assert.ok(result.reason.length > 0);
  for (const [key, value] of Object.entries(params)) assert.equal(result.params[key], value, `${code}.${key}`);
  assert.ok(!('error' in result), 'no separate error key');
}

// Plays random games until one has a forced pass before its end.
function gameWithPass() {
  for (;;) {
    const session = new engine.ReversiSession();
    let passed = false;
    for (let snap = session.snapshot(); !snap.status.over; snap = session.snapshot()) {
      session.play(snap.legal[random(snap.legal.length)]);
      passed ||= !!session.snapshot().passed && !session.snapshot().status.over;
    }
    if (passed) return session;
    session.delete();
  }
}

test('the engine lists Reversi codes', () => {
  for (const code of ['square_taken', 'flips_nothing', 'transcript_bad_move', 'ggf_bad_move', 'board_square_count']) {
    assert.ok(codes.has(code), code);
  }
});

test('random games to the end: snapshots, passes, results and records agree', () => {
  let passes = 0;
  for (let game = 0; game < 40; game++) {
    const session = new engine.ReversiSession();
    let snap = session.snapshot();
    assert.deepEqual(snap.counts, { black: 2, white: 2 });
    assert.equal(snap.positionText, START);
    while (!snap.status.over) {
      assert.ok(snap.legal.length > 0, 'the side to move always has a move (passes are automatic)');
      const square = snap.legal[random(snap.legal.length)];
      assert.deepEqual(session.play(square), { ok: true });
      const after = session.snapshot();
      assert.equal(after.lastMove, square);
      assert.equal(after.board[square], snap.side + 1);
      for (const f of after.lastFlips) assert.equal(after.board[f], snap.side + 1);
      assert.equal(after.counts.black + after.counts.white, snap.counts.black + snap.counts.white + 1);
      assert.equal(after.moves.length, after.plies);
      if (after.passed) {
        passes++;
        assert.equal(after.side, snap.side, 'after a pass the same side moves again');
        assert.equal(after.moves[after.plies - 1].square, -1);
      }
      snap = after;
    }
    const { black, white } = snap.counts;
    assert.equal(snap.status.winner, black > white ? 0 : white > black ? 1 : null);
    // The final count comes from the engine: empties to the winner.
    const empties = 64 - black - white;
    assert.equal(snap.status.finalBlack, black + (snap.status.winner === 0 ? empties : 0));
    assert.equal(snap.status.finalWhite, white + (snap.status.winner === 1 ? empties : 0));
    assert.equal(snap.status.blackScore, snap.status.finalBlack - snap.status.finalWhite);
    assert.equal(snap.status.reason, empties === 0 ? 'board_full' : 'no_moves');
    assert.match(session.exportGgf(), /^\(;GM\[Othello\]/);
    const copy = new engine.ReversiSession();
    assert.equal(copy.importRecord(session.exportRecord()).ok, true);
    assert.equal(copy.snapshot().positionText, snap.positionText);
    copy.delete();
    while (session.undo());
    assert.equal(session.snapshot().ply, 0);
    assert.deepEqual(session.snapshot().moves, []);
    while (session.redo());
    assert.equal(session.snapshot().positionText, snap.positionText);
    assert.deepEqual(session.snapshot().moves, snap.moves, 'the cached move list follows undo and redo');
    session.delete();
  }
  assert.ok(passes > 0, 'some games had a forced pass');
});

test('illegal moves and bad input are refused with codes and parameters, and change nothing', () => {
  const session = new engine.ReversiSession();
  assertRefusal(session.play(0), 'flips_nothing', { square: 'a1' });
  assertRefusal(session.play(27), 'square_taken', { square: 'd4' });
  assertRefusal(session.play(99), 'square_out_of_range', { index: '99' });
  assertRefusal(session.play(64), 'pass_not_allowed', { side: 'black' });
  const bad = session.importRecord('f5d6zz');
  assertRefusal(bad, 'transcript_bad_move', { index: '3', text: 'zz' });
  assert.equal(bad.cause.code, 'not_a_move');
  assert.equal(bad.cause.params.text, 'zz');
  const early = session.importRecord('1. f5 pass');
  assertRefusal(early, 'transcript_bad_move', { index: '2', text: 'pass' });
  assertRefusal(early.cause, 'pass_not_allowed', { side: 'white' }, { inner: true });
  assertRefusal(session.startGame({ position: 'XO X' }), 'board_square_count', { count: '2' });
  assertRefusal(session.startGame({ position: `${'-'.repeat(63)}Z X` }), 'board_bad_character', { square: 'h8', character: 'Z' });
  const ggf = session.importRecord('(;GM[Othello]B[F5]W[F5];)');
  assertRefusal(ggf, 'ggf_bad_move', { index: '2', text: 'F5' });
  assert.equal(ggf.cause.code, 'square_taken');
  assertRefusal(session.importRecord('(;GM[Go];)'), 'ggf_not_othello', { game: 'Go' });
  assertRefusal(session.truncate(5), 'bad_argument', { name: 'ply' });
  for (const refusal of [bad, early, ggf]) assert.ok(codes.has(refusal.code) && codes.has(refusal.cause.code));
  assert.equal(session.snapshot().ply, 0);
  assert.equal(session.snapshot().positionText, START);
  session.delete();
});

test('transcripts in every form, and a pass written where the rules force it', () => {
  const session = gameWithPass();
  const snap = session.snapshot();
  const withPasses = snap.moves.map((m) => (m.square < 0 ? 'PA' : m.name)).join(' ');
  const numbered = snap.moves.map((m, i) => `${i % 2 ? '' : `${i / 2 + 1}. `}${m.square < 0 ? 'pass' : m.name}`).join(' ');
  for (const text of [
    session.exportRecord(),
    withPasses,
    numbered,
    snap.moves
      .filter((m) => m.square >= 0)
      .map((m) => m.name)
      .join('-'),
  ]) {
    const copy = new engine.ReversiSession();
    const result = copy.importRecord(text);
    assert.equal(result.ok, true, `${text}: ${result.reason}`);
    assert.equal(result.format, 'transcript');
    assert.equal(copy.snapshot().positionText, snap.positionText);
    assert.deepEqual(copy.snapshot().moves, snap.moves);
    copy.delete();
  }
  session.delete();
});

test('GGF out with players, date and result; GGF in gives them back', () => {
  const session = gameWithPass();
  const snap = session.snapshot();
  const text = session.exportGgf({ black: 'Qipan AI level 4', white: 'Human', date: '2026.12.01_10:00:00.UTC' });
  assert.match(text, /PB\[Qipan AI level 4\]PW\[Human\]/);
  assert.match(text, /DT\[2026\.12\.01_10:00:00\.UTC\]/);
  const score = snap.status.blackScore;
  assert.ok(text.includes(`RE[${score > 0 ? '+' : score < 0 ? '-' : '+'}${Math.abs(score)}.000]`), text);
  assert.match(text, /[BW]\[PA\]/);
  const copy = new engine.ReversiSession();
  const result = copy.importRecord(text);
  assert.deepEqual(result, {
    ok: true,
    format: 'ggf',
    black: 'Qipan AI level 4',
    white: 'Human',
    date: '2026.12.01_10:00:00.UTC',
  });
  assert.equal(copy.snapshot().positionText, snap.positionText);
  assert.deepEqual(copy.snapshot().moves, snap.moves);
  assert.equal(copy.exportGgf({ black: 'Qipan AI level 4', white: 'Human', date: '2026.12.01_10:00:00.UTC' }), text);
  assert.match(copy.exportGgf(), /PB\[\?\]PW\[\?\]/);
  copy.delete();
  session.delete();
});

test('truncate keeps the shown position, drops the rest and the redo list', () => {
  const session = new engine.ReversiSession();
  for (let i = 0; i < 12; i++) {
    const snap = session.snapshot();
    session.play(snap.legal[random(snap.legal.length)]);
  }
  const at6 = session.snapshotAt(6);
  session.undo();
  assert.equal(session.snapshot().canRedo, true);
  assert.deepEqual(session.truncate(6), { ok: true });
  const snap = session.snapshot();
  assert.equal(snap.plies, 6);
  assert.equal(snap.positionText, at6.positionText);
  assert.equal(snap.canRedo, false);
  assert.deepEqual(snap.moves, at6.moves.slice(0, 6));
  assert.deepEqual(session.positions().length, 7);
  assert.equal(session.positions()[6], at6.positionText);
  session.delete();
});

test('the searcher: levels, explicit limits, seeds, refusals', () => {
  const searcher = new engine.ReversiSearcher();
  const session = new engine.ReversiSession();
  session.play(37); // f5
  for (const level of [1, 2, 3, 4, 5]) {
    const snap = session.snapshot();
    const infos = [];
    const result = searcher.search({ board: snap.positionText }, { level }, (info) => infos.push(info));
    assert.equal(result.ok, true, result.reason);
    assert.ok(snap.legal.includes(result.square), `level ${level} played ${result.name}`);
  }
  const snap = session.snapshot();
  // Past the opening a searching level reports its iterations, with the line.
  const midgame = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
  const infos = [];
  const solved = searcher.search({ board: midgame }, { level: 8 }, (info) => infos.push(info));
  assert.equal(solved.name, 'a2');
  assert.equal(solved.score, 38);
  assert.ok(solved.exact);
  assert.ok(infos.length > 0 && Array.isArray(infos[0].pv));
  // Explicit limits: a depth, a node budget, a time.
  const byDepth = searcher.search({ board: snap.positionText }, { depth: 3 }, null);
  assert.equal(byDepth.ok, true);
  assert.equal(byDepth.depth, 3);
  assert.ok(snap.legal.includes(byDepth.square));
  const byNodes = searcher.search({ board: snap.positionText }, { nodes: 20000 }, null);
  assert.equal(byNodes.ok, true);
  assert.ok(byNodes.nodes <= 40000, `${byNodes.nodes} nodes`);
  assert.equal(searcher.search({ board: snap.positionText }, { timeMs: 50 }, null).ok, true);
  // The same seed, the same opening choice; seeds vary it (the four first
  // moves are worth the same).
  const choices = new Set();
  for (let s = 1; s <= 12; s++) {
    const a = searcher.search({ board: START }, { level: 7, seed: s }, null).square;
    assert.equal(searcher.search({ board: START }, { level: 7, seed: s }, null).square, a);
    choices.add(a);
  }
  assert.ok(choices.size >= 2, 'the opening varies with the seed');
  // Refusals.
  assertRefusal(searcher.search({ board: 'bad' }, { level: 3 }, null), 'board_square_count');
  assertRefusal(searcher.search({ board: START }, { level: 9 }, null), 'bad_argument', { name: 'limits.level' });
  assertRefusal(searcher.search({ board: START }, { level: 2.5 }, null), 'bad_argument', { name: 'limits.level' });
  assertRefusal(searcher.search({ board: START }, { depth: 0 }, null), 'bad_argument', { name: 'limits.depth' });
  assertRefusal(searcher.search({ board: START }, {}, null), 'bad_argument');
  assertRefusal(searcher.search({ board: START }, 3, null), 'bad_argument');
  assertRefusal(searcher.search({ board: `${'X'.repeat(64)} O` }, { level: 3 }, null), 'game_over');
  assertRefusal(searcher.hints({ board: 'bad' }, { level: 3 }, null), 'board_square_count');
  session.delete();
  searcher.delete();
});

test('hints give a value per legal move; exact near the end', () => {
  const searcher = new engine.ReversiSearcher();
  const session = new engine.ReversiSession();
  session.play(37);
  const snap = session.snapshot();
  const hints = searcher.hints({ board: snap.positionText }, { level: 3 }, null);
  assert.equal(hints.ok, true);
  assert.deepEqual(
    hints.moves.map((m) => m.square).sort((a, b) => a - b),
    snap.legal.slice().sort((a, b) => a - b),
  );
  const endgame = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
  const solved = searcher.hints({ board: endgame }, { level: 8 }, null);
  const best = solved.moves.reduce((a, b) => (b.value > a.value ? b : a));
  assert.equal(best.value, 38);
  assert.equal(best.square, 8); // a2
  assert.ok(best.exact);
  assert.ok(searcher.hints({ board: endgame }, { depth: 4, exactEmpties: 20 }, null).moves.every((m) => m.exact));
  session.delete();
  searcher.delete();
});

test("evaluate: Black's view, the same value whatever was searched before", () => {
  const searcher = new engine.ReversiSearcher();
  const other = new engine.ReversiSearcher();
  const afterF5 = '---------------------------OX------XXX-------------------------- O';
  const first = searcher.evaluate({ board: afterF5 }, { level: 5 });
  assert.equal(first.ok, true);
  searcher.search({ board: START }, { level: 6 }, null);
  searcher.hints({ board: afterF5 }, { level: 4 }, null);
  assert.deepEqual(searcher.evaluate({ board: afterF5 }, { level: 5 }), first);
  assert.deepEqual(other.evaluate({ board: afterF5 }, { level: 5 }), first);
  // White to move after f5: the search's score for White, turned.
  const white = searcher.search({ board: afterF5 }, { depth: 6 }, null);
  assert.ok(Number.isInteger(white.score));
  const endgame = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
  const solved = searcher.evaluate({ board: endgame }, { level: 8 });
  assert.deepEqual([solved.score, solved.exact], [38, true]);
  // The same position with White to move and colours swapped: the negation.
  const swapped = endgame.slice(0, 64).replace(/[XO]/g, (c) => (c === 'X' ? 'O' : 'X')) + ' O';
  assert.deepEqual([searcher.evaluate({ board: swapped }, { level: 8 }).score], [-38]);
  assert.deepEqual(searcher.evaluate({ board: `${'X'.repeat(40)}${'O'.repeat(24)} X` }, { level: 5 }), {
    ok: true,
    score: 16,
    exact: true,
    depth: 0,
  });
  assertRefusal(searcher.evaluate({ board: 'nonsense' }, { level: 5 }), 'board_square_count');
  assertRefusal(searcher.evaluate({ board: START }, { level: 0 }), 'bad_argument');
  searcher.delete();
  other.delete();
});

test('explicit depth, nodes and timeMs are honoured by search, hints and evaluate', () => {
  const searcher = new engine.ReversiSearcher();
  const lastDepth = (infos) => infos[infos.length - 1].depth;
  // depth: the reported depth is the limit.
  assert.equal(searcher.search({ board: START }, { depth: 5 }, null).depth, 5);
  const infos = [];
  assert.equal(searcher.hints({ board: START }, { depth: 3 }, (info) => infos.push(info)).ok, true);
  assert.deepEqual(
    infos.map((i) => i.depth),
    [1, 2, 3],
  );
  assert.equal(searcher.evaluate({ board: START }, { depth: 7 }).depth, 7);
  // nodes: the count stays about the budget, and a smaller budget searches less deep.
  for (const nodes of [3000, 30000]) {
    const r = searcher.search({ board: START }, { nodes }, null);
    assert.ok(r.nodes >= nodes && r.nodes <= 2 * nodes, `${r.nodes} nodes for a budget of ${nodes}`);
  }
  const fresh = new engine.ReversiSearcher();
  assert.ok(fresh.evaluate({ board: START }, { nodes: 2000 }).depth < fresh.evaluate({ board: START }, { nodes: 200000 }).depth);
  fresh.delete();
  // timeMs: with no other limit the search from the start would run until the
  // whole game was solved; it returns (the bound is only a generous sanity check).
  const timed = searcher.search({ board: START }, { timeMs: 50 }, null);
  assert.ok(timed.ok && timed.depth < 60 && timed.timeMs < 10000, JSON.stringify(timed));
  const timedInfos = [];
  assert.equal(searcher.hints({ board: START }, { timeMs: 50 }, (info) => timedInfos.push(info)).moves.length, 4);
  assert.ok(lastDepth(timedInfos) < 60);
  const value = searcher.evaluate({ board: START }, { timeMs: 50 });
  assert.ok(value.ok && value.depth < 60, JSON.stringify(value));
  // A level still decides when given; the explicit fields are checked all the same.
  assert.equal(searcher.search({ board: START }, { level: 3, depth: 9 }, null).depth, 2);
  assertRefusal(searcher.search({ board: START }, { level: 3, depth: 99 }, null), 'bad_argument', { name: 'limits.depth' });
  for (const bad of [
    { nodes: 0 },
    { nodes: -5 },
    { timeMs: -1 },
    { timeMs: '50' },
    { depth: 2.5 },
    { seed: -1 },
    { exactEmpties: 61 },
  ])
    for (const call of [
      (l) => searcher.search({ board: START }, l, null),
      (l) => searcher.hints({ board: START }, l, null),
      (l) => searcher.evaluate({ board: START }, l),
    ])
      assertRefusal(call({ depth: 3, ...bad }), 'bad_argument', { name: `limits.${Object.keys(bad)[0]}` });
  searcher.delete();
});

test("one face for all three searchers: the session's request, one limits object, the step in `move`", () => {
  const xiangqi = new engine.XiangqiSearcher();
  const reversi = new engine.ReversiSearcher();
  const checkers = new engine.CheckersSearcher();
  const xiangqiGame = new engine.XiangqiSession();
  const reversiGame = new engine.ReversiSession();
  const checkersGame = new engine.CheckersSession();
  const games = { xiangqi: xiangqiGame, reversi: reversiGame, checkers: checkersGame };
  const searchers = {
    xiangqi: (limits) => xiangqi.search(xiangqiGame.searchRequest(), limits),
    reversi: (limits) => reversi.search(reversiGame.searchRequest(), limits),
    checkers: (limits) => checkers.search(checkersGame.searchRequest(), limits),
  };
  // Every searcher answers with the step's text, which its session plays.
  for (const [game, search] of Object.entries(searchers)) {
    const found = search({ depth: 2 });
    assert.equal(typeof found.move, 'string', game);
    const session = games[game];
    assert.deepEqual(session.playText(found.move), { ok: true }, `${game}: ${found.move}`);
    assert.equal(session.steps(0)[0].move, found.move, game);
    session.newGame();
  }
  for (const [game, search] of Object.entries(searchers)) {
    assert.equal(search({ depth: 3 }).depth, 3, `${game}: depth`);
    const budget = search({ nodes: 5000 });
    assert.ok(budget.ok && budget.nodes >= 5000 && budget.nodes <= 10000, `${game}: ${budget.nodes} nodes for 5000`);
    // Unbounded but for the time (depth 40-64 from the start): it returns.
    const timed = search({ timeMs: 40 });
    assert.ok(timed.ok && timed.depth > 0 && timed.timeMs < 10000, `${game}: ${JSON.stringify(timed)}`);
    assert.equal(search({ level: 2, seed: 7 }).ok, true, `${game}: a level`);
    assert.equal(search({ depth: 2, nodes: 100000, timeMs: 5000, seed: 3 }).depth, 2, `${game}: all three`);
    for (const [bad, name] of [
      [{ depth: -1 }, 'limits.depth'],
      [{ depth: 'x' }, 'limits.depth'],
      [{ depth: 99 }, 'limits.depth'],
      [{ nodes: 1.5 }, 'limits.nodes'],
      [{ timeMs: 0 }, 'limits.timeMs'],
      [{ level: 0 }, 'limits.level'],
      [{ level: 9 }, 'limits.level'],
      [{ level: '3' }, 'limits.level'],
      [{ seed: -1 }, 'limits.seed'],
      [{}, 'limits'],
      [7, 'limits'],
      [null, 'limits'],
    ])
      assertRefusal(search(bad), 'bad_argument', { name });
  }
  for (const handle of [xiangqi, reversi, checkers, xiangqiGame, reversiGame, checkersGame]) handle.delete();
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
