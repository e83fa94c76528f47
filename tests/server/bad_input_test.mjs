// Bad input: every event type fed malformed payloads from a fuzz loop (wrong
// types, missing fields, huge strings, deep objects, `__proto__` keys,
// unknown room ids, random bytes on the raw transport). The server must
// never crash, answer each event with a code, and leave the games in other
// rooms untouched.
import { createRequire } from 'node:module';
import { connect } from 'node:net';

import { CODES } from '../../server/protocol/codes.js';
import { Client, Player, ServerProcess, assert, loadEngine, random, run, test } from './harness.mjs';

const WebSocket = createRequire(import.meta.url)('ws');
const ROUNDS = Number(process.env.QIPAN_FUZZ_EVENTS ?? 3000);
const EVENTS = [
  'room:create',
  'room:join',
  'move',
  'undo:ask',
  'undo:answer',
  'draw:offer',
  'draw:answer',
  'resign',
  'rematch:offer',
  'rematch:answer',
  'chat',
  'sync',
  'claim',
  'leave',
  'seat:ai',
  'seat:name',
];
const KNOWN = new Set(CODES);

const engine = await loadEngine();
const server = await new ServerProcess().start();
const url = server.url;
const rng = random(Number(process.env.QIPAN_FUZZ_SEED ?? 4242));

// Games in progress that the fuzzing must not touch.
const bystanders = [];
async function bystanderGames() {
  for (const [game, options, line] of [
    ['xiangqi', undefined, ['h2e2', 'h9g7']],
    ['reversi', undefined, ['f5', 'd6']],
    ['checkers', { players: 3, ai: [null, null, 1] }, null],
  ]) {
    const a = await Player.create(url, engine, { game, options });
    const b = await Player.accept(url, engine, a);
    const moves = line ?? [a.local.legal()[0]];
    for (const move of moves) {
      const mover = a.local.toMove() === 0 ? a : b;
      const ack = await mover.playOk(move);
      await Promise.all([a.waitStep(ack.step), b.waitStep(ack.step)]);
    }
    bystanders.push({ a, b, state: await a.sync() });
  }
}

// Values of every JSON type and some nastier ones.
function junk(depth = 0) {
  const choices = [
    () => null,
    () => true,
    () => rng.int(1e9) - 5e8,
    () => 1e308,
    () => -0.5,
    () => '',
    () => 'x'.repeat(rng.int(40)),
    () => String.fromCharCode(...Array.from({ length: 12 }, () => rng.int(0xffff))),
    () => [],
    () => ({}),
    () => (depth < 3 ? [junk(depth + 1), junk(depth + 1)] : 0),
    () => (depth < 3 ? { a: junk(depth + 1) } : 'deep'),
    () => 'h2e2',
    () => 'f5',
    () => '111-102',
    () => 'pass',
    () => 'zzzzzzzzzz',
    () => 'A'.repeat(22),
  ];
  return rng.pick(choices)();
}

function deep(levels) {
  let v = 'bottom';
  for (let i = 0; i < levels; i++) v = rng() < 0.5 ? [v] : { k: v };
  return v;
}

