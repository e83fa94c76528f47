// The page's side of online rooms without a browser: its SHA-256 (the room's
// position hash `pos`) against Node's, its game drivers against the room
// server's own game adapters (server/games/*.js) over random games of the
// three games (the move texts the page sends are taken, the texts and hashes
// the server broadcasts are the page's own, a state rebuilds to its pos), and
// the wording of every room refusal code in both languages.
//   QIPAN_WEB_ENGINE=build/wasm/qipan_web.js node tests/js/online_page_test.mjs
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CODES } from '../../server/protocol/codes.js';
import { createGame, GAMES } from '../../server/games/games.js';
import { I18n, LANGUAGES } from '../../web/app/i18n.js';
import { DRIVERS, posAt, rebuildFromState, stepsOf } from '../../web/online/game_drivers.js';
import { sha256Hex } from '../../web/online/sha256.js';
import { finish, loadEngine, test } from './harness.mjs';

const engine = await loadEngine();

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

test('sha256: the same digests as node:crypto (empty, block edges, multi-byte text)', () => {
  const rng = random(7);
  const texts = ['', 'abc', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(63), 'd'.repeat(64), 'e'.repeat(1000), '棋盘 Qipan ♟', '\u{1f600}'];
  for (let i = 0; i < 200; i++) {
    let text = '';
    const n = Math.floor(rng.next() * 300);
    for (let k = 0; k < n; k++) text += String.fromCodePoint(32 + Math.floor(rng.next() * (rng.next() < 0.1 ? 30000 : 95)));
    texts.push(text);
  }
  for (const text of texts) assert.equal(sha256Hex(text), createHash('sha256').update(text, 'utf8').digest('hex'), JSON.stringify(text.slice(0, 20)));
});

// The page's own move of a random legal choice, in its session (as the game
// app plays it), and the text the page then sends.
function playRandom(name, session, rng) {
  const snap = session.snapshot();
  if (name === 'reversi') return session.play(rng.pick(snap.legal)).ok;
  const m = rng.pick(snap.legal);
  return session.play(m.from, m.to).ok;
}

const OPTIONS = {
  xiangqi: {},
  reversi: {},
  checkers: { players: 3, ai: [null, null, null], rules: {} },
};

for (const name of Object.keys(DRIVERS)) {
  test(`${name}: the page's moves are the room's, its hashes the room's, a state rebuilds to its pos`, () => {
    const driver = DRIVERS[name];
    const Game = GAMES[name];
    const normalized = Game.normalizeOptions(engine, OPTIONS[name]);
    assert.ok(normalized.ok, normalized.reason);
    const options = normalized.options;
    const Session = { xiangqi: engine.XiangqiSession, reversi: engine.ReversiSession, checkers: engine.CheckersSession }[name];
    for (let seed = 1; seed <= 3; seed++) {
      const rng = random(seed * 31 + name.length);
      const room = createGame(engine, name, options); // the server's adapter
      const page = new Session(); // the player's page
      const mirror = new Session(); // another page, following the room's events
      driver.reset(page, options);
      driver.reset(mirror, options);
      const moves = [];
      for (let turn = 0; turn < 120 && !room.result(); turn++) {
        const snap = page.snapshot();
        if (snap.status.over) break;
        if (name === 'checkers' && snap.mustPass) break; // the server's own step; not the page's to send
        const index = stepsOf(page);
        assert.ok(playRandom(name, page, rng), 'the page\'s engine plays its legal move');
        const sent = driver.sendText(page, index);
        assert.equal(room.parseMove(sent), null, `the room takes the page's text ${sent}`);
        const played = room.play(sent);
        assert.ok(played.ok, `the room plays ${sent}`);
        for (const step of played.steps) {
          moves.push({ step: moves.length + 1, seat: step.seat, move: step.move });
          const s = moves.length;
          // The page already has the step (its move, or a Reversi pass its engine played with it) ...
          if (stepsOf(page) < s) {
            assert.equal(step.move, 'pass', 'only a forced pass is the server\'s own step');
            assert.ok(driver.replay(page, 'pass'));
          }
          assert.ok(driver.sameMove(step.move, driver.moveAt(page, s - 1)), `step ${s}: the room's text ${step.move} is the page's move`);
          assert.equal(posAt(driver, page, s), step.pos, `step ${s}: the same pos`);
          // ... and another page follows the room's event.
          if (stepsOf(mirror) < s) assert.ok(driver.replay(mirror, step.move), `the other page plays ${step.move}`);
          assert.equal(posAt(driver, mirror, s), step.pos);
        }
      }
      assert.ok(moves.length > 10);
      const state = { options, moves, step: moves.length, pos: room.posHash() };
      const fresh = new Session();
      assert.equal(rebuildFromState(driver, fresh, state), true, 'a state rebuilds to its pos');
      assert.equal(rebuildFromState(driver, fresh, { ...state, pos: '0000000000000000' }), false, 'a wrong pos is noticed');
      for (const s of [page, mirror, fresh]) s.delete();
      room.delete();
    }
  });
}

test('every room refusal code is worded in both languages; Chinese has no English; illegal is the engine\'s own', () => {
  const zh = new I18n('zh');
  const en = new I18n('en');
  for (const code of [...CODES, 'timeout', 'offline']) {
    for (const i18n of [zh, en]) {
      const text = i18n.roomRefusal({ ok: false, code, reason: 'ENGLISH REASON' });
      assert.ok(text && !text.includes('ENGLISH'), `${i18n.language}:${code} ${text}`);
    }
    assert.doesNotMatch(zh.roomRefusal({ ok: false, code }), /[A-Za-z]{2,}/, code);
    assert.notEqual(zh.roomRefusal({ ok: false, code }), en.roomRefusal({ ok: false, code }), code);
  }
  const illegal = { ok: false, code: 'illegal', reason: 'path blocked', detail: { code: "rook_path_blocked", params: { square: "a3" }, reason: 'path blocked' } };
  assert.equal(zh.roomRefusal(illegal), zh.refusal(illegal.detail));
  assert.equal(en.roomRefusal({ ok: false, code: 'rate_limited', retryAfterMs: 2500 }), 'Too fast: try again in 3 s');
  assert.equal(zh.roomRefusal({ ok: false, code: 'not_allowed', retryAt: 10_000 }, 6_000), '现在不能这样做，请 4 秒后再试');
  assert.deepEqual(LANGUAGES, ['zh', 'en']);
});

finish();
