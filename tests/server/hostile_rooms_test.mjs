// Hostile and broken conditions around the rooms (server/PROTOCOL.md
// "Timings and limits"), each against its own server process on 127.0.0.1: a damaged
// log quarantines its room alone; a database locked for 10 s loses neither a
// disconnection's grace nor an AI move, and one locked longer than the lease
// costs a single node none of its rooms; one address flooding the AI with
// level-8 rooms leaves another address's first AI move within twice its
// unloaded time, and the AI stops when the flooder leaves; the per-address
// and global room caps, also for rooms taken back from the store (they
// count for their creator, caps and AI share alike) and for the address that
// brought them back; clocks nobody can play are refused; a client that
// answers pings late gains at most its lag bank; the state's chat stays
// small however the chat was padded. Clients from different addresses
// connect from 127.0.0.x.
import { createRequire } from 'node:module';

import { Client, Player, ServerProcess, assert, loadEngine, random, run, test } from './harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const engine = await loadEngine();

function refused(ack, code) {
  assert.equal(ack.ok, false, `expected ${code}, got ${JSON.stringify(ack).slice(0, 200)}`);
  assert.equal(ack.code, code, `expected ${code}: ${ack.reason}`);
  return ack;
}

async function xiangqiPair(url, moves) {
  const red = await Player.create(url, engine, { game: 'xiangqi', name: 'Red' });
  const black = await Player.accept(url, engine, red, { name: 'Black' });
  for (const [i, move] of moves.entries()) {
    const mover = i % 2 ? black : red;
    await mover.waitStep(i);
    await mover.playOk(move);
  }
  return [red, black];
}

