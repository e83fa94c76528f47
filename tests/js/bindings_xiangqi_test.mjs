// The Embind surface, exercised the way the page and its worker use it: a long
// game through XiangqiSession (moves, refusals with codes, undo/redo,
// browsing, the move cache, results, truncate, records and PGN), searches
// and draw answers through XiangqiSearcher, the level table, then a check
// that no handle leaked.
//   QIPAN_WEB_ENGINE=build/wasm/qipan_web.js node --no-experimental-fetch tests/js/bindings_xiangqi_test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';

const engine = await loadEngine();
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../xiangqi/fixtures');
const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const square = (name) => (name.charCodeAt(1) - 48) * 9 + (name.charCodeAt(0) - 97);

// Deterministic choice so the game is the same on every run.
function* lcg(seed) {
  let x = seed >>> 0;
  for (;;) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    yield x;
  }
}

// A refusal as the page receives it: {ok: false, code, params, reason, cause?}.
function assertRefusal(result, code, params) {
  assert.equal(result.ok, false);
  assert.equal(result.code, code, JSON.stringify(result));
  assert.equal(typeof result.reason, 'string');
  assert.equal(typeof result.params, 'object');
  if (params) assert.deepEqual(result.params, params);
  assert.equal('error' in result, false, 'no separate error key');
}

const handlesAtStart = engine.count_emval_handles();

test('a long game through the session keeps snapshots, the move cache and status consistent', () => {
  const session = new engine.XiangqiSession();
  const random = lcg(2024);
  let plies = 0;
  for (; plies < 300; plies++) {
    const snap = session.snapshot();
    assert.equal(snap.ply, plies);
    assert.equal(snap.board.length, 90);
    if (snap.status.over) break;
    assert.ok(snap.legal.length > 0, 'a live game has legal moves');
    const move = snap.legal[random.next().value % snap.legal.length];
    assert.deepEqual(session.play(move.from, move.to), { ok: true });
    const after = session.snapshot();
    const last = after.moves[after.moves.length - 1];
    assert.equal(last.from, move.from);
    assert.equal(after.lastMove.to, move.to);
    assert.match(last.iccs, /^[a-i][0-9][a-i][0-9]$/);
    assert.ok(last.chinese.length === 4, `chinese notation ${last.chinese}`);
    // Every capture is listed for the side that made it.
    const taken = after.captures[0].length + after.captures[1].length;
    assert.equal(taken, after.moves.filter((m) => m.captured).length);
  }
  assert.ok(plies > 20);
  const final = session.snapshot();
  // The cached move texts are the ones a fresh import derives.
  for (const notation of ['chinese', 'wxf', 'iccs']) {
    const copy = new engine.XiangqiSession();
    const imported = copy.importRecord(session.exportRecord(notation));
    assert.equal(imported.ok, true, JSON.stringify(imported));
    assert.equal(copy.snapshot().fen, final.fen);
    assert.deepEqual(copy.snapshot().moves, final.moves);
    copy.delete();
  }
  // Browsing never changes the game, and shows the position after n moves.
  const early = session.snapshotAt(3);
  assert.equal(early.ply, 3);
  assert.equal(early.live, false);
  assert.deepEqual(early.legal, [], 'legal moves only for the live position');
  const replay = new engine.XiangqiSession();
  for (const m of final.moves.slice(0, 3)) replay.playText(m.iccs);
  assert.equal(early.fen, replay.snapshot().fen);
  replay.delete();
  assert.equal(session.snapshot().fen, final.fen);
  // Undo everything, redo everything: the cache follows.
  while (session.undo());
  assert.equal(session.snapshot().ply, 0);
  assert.deepEqual(session.snapshot().moves, []);
  while (session.redo());
  assert.equal(session.snapshot().fen, final.fen);
  assert.deepEqual(session.snapshot().moves, final.moves);
  session.delete();
});

