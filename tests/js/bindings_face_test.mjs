// The face every session shares (bindings/README.md, "One face"), exercised
// the same way on every game the engine lists: starting a room's game and
// refusing options it does not take, what a room may do (capabilities), a
// move text the game cannot read apart from an illegal one, the endings by
// seat and by code on a second session, and the seat to move counted from 0.
//   QIPAN_WEB_ENGINE=build/wasm/qipan_web.js node --no-experimental-fetch tests/js/bindings_face_test.mjs
import assert from 'node:assert/strict';
import { GAMES } from '../../web/games/index.js';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';

const engine = await loadEngine();
const handlesAtStart = engine.count_emval_handles();
const games = engine.games();

// Texts no game reads as a move (each game's move-text codes refuse them).
const UNREADABLE = ['??', '#', 'x'];

test('the engine lists each game once, with its classes, as the page does', () => {
  assert.deepEqual(
    games.map((g) => g.game),
    GAMES.map((g) => g.id),
    'bindings/games.cpp and web/games/index.js list the same games in the same order',
  );
  const codes = engine.refusalCodes();
  for (const { game } of games)
    assert.ok(
      codes.some((c) => c.game === game),
      `${game} lists its refusal codes`,
    );
});

for (const { game, session: Session } of games) {
  test(`${game}: startGame keeps the options in force and refuses what the game does not take`, () => {
    const session = new engine[Session]();
    const started = session.startGame({});
    assert.equal(started.ok, true, JSON.stringify(started));
    const caps = session.capabilities();
    assert.equal(caps.seats, caps.playerCounts[0]);
    assert.deepEqual(
      session.startGame({
        ai: Array(caps.seats)
          .fill(null)
          .map((_, i) => (i === 1 ? 5 : null)),
      }).options.ai[1],
      5,
    );
    for (const [bad, name] of [
      [{ colour: 'red' }, 'options.colour'],
      [{ ai: [9] }, 'options.ai'],
      [{ ai: 'x' }, 'options.ai'],
      [7, 'options'],
    ]) {
      const refused = session.startGame(bad);
      assert.equal(refused.ok, false, JSON.stringify(bad));
      assert.equal(refused.params.name, name, JSON.stringify(refused));
    }
    const players = session.startGame({ players: 5 });
    assert.equal(players.ok, false, 'no game here has five seats');
    // A refused start changed nothing: the game still plays from the start.
    assert.equal(session.status().steps, 0);
    assert.equal(session.status().toMove, 0);
    session.delete();
  });

  // The well-formed illegal move: the first seat's move played again by the
  // second seat (its piece or square is gone or taken in every game).
  test(`${game}: a text that is no move is unreadable; a well-formed illegal move is not`, () => {
    const session = new engine[Session]();
    session.startGame({});
    for (const text of UNREADABLE) {
      const unreadable = session.playText(text);
      assert.equal(unreadable.ok, false, text);
      assert.equal(unreadable.unreadable, true, JSON.stringify(unreadable));
    }
    assert.equal(session.status().steps, 0, 'refused moves change nothing');
    const searcher = new engine[games.find((g) => g.game === game).searcher]();
    const first = searcher.search(session.searchRequest(), { depth: 1 }).move;
    searcher.delete();
    assert.deepEqual(session.playText(first), { ok: true });
    const illegal = session.playText(first);
    assert.equal(illegal.ok, false, `${first} again`);
    assert.equal(illegal.unreadable, undefined, JSON.stringify(illegal));
    assert.equal(session.status().steps, 1, 'refused moves change nothing');
    session.delete();
  });

  test(`${game}: endings by seat, and the same ending restored by its code on another session`, () => {
    const session = new engine[Session]();
    session.startGame({});
    const caps = session.capabilities();
    const first = session.steps(0);
    assert.deepEqual(first, []);
    const searcher = new engine[games.find((g) => g.game === game).searcher]();
    const found = searcher.search(session.searchRequest(), { depth: 1 });
    searcher.delete();
    assert.deepEqual(session.playText(found.move), { ok: true });
    const [step] = session.steps(0);
    assert.equal(step.seat, 0);
    assert.equal(step.pos, session.positionHashAt(1));
    assert.equal(session.status().toMove, 1);
    assert.equal(session.positionHashAt(0) === session.positionHash(), false, 'a move changes the position');
    const resigned = session.resign(1);
    assert.equal(resigned.ok, true);
    assert.equal(resigned.takenOver, caps.resign === 'takeover');
    if (!resigned.takenOver) {
      const status = session.status();
      assert.deepEqual([status.over, status.winner, status.reason, status.toMove], [true, 0, 'resignation', null]);
      assert.equal(session.resign(0).code, 'game_over');
      const other = new engine[Session]();
      other.startGame({});
      other.playText(step.move);
      assert.deepEqual(other.restoreEnding('resignation', 1), { ok: true, over: true, takenOver: false });
      assert.deepEqual(other.status(), status);
      assert.equal(other.record(), session.record(), 'the record carries the ending');
      const unknown = other.restoreEnding('walkover', 1);
      assert.equal(unknown.code, 'bad_argument');
      assert.match(unknown.params.expected, /\baborted\b/, 'the refusal lists every ending');
      other.delete();
    }
    if (caps.drawOffers) {
      const drawn = new engine[Session]();
      drawn.startGame({});
      assert.deepEqual(drawn.agreeDraw(), { ok: true, over: true, takenOver: false });
      assert.deepEqual([drawn.status().winner, drawn.status().reason], [null, 'agreement']);
      drawn.delete();
    }
    session.delete();
  });

  test(`${game}: an aborted game restored by its code is over with no winner, in the record, and undone`, () => {
    for (const [moves, seat] of [
      [0, -1],
      [1, -1],
      [1, 0],
    ]) {
      const session = new engine[Session]();
      session.startGame({});
      if (moves) {
        const searcher = new engine[games.find((g) => g.game === game).searcher]();
        assert.deepEqual(session.playText(searcher.search(session.searchRequest(), { depth: 1 }).move), { ok: true });
        searcher.delete();
      }
      // About no seat: -1, and a seat given is ignored as for an agreement.
      assert.deepEqual(session.restoreEnding('aborted', seat), { ok: true, over: true, takenOver: false });
      const status = session.status();
      assert.deepEqual([status.over, status.winner, status.reason, status.toMove], [true, null, 'aborted', null]);
      assert.equal(status.text, 'game aborted');
      assert.equal(session.restoreEnding('aborted', -1).code, 'game_over');
      const record = session.record();
      assert.match(record, game === 'xiangqi' ? /\[Termination "abandoned"\]\n[^]*\*\n$/ : /ending: aborted\n?$/);
      const other = new engine[Session]();
      other.startGame({});
      assert.equal(other.importRecord(record).ok, true, record);
      assert.deepEqual(other.status(), status, 'the record restores it');
      other.delete();
      assert.equal(session.undo(), true, 'undo takes the ending back');
      assert.deepEqual([session.status().over, session.status().steps], [false, moves]);
      session.delete();
    }
  });
}

