// Clocks (server/PROTOCOL.md "Clocks") against a real server on
// 127.0.0.1 with short limits, so nothing waits long: QIPAN_MIN_CLOCK_MS lets
// a test give a player one second, QIPAN_FIRST_MOVE_MS shortens the first
// move's limit. Each test waits for the server's own events (or its log,
// when nobody is connected), never a fixed time.
import { createRequire } from 'node:module';

import { Client, Player, ServerProcess, assert, loadEngine, run, test } from './harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const engine = await loadEngine();
const FIRST_MOVE_MS = 2500;
const ENV = { QIPAN_MIN_CLOCK_MS: '1000', QIPAN_FIRST_MOVE_MS: String(FIRST_MOVE_MS), QIPAN_PING_TIMEOUT_MS: '5000' };
const server = await new ServerProcess({ env: ENV }).start();
const url = server.url;

// A xiangqi room with `clock`, both seats taken.
async function timedPair(clock, game = 'xiangqi') {
  const red = await Player.create(url, engine, { game, options: { clock }, name: 'Red' });
  const black = await Player.accept(url, engine, red, { name: 'Black' });
  return [red, black];
}

// Both sides' first moves (they use no clock): xiangqi's usual opening.
async function firstMoves(red, black) {
  await red.playOk('h2e2');
  await black.waitStep(1);
  await black.playOk('h9g7');
  await red.waitStep(2);
}

// The room's events in the server's log, once `predicate` holds for them
// (bounded): how a test sees what happens with nobody connected.
async function logUntil(roomId, predicate, what) {
  const db = new Database(server.db, { readonly: true, fileMustExist: true });
  try {
    const until = Date.now() + 15000;
    for (;;) {
      const rows = db.prepare('SELECT v, type, at, data FROM events WHERE room_id = ? ORDER BY v').all(roomId);
      const events = rows.map((r) => ({ ...r, data: JSON.parse(r.data) }));
      if (predicate(events)) return events;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(events.slice(-3))}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    db.close();
  }
}

test('time controls are checked, and the state carries the clock', async () => {
  const client = new Client(url);
  const create = (clock) => client.call('room:create', { game: 'xiangqi', options: { clock } });
  for (const [clock, why] of [
    [{ initialMs: 500, incrementMs: 0 }, 'under the least time in all'],
    [{ initialMs: 10_800_001, incrementMs: 0 }, 'over three hours'],
    [{ initialMs: 60_000, incrementMs: 180_001 }, 'an increment over three minutes'],
    [{ initialMs: -1, incrementMs: 0 }, 'negative'],
    [{ initialMs: 60_000 }, 'no increment'],
    [{ initialMs: 1.5, incrementMs: 0 }, 'not whole'],
    [{ initialMs: 0, incrementMs: 25 }, 'no time on the clock at the start'],
  ]) {
    const ack = await create(clock);
    assert.equal(ack.ok, false, `refused: ${why}`);
    assert.equal(ack.code, 'bad_request', why);
  }
  // The increment counts for 40 moves: 200 + 40 x 20 ms is one second, and
  // the clock starts with a fifth of it.
  assert.ok((await create({ initialMs: 200, incrementMs: 20 })).ok);
  const untimed = await client.call('room:create', { game: 'xiangqi' });
  assert.equal(untimed.state.clock, null, 'an untimed room has no clock');
  const timed = await create({ initialMs: 60_000, incrementMs: 3000 });
  assert.equal(timed.state.options.clock, undefined, "the time control is the server's, not among the game's options");
  assert.deepEqual(timed.state.clock, {
    initialMs: 60_000,
    incrementMs: 3000,
    remaining: [60_000, 60_000],
    running: null,
    since: null,
    firstMove: false,
    firstMoveMs: FIRST_MOVE_MS,
  });
  client.close();
});

test('first moves use no clock; later moves are charged and get the increment; every event carries the clocks', async () => {
  const [red, black] = await timedPair({ initialMs: 60_000, incrementMs: 2000 });
  const joined = await red.client.waitFor((e) => e.type === 'joined' && e.data.seat === 1, { what: "black's join" });
  assert.deepEqual(joined.clocks, [60_000, 60_000], 'the join that starts the game carries the clocks');
  assert.equal(black.state.clock.running, 0, 'red is to move');
  assert.equal(black.state.clock.firstMove, true, "red's first move uses no clock");
  await firstMoves(red, black);
  const first = red.client.events.filter((e) => e.type === 'move');
  for (const e of first) {
    assert.deepEqual(e.data.clocks, [60_000, 60_000], 'a first move changes no clock');
    assert.deepEqual(e.clocks, [60_000, 60_000]);
  }
  const started = Date.now();
  await red.playOk('b0c2');
  const spent = Date.now() - started;
  await black.waitStep(3);
  const second = black.client.events.filter((e) => e.type === 'move')[2];
  const [redLeft, blackLeft] = second.data.clocks;
  assert.equal(blackLeft, 60_000);
  assert.ok(redLeft > 60_000 && redLeft <= 62_000, `charged at most the time the move took, then 2 s added: ${redLeft}`);
  assert.ok(redLeft >= 62_000 - spent - 1000, `charged no more than the time it took (${spent} ms): ${redLeft}`);
  assert.deepEqual(second.clocks, second.data.clocks, "the event's clocks as of the move");
  assert.deepEqual(
    { running: second.clock.running, since: second.clock.since, firstMove: second.clock.firstMove },
    { running: 1, since: second.at, firstMove: false },
    'the event says who runs from when',
  );
  const state = await red.sync();
  assert.equal(state.clock.running, 1);
  assert.equal(state.clock.firstMove, false);
  assert.equal(state.clock.since, second.at, "black's time runs from the commit of red's move");
  assert.ok(state.clock.remaining[1] <= 60_000);
  red.close();
  black.close();
});