test('the move cache is filled on demand and follows an undo and another move', () => {
  const session = new engine.XiangqiSession();
  for (const m of ['h2e2', 'h9g7', 'h0g2']) assert.deepEqual(session.playText(m), { ok: true });
  const texts = session.snapshot().moves.map((m) => m.chinese);
  assert.deepEqual(texts, ['炮二平五', '马8进7', '马二进三']);
  // Same number of moves, a different last one: the cache must not keep the old text.
  assert.equal(session.undo(), true);
  assert.deepEqual(session.playText('b0c2'), { ok: true });
  assert.deepEqual(
    session.snapshot().moves.map((m) => m.chinese),
    ['炮二平五', '马8进7', '马八进七'],
  );
  assert.equal(session.snapshot().lastMove.from, square('b0'));
  // Moves played without any snapshot between them are described when one is asked for.
  session.undo();
  session.undo();
  for (const m of ['b9c7', 'b0c2', 'a9b9']) session.playText(m);
  assert.deepEqual(
    session.snapshot().moves.map((m) => m.iccs),
    ['h2e2', 'b9c7', 'b0c2', 'a9b9'],
  );
  assert.deepEqual(session.searchRequest(), { fen: START, moves: ['h2e2', 'b9c7', 'b0c2', 'a9b9'], rules: 'asian' });
  // status() is the snapshot's status without the rest of it.
  assert.deepEqual(session.status(), session.snapshot().status);
  assert.equal(session.snapshot().status.over, false);
  session.delete();
});

test('refusals carry codes and parameters, and change nothing', () => {
  const session = new engine.XiangqiSession();
  assert.deepEqual(session.play(square('b9'), square('c7')), {
    ok: false,
    code: 'not_your_turn',
    params: { square: 'b9' },
    reason: 'not your turn',
  });
  assertRefusal(session.play(square('e4'), square('e5')), 'no_piece_there', { square: 'e4' });
  assertRefusal(session.play(square('b0'), square('d1')), 'horse_leg_blocked', { square: 'c0' });
  assertRefusal(session.playText('炮二平九'), 'cannon_path_blocked', { square: 'b2' });
  assertRefusal(session.playText('not a move'), 'wxf_syntax', { text: 'not a move' });
  assertRefusal(session.startGame({ position: 'rnbakabnr/9 w' }), 'fen_rank_count', { ranks: '2' });
  const record = session.importRecord('1. 炮二平五 马８进７ 2. 马二进四');
  assertRefusal(record, 'record_bad_move', { index: '3', text: '马二进四' });
  assert.equal(record.cause.code, 'horse_leg_blocked');
  assert.deepEqual(record.cause.params, { square: 'g0' });
  assertRefusal(session.resign(2), 'bad_argument', { name: 'seat', expected: '0 or 1' });
  assertRefusal(session.truncate(5), 'ply_out_of_range', { ply: '5', plies: '0' });
  assert.equal(session.snapshot().fen, START);
  assert.equal(session.snapshot().ply, 0);
  session.delete();
});

test('a mate ends the game; further moves are refused with game_over', () => {
  const session = new engine.XiangqiSession();
  assert.equal(session.startGame({ position: '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1' }).ok, true);
  assert.equal(session.playText('a1a9').ok, true);
  const snap = session.snapshot();
  assert.deepEqual([snap.status.over, snap.status.winner, snap.status.reason, snap.status.result], [true, 0, 'checkmate', '1-0']);
  assert.equal(snap.legal.length, 0);
  assert.deepEqual(session.status(), snap.status);
  assertRefusal(session.play(0, 9), 'game_over', { reason: 'checkmate' });
  assertRefusal(session.resign(1), 'game_over', { reason: 'checkmate' });
  assertRefusal(session.agreeDraw(), 'game_over', { reason: 'checkmate' });
  session.delete();
});