// A payload that is wrong in some way, built from a plausible one.
function malformed(event, ids) {
  const roomId = rng.pick(ids);
  const templates = {
    'room:create': { game: rng.pick(['xiangqi', 'reversi', 'checkers']), options: { players: 3 }, name: 'fz' },
    'room:join': { roomId, name: 'fz' },
    move: { roomId, token: 'A'.repeat(22), step: 1, move: 'h2e2', pos: '0123456789abcdef' },
    'undo:ask': { roomId, token: 'A'.repeat(22), step: 0 },
    'undo:answer': { roomId, token: 'A'.repeat(22), step: 0, accept: true },
    'draw:offer': { roomId, token: 'A'.repeat(22), step: 0 },
    'draw:answer': { roomId, token: 'A'.repeat(22), step: 0, accept: false },
    resign: { roomId, token: 'A'.repeat(22) },
    'rematch:offer': { roomId, token: 'A'.repeat(22) },
    'rematch:answer': { roomId, token: 'A'.repeat(22), accept: true },
    chat: { roomId, text: 'hi' },
    sync: { roomId },
    claim: { roomId, token: 'A'.repeat(22) },
    leave: { roomId },
    'seat:ai': { roomId, token: 'A'.repeat(22), seat: 1, level: 3 },
    'seat:name': { roomId, token: 'A'.repeat(22), name: 'fz' },
  };
  const base = Object.hasOwn(templates, event) ? templates[event] : { roomId };
  const p = { ...base };
  const keys = Object.keys(p);
  switch (rng.int(10)) {
    case 0:
      delete p[rng.pick(keys)];
      break; // a field missing
    case 1:
      p[rng.pick(keys)] = junk();
      break; // a field of the wrong type
    case 2:
      p[rng.pick(keys)] = 'y'.repeat(rng.pick([300, 5000, 9000, 40000, 100000]));
      break; // huge strings (the last beyond the transport's limit)
    case 3:
      p[rng.pick(keys)] = deep(rng.pick([20, 200, 2000]));
      break; // deep objects
    case 4:
      return JSON.parse(`{"__proto__": {"admin": true, "roomId": "x"}, ${JSON.stringify(p).slice(1)}`); // __proto__
    case 5:
      p.constructor = { prototype: { polluted: true } };
      break;
    case 6:
      p.roomId = rng.pick(['0000000000', 'zzzzzzzzzz', 'ILOU000000', '', 'x'.repeat(64), '../../etc']);
      break; // unknown ids
    case 7:
      p[`extra${rng.int(3)}`] = junk();
      break; // unknown key
    case 8:
      return junk(); // not an object at all
    default:
      for (const k of keys) if (rng() < 0.5) p[k] = junk(); // several at once
  }
  return p;
}

const tally = { sent: 0, answered: 0, cut: 0, ok: 0, codes: {} };

async function fuzzSocket(ownRooms, ids, joinable, count) {
  let client = new Client(url, { reconnection: false });
  await client.connected();
  for (let n = 0; n < count; n++) {
    if (!client.socket.connected) {
      client.close();
      client = new Client(url, { reconnection: false });
      await client.connected();
    }
    // (Socket.IO's reserved names cannot be sent from its client; rawGarbage sends them.)
    const event = rng() < 0.05 ? rng.pick(['', '__proto__', 'constructor', 'x'.repeat(100), 'move ']) : rng.pick(EVENTS);
    // Joining never targets a bystander room (a valid join there would be an event of its own).
    const pool = event === 'room:join' ? joinable : ids;
    let args;
    const shape = rng.int(20);
    if (shape === 0) args = [];
    else if (shape === 1) args = [malformed(event, pool), junk()];
    else if (shape === 2) args = [Buffer.from(Array.from({ length: 64 }, () => rng.int(256)))];
    else if (shape === 3) args = [{ ...(rng.pick(ownRooms) ?? {}), move: junk(), text: junk() }];
    else args = [malformed(event, pool)];
    tally.sent++;
    let answer;
    // A rate-limited event is sent again after the wait, so every payload reaches the checks.
    for (;;) {
      answer = await client.socket
        .timeout(3000)
        .emitWithAck(event, ...args)
        .catch(() => null);
      if (answer?.code !== 'rate_limited') break;
      tally.codes.rate_limited = (tally.codes.rate_limited ?? 0) + 1;
      await new Promise((done) => setTimeout(done, answer.retryAfterMs));
    }
    if (!answer) {
      // The transport's own limit cuts a socket sending more than it takes.
      if (!client.socket.connected) tally.cut++;
      else throw new Error(`no answer to ${event} ${JSON.stringify(args).slice(0, 200)}`);
      continue;
    }
    tally.answered++;
    if (answer.ok) tally.ok++;
    else {
      assert.ok(
        KNOWN.has(answer.code) && answer.code !== 'server_error',
        `answer ${JSON.stringify(answer).slice(0, 200)} to ${event}`,
      );
      assert.equal(typeof answer.reason, 'string');
      tally.codes[answer.code] = (tally.codes[answer.code] ?? 0) + 1;
    }
  }
  client.close();
}

