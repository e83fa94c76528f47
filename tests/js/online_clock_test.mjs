// The page's side of timed rooms without a browser (web/online/): how a
// clock reads (mm:ss, tenths under ten seconds, in words), the server's clock
// estimated from its stamps, a room's clocks carried forward from a state and
// from events (only the running seat's time goes down; a first move uses no
// clock), the low-time warnings, and the time controls the dialog offers
// with their names in both languages.
//   node tests/js/online_clock_test.mjs
import assert from 'node:assert/strict';
import { I18n, LANGUAGES, wordTables } from '../../web/app/i18n.js';
import { GAMES } from '../../web/games/index.js';
import { formatClock, spokenClock } from '../../web/online/clock_format.js';
import { LowTimeAlerts } from '../../web/online/low_time_alerts.js';
import { FIRST_MOVE_MS, RoomClocks } from '../../web/online/room_clocks.js';
import { ServerClock } from '../../web/online/server_clock.js';
import {
  DEFAULT_TIME_CONTROL,
  TIME_CONTROLS,
  timeControlClass,
  timeControlClock,
  timeControlFigures,
  timeControlLabel,
} from '../../web/online/time_controls.js';
import { finish, test } from './harness.mjs';

const STRINGS = wordTables(GAMES).strings;

test('a clock reads mm:ss, h:mm:ss past an hour, and seconds with tenths under ten seconds, rounded down', () => {
  const cases = [
    [600_000, '10:00'],
    [599_999, '09:59'],
    [61_000, '01:01'],
    [60_999, '01:00'],
    [10_000, '00:10'],
    [9_999, '9.9'],
    [9_950, '9.9'],
    [9_900, '9.9'],
    [9_899, '9.8'],
    [1_050, '1.0'],
    [99, '0.0'],
    [0, '0.0'],
    [-250, '0.0'],
    [3_600_000, '1:00:00'],
    [10_800_000, '3:00:00'],
    [3_661_500, '1:01:01'],
  ];
  for (const [ms, text] of cases) assert.equal(formatClock(ms), text, `${ms} ms`);
});

test('a clock in words, in both languages', () => {
  const zh = new I18n('zh', GAMES);
  const en = new I18n('en', GAMES);
  assert.equal(spokenClock(zh, 252_400), '4 分 12 秒');
  assert.equal(spokenClock(en, 252_400), '4 min 12 s');
  assert.equal(spokenClock(en, 59_999), '59 s');
  assert.equal(spokenClock(zh, 9_400), '9 秒');
  assert.equal(spokenClock(en, -5), '0 s');
});

test("the server's clock: the sample that waited least is the estimate; old samples age out; reset forgets", () => {
  let local = 1000;
  const clock = new ServerClock(() => local);
  // Server time 1,000,000 at local 1000 with a 40 ms delay, then one with 5 ms.
  clock.sample(1_000_000 - 40);
  assert.equal(clock.now(), 1_000_000 - 40);
  local = 2000;
  clock.sample(1_001_000 - 5);
  assert.equal(clock.now(), 1_001_000 - 5);
  local = 3000;
  clock.sample(1_002_000 - 200); // a slow one changes nothing
  assert.equal(clock.now(), 1_002_000 - 5);
  // Two minutes on, the old best has aged out: the latest samples count.
  local = 3000 + 121_000;
  clock.sample(1_123_000 - 30);
  assert.equal(clock.now(), 1_123_000 - 30);
  // Something that is no time is not a sample.
  clock.sample(undefined);
  clock.sample(NaN);
  assert.equal(clock.now(), 1_123_000 - 30);
  clock.reset();
  local = 200_000;
  clock.sample(5_000_000);
  assert.equal(clock.now(), 5_000_000, 'after a reset only the new server counts, even if behind');
  // With no sample at all, the page's own Date.now().
  const fresh = new ServerClock(() => 0);
  assert.ok(Math.abs(fresh.now() - Date.now()) < 1000);
});

// A state as the server sends it (server/PROTOCOL.md "The state").
function state({ remaining, running, since, firstMove = false, firstMoveMs = 30_000, serverTime, moves = [] }) {
  return {
    serverTime,
    moves,
    clock: { initialMs: 180_000, incrementMs: 2000, remaining, running, since, firstMove, firstMoveMs },
  };
}