test('resignation and agreement live in the session and its records', () => {
  const session = new engine.XiangqiSession();
  session.playText('h2e2');
  assert.deepEqual(session.resign(0), { ok: true, over: true, takenOver: false });
  let snap = session.snapshot();
  assert.deepEqual([snap.status.over, snap.status.winner, snap.status.reason], [true, 1, 'resignation']);
  assert.equal(session.exportRecord('iccs'), '[Termination "resignation"]\n1. h2e2\n0-1\n');
  const copy = new engine.XiangqiSession();
  assert.equal(copy.importRecord(session.exportPgn('chinese')).ok, true);
  assert.equal(copy.snapshot().status.reason, 'resignation');
  assert.equal(copy.snapshot().status.winner, 1);
  assert.equal(session.undo(), true, 'undo takes back the resignation');
  assert.equal(session.snapshot().status.over, false);
  assert.equal(session.snapshot().ply, 1);
  assert.deepEqual(session.agreeDraw(), { ok: true, over: true, takenOver: false });
  snap = session.snapshot();
  assert.deepEqual(
    [snap.status.over, snap.status.winner, snap.status.reason, snap.status.result],
    [true, null, 'agreement', '1/2-1/2'],
  );
  assert.equal(copy.importRecord(session.exportRecord('wxf')).ok, true);
  assert.equal(copy.snapshot().status.reason, 'agreement');
  copy.delete();
  session.delete();
});

test('truncate keeps the first moves, drops the rest and plays on', () => {
  const session = new engine.XiangqiSession();
  for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7']) session.playText(m);
  session.undo();
  const at3 = session.snapshotAt(3);
  assert.deepEqual(session.truncate(3), { ok: true });
  const snap = session.snapshot();
  assert.equal(snap.ply, 3);
  assert.equal(snap.fen, at3.fen);
  assert.equal(snap.canRedo, false);
  assert.deepEqual(
    snap.moves.map((m) => m.iccs),
    ['h2e2', 'h9g7', 'h0g2'],
  );
  assert.equal(session.playText('b9c7').ok, true);
  assert.deepEqual(
    session.snapshot().moves.map((m) => m.chinese),
    ['炮二平五', '马8进7', '马二进三', '马2进3'],
  );
  // A resignation beyond the shown position goes with the moves.
  session.resign(1);
  assert.deepEqual(session.truncate(2), { ok: true });
  assert.equal(session.snapshot().status.over, false);
  session.delete();
});

test('a published PGN imports with its tags and round-trips with its result', () => {
  const session = new engine.XiangqiSession();
  const text = readFileSync(join(fixtures, 'xu_yinchuan_nie_weiping_1999.pgn'), 'utf8');
  assert.deepEqual(session.importRecord(text), { ok: true });
  const snap = session.snapshot();
  assert.equal(snap.fen.split(' ').slice(0, 2).join(' '), '2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b');
  // 1-0 and no Termination tag: the record's result, whose cause it does not give.
  assert.deepEqual([snap.status.reason, snap.status.winner], ['recorded', 0]);
  const tags = new Map(session.tags());
  assert.equal(tags.get('Red'), '许银川');
  assert.equal(tags.get('Date'), '1999.12.09');
  // The page's tags only fill in; an imported game keeps its own.
  const pgn = session.exportPgn('wxf', { Annotator: 'qipan', Red: 'someone else' });
  assert.match(pgn, /\[Red "someone else"\]/);
  assert.match(pgn, /\[Annotator "qipan"\]/);
  assert.match(pgn, /\[Format "WXF"\]/);
  assert.ok(pgn.trimEnd().endsWith('1-0'));
  const back = new engine.XiangqiSession();
  assert.deepEqual(back.importRecord(pgn), { ok: true });
  assert.equal(back.snapshot().fen, snap.fen);
  assert.equal(back.snapshot().status.reason, 'recorded');
  assert.equal(new Map(back.tags()).get('Site'), '广州');
  back.delete();
  session.delete();
});

// A perpetual chase: black's chariot follows red's unprotected horse between
// d0 and c2 (`qipan rule xiangqi` rules it lost for black under the Asian
// and Chinese rules, a draw under the simple ones).
const CHASE_FEN = '3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1';
const CHASE = ['d0c2', 'd3c3', 'c2d0', 'c3d3', 'd0c2', 'd3c3', 'c2d0', 'c3d3'];

