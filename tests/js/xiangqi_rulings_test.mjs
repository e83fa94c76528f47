// The rulings corpus (tests/xiangqi/rulings/*.tsv) through the wasm build, the
// way the page and the room server see a ruling: each case starts a xiangqi
// session on its FEN under its rule set, plays its moves, and the snapshot's
// `ruling` (ruling_json's object) must say what the case's source rules. The
// native suite runs the same cases (tests/xiangqi/rulings_test.cpp).
//   QIPAN_WEB_ENGINE=build/wasm/qipan_web.js node --no-experimental-fetch tests/js/xiangqi_rulings_test.mjs
import assert from 'node:assert/strict';
import { readCorpus } from '../xiangqi/rulings/read_corpus.mjs';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';

const engine = await loadEngine();
const handlesAtStart = engine.count_emval_handles();
const cases = readCorpus();

const violations = new Set(['perpetual_check', 'perpetual_chase', 'one_check_one_chase']);

// The snapshot after playing a case's moves on a fresh session.
function played(entry) {
  const session = new engine.XiangqiSession();
  try {
    const started = session.startGame({ position: entry.fen, rules: entry.rules });
    assert.equal(started.ok, true, JSON.stringify(started));
    entry.moves.forEach((move, ply) => {
      const result = session.playText(move);
      assert.equal(result.ok, true, `move ${ply + 1} ${move}: ${JSON.stringify(result)}`);
    });
    return session.snapshot();
  } finally {
    session.delete();
  }
}

test('the corpus has at least 150 cases', () => {
  assert.ok(cases.length >= 150, `${cases.length} cases`);
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length, 'ids are unique');
});

for (const entry of cases) {
  test(`${entry.file} ${entry.id} (${entry.rules}): ${entry.outcome} ${entry.reason}`, () => {
    const snap = played(entry);
    const ruling = snap.ruling;
    assert.equal(snap.status.over, entry.outcome !== 'ongoing');
    if (entry.outcome === 'ongoing') {
      // An ongoing game has no ruling yet (or one that says so).
      assert.ok(ruling == null || ruling.outcome === 'ongoing', JSON.stringify(ruling));
      return;
    }
    assert.equal(typeof ruling, 'object', 'the snapshot carries the ruling');
    assert.equal(ruling.outcome, entry.outcome, entry.source);
    assert.equal(ruling.reason, entry.reason, entry.source);
    assert.equal(ruling.side, entry.side === '-' ? null : entry.side, entry.source);
    assert.equal(ruling.rules, entry.rules);
    assert.equal(ruling.rule !== '', violations.has(entry.reason), `rule '${ruling.rule}'`);
    if (entry.chased !== '*') {
      const squares = [...new Set(ruling.chased.map((c) => c.square))].sort();
      assert.equal(squares.join(',') || '-', entry.chased, entry.source);
    }
    // A repetition ruling shows its cycle, every move classified.
    if (violations.has(entry.reason) || entry.reason === 'repetition') {
      assert.ok(ruling.cycle.length >= 4);
      for (const m of ruling.cycle) assert.ok(['check', 'chase', 'idle'].includes(m.kind), JSON.stringify(m));
    }
  });
}

testNoLeakedHandles(engine, handlesAtStart);
finish();