test('checkers: any seat count ends aborted, with no place beyond those won', () => {
  const session = new engine.CheckersSession();
  assert.equal(session.startGame({ players: 6 }).ok, true);
  assert.deepEqual(session.restoreEnding('aborted', -1), { ok: true, over: true, takenOver: false });
  const status = session.status();
  assert.deepEqual(
    [status.over, status.winner, status.reason, status.places, status.finishOrder],
    [true, null, 'aborted', [0, 0, 0, 0, 0, 0], []],
  );
  assert.match(session.record(), /\nending: aborted\n$/);
  session.delete();
});

test('checkers: more seats take no agreement; resigning, absence and flags hand the seat to the AI', () => {
  const session = new engine.CheckersSession();
  assert.equal(session.startGame({ players: 3 }).ok, true);
  const caps = session.capabilities();
  assert.deepEqual(
    [caps.seats, caps.drawOffers, caps.resign, caps.absence, caps.flag],
    [3, false, 'takeover', 'takeover', 'takeover'],
  );
  assert.equal(session.agreeDraw().code, 'checkers_two_players_only');
  assert.deepEqual(session.flag(2), { ok: true, over: false, takenOver: true });
  assert.ok(session.snapshot().seats[2].takenOver);
  assert.equal(session.abandon(2).code, 'checkers_seat_taken_over');
  assert.match(session.record(), /\ntakeover: p3@0\n/);
  session.startGame({ players: 2 });
  assert.equal(session.capabilities().flag, 'ends');
  session.delete();
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