test("a move is credited at most 500 ms of its socket's measured lag", async () => {
  const [red, black] = await timedPair({ initialMs: 20_000, incrementMs: 0 });
  // Red's client answers the server's pings 3 s late: its measured round
  // trip is about 3 s, of which a move may be credited only 500 ms.
  const transport = red.client.socket.io.engine;
  const send = transport._sendPacket.bind(transport);
  let pongSent;
  const laggedPong = new Promise((done) => {
    pongSent = done;
  });
  transport._sendPacket = (type, ...rest) => {
    if (type !== 'pong') return send(type, ...rest);
    setTimeout(() => {
      send(type, ...rest);
      pongSent();
    }, 3000);
  };
  await firstMoves(red, black);
  await laggedPong;
  // The pong went before this call on the same socket: the server has
  // measured it by the time it answers.
  const { since } = (await red.sync()).clock;
  const sent = Date.now();
  await red.playOk('b0c2');
  const acked = Date.now();
  await black.waitStep(3);
  const charged = 20_000 - black.client.events.filter((e) => e.type === 'move')[2].data.clocks[0];
  // Red's turn ran from `since` (black's first move) to its move; with 3 s of
  // lag credited it would have been charged almost nothing.
  const [low, high] = [sent - since - 500, acked - since - 500];
  assert.ok(charged >= low - 20 && charged <= high + 20, `charged ${charged} ms: its turn less 500 ms is ${low}-${high} ms`);
  red.close();
  black.close();
});

test('a flag with nobody connected: the server ends the game on time, and a restart replays the same clocks', async () => {
  const [red, black] = await timedPair({ initialMs: 1000, incrementMs: 0 });
  await firstMoves(red, black);
  await red.playOk('b0c2'); // black's clock runs now (its first move is made)
  const roomId = red.roomId;
  red.close();
  black.close();
  const events = await logUntil(roomId, (es) => es.some((e) => e.type === 'result'), 'the flag');
  const result = events.find((e) => e.type === 'result');
  assert.equal(result.data.code, 'timeout');
  assert.equal(result.data.winner, 0, 'black ran out of time: red wins');
  assert.equal(result.data.seat, 1);
  const lastMove = events.filter((e) => e.type === 'move').at(-1);
  assert.ok(result.at - lastMove.at >= 1000, `no flag before the time ran out (${result.at - lastMove.at} ms)`);

  const watch = async () => {
    const w = new Client(url);
    const ack = await w.call('room:join', { roomId, watch: true });
    assert.ok(ack.ok, ack.reason);
    w.close();
    return ack.state;
  };
  const seen = await watch();
  assert.equal(seen.clock.running, null, 'no clock runs once the game is over');
  assert.equal(seen.clock.remaining[1], 0);
  await server.restart();
  const replayed = await watch();
  assert.deepEqual(replayed.result, seen.result, 'the same result after replaying the log');
  assert.deepEqual(replayed.clock, seen.clock, 'the same clocks after replaying the log');
});

test('a restart mid-game charges nobody for the time no server held the room', async () => {
  const [red, black] = await timedPair({ initialMs: 30_000, incrementMs: 0 });
  await firstMoves(red, black);
  const before = (await red.sync()).clock;
  assert.equal(before.running, 0);
  await server.kill();
  const downAt = Date.now();
  // The outage under test: no server for 4 s.
  await new Promise((done) => setTimeout(done, 4000));
  await server.start();
  const back = new Client(url);
  const ack = await back.call('room:join', { roomId: red.roomId, token: red.token });
  assert.ok(ack.ok, ack.reason);
  const upFor = Date.now() - downAt;
  const clock = ack.state.clock;
  assert.equal(clock.running, 0);
  const charged = before.remaining[0] - clock.remaining[0];
  assert.ok(upFor >= 4000);
  assert.ok(charged < upFor - 2500, `the ${upFor} ms outage was not charged (charged ${charged} ms)`);
  await logUntil(red.roomId, (es) => es.some((e) => e.type === 'resumed'), "the room's outage in its log");
  back.close();
  red.close();
  black.close();
});