test("a room's clocks from a state: only the running seat's time goes down, from serverTime, never below 0", () => {
  const clocks = new RoomClocks();
  clocks.adoptState({ serverTime: 5, moves: [], clock: null });
  assert.equal(clocks.timed, false, 'an untimed room');
  clocks.adoptState(
    state({
      remaining: [170_000, 175_000],
      running: 0,
      since: 10_000,
      serverTime: 12_000,
      moves: [
        { step: 1, seat: 0, move: 'h2e2' },
        { step: 2, seat: 1, move: 'h9g7' },
      ],
    }),
  );
  assert.equal(clocks.timed, true);
  assert.deepEqual(clocks.control, { initialMs: 180_000, incrementMs: 2000 });
  // remaining is as of serverTime (the server already took since..serverTime off).
  assert.deepEqual(clocks.remainingAt(12_000), [170_000, 175_000]);
  assert.deepEqual(clocks.remainingAt(14_500), [167_500, 175_000]);
  assert.deepEqual(clocks.remainingAt(11_000), [170_000, 175_000], 'a moment before the stamp reads the stamp');
  assert.deepEqual(clocks.remainingAt(1_000_000), [0, 175_000], 'never below 0');
  assert.equal(clocks.ticking(), 0);
  assert.equal(clocks.firstMoveLeft(14_500), null);
});

// An event of a timed room as the server sends it: `clock` as of `at`.
const timedEvent = (type, at, clock, data = {}) => ({
  type,
  at,
  data,
  clocks: clock.remaining,
  clock: { firstMoveMs: 30_000, ...clock },
});

test('a first move uses no clock: its own limit counts from since instead', () => {
  const clocks = new RoomClocks();
  clocks.adoptState(
    state({ remaining: [60_000, 60_000], running: 0, since: 1000, firstMove: true, firstMoveMs: 20_000, serverTime: 3000 }),
  );
  assert.deepEqual(clocks.remainingAt(20_000), [60_000, 60_000]);
  assert.equal(clocks.ticking(), null, 'no clock runs');
  assert.equal(clocks.running, 0, 'but seat 0 is awaited');
  assert.equal(clocks.firstMoveLeft(3000), 18_000, "the room's own limit");
  assert.equal(clocks.firstMoveLeft(1000 + 20_000 + 5), 0);
  // Red's first move: black's first move is awaited now (the server says so).
  const awaitBlack = { remaining: [60_000, 60_000], running: 1, since: 9000, firstMove: true };
  clocks.onEvent(timedEvent('move', 9000, awaitBlack, { seat: 0, move: 'h2e2' }));
  assert.equal(clocks.running, 1);
  assert.equal(clocks.firstMove, true);
  assert.equal(clocks.firstMoveLeft(10_000), FIRST_MOVE_MS - 1000);
  // Black's first move: red's clock runs from that event on.
  const redRuns = { remaining: [60_000, 60_000], running: 0, since: 20_000, firstMove: false };
  clocks.onEvent(timedEvent('move', 20_000, redRuns, { seat: 1, move: 'h9g7' }));
  assert.equal(clocks.firstMove, false);
  assert.equal(clocks.ticking(), 0);
  assert.deepEqual(clocks.remainingAt(25_000), [55_000, 60_000]);
  assert.equal(clocks.firstMoveLeft(25_000), null);
});

test("an event's clock is as of its `at`: who runs since when is the server's; the result stops every clock", () => {
  const clocks = new RoomClocks();
  clocks.adoptState(state({ remaining: [50_000, 40_000], running: 1, since: 100_000, serverTime: 101_000 }));
  assert.deepEqual(clocks.remainingAt(102_000), [50_000, 39_000]);
  // A chat: black still runs since 100 s; its remaining as of the chat.
  clocks.onEvent(timedEvent('chat', 104_000, { remaining: [50_000, 36_000], running: 1, since: 100_000 }, { text: 'hi' }));
  assert.equal(clocks.since, 100_000, 'the turn did not change hands');
  assert.deepEqual(clocks.remainingAt(106_000), [50_000, 34_000]);
  // Black moves: 34 s left + 2 s increment; red runs from the event.
  clocks.onEvent(timedEvent('move', 106_000, { remaining: [50_000, 36_000], running: 0, since: 106_000 }, { seat: 1 }));
  assert.equal(clocks.since, 106_000);
  assert.deepEqual(clocks.remainingAt(116_000), [40_000, 36_000]);
  // Red's flag: the result's clock, nobody runs.
  clocks.onEvent(timedEvent('result', 156_100, { remaining: [0, 36_000], running: null, since: null }, { code: 'timeout' }));
  assert.equal(clocks.running, null);
  assert.equal(clocks.ticking(), null);
  assert.deepEqual(clocks.remainingAt(999_999), [0, 36_000]);
  // An event without a clock (an untimed room's) is not a reading.
  clocks.onEvent({ type: 'chat', at: 200_000, data: {} });
  assert.deepEqual(clocks.remainingAt(999_999), [0, 36_000]);
});

