// The page's side of online rooms without a browser, against the room
// server's own generic game adapter (server/games/room_game.js) over random
// games of every game the engine plays: the engine's position hash against
// node:crypto's SHA-256 of the position text, the move texts the page sends
// taken by the room, the steps and hashes the room broadcasts equal to the
// page's own, another page following the room's events, and a state
// rebuilding to its pos (web/common/session_steps.js); then the wording of
// every room refusal code in both languages.
//   QIPAN_WEB_ENGINE=build/wasm/qipan_web.js node tests/js/online_page_test.mjs
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { RoomGame, engineGames } from '../../server/games/room_game.js';
import { CODES } from '../../server/protocol/codes.js';
import { I18n, LANGUAGES } from '../../web/app/i18n.js';
import { GAMES } from '../../web/games/index.js';
import { replayRoom, replayStep } from '../../web/common/session_steps.js';
import { finish, loadEngine, test } from './harness.mjs';

const engine = await loadEngine();
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

function random(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

// A random legal move played the way the game's page plays one (a square or
// a from-to pair from the snapshot's legal moves: not through a text).
function playRandom(session, rng) {
  const m = rng.pick(session.snapshot().legal);
  return (typeof m === 'number' ? session.play(m) : session.play(m.from, m.to)).ok;
}

// Room options for each game: a three-seat one where the engine has more seats.
const OPTIONS = { checkers: { players: 3, rules: {} } };

test('the engine lists the games the page lists, each with a session and a searcher class', () => {
  const games = engineGames(engine);
  assert.deepEqual(
    games.map((g) => g.game),
    GAMES.map((g) => g.id),
  );
  for (const g of games) {
    assert.equal(typeof engine[g.session], 'function', g.session);
    assert.equal(typeof engine[g.searcher], 'function', g.searcher);
  }
});

for (const { game: name, session: sessionClass } of engineGames(engine)) {
  test(`${name}: the page's moves are the room's, its hashes node's SHA-256 of the position, a state rebuilds to its pos`, () => {
    const prepared = RoomGame.prepare(engine, name, OPTIONS[name] ?? {});
    assert.ok(prepared.ok, prepared.refusal?.reason);
    const { options } = prepared;
    const Session = engine[sessionClass];
    for (let seed = 1; seed <= 3; seed++) {
      const rng = random(seed * 31 + name.length);
      const room = new RoomGame(engine, name, options); // the server's adapter
      const page = new Session(); // the player's page
      const mirror = new Session(); // another page, following the room's events
      assert.ok(page.startGame(options).ok);
      assert.ok(mirror.startGame(options).ok);
      const moves = [];
      for (let turn = 0; turn < 120 && !room.result(); turn++) {
        const status = page.status();
        if (status.over || status.mustPass) break; // a forced pass is the room's own step
        const index = page.status().steps;
        assert.ok(playRandom(page, rng), "the page's engine plays its legal move");
        const [{ move: sent }] = page.steps(index);
        const played = room.play(sent);
        assert.ok(played.ok, `the room plays ${sent}`);
        for (const step of played.steps) {
          moves.push({ step: moves.length + 1, seat: step.seat, move: step.move });
          const s = moves.length;
          // The page has the step (its move, or a pass its engine played with it), or plays the room's pass.
          assert.ok(replayStep(page, s - 1, step.move).ok, `step ${s}: the page takes ${step.move}`);
          assert.deepEqual(page.steps(s - 1)[0], step, `step ${s}: the room's step is the page's`);
          assert.equal(page.positionHashAt(s), step.pos);
          // Another page follows the room's event.
          assert.ok(replayStep(mirror, s - 1, step.move).ok, `the other page plays ${step.move}`);
          assert.equal(mirror.positionHashAt(s), step.pos);
        }
        // The engine's hash is node's SHA-256 of the engine's position text.
        assert.equal(page.positionHash(), sha256(page.positionText()).slice(0, 16));
        assert.equal(room.posHash(), page.positionHash());
      }
      // Played to its end or to the cap, over several steps (a game of any size).
      assert.ok(room.result() || moves.length >= 120, 'the game ended or reached the cap');
      assert.ok(moves.length >= 5, `${moves.length} steps`);
      const state = { options, moves, result: room.result() };
      const fresh = new Session();
      assert.equal(replayRoom(fresh, state), true, 'a state replays');
      assert.equal(fresh.positionHash(), room.posHash(), 'to its pos');
      assert.equal(fresh.status().over, room.status().over);
      assert.equal(
        replayRoom(fresh, { ...state, moves: [...moves, { step: 0, move: 'zz' }] }),
        false,
        'a step the engine cannot play is noticed',
      );
      for (const s of [page, mirror, fresh]) s.delete();
      room.delete();
    }
  });
}

test('every game through the adapter: resignation and agreement by the engine, restored by code on another session', () => {
  for (const { game: name, session: sessionClass } of engineGames(engine)) {
    const room = new RoomGame(engine, name, RoomGame.prepare(engine, name, {}).options);
    const resigned = room.resign(1);
    assert.equal(resigned.ok, true, name);
    const page = new engine[sessionClass]();
    assert.ok(page.startGame(room.options).ok);
    if (resigned.takenOver) {
      // The engine hands a resigning seat to the AI: the game goes on.
      assert.equal(room.status().over, false, name);
      assert.equal(room.capabilities.resign, 'takeover');
    } else {
      const result = room.result(1);
      assert.deepEqual([result.code, result.winner, result.seat], ['resignation', 0, 1], name);
      assert.equal(replayRoom(page, { options: room.options, moves: [], result }), true);
      assert.equal(page.status().reason, 'resignation');
      assert.equal(page.status().winner, 0);
    }
    page.delete();
    room.delete();
  }
});

test("every room refusal code is worded in both languages; Chinese has no English; illegal is the engine's own", () => {
  const zh = new I18n('zh', GAMES);
  const en = new I18n('en', GAMES);
  for (const code of [...CODES, 'timeout', 'offline']) {
    for (const i18n of [zh, en]) {
      const text = i18n.roomRefusal({ ok: false, code, reason: 'ENGLISH REASON' });
      assert.ok(text && !text.includes('ENGLISH'), `${i18n.language}:${code} ${text}`);
    }
    assert.doesNotMatch(zh.roomRefusal({ ok: false, code }), /[A-Za-z]{2,}/, code);
    assert.notEqual(zh.roomRefusal({ ok: false, code }), en.roomRefusal({ ok: false, code }), code);
  }
  const illegal = {
    ok: false,
    code: 'illegal',
    reason: 'path blocked',
    detail: { code: 'rook_path_blocked', params: { square: 'a3' }, reason: 'path blocked' },
  };
  assert.equal(zh.roomRefusal(illegal), zh.refusal(illegal.detail));
  assert.equal(en.roomRefusal({ ok: false, code: 'rate_limited', retryAfterMs: 2500 }), 'Too fast: try again in 3 s');
  assert.equal(zh.roomRefusal({ ok: false, code: 'not_allowed', retryAt: 10_000 }, 6_000), '现在不能这样做，请 4 秒后再试');
  assert.deepEqual(LANGUAGES, ['zh', 'en']);
});

finish();