test('a server restarted with nobody connected takes its timed games up by itself: the flag falls', async () => {
  const [red, black] = await timedPair({ initialMs: 1000, incrementMs: 0 });
  await firstMoves(red, black); // red's clock runs
  const roomId = red.roomId;
  red.close();
  black.close();
  await server.restart();
  const events = await logUntil(roomId, (es) => es.some((e) => e.type === 'result'), 'the flag after the restart');
  const types = events.map((e) => e.type);
  assert.ok(types.indexOf('resumed') < types.indexOf('result'), `taken up, then flagged: ${types.join(' ')}`);
  const result = events.find((e) => e.type === 'result');
  assert.equal(result.data.code, 'timeout');
  assert.equal(result.data.seat, 0);
});

test('a missed first move aborts the game: nobody wins', async () => {
  const [red, black] = await timedPair({ initialMs: 60_000, incrementMs: 0 });
  const result = await red.waitType('result');
  assert.equal(result.data.code, 'aborted');
  assert.equal(result.data.winner, null);
  const started = red.client.events.find((e) => e.type === 'joined' && e.data.seat === 1);
  assert.ok(result.at - started.at >= FIRST_MOVE_MS, 'not before the first-move limit');
  // Black's first move has its own limit, from red's first move.
  const [red2, black2] = await timedPair({ initialMs: 60_000, incrementMs: 0 });
  await red2.playOk('h2e2');
  const second = await red2.waitType('result');
  assert.equal(second.data.code, 'aborted');
  for (const p of [red, black, red2, black2]) p.close();
});

test('a flag against a lone general is a draw (timeout_draw), as the engine rules', async () => {
  // A game where red stripped black of every piece that can cross the river
  // (generated once: red capturing greedily, black at random; the engine
  // checks every move of it here).
  const line = [
    'b2b9',
    'h7g7',
    'b0c2',
    'g7e7',
    'h2h3',
    'b7b1',
    'b9b8',
    'i9i8',
    'c2e1',
    'b1b6',
    'i3i4',
    'e7g7',
    'c0a2',
    'g7c7',
    'b8a8',
    'b6b5',
    'g0e2',
    'b5g5',
    'a8f8',
    'i6i5',
    'i4i5',
    'i8g8',
    'i0i1',
    'c7i7',
    'f8e8',
    'a9a7',
    'e8c8',
    'i7e7',
    'c3c4',
    'g8g7',
    'i5h5',
    'c6c5',
    'h3h9',
    'g7f7',
    'c4c5',
    'e7b7',
    'h5g5',
    'b7b6',
    'g5g6',
    'b6b3',
    'g6h6',
    'b3b0',
    'a0b0',
    'f7i7',
    'i1i7',
    'c9e7',
    'i7f7',
    'e7c5',
    'f7a7',
    'e9e8',
    'a7a6',
    'g9i7',
    'a6e6',
    'e8f8',
  ];
  const [red, black] = await timedPair({ initialMs: 1000, incrementMs: 25 });
  for (const [i, move] of line.entries()) {
    const mover = i % 2 ? black : red;
    await mover.waitStep(i);
    await mover.playOk(move);
  }
  const result = await black.waitType('result');
  assert.equal(result.data.code, 'timeout_draw', 'red flagged, but black could not win');
  assert.equal(result.data.winner, null);
  assert.equal(result.data.seat, 0);
  red.close();
  black.close();
});

test('Chinese checkers with three seats: the AI takes a flagged seat and play goes on', async () => {
  const a = await Player.create(url, engine, {
    game: 'checkers',
    options: { players: 3, clock: { initialMs: 1000, incrementMs: 0 } },
    name: 'A',
  });
  const b = await Player.accept(url, engine, a, { name: 'B' });
  const c = await Player.accept(url, engine, a, { name: 'C' });
  for (const [i, p] of [a, b, c].entries()) {
    await p.waitStep(i);
    await p.playOk(p.local.legal()[0]);
  }
  // A's first move is made: its clock runs, and it does not move.
  const flagged = await b.waitType('ai_seat');
  assert.deepEqual(flagged.data, { seat: 0, level: 3, reason: 'flag' });
  assert.equal(flagged.clocks[0], 0);
  await b.waitUntil(() => b.step >= 4, "the AI's move for seat 0");
  const moves = b.client.events.filter((e) => e.type === 'move');
  assert.equal(moves[3].data.seat, 0);
  assert.equal(moves[3].data.clocks, undefined, 'the AI plays untimed');
  const watching = await a.call('sync', {});
  assert.ok(watching.ok, 'the flagged player watches on');
  const state = await b.sync();
  assert.equal(state.result, null, 'the game goes on');
  assert.equal(state.seats[0].kind, 'ai');
  for (const p of [a, b, c]) p.close();
});

await run();
await server.stop();