test('low-time warnings: each threshold once going down through it, again only after the clock was well above it', () => {
  const alerts = new LowTimeAlerts();
  const seen = (...readings) => readings.map((ms) => alerts.observe(ms));
  assert.deepEqual(seen(75_000, 61_000, 60_000, 59_000), [[], [], [60_000], []]);
  assert.deepEqual(seen(null, 31_000, 29_000), [[], [], [30_000]], 'not running: nothing; then 30 s');
  // An increment back above 10 s does not bring the 10 s warning twice.
  assert.deepEqual(seen(10_100, 9_900, 14_000, 9_800), [[], [10_000], [], []]);
  // Back above twice the threshold re-arms it.
  assert.deepEqual(seen(21_000, 9_000), [[], [10_000]]);
  // A reading that skipped several (a tab in the background) names them all, highest first.
  const late = new LowTimeAlerts();
  assert.deepEqual([late.observe(65_000), late.observe(8_000)], [[], [60_000, 30_000, 10_000]]);
  // First seen already under a threshold: that one is not told.
  const joined = new LowTimeAlerts();
  assert.deepEqual([joined.observe(25_000), joined.observe(9_000)], [[], [10_000]]);
});

test('the time controls offered: untimed by default, the ms the server takes, their usual names', () => {
  assert.equal(DEFAULT_TIME_CONTROL, 'untimed');
  assert.deepEqual(
    TIME_CONTROLS.map((c) => c.id),
    ['untimed', '1+0', '3+2', '5+3', '10+5', '15+10', '30+20'],
  );
  assert.equal(timeControlClock('untimed'), null);
  assert.equal(timeControlClock('no such'), null);
  assert.deepEqual(timeControlClock('10+5'), { initialMs: 600_000, incrementMs: 5000 });
  for (const { id, clock } of TIME_CONTROLS.slice(1)) {
    assert.equal(timeControlFigures(clock), id);
    // What the server takes: at least 15 s a player in all, at most 3 h and 3 min a move.
    assert.ok(clock.initialMs + 40 * clock.incrementMs >= 15_000 && clock.initialMs <= 10_800_000);
  }
  assert.deepEqual(
    TIME_CONTROLS.slice(1).map((c) => timeControlClass(c.clock)),
    ['bullet', 'blitz', 'blitz', 'rapid', 'rapid', 'classical'],
  );
  assert.equal(timeControlFigures({ initialMs: 30_000, incrementMs: 0 }), '0:30+0');
  assert.equal(timeControlFigures({ initialMs: 90_500, incrementMs: 1500 }), '1:31+2');
  const en = new I18n('en', GAMES);
  const zh = new I18n('zh', GAMES);
  assert.deepEqual(
    TIME_CONTROLS.map((c) => timeControlLabel(en, c.clock)),
    ['Untimed', 'Bullet 1+0', 'Blitz 3+2', 'Blitz 5+3', 'Rapid 10+5', 'Rapid 15+10', 'Classical 30+20'],
  );
  assert.deepEqual(
    TIME_CONTROLS.map((c) => timeControlLabel(zh, c.clock)),
    ['不计时', '子弹棋 1+0', '超快棋 3+2', '超快棋 5+3', '快棋 10+5', '快棋 15+10', '慢棋 30+20'],
  );
});

test('every clock text is worded in both languages, with the same parameters', () => {
  const keys = Object.keys(STRINGS.en).filter((k) =>
    /^(clock|time_|timeU|timeC|onlineClock|onlineTime|onlineFirst|onlineYourFirst|onlineGameIs|onlineSeatFlagged)/.test(k),
  );
  assert.ok(keys.length >= 20, keys.join());
  const params = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of keys)
    for (const language of LANGUAGES) {
      assert.equal(typeof STRINGS[language][key], 'string', `${language} ${key}`);
      assert.deepEqual(params(STRINGS[language][key]), params(STRINGS.en[key]), `${language} ${key}`);
    }
});

finish();