test('startGame takes the rule set, keeps it for a new game and undo, and refuses others', () => {
  const session = new engine.XiangqiSession();
  assert.equal(session.startGame({}).options.rules, 'asian', 'the Asian rules by default');
  assert.equal(session.snapshot().rules, 'asian');
  const started = session.startGame({ rules: 'chinese', position: CHASE_FEN });
  assert.deepEqual([started.ok, started.options.rules], [true, 'chinese']);
  assert.equal(session.snapshot().rules, 'chinese');
  session.playText('d0c2');
  session.undo();
  assert.equal(session.snapshot().rules, 'chinese', 'undo keeps the rules');
  session.newGame();
  assert.deepEqual([session.snapshot().fen, session.snapshot().rules], [START, 'chinese'], 'a new game keeps them');
  for (const bad of ['wxf', 'Asian', '', 3, null, { name: 'asian' }])
    assertRefusal(session.startGame({ rules: bad }), 'bad_argument', {
      name: 'options.rules',
      expected: 'asian, chinese or simple',
    });
  assert.equal(session.snapshot().rules, 'chinese', 'a refused start changes nothing');
  assert.equal(session.searchRequest().rules, 'chinese');
  session.delete();
});

test('a perpetual chase ends the game with the ruling, after a warning to the chasing side', () => {
  const session = new engine.XiangqiSession();
  assert.equal(session.startGame({ position: CHASE_FEN }).ok, true);
  CHASE.forEach((move, i) => {
    const snap = session.snapshot();
    assert.equal(snap.ruling, null);
    // Only black's last move completes the cycle it loses, and only then is it warned.
    if (i === CHASE.length - 1) assert.deepEqual(snap.repetitionWarning, { moves: ['c3d3'], reasons: ['perpetual_chase'] });
    else assert.equal(snap.repetitionWarning, null, `no warning before ply ${i}`);
    assert.deepEqual(session.playText(move), { ok: true });
  });
  const snap = session.snapshot();
  assert.deepEqual([snap.status.over, snap.status.winner, snap.status.reason], [true, 0, 'perpetual_chase']);
  assert.equal(snap.repetitionWarning, null);
  const ruling = snap.ruling;
  assert.deepEqual([ruling.outcome, ruling.reason, ruling.side, ruling.rules], ['red_wins', 'perpetual_chase', 'black', 'asian']);
  // The article the loss rests on (ruling_record.cpp's rule_article).
  assert.equal(ruling.rule, 'WXF rules, general rule 3');
  assert.deepEqual(ruling.chased, [{ square: 'd0', piece: 'N', by: 'd3', by_piece: 'r' }]);
  assert.deepEqual(
    ruling.cycle.map((m) => m.move),
    CHASE,
  );
  assert.deepEqual(
    ruling.cycle.map((m) => m.kind),
    ['idle', 'chase', 'idle', 'chase', 'idle', 'chase', 'idle', 'chase'],
  );
  assert.deepEqual(ruling.cycle[3].chases, [{ by: 'd3', target: 'd0' }]);
  // Browsing an earlier position shows the game's ruling too; undo takes it back.
  assert.deepEqual(session.snapshotAt(4).ruling, ruling);
  session.undo();
  assert.equal(session.snapshot().ruling, null);
  assert.deepEqual(session.snapshot().repetitionWarning.moves, ['c3d3']);
  session.delete();
});

test('the same cycle under the simple rules is a draw by repetition, without a warning', () => {
  const session = new engine.XiangqiSession();
  assert.equal(session.startGame({ position: CHASE_FEN, rules: 'simple' }).ok, true);
  for (const move of CHASE) {
    assert.equal(session.snapshot().repetitionWarning, null);
    session.playText(move);
  }
  const snap = session.snapshot();
  assert.deepEqual([snap.status.over, snap.status.winner, snap.status.reason], [true, null, 'repetition']);
  assert.deepEqual([snap.ruling.outcome, snap.ruling.side, snap.ruling.rules], ['draw', null, 'simple']);
  assert.deepEqual(snap.ruling.chased, []);
  session.delete();
});

