// The Embind surface, exercised the way the page uses it: a long game through
// XiangqiSession (moves, rejections with reasons, undo/redo, browsing, records)
// and searches through XiangqiSearcher, then a check that no handle leaked.
//   node --no-experimental-fetch tests/js/bindings_xiangqi_test.mjs
import assert from 'node:assert/strict';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';

const engine = await loadEngine();

// Deterministic choice so the game is the same on every run.
function* lcg(seed) {
  let x = seed >>> 0;
  for (;;) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    yield x;
  }
}

const handlesAtStart = engine.count_emval_handles();

test('a long game through the session keeps snapshots, notation and status consistent', () => {
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
    const result = session.play(move.from, move.to);
    assert.deepEqual(result, { ok: true });
    const after = session.snapshot();
    const last = after.moves[after.moves.length - 1];
    assert.equal(last.from, move.from);
    assert.equal(after.lastMove.to, move.to);
    assert.match(last.iccs, /^[a-i][0-9][a-i][0-9]$/);
    assert.ok(last.chinese.length === 4, `chinese notation ${last.chinese}`);
  }
  assert.ok(plies > 20);
  const final = session.snapshot();
  // The record replays to the same position in every notation.
  for (const notation of ['chinese', 'wxf', 'iccs']) {
    const copy = new engine.XiangqiSession();
    const imported = copy.importRecord(session.exportRecord(notation));
    assert.equal(imported.ok, true, imported.error);
    assert.equal(copy.snapshot().fen, final.fen);
    copy.delete();
  }
  // Browsing never changes the game.
  const early = session.snapshotAt(3);
  assert.equal(early.ply, 3);
  assert.equal(early.live, false);
  assert.equal(session.snapshot().fen, final.fen);
  // Undo everything, redo everything.
  while (session.undo());
  assert.equal(session.snapshot().ply, 0);
  while (session.redo());
  assert.equal(session.snapshot().fen, final.fen);
  session.delete();
});

test('rejected intents return reasons and change nothing', () => {
  const session = new engine.XiangqiSession();
  const square = (file, rank) => rank * 9 + file;
  const start = session.snapshot().fen;
  assert.deepEqual(session.play(square(1, 9), square(2, 7)),
    { ok: false, code: 'not_your_turn', params: { square: 'b9' }, reason: 'not your turn' });
  assert.deepEqual(session.play(square(4, 4), square(4, 5)),
    { ok: false, code: 'no_piece_there', params: { square: 'e4' }, reason: 'no piece there' });
  assert.deepEqual(session.play(square(1, 0), square(3, 1)).params, { square: 'c0' });
  assert.equal(session.play(square(1, 0), square(1, 3)).reason, 'horses move one step straight and one diagonally');
  assert.equal(session.play(square(1, 0), square(3, 1)).reason, 'horse leg blocked'); // b0-d1 over the elephant on c0
  assert.equal(session.play(square(0, 0), square(0, 3)).reason, 'cannot capture your own piece'); // rook a0 onto the a3 soldier
  assert.equal(session.playText('炮二平九').ok, false);
  assert.equal(session.playText('not a move').ok, false);
  assert.equal(session.loadFen('rnbakabnr/9/1c5c1 w').ok, false);
  assert.ok(session.loadFen('rnbakabnr/9 w').error.includes('ranks'));
  assert.equal(session.snapshot().fen, start);
  assert.equal(session.snapshot().ply, 0);
  session.delete();
});

test('a mate ends the game with the winner and reason', () => {
  const session = new engine.XiangqiSession();
  // Two rooks: red mates on the back rank.
  assert.equal(session.loadFen('3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1').ok, true);
  assert.equal(session.playText('a1a9').ok, true);
  const snap = session.snapshot();
  assert.equal(snap.status.over, true);
  assert.equal(snap.status.winner, 0);
  assert.equal(snap.status.reason, 'checkmate');
  assert.equal(snap.legal.length, 0);
  assert.equal(session.play(0, 9).reason, 'the game is over');
  session.delete();
});

test('the searcher answers with a legal move and reports each iteration', () => {
  const searcher = new engine.XiangqiSearcher();
  const infos = [];
  const result = searcher.search('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    ['h2e2', 'h9g7'], { depth: 4 }, (info) => infos.push(info));
  assert.equal(result.ok, true);
  assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3, 4]);
  const session = new engine.XiangqiSession();
  session.playText('h2e2');
  session.playText('h9g7');
  assert.equal(session.play(result.from, result.to).ok, true);
  const bad = searcher.search('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', ['h2e3'], { depth: 2 }, null);
  assert.equal(bad.ok, false);
  assert.match(bad.error, /history move 1/);
  session.delete();
  searcher.delete();
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
