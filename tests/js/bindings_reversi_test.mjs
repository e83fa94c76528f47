// The Reversi Embind surface as the page uses it: full games through
// ReversiSession (passes recorded by the engine, undo/redo, records, GGF),
// moves and hints from ReversiSearcher, and no leaked handle.
//   node --no-experimental-fetch tests/js/bindings_reversi_test.mjs
import assert from 'node:assert/strict';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';

const engine = await loadEngine();

let seed = 77;
const random = (n) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n);
const handlesAtStart = engine.count_emval_handles();

test('random games to the end: snapshots, passes, results and records agree', () => {
  let passes = 0;
  for (let game = 0; game < 40; game++) {
    const session = new engine.ReversiSession();
    let snap = session.snapshot();
    assert.deepEqual(snap.counts, { black: 2, white: 2 });
    assert.equal(snap.boardString, '---------------------------OX------XO--------------------------- X');
    while (!snap.status.over) {
      assert.ok(snap.legal.length > 0, 'the side to move always has a move (passes are automatic)');
      const square = snap.legal[random(snap.legal.length)];
      assert.deepEqual(session.play(square), { ok: true });
      const after = session.snapshot();
      assert.equal(after.lastMove, square);
      assert.equal(after.board[square], snap.side);
      for (const f of after.lastFlips) assert.equal(after.board[f], snap.side);
      assert.equal(after.counts.black + after.counts.white, snap.counts.black + snap.counts.white + 1);
      if (after.passed) {
        passes++;
        assert.equal(after.side, snap.side, 'after a pass the same side moves again');
      }
      snap = after;
    }
    const { black, white } = snap.counts;
    assert.equal(snap.status.winner, black > white ? 1 : white > black ? 2 : 0);
    assert.match(session.exportGgf(), /^\(;GM\[Othello\]/);
    const copy = new engine.ReversiSession();
    assert.equal(copy.importRecord(session.exportRecord()).ok, true);
    assert.equal(copy.snapshot().boardString, snap.boardString);
    copy.delete();
    while (session.undo());
    assert.equal(session.snapshot().ply, 0);
    while (session.redo());
    assert.equal(session.snapshot().boardString, snap.boardString);
    session.delete();
  }
  assert.ok(passes > 0, 'some games had a forced pass');
});

test('illegal moves and bad input are refused with reasons', () => {
  const session = new engine.ReversiSession();
  assert.deepEqual(session.play(0), { ok: false, reason: "a disc must flip at least one of the opponent's discs" });
  assert.deepEqual(session.play(27), { ok: false, reason: 'that square is taken' });
  assert.equal(session.play(99).ok, false);
  assert.equal(session.importRecord('f5d6zz').ok, false);
  assert.equal(session.loadBoard('XO X').ok, false);
  assert.equal(session.snapshot().ply, 0);
  session.delete();
});

test('the searcher plays legal moves at every level and gives a hint per legal move', () => {
  const searcher = new engine.ReversiSearcher();
  const session = new engine.ReversiSession();
  session.play(37); // f5
  for (const level of [1, 2, 3, 4, 5]) {
    const snap = session.snapshot();
    const infos = [];
    const result = searcher.search(snap.boardString, { level }, (info) => infos.push(info));
    assert.equal(result.ok, true, result.error);
    assert.ok(snap.legal.includes(result.square), `level ${level} played ${result.name}`);
    if (level >= 3) assert.ok(infos.length > 0, 'searching levels report iterations');
  }
  const snap = session.snapshot();
  const hints = searcher.hints(snap.boardString, { level: 3 }, null);
  assert.equal(hints.ok, true);
  assert.deepEqual(hints.moves.map((m) => m.square).sort((a, b) => a - b), snap.legal.slice().sort((a, b) => a - b));
  // Near the end the values are exact.
  const endgame = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
  const solved = searcher.hints(endgame, { level: 8 }, null);
  const best = solved.moves.reduce((a, b) => (b.value > a.value ? b : a));
  assert.equal(best.value, 38);
  assert.equal(best.square, 8); // a2
  assert.ok(best.exact);
  assert.equal(searcher.search('bad', { level: 3 }, null).ok, false);
  session.delete();
  searcher.delete();
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