test("a record imports under the rules given, or the current game's", () => {
  const session = new engine.XiangqiSession();
  session.startGame({ rules: 'simple' });
  const record = `[FEN "${CHASE_FEN}"]\n${CHASE.join(' ')}`;
  assert.deepEqual(session.importRecord(record), { ok: true });
  assert.deepEqual([session.snapshot().rules, session.snapshot().status.reason], ['simple', 'repetition']);
  assert.deepEqual(session.importRecord(record, { rules: 'asian' }), { ok: true });
  assert.deepEqual([session.snapshot().rules, session.snapshot().status.reason], ['asian', 'perpetual_chase']);
  assertRefusal(session.importRecord(record, { rules: 'xiangqi' }), 'bad_argument', {
    name: 'options.rules',
    expected: 'asian, chinese or simple',
  });
  session.delete();
});

test("the searcher plays the request's rules", () => {
  const searcher = new engine.XiangqiSearcher();
  // The whole cycle sent: the searcher's game is over as the session's is, by the rules it was given.
  for (const [rules, reason] of [
    ['asian', 'perpetual_chase'],
    ['chinese', 'perpetual_chase'],
    ['simple', 'repetition'],
    [undefined, 'perpetual_chase'],
  ])
    assertRefusal(searcher.search({ fen: CHASE_FEN, moves: CHASE, rules }, { depth: 2 }), 'game_over', { reason });
  assertRefusal(searcher.search({ fen: CHASE_FEN, moves: [], rules: 'fide' }, { depth: 2 }), 'bad_argument', {
    name: 'game.rules',
    expected: 'asian, chinese or simple',
  });
  // One move short of the cycle, black (a chariot up) never completes the chase it loses.
  const lastButOne = { fen: CHASE_FEN, moves: CHASE.slice(0, -1), rules: 'asian' };
  for (const limits of [{ depth: 4 }, { level: 3, seed: 1 }])
    assert.notEqual(searcher.search(lastButOne, limits).bestIccs, 'c3d3');
  searcher.delete();
});

test('the searcher takes the game, reports each iteration and writes its line in three notations', () => {
  const searcher = new engine.XiangqiSearcher();
  const infos = [];
  const request = { fen: START, moves: ['h2e2', 'h9g7'], rules: 'asian' };
  const result = searcher.search(request, { depth: 4 }, (info) => infos.push(info));
  assert.equal(result.ok, true, JSON.stringify(result));
  assert.deepEqual(
    infos.map((i) => i.depth),
    [1, 2, 3, 4],
  );
  for (const info of [...infos, result]) {
    assert.equal(info.pv.iccs.length, info.pv.wxf.length);
    assert.equal(info.pv.iccs.length, info.pv.chinese.length);
    assert.equal(info.redScore, info.score, "red to move: red score is the side to move's");
  }
  assert.equal(result.pv.iccs[0], result.bestIccs);
  assert.equal(result.book, false);
  const session = new engine.XiangqiSession();
  session.playText('h2e2');
  session.playText('h9g7');
  assert.deepEqual(session.searchRequest(), request);
  assert.equal(session.play(result.from, result.to).ok, true);
  // A mate in one for red, seen from black's turn too.
  const mate = searcher.search({ fen: '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1', moves: [] }, { depth: 3 });
  assert.deepEqual([mate.bestIccs, mate.mate], ['a1a9', 1]);
  // (The mate one move away shows from depth 5: depth 4's internal
  // iterative reduction leaves the reply to quiescence.)
  const mated = searcher.search({ fen: '3k5/8R/9/9/9/8p/9/R8/9/4K4 b - - 0 1', moves: [] }, { depth: 6 });
  assert.ok(mated.mate > 0 && mated.redScore > 0 && mated.score < 0, JSON.stringify(mated));
  // Bad requests are refused with their codes.
  assertRefusal(searcher.search({ fen: START, moves: ['h2e3'] }, { depth: 2 }), 'search_bad_history', {
    index: '1',
    text: 'h2e3',
  });
  assertRefusal(searcher.search({ fen: 'x', moves: [] }, { depth: 2 }), 'fen_rank_count');
  assertRefusal(searcher.search(null, { depth: 2 }), 'bad_argument');
  assertRefusal(searcher.search({ fen: '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1', moves: ['a1a9'] }, { depth: 2 }), 'game_over');
  session.delete();
  searcher.delete();
});