// Polls the server's figures until `condition(health)` holds (bounded).
async function healthUntil(server, condition, what, timeoutMs = 20000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const health = await server.health();
    if (condition(health)) return health;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(health).slice(0, 400)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

test('a log row the engine refuses, bad JSON or an unknown event quarantines that room alone', async () => {
  const server = await new ServerProcess().start();
  const pairs = [];
  for (let i = 0; i < 4; i++) pairs.push(await xiangqiPair(server.url, ['h2e2', 'h9g7']));
  for (const pair of pairs) for (const p of pair) p.close();
  await server.stop();

  // Three kinds of damage, one room each; the fourth room stays sound.
  const db = new Database(server.db);
  const insert = db.prepare(
    'INSERT INTO events (room_id, v, type, step, pos, at, data, secret) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
  );
  const damage = [
    (roomId, v) => insert.run(roomId, v, 'move', 3, '0000000000000000', Date.now(), JSON.stringify({ seat: 0, move: 'a0a0' })),
    (roomId, v) => insert.run(roomId, v, 'chat', 2, '0000000000000000', Date.now(), '{not json'),
    (roomId, v) => insert.run(roomId, v, 'bogus', 2, '0000000000000000', Date.now(), '{}'),
  ];
  damage.forEach((write, i) => {
    const roomId = pairs[i][0].roomId;
    const last = db.prepare('SELECT max(v) FROM events WHERE room_id = ?').pluck().get(roomId);
    write(roomId, last + 1);
    db.prepare('UPDATE rooms SET last_v = ? WHERE room_id = ?').run(last + 1, roomId);
  });
  db.close();

  await server.start(); // listens: nothing is replayed before
  for (let i = 0; i < 3; i++) {
    const [red] = pairs[i];
    const c = new Client(server.url);
    const ack = refused(await c.call('room:join', { roomId: red.roomId, token: red.token }), 'unavailable');
    assert.match(ack.reason, /damaged/);
    refused(await c.call('room:join', { roomId: red.roomId, watch: true }), 'unavailable');
    c.close();
  }
  const [red, black] = pairs[3];
  const back = await Player.join(server.url, engine, red.roomId, { token: red.token });
  const other = await Player.join(server.url, engine, red.roomId, { token: black.token });
  assert.equal(back.step, 2);
  await back.playOk('b0c2');
  await other.waitStep(3);
  const health = await server.health();
  assert.equal(health.quarantined, 3);
  assert.equal(health.replayMismatches, 0);
  back.close();
  other.close();
  await server.stop();
});

test('a database locked for 10 s: the disconnection, its grace and the AI move are written once it frees', async () => {
  // The rooms themselves must carry what happened during the lock (the
  // lease, which the lock outlasts, is kept: the next case).
  const server = await new ServerProcess({ env: { QIPAN_SEAT_GRACE_MS: '1500', QIPAN_AI_MIN_DELAY_MS: '0' } }).start();
  const [red, black] = await xiangqiPair(server.url, ['h2e2']);
  const human = await Player.create(server.url, engine, { game: 'reversi', options: { ai: [null, 1] }, name: 'H' });

  const db = new Database(server.db, { timeout: 0 });
  db.exec('BEGIN EXCLUSIVE');
  const lockedAt = Date.now();
  // During the lock: a player goes, and a move the AI must answer is refused
  // (the store cannot take it) and sent again once the lock is gone.
  const blackGoneAt = Date.now();
  black.close();
  const attempt = await human.play(human.local.legal()[0]);
  assert.equal(attempt.code, 'server_error', 'a command the store cannot take is refused, nothing changed');
  await new Promise((done) => setTimeout(done, 10_000 - (Date.now() - lockedAt)));
  db.exec('COMMIT');
  db.close();
  const freedAt = Date.now();

  const gone = await red.client.waitFor((e) => e.type === 'disconnected' && e.roomId === red.roomId, {
    what: 'the disconnection, written after the lock',
    timeoutMs: 20000,
  });
  assert.ok(gone.at >= freedAt - 200, 'written once the lock was gone');
  assert.ok(gone.data.since >= blackGoneAt && gone.data.since < freedAt - 5000, 'its grace counts from when the socket went');
  const expired = await red.client.waitFor((e) => e.type === 'seat_expired' && e.roomId === red.roomId, {
    what: 'the grace over',
  });
  assert.ok(expired.at >= gone.data.since + 1500);

  await human.playOk(human.local.legal()[0]);
  await human.waitUntil(() => human.step >= 2, 'the AI answers after the lock');
  const health = await server.health();
  assert.ok(health.writeRetries >= 1, 'the disconnection was written on a retry');
  red.close();
  human.client.close();
  await server.stop();
});

test('a single node whose database is locked longer than its lease keeps every room and acked move, and waits', async () => {
  // The default lease (6 s) and heartbeat: the lock outlasts both.
  const server = await new ServerProcess({ env: { QIPAN_AI_MIN_DELAY_MS: '0' } }).start();
  const pairs = [await xiangqiPair(server.url, ['h2e2', 'h9g7']), await xiangqiPair(server.url, ['b2e2'])];
  const human = await Player.create(server.url, engine, { game: 'reversi', options: { ai: [null, 1] }, name: 'H' });
  await human.playOk(human.local.legal()[0]);
  await human.waitUntil(() => human.step >= 2, 'the AI answers');
  const players = [...pairs.flat(), human];
  const dropped = [];
  for (const p of players) p.client.socket.on('disconnect', (why) => dropped.push(`${p.roomId}: ${why}`));
  const ackedBefore = players.map((p) => p.step);

  const db = new Database(server.db, { timeout: 0 });
  db.exec('BEGIN EXCLUSIVE');
  const lockedAt = Date.now();
  // A move during the lock: refused, nothing changed (the store cannot take it).
  const [, black] = pairs[1];
  assert.equal((await black.play(black.local.legal()[0])).code, 'server_error');
  await new Promise((done) => setTimeout(done, 9_000 - (Date.now() - lockedAt)));
  db.exec('COMMIT');
  db.close();

  assert.deepEqual(dropped, [], 'no socket was cut');
  assert.equal((await server.health()).store.lost, 0, 'the lease was kept');
  // The same sockets play on, every acked move is there.
  for (const [[first, second], i] of pairs.map((pair, i) => [pair, i])) {
    const mover = first.local.toMove() === first.seat ? first : second;
    const other = mover === first ? second : first;
    await mover.playOk(mover.local.legal()[0]);
    await other.waitStep(ackedBefore[2 * i] + 1);
  }
  await human.playOk(human.local.legal()[0]);
  await human.waitUntil(() => human.step >= ackedBefore[4] + 2, 'the AI answers after the lock');
  for (const p of players) {
    const state = await p.sync();
    assert.equal(state.moves.length, p.step, `${p.roomId}: every move, acked before and after`);
    assert.deepEqual(
      state.moves.map((m) => m.move),
      p.local.moves,
    );
  }
  assert.deepEqual(dropped, [], 'no socket was cut since');
  assert.doesNotMatch(server.stderr, /dropped|lost its lease/);
  for (const p of players) p.close();
  await server.stop();
});

test("one address flooding the AI: another address's first AI move within twice its unloaded time; the AI stops when the flooder goes", async () => {
  const server = await new ServerProcess({
    env: { QIPAN_AI_MIN_DELAY_MS: '500', QIPAN_AI_WORKERS: '2', QIPAN_AI_ROOMS_PER_IP: '3', QIPAN_OPEN_ROOMS_PER_IP: '10' },
  }).start();
  // A normal room: the AI (level 1) moves first; the time to its move.
  const firstAiMove = async () => {
    const c = new Client(server.url, { from: '127.0.0.3' });
    const started = Date.now();
    const ack = await c.call('room:create', { game: 'xiangqi', options: { ai: [1, null] }, seat: 1 });
    assert.ok(ack.ok, ack.reason);
    await c.waitFor((e) => e.type === 'move' && e.roomId === ack.roomId, { what: 'the AI move', timeoutMs: 60000 });
    const ms = Date.now() - started;
    assert.ok((await c.call('resign', { roomId: ack.roomId, token: ack.token })).ok);
    c.close();
    return ms;
  };
  const unloaded = [await firstAiMove(), await firstAiMove(), await firstAiMove()].sort((a, b) => a - b)[1];

  // The flood: ten rooms of five level-8 AI seats from one address, which
  // stays connected. Three are taken (QIPAN_AI_ROOMS_PER_IP).
  const flooder = new Client(server.url, { from: '127.0.0.2' });
  const flood = { game: 'checkers', options: { players: 6, ai: [8, 8, 8, 8, 8, null] }, seat: 5 };
  const answers = [];
  for (let i = 0; i < 10; i++) answers.push(await flooder.call('room:create', flood, 15000, { retry: false }));
  assert.equal(answers.filter((a) => a.ok).length, 3, 'three AI rooms per address');
  assert.ok(answers.filter((a) => !a.ok).every((a) => a.code === 'rate_limited'));
  await healthUntil(server, (h) => h.ai.searches >= 2, 'the flood searching');

  const loaded = await firstAiMove();
  console.log(`# first AI move: ${unloaded} ms unloaded, ${loaded} ms under the flood`);
  assert.ok(loaded <= 2 * unloaded, `under the flood ${loaded} ms, unloaded ${unloaded} ms`);

  // The flooder leaves: its rooms pause (nobody is there) once the searches
  // under way end, and no further search starts.
  flooder.close();
  const settled = await healthUntil(server, (h) => h.ai.running === 0, 'the searches under way to end', 60000);
  await new Promise((done) => setTimeout(done, 2000));
  const later = await server.health();
  assert.equal(later.ai.searches, settled.ai.searches, 'no AI search for rooms nobody is in');
  await server.stop();
});

test('caps: unfinished rooms per address (rate_limited), rooms in memory (busy)', async () => {
  const server = await new ServerProcess({
    env: { QIPAN_OPEN_ROOMS_PER_IP: '3', QIPAN_MAX_ROOMS: '5', QIPAN_CREATES_PER_MINUTE: '1000' },
  }).start();
  const one = new Client(server.url, { from: '127.0.0.2' });
  for (let i = 0; i < 3; i++) assert.ok((await one.call('room:create', { game: 'xiangqi' })).ok);
  const fourth = refused(await one.call('room:create', { game: 'xiangqi' }, 15000, { retry: false }), 'rate_limited');
  assert.ok(fourth.retryAfterMs > 0);
  // Another address may still create, up to the server's cap.
  const two = new Client(server.url, { from: '127.0.0.3' });
  for (let i = 0; i < 2; i++) assert.ok((await two.call('room:create', { game: 'reversi' })).ok);
  const busy = refused(await two.call('room:create', { game: 'reversi' }, 15000, { retry: false }), 'busy');
  assert.ok(busy.retryAfterMs > 0);
  one.close();
  two.close();
  await server.stop();
});

test('AI rooms taken back from the store count for the address that created them: past its cap they are refused', async () => {
  const server = await new ServerProcess({
    env: { QIPAN_AI_ROOMS_PER_IP: '3', QIPAN_OPEN_ROOMS_PER_IP: '10', QIPAN_SEAT_GRACE_MS: '60000' },
  }).start();
  // The person moves first, so no AI search runs in this test.
  const aiRoom = { game: 'xiangqi', options: { ai: [null, 1] } };
  const owner = new Client(server.url, { from: '127.0.0.2' });
  const old = [];
  for (let i = 0; i < 3; i++) old.push(await owner.call('room:create', aiRoom, 15000, { retry: false }));
  assert.ok(old.every((a) => a.ok));
  owner.close();
  // The rooms leave memory with the server; they stay in the store.
  await server.restart();
  const back = new Client(server.url, { from: '127.0.0.2' });
  for (let i = 0; i < 3; i++) assert.ok((await back.call('room:create', aiRoom, 15000, { retry: false })).ok);
  for (const room of old) {
    const join = { roomId: room.roomId, token: room.token };
    const ack = refused(await back.call('room:join', join, 15000, { retry: false }), 'rate_limited');
    assert.ok(ack.retryAfterMs > 0);
  }
  // Nor does a watcher from elsewhere bring them back past their creator's cap.
  const other = new Client(server.url, { from: '127.0.0.3' });
  const watch = { roomId: old[0].roomId, watch: true };
  refused(await other.call('room:join', watch, 15000, { retry: false }), 'rate_limited');
  assert.ok((await other.call('room:create', aiRoom, 15000, { retry: false })).ok, "another address's own AI room");
  back.close();
  other.close();
  await server.stop();
});

test("AI rooms taken back from the store share their creator's AI workers: it never holds more than all but one", async () => {
  const server = await new ServerProcess({
    env: { QIPAN_AI_WORKERS: '2', QIPAN_AI_ROOMS_PER_IP: '3', QIPAN_SEAT_GRACE_MS: '60000', QIPAN_AI_MIN_DELAY_MS: '0' },
  }).start();
  // Level-8 AI seats move first: each room searches at once.
  const flood = { game: 'checkers', options: { players: 6, ai: [8, 8, 8, 8, 8, null] }, seat: 5 };
  const owner = new Client(server.url, { from: '127.0.0.2' });
  const old = [];
  for (let i = 0; i < 3; i++) old.push(await owner.call('room:create', flood, 15000, { retry: false }));
  assert.ok(old.every((a) => a.ok));
  owner.close();
  await server.restart();
  const back = new Client(server.url, { from: '127.0.0.2' });
  for (const room of old) assert.ok((await back.call('room:join', { roomId: room.roomId, token: room.token })).ok);
  // The searches of that address run one after another on one worker,
  // never two at once.
  let most = 0;
  await healthUntil(
    server,
    (h) => {
      most = Math.max(most, h.ai.running);
      return most > 1 || h.ai.searches >= 2;
    },
    "the address's second search",
    120_000,
  );
  assert.equal(most, 1, 'one address held every AI worker');
  // Another address's AI moves meanwhile, on the worker left.
  const other = new Client(server.url, { from: '127.0.0.3' });
  const ack = await other.call('room:create', { game: 'xiangqi', options: { ai: [1, null] }, seat: 1 });
  assert.ok(ack.ok, ack.reason);
  await other.waitFor((e) => e.type === 'move' && e.roomId === ack.roomId, { what: 'the AI move', timeoutMs: 60000 });
  back.close();
  other.close();
  await server.stop();
});

test('rooms one address brings back from the store count against it: it cannot fill the server', async () => {
  const server = await new ServerProcess({
    env: { QIPAN_MAX_ROOMS: '6', QIPAN_LOADED_ROOMS_PER_IP: '3', QIPAN_ROOM_IDLE_MS: '1000' },
  }).start();
  const maker = new Client(server.url, { from: '127.0.0.2' });
  const old = [];
  for (let i = 0; i < 6; i++) old.push((await maker.call('room:create', { game: 'xiangqi' })).roomId);
  maker.close();
  await server.restart(); // every room leaves memory; they stay in the store
  // All at once, so loads under way count too.
  const watcher = new Client(server.url, { from: '127.0.0.2' });
  const watch = (client, roomId) => client.call('room:join', { roomId, watch: true }, 15000, { retry: false });
  const acks = await Promise.all(old.map((roomId) => watch(watcher, roomId)));
  const watched = old.filter((roomId, i) => acks[i].ok);
  const left = old.filter((roomId, i) => !acks[i].ok);
  assert.equal(watched.length, 3, 'three rooms brought back');
  for (const ack of acks.filter((a) => !a.ok)) assert.ok(refused(ack, 'rate_limited').retryAfterMs > 0);
  // Everyone else still has the rest of the server: new rooms, and old ones back.
  const other = new Client(server.url, { from: '127.0.0.3' });
  assert.ok((await other.call('room:create', { game: 'reversi' }, 15000, { retry: false })).ok);
  assert.ok((await watch(other, left[0])).ok);
  // Watched no more, the rooms leave memory and the address may bring others.
  for (const roomId of watched) assert.ok((await watcher.call('leave', { roomId })).ok);
  await healthUntil(server, (h) => h.rooms === 2, 'the watched rooms to leave memory');
  assert.ok((await watch(watcher, left[1])).ok);
  watcher.close();
  other.close();
  await server.stop();
});

test('a clock nobody can play is refused: the time on the clock at the start is at least a fifth of the least in all', async () => {
  const server = await new ServerProcess().start(); // QIPAN_MIN_CLOCK_MS as deployed: 15 s
  const client = new Client(server.url);
  const create = (clock) => client.call('room:create', { game: 'xiangqi', options: { clock } });
  // 0 + 40 x 375 ms is 15 s in all, but the first timed move would have 0 ms.
  for (const clock of [
    { initialMs: 0, incrementMs: 375 },
    { initialMs: 2999, incrementMs: 1000 },
  ]) {
    const ack = refused(await create(clock), 'bad_request');
    assert.match(ack.reason, /at least 3000 ms/);
  }
  const seek = { game: 'xiangqi', clock: { initialMs: 0, incrementMs: 375 } };
  assert.ok((await client.call('hello', { playerKey: 'k'.repeat(22) })).ok);
  refused(await client.call('seek:create', seek), 'bad_request');
  assert.ok((await create({ initialMs: 3000, incrementMs: 300 })).ok, 'three seconds and 0.3 s a move');
  assert.ok((await create({ initialMs: 15_000, incrementMs: 0 })).ok);
  client.close();
  await server.stop();
});

test('a client that answers pings late is credited at most QIPAN_LAG_BANK_MS + N x QIPAN_LAG_REFILL_MS over N moves', async () => {
  const [BANK, REFILL, MOVES, THINK_MS, PONG_DELAY_MS] = [1000, 100, 8, 450, 400];
  const server = await new ServerProcess({
    env: { QIPAN_LAG_BANK_MS: String(BANK), QIPAN_LAG_REFILL_MS: String(REFILL), QIPAN_PING_TIMEOUT_MS: '5000' },
  }).start();
  const red = await Player.create(server.url, engine, {
    game: 'xiangqi',
    options: { clock: { initialMs: 60_000, incrementMs: 0 } },
  });
  const black = await Player.accept(server.url, engine, red);
  // Red lies: each pong goes 400 ms late, so its measured lag is 400 ms
  // where the network's is about 1 ms. Black is honest.
  const transport = red.client.socket.io.engine;
  const send = transport._sendPacket.bind(transport);
  let lies = 0;
  let lied;
  const lying = new Promise((done) => {
    lied = done;
  });
  transport._sendPacket = (type, ...rest) => {
    if (type !== 'pong') return send(type, ...rest);
    setTimeout(() => {
      send(type, ...rest);
      if (++lies === 2) lied();
    }, PONG_DELAY_MS);
  };
  await lying;
  // Seeded random play: the line is the same every run.
  const pick = random(51);
  for (let i = 0; i < 2 * (MOVES + 1); i++) {
    const mover = i % 2 ? black : red;
    await mover.waitStep(i);
    // Red thinks a little longer than the lag it claims, so every credit shows.
    if (mover === red && i > 0) await new Promise((done) => setTimeout(done, THINK_MS));
    await mover.playOk(pick.pick(mover.local.legal()));
  }
  await red.waitStep(2 * (MOVES + 1));
  // What each seat was credited on its timed moves (its first move uses no
  // clock), from the clocks alone: the turn, from the commit that gave it
  // the move to its own commit, less what its clock was charged.
  const events = red.client.events.filter((e) => e.roomId === red.roomId);
  const credits = [[], []];
  for (const [i, e] of events.entries()) {
    if (e.type !== 'move' || e.step <= 2) continue;
    const before = events[i - 1];
    const charged = before.clocks[e.data.seat] - e.data.clocks[e.data.seat];
    credits[e.data.seat].push(e.at - before.at - charged);
  }
  const total = (list) => list.reduce((a, b) => a + b, 0);
  const bound = BANK + MOVES * REFILL;
  console.log(`# credited over ${MOVES} moves: liar ${total(credits[0])} ms (bound ${bound}), honest ${total(credits[1])} ms`);
  assert.equal(credits[0].length, MOVES);
  // A few ms a move of slack: the turn ends at the commit, a little after the move was timed.
  assert.ok(total(credits[0]) <= bound + MOVES * 20, `the liar was credited ${credits[0].join(', ')} ms`);
  const lagged = events.filter((e) => e.type === 'move' && e.data.seat === 0 && e.step > 2).map((e) => e.data.lag);
  assert.ok(
    lagged.slice(-3).every((ms) => ms <= REFILL),
    `once its bank is spent, the refill a move: ${lagged.join(', ')}`,
  );
  assert.ok(total(credits[1]) <= MOVES * 20, `the honest seat, moving at once, was credited ${credits[1].join(', ')} ms`);
  red.close();
  black.close();
  await server.stop();
});

test("spectator places per address in a room: one address cannot take a room's places", async () => {
  const server = await new ServerProcess({ env: { QIPAN_SPECTATORS_PER_IP: '3' } }).start();
  const [red, black] = await xiangqiPair(server.url, []);
  const watch = (client) => client.call('room:join', { roomId: red.roomId, watch: true });
  const crowd = [];
  for (let i = 0; i < 4; i++) crowd.push(new Client(server.url, { from: '127.0.0.2' }));
  const acks = await Promise.all(crowd.map(watch));
  assert.equal(acks.filter((a) => a.ok).length, 3, 'three places for the address');
  assert.match(
    refused(
      acks.find((a) => !a.ok),
      'room_full',
    ).reason,
    /3 spectators from one address/,
  );
  const other = new Client(server.url, { from: '127.0.0.3' });
  assert.ok((await watch(other)).ok, 'another address watches');
  // A place given back is the address's again.
  const leaving = crowd[acks.findIndex((a) => a.ok)];
  assert.ok((await leaving.call('leave', { roomId: red.roomId })).ok);
  assert.ok((await watch(crowd[acks.findIndex((a) => !a.ok)])).ok);
  for (const c of [...crowd, other]) c.close();
  red.close();
  black.close();
  await server.stop();
});

test("spectators' chat has a budget per room and per address; the players' chat is untouched", async () => {
  const server = await new ServerProcess({
    env: {
      QIPAN_SPECTATOR_CHAT_PER_MINUTE: '1',
      QIPAN_SPECTATOR_CHAT_BURST: '4',
      QIPAN_SPECTATOR_CHAT_PER_IP_PER_MINUTE: '1',
      QIPAN_SPECTATOR_CHAT_PER_IP_BURST: '2',
    },
  }).start();
  const [red, black] = await xiangqiPair(server.url, []);
  const spectators = async (from, n) => {
    const list = [];
    for (let i = 0; i < n; i++) {
      const c = new Client(server.url, { from });
      assert.ok((await c.call('room:join', { roomId: red.roomId, watch: true })).ok);
      list.push(c);
    }
    return list;
  };
  const say = (c, text) => c.call('chat', { roomId: red.roomId, text }, 15000, { retry: false });
  // One address, three sockets (each well within its own one a second): two lines.
  const flood = await spectators('127.0.0.2', 3);
  const sent = [];
  for (const [i, c] of flood.entries()) sent.push(await say(c, `flood ${i}`));
  assert.deepEqual(
    sent.map((a) => a.ok),
    [true, true, false],
  );
  assert.ok(refused(sent[2], 'rate_limited').retryAfterMs > 0);
  // Other addresses share the room's four.
  const [a, b] = await spectators('127.0.0.3', 2);
  assert.ok((await say(a, 'hello')).ok);
  assert.ok((await say(b, 'hello too')).ok);
  const [late] = await spectators('127.0.0.4', 1);
  refused(await say(late, 'anyone?'), 'rate_limited');
  // The players talk as before (their socket's own limit: a burst of 5).
  for (let i = 0; i < 5; i++) {
    assert.ok((await red.call('chat', { token: red.token, text: `red ${i}` })).ok);
    assert.ok((await black.call('chat', { token: black.token, text: `black ${i}` })).ok);
  }
  const chat = (await red.sync()).chat.map((line) => line.text);
  assert.equal(chat.filter((t) => !/^(red|black) /.test(t)).length, 4, `four spectator lines: ${chat.join(' | ')}`);
  for (const c of [...flood, a, b, late]) c.close();
  red.close();
  black.close();
  await server.stop();
});

test('the state carries at most 16 KB of chat, the latest lines', async () => {
  const server = await new ServerProcess().start();
  const [red, black] = await xiangqiPair(server.url, []);
  const padded = '\u3000'.repeat(150) + 'x'.repeat(140);
  const talkers = [];
  for (let i = 0; i < 10; i++) {
    const c = new Client(server.url);
    await c.call('room:join', { roomId: red.roomId, watch: true });
    talkers.push(c);
  }
  let sent = 0;
  for (const c of talkers)
    for (let k = 0; k < 5; k++) sent += (await c.call('chat', { roomId: red.roomId, text: `${padded}${sent}` })).ok;
  assert.equal(sent, 50);
  const state = (await black.call('sync', {})).state;
  const chatBytes = Buffer.byteLength(JSON.stringify(state.chat), 'utf8');
  assert.ok(chatBytes <= 16384, `${chatBytes} bytes of chat`);
  assert.ok(state.chat.length >= 10, 'as many lines as fit');
  assert.ok(state.chat.at(-1).text.endsWith('49'), 'the latest line last');
  for (const c of talkers) c.close();
  red.close();
  black.close();
  await server.stop();
});

const failed = await run();
process.exit(failed ? 1 : 0);