// Random bytes on the raw transport: a WebSocket speaking no Socket.IO, and
// plain TCP that is no HTTP.
async function rawGarbage(times) {
  for (let i = 0; i < times; i++) {
    await new Promise((done) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}socket.io/?EIO=4&transport=websocket`);
      ws.on('open', () => {
        // Half the time a proper namespace connect first, so what follows reaches the event parser.
        if (rng() < 0.5) ws.send('40');
        const frames = [
          () => Buffer.from(Array.from({ length: 1 + rng.int(300) }, () => rng.int(256))),
          () => `4${rng.int(10)}${JSON.stringify(junk())}`,
          () =>
            `42${JSON.stringify([rng.pick(['connect', 'disconnect', 'disconnecting', 'error', 'newListener', 'move']), junk()])}`,
          () => '42["move",{"roomId":"0000000000"},"]',
          () => `42${rng.int(100)}["sync",${JSON.stringify(junk())}]`,
          () => `45${rng.int(3)}-["move",{"_placeholder":true,"num":${rng.int(5)}}]`,
        ];
        for (let k = 0; k < 6; k++) ws.send(rng.pick(frames)());
        setTimeout(() => ws.terminate(), 20);
      });
      ws.on('close', done);
      ws.on('error', done);
    });
    await new Promise((done) => {
      const s = connect(server.port, '127.0.0.1', () => {
        s.write(Buffer.from(Array.from({ length: 200 }, () => rng.int(256))));
        setTimeout(() => s.destroy(), 20);
      });
      s.on('close', done);
      s.on('error', done);
    });
  }
}

test('bystander games are set up', async () => {
  await bystanderGames();
});

test(
  `${ROUNDS} malformed events over every event type: each answered with a code, the server never down`,
  async () => {
    // The fuzzers' own rooms (they are joined to them), and ids of others they are not in.
    const owners = await Promise.all(['xiangqi', 'reversi', 'checkers'].map((game) => Player.create(url, engine, { game })));
    const own = owners.map((o) => ({ roomId: o.roomId, token: o.token, step: 1, pos: o.local.pos() }));
    const joinable = [...owners.map((o) => o.roomId), '0000000000'];
    const ids = [...joinable, ...bystanders.map((b) => b.a.roomId)];
    const sockets = 12;
    await Promise.all([
      ...Array.from({ length: sockets }, () => fuzzSocket(own, ids, joinable, Math.ceil(ROUNDS / sockets))),
      rawGarbage(20),
    ]);
    // The owners' sockets fuzz their own rooms too: they are joined, so every check runs.
    for (const o of owners) {
      for (let n = 0; n < 30; n++) {
        const event = rng.pick(EVENTS);
        const payload = { ...malformed(event, [o.roomId]), roomId: o.roomId };
        if (rng() < 0.5 && payload && typeof payload === 'object') payload.token = o.token;
        if (JSON.stringify(payload).length > 60000) continue; // the owners stay connected
        const answer = await o.client.call(event, payload);
        tally.answered++;
        assert.ok(answer.ok || (KNOWN.has(answer.code) && answer.code !== 'server_error'), JSON.stringify(answer).slice(0, 200));
      }
      o.close();
    }
    console.log(
      `# ${tally.sent} fuzz events: ${tally.answered} answered (${tally.ok} ok), ${tally.cut} cut by the transport limit; codes ${JSON.stringify(tally.codes)}`,
    );
    assert.ok(server.alive(), 'the server is up');
    const health = await server.health();
    assert.equal(health.errors, 0, 'no handler failed');
    assert.ok(tally.codes.bad_request > ROUNDS / 4);
    assert.ok(tally.codes.too_large > 0);
    assert.ok(tally.codes.not_found > 0);
    assert.ok(tally.codes.not_joined > 0);
    assert.ok(tally.cut > 0, 'some payloads were beyond the transport limit');
  },
  { timeoutMs: 300000 },
);

test('the bystander games are untouched and play on', async () => {
  for (const { a, b, state } of bystanders) {
    const now = await a.sync();
    assert.equal(now.v, state.v, `${state.game}: no event was added`);
    assert.equal(now.pos, state.pos);
    assert.deepEqual(now.moves, state.moves);
    const mover = a.local.toMove() === 0 ? a : b;
    const ack = await mover.playOk(mover.local.legal()[0]);
    await a.waitStep(ack.step);
    assert.equal((await b.sync()).pos, a.local.pos());
  }
  for (const { a, b } of bystanders) {
    a.close();
    b.close();
  }
  assert.ok(Object.getPrototypeOf({}).admin === undefined && Object.getPrototypeOf({}).polluted === undefined);
});

const failed = await run();
assert.ok(server.alive());
await server.stop();
if (failed) console.log(server.stderr.slice(-3000));
process.exit(failed ? 1 : 0);