test('a search given only timeMs plays a move out of the book and reports its time and depth', () => {
  // How much of the time it spends is a figure (`qipan bench --only movetime`), not asserted here.
  const searcher = new engine.XiangqiSearcher();
  const infos = [];
  const result = searcher.search({ fen: START, moves: [] }, { timeMs: 40 }, (info) => infos.push(info));
  assert.equal(result.ok, true, JSON.stringify(result));
  assert.equal(result.book, false);
  assert.equal(result.pv.iccs[0], result.bestIccs);
  assert.ok(result.depth >= 1 && infos.length >= 1, JSON.stringify(result));
  assert.ok(Number.isFinite(result.timeMs) && result.timeMs >= 0);
  for (const bad of [{ timeMs: 0 }, { timeMs: -5 }, { timeMs: 1.5 }, { timeMs: '300' }])
    assertRefusal(searcher.search({ fen: START, moves: [] }, bad), 'bad_argument', {
      name: 'limits.timeMs',
      expected: 'milliseconds >= 1',
    });
  searcher.delete();
});

test('levels: book moves and seeded variety, the same move for the same seed', () => {
  const searcher = new engine.XiangqiSearcher();
  const start = { fen: START, moves: [] };
  const firsts = new Set();
  for (let seed = 0; seed < 12; seed++) {
    const r = searcher.search(start, { level: 8, seed });
    assert.equal(r.book, true);
    firsts.add(r.bestIccs);
  }
  assert.ok(firsts.size >= 3, [...firsts].join());
  const game = {
    fen: START,
    moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'g3g4', 'h7i7', 'b0c2', 'c6c5', 'b2b6', 'b9c7', 'b6c6', 'a9b9'],
  };
  const a = searcher.search(game, { level: 2, seed: 5 });
  const b = searcher.search(game, { level: 2, seed: 5 });
  assert.equal(a.book, false);
  assert.deepEqual([a.bestIccs, a.nodes], [b.bestIccs, b.nodes]);
  const hint = searcher.search(game, { hint: 1 });
  assert.equal(hint.ok, true);
  searcher.delete();
});

test('draw offers: the engine answers from its search', () => {
  const searcher = new engine.XiangqiSearcher();
  const early = searcher.answerDrawOffer({ fen: START, moves: ['h2e2'] }, { level: 3, answering: 0 });
  assert.deepEqual([early.ok, early.answer, early.accepted], [true, 'too_early', false]);
  const level = searcher.answerDrawOffer(
    { fen: '3k5/9/9/9/1r7/7R1/9/9/9/5K3 w - - 0 30', moves: [] },
    { level: 3, answering: 1 },
  );
  assert.deepEqual([level.answer, level.accepted], ['accept', true]);
  const ahead = searcher.answerDrawOffer({ fen: '3k5/9/9/9/1r7/9/9/9/9/5K3 w - - 0 30', moves: [] }, { level: 3, answering: 1 });
  assert.deepEqual([ahead.answer, ahead.accepted], ['ahead', false]);
  assert.ok(ahead.score > 0 && ahead.redScore < 0);
  assertRefusal(searcher.answerDrawOffer({ fen: START, moves: [] }, { level: 3, answering: 7 }), 'bad_argument');
  searcher.delete();
});

test("the level table is the engine's", () => {
  const levels = engine.xiangqiLevels();
  assert.equal(levels.length, 8);
  levels.forEach((l, i) => {
    assert.equal(l.level, i + 1);
    assert.deepEqual(Object.keys(l).sort(), ['depth', 'level', 'margin', 'marginPlies', 'name', 'nodes', 'timeMs']);
    assert.ok(l.depth > 0 || l.nodes > 0, 'bounded without a clock');
    assert.ok(l.timeMs > 0);
    assert.equal(typeof l.name, 'string');
  });
  // The top levels search a node budget that grows with the level.
  assert.ok(levels[7].nodes > levels[6].nodes && levels[6].nodes > 0);
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
