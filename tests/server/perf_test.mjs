// Perfs (server/ratings/perf.js): the speed of a time control from
// initial + 40 x increment, at each boundary, and which games are casual
// whatever the players ask. A pure module: no server.
import { PERFS, isPerf, perfOf, speedOf } from '../../server/ratings/perf.js';
import { assert, run, test } from './harness.mjs';

const clock = (initialS, incrementS = 0) => ({ initialMs: initialS * 1000, incrementMs: incrementS * 1000 });

test('speeds at each boundary, initial time alone', () => {
  assert.equal(speedOf(clock(60)), 'bullet');
  assert.equal(speedOf(clock(179)), 'bullet');
  assert.equal(speedOf({ initialMs: 179_999, incrementMs: 0 }), 'bullet');
  assert.equal(speedOf(clock(180)), 'blitz');
  assert.equal(speedOf(clock(479)), 'blitz');
  assert.equal(speedOf(clock(480)), 'rapid');
  assert.equal(speedOf(clock(1499)), 'rapid');
  assert.equal(speedOf(clock(1500)), 'classical');
  assert.equal(speedOf(clock(10_800)), 'classical');
});

test('the increment counts 40 times', () => {
  assert.equal(speedOf(clock(99, 2)), 'bullet'); // 99 + 80 = 179
  assert.equal(speedOf(clock(100, 2)), 'blitz'); // 180
  assert.equal(speedOf({ initialMs: 0, incrementMs: 4475 }), 'bullet'); // 179
  assert.equal(speedOf({ initialMs: 0, incrementMs: 4500 }), 'blitz'); // 180
  assert.equal(speedOf(clock(79, 10)), 'blitz'); // 479
  assert.equal(speedOf(clock(80, 10)), 'rapid'); // 480
  assert.equal(speedOf(clock(299, 30)), 'rapid'); // 1499
  assert.equal(speedOf(clock(300, 30)), 'classical'); // 1500
  // The lobby's usual controls, as lichess names them.
  assert.equal(speedOf(clock(60, 0)), 'bullet');
  assert.equal(speedOf(clock(180, 2)), 'blitz'); // 260
  assert.equal(speedOf(clock(300, 3)), 'blitz'); // 420
  assert.equal(speedOf(clock(600, 0)), 'rapid');
  assert.equal(speedOf(clock(1800, 20)), 'classical');
});

test('untimed: no speed', () => {
  assert.equal(speedOf(null), null);
  assert.equal(speedOf(undefined), null);
  assert.throws(() => speedOf({ initial: 60 }), TypeError);
});

const blitzRoom = { game: 'xiangqi', clock: clock(300, 3), seats: 2, options: { rules: 'asian', ai: [null, null] } };

test('a two-player timed game from the start position has a perf', () => {
  assert.equal(perfOf(blitzRoom), 'xiangqi-blitz');
  assert.equal(perfOf({ ...blitzRoom, game: 'reversi', clock: clock(60), options: {} }), 'reversi-bullet');
  assert.equal(perfOf({ ...blitzRoom, game: 'checkers', clock: clock(900, 10), options: { players: 2 } }), 'checkers-rapid');
  // A seek record: game, clock and options, two seats.
  assert.equal(perfOf({ game: 'reversi', clock: clock(1800), options: {}, seats: 2 }), 'reversi-classical');
});

test('casual whatever is asked: untimed, AI seat, not two seats, set-up position, unknown game', () => {
  assert.equal(perfOf({ ...blitzRoom, clock: null }), null);
  assert.equal(perfOf({ ...blitzRoom, clock: undefined }), null);
  assert.equal(perfOf({ ...blitzRoom, options: { ai: [null, 3] } }), null);
  assert.equal(perfOf({ ...blitzRoom, options: { ai: [1, null] } }), null);
  assert.equal(perfOf({ ...blitzRoom, game: 'checkers', seats: 3, options: { players: 3 } }), null);
  assert.equal(perfOf({ ...blitzRoom, game: 'checkers', seats: 6 }), null);
  assert.equal(perfOf({ ...blitzRoom, seats: 1 }), null);
  assert.equal(perfOf({ ...blitzRoom, seats: undefined }), null);
  assert.equal(perfOf({ ...blitzRoom, fromPosition: true }), null);
  assert.equal(perfOf({ ...blitzRoom, options: { position: '4k4/9/9/9/9/9/9/9/9/4K4 w' } }), null);
  assert.equal(perfOf({ ...blitzRoom, game: 'chess' }), null);
});

test('PERFS and isPerf', () => {
  assert.equal(PERFS.length, 12);
  for (const perf of ['xiangqi-bullet', 'xiangqi-classical', 'reversi-rapid', 'checkers-blitz']) assert.ok(isPerf(perf), perf);
  for (const text of ['xiangqi', 'xiangqi-ultrabullet', 'chess-blitz', 'Xiangqi-Blitz', '', null]) assert.ok(!isPerf(text), text);
  assert.ok(Object.isFrozen(PERFS));
});

process.exit((await run()) ? 1 : 0);
