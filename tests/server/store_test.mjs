// The store interface (server/store/store.js), one suite run against both
// stores: SQLite (a temporary file) and PostgreSQL (a private server,
// postgres_harness.mjs). Two store objects opened on the same database are
// two nodes. Leases are short (1500 ms, heartbeat 300 ms), so takeovers
// happen within a test; every wait is a bounded poll. Then what only SQLite
// has: the file's mode, the WAL's size under a flood of creations, and the
// upgrade of a database written by the store before owners and chat texts.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import pg from 'pg';

import { pairingWindow } from '../../server/lobby/pairing.js';
import { openStore } from '../../server/store/store.js';
import { assert, run, tempDir, test } from './harness.mjs';
import { startTestPostgres } from './postgres_harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const LEASE = { leaseMs: 1500, heartbeatMs: 300 };
const quiet = () => {};
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

let roomCount = 0;
const newRoomId = () => `r${process.pid}x${++roomCount}`;
let nodeCount = 0;
const newNodeName = (tag) => `${tag}${++nodeCount}`;

// `check()` until it returns something truthy, every 25 ms, at most `ms`.
async function until(check, ms, what) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

function firstEvents(roomId, at = Date.now()) {
  return [
    { roomId, v: 1, type: 'created', step: 0, pos: 'p0', at, data: { game: 'xiangqi', options: { a: 1 } }, secret: null },
    { roomId, v: 2, type: 'joined', step: 0, pos: 'p0', at, data: { seat: 0, name: 'Ann' }, secret: { tokenHash: 'h0' } },
  ];
}

function nextEvents(roomId, fromV, count, { type = 'move', at = Date.now() } = {}) {
  return Array.from({ length: count }, (_, i) => ({
    roomId,
    v: fromV + i,
    type,
    step: fromV + i,
    pos: `p${fromV + i}`,
    at,
    data: type === 'chat' ? { seat: 0, name: 'Ann', text: `hello ${fromV + i}` } : { move: `m${fromV + i}` },
    secret: null,
  }));
}

async function createWith(store, roomId = newRoomId(), extra = {}) {
  const at = Date.now();
  await store.createRoom({ roomId, game: 'xiangqi', createdAt: at, ...extra }, firstEvents(roomId, at));
  return roomId;
}

async function refusedWith(promise, code) {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  assert.ok(error, `expected a refusal '${code}', got success`);
  assert.equal(error.code, code, `expected '${code}', got ${error.code}: ${error.message}`);
  return error;
}

// Stands for a node that stalls (SIGSTOP): its heartbeat stops, nothing else.
const stall = (store) => store.stopTimers();

// The conformance suite; `backend` = {name, open(node, extra), raw}.
function conformance(backend) {
  const open = (tag, extra = {}) => backend.open(newNodeName(tag), extra);
  const named = (what) => `${backend.name}: ${what}`;

  test(named('create, append and load round trip'), async () => {
    const a = await open('a');
    try {
      assert.ok(a.live && Number.isInteger(a.node.epoch) && a.node.url === 'http://a.example/');
      const roomId = await createWith(a);
      const more = [...nextEvents(roomId, 3, 2), ...nextEvents(roomId, 5, 1, { type: 'chat' })];
      await a.appendEvents(roomId, more.slice(0, 2));
      await a.appendEvents(roomId, more.slice(2));
      const result = { roomId, v: 6, type: 'result', step: 6, pos: 'p6', at: Date.now(), data: null, secret: null };
      await a.appendEvents(roomId, [result], { finished: true });
      const loaded = await a.loadEvents(roomId);
      assert.deepEqual(loaded, [...firstEvents(roomId, loaded[0].at), ...more, result]);
      assert.equal(await a.roomExists(roomId), true);
      assert.equal(await a.roomExists('nope'), false);
      assert.deepEqual(await a.loadEvents('nope'), []);
      assert.ok(a.stats.appends >= 3 && a.stats.flushes >= 3);
    } finally {
      await a.close();
    }
  });

  test(named('gaps, repeats and unknown rooms are refused, nothing written'), async () => {
    const a = await open('a');
    try {
      const roomId = await createWith(a);
      await refusedWith(a.appendEvents(roomId, nextEvents(roomId, 4, 1)), 'conflict');
      await refusedWith(a.appendEvents(roomId, nextEvents(roomId, 2, 1)), 'conflict');
      await refusedWith(a.appendEvents(roomId, [nextEvents(roomId, 3, 1)[0], nextEvents(roomId, 5, 1)[0]]), 'conflict');
      await refusedWith(a.appendEvents('nope', nextEvents('nope', 1, 1)), 'missing');
      assert.equal((await a.loadEvents(roomId)).length, 2);
      await refusedWith(createWith(a, roomId), 'room_exists');
      assert.ok(a.stats.conflicts >= 3);
    } finally {
      await a.close();
    }
  });

  test(named('one turn of appends to many rooms is one commit; a refused one spoils none'), async () => {
    const a = await open('a');
    try {
      const rooms = [];
      for (let i = 0; i < 5; i++) rooms.push(await createWith(a));
      const flushes = a.stats.flushes;
      const outcomes = await Promise.allSettled(
        rooms.map((roomId, i) => a.appendEvents(roomId, nextEvents(roomId, i === 2 ? 9 : 3, 2))),
      );
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
      );
      assert.equal(outcomes[2].reason.code, 'conflict');
      assert.equal(a.stats.flushes, flushes + 1, 'one transaction for the turn');
      for (const [i, roomId] of rooms.entries()) assert.equal((await a.loadEvents(roomId)).length, i === 2 ? 2 : 4);
    } finally {
      await a.close();
    }
  });

  test(named('a request key makes one room'), async () => {
    const a = await open('a');
    try {
      const key = `k${newRoomId()}`;
      const before = Date.now();
      const roomId = await createWith(a, newRoomId(), { requestKey: key });
      const error = await refusedWith(createWith(a, newRoomId(), { requestKey: key }), 'request_exists');
      assert.equal(error.roomId, roomId);
      assert.equal(await a.roomForRequest(key, { since: before - 1 }), roomId);
      assert.equal(await a.roomForRequest(key), roomId);
      assert.equal(await a.roomForRequest(key, { since: Date.now() + 60_000 }), null);
      assert.equal(await a.roomForRequest('unknown'), null);
      // No key: any number of rooms.
      await createWith(a, newRoomId(), { requestKey: null });
      await createWith(a, newRoomId());
    } finally {
      await a.close();
    }
  });

  test(named("a room's creator comes with its claim on any node, until the room is finished"), async () => {
    const a = await open('a');
    const b = await open('b');
    try {
      assert.match(a.ownerSecret, /^[A-Za-z0-9_-]{43}$/, '256 random bits');
      assert.equal(b.ownerSecret, a.ownerSecret, "the database's own secret, the same for every node");
      const roomId = await createWith(a, newRoomId(), { creator: 'owner-1' });
      await a.releaseRooms();
      const claimed = await b.claimRoom(roomId);
      assert.deepEqual([claimed.status, claimed.creator], ['owned', 'owner-1'], 'another node takes it with its creator');
      const result = { roomId, v: 3, type: 'result', step: 0, pos: 'p0', at: Date.now(), data: null, secret: null };
      await b.appendEvents(roomId, [result], { finished: true });
      assert.equal((await b.claimRoom(roomId)).creator, null, 'a finished room forgets its creator');
      assert.equal((await b.claimRoom(await createWith(b))).creator, null, 'a room made without one');
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('a live owner: others are sent to it'), async () => {
    const a = await open('a');
    const b = await open('b');
    try {
      const roomId = await createWith(a);
      assert.deepEqual(await b.claimRoom(roomId), { status: 'moved', node: a.node.name, url: a.node.url });
      assert.deepEqual(await a.claimRoom(roomId), { status: 'owned', downSince: null, creator: null });
      assert.deepEqual(await b.claimRoom('nope'), { status: 'missing' });
      await a.appendEvents(roomId, nextEvents(roomId, 3, 1));
      await refusedWith(b.appendEvents(roomId, nextEvents(roomId, 4, 1)), 'fenced');
      const live = await b.liveNodes();
      for (const s of [a, b])
        assert.ok(live.some((n) => n.name === s.node.name && n.epoch === s.node.epoch && n.url === s.node.url));
      assert.equal(b.stats.claims.moved, 1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('a stalled owner: wait, then a takeover after its lease; its appends are fenced'), async () => {
    const a = await open('a');
    const b = await open('b');
    const lost = [];
    a.on('lost', (e) => lost.push(e));
    try {
      const roomId = await createWith(a);
      await a.appendEvents(roomId, nextEvents(roomId, 3, 1));
      stall(a);
      const stalledAt = Date.now();
      const waiting = await until(
        async () => {
          const outcome = await b.claimRoom(roomId);
          assert.notEqual(outcome.status, 'owned', 'not before the lease ran out');
          return outcome.status === 'wait' && outcome;
        },
        LEASE.leaseMs,
        "'wait'",
      );
      assert.ok(waiting.retryAfterMs > 0 && waiting.retryAfterMs <= LEASE.leaseMs, `retryAfterMs ${waiting.retryAfterMs}`);
      await sleep(waiting.retryAfterMs);
      const owned = await until(
        async () => {
          const outcome = await b.claimRoom(roomId);
          return outcome.status === 'owned' && outcome;
        },
        2 * LEASE.leaseMs,
        'the takeover',
      );
      assert.ok(Date.now() - stalledAt >= LEASE.leaseMs - LEASE.heartbeatMs - 100, 'no takeover before the lease ran out');
      assert.ok(
        owned.downSince <= stalledAt + 50 && owned.downSince >= stalledAt - LEASE.heartbeatMs - 500,
        `downSince ${owned.downSince} is the stalled node's last heartbeat (stalled at ${stalledAt})`,
      );
      assert.ok(!(await b.liveNodes()).some((n) => n.epoch === a.node.epoch), 'the stalled epoch is not live');
      // The stalled node wakes up and writes: refused, nothing written.
      await refusedWith(a.appendEvents(roomId, nextEvents(roomId, 4, 1)), 'fenced');
      assert.equal((await b.loadEvents(roomId)).length, 3);
      await b.appendEvents(roomId, nextEvents(roomId, 4, 1));
      assert.equal(a.stats.fenced, 1);
      // Its next heartbeat notices, says so, and a new epoch follows.
      const oldEpoch = a.node.epoch;
      const renewed = new Promise((done) => a.once('renewed', done));
      await a.tick();
      assert.deepEqual(lost, [{ epoch: oldEpoch, reason: 'stale' }]);
      const node = await renewed;
      assert.ok(node.epoch > oldEpoch && a.live && a.node.epoch === node.epoch);
      assert.deepEqual(await a.claimRoom(roomId), { status: 'moved', node: b.node.name, url: b.node.url });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(
    named('claims at the same moment: one owner per room'),
    async () => {
      const a = await open('a');
      const b = await open('b');
      const c = await open('c');
      try {
        const rooms = [];
        for (let i = 0; i < 20; i++) rooms.push(await createWith(a));
        stall(a);
        await until(async () => !(await b.liveNodes()).some((n) => n.epoch === a.node.epoch), 3 * LEASE.leaseMs, 'a dead');
        const outcomes = await Promise.all(rooms.map((roomId) => Promise.all([b.claimRoom(roomId), c.claimRoom(roomId)])));
        for (const [i, [x, y]] of outcomes.entries()) {
          assert.deepEqual([x.status, y.status].sort(), ['moved', 'owned'], JSON.stringify([x, y]));
          const [winner, loser] = x.status === 'owned' ? [b, c] : [c, b];
          assert.equal((x.status === 'moved' ? x : y).node, winner.node.name);
          await refusedWith(loser.appendEvents(rooms[i], nextEvents(rooms[i], 3, 1)), 'fenced');
          await winner.appendEvents(rooms[i], nextEvents(rooms[i], 3, 1));
        }
      } finally {
        await a.close();
        await b.close();
        await c.close();
      }
    },
    { timeoutMs: 60_000 },
  );

  test(named('a clean close releases the rooms at once'), async () => {
    const a = await open('a');
    const b = await open('b');
    try {
      const roomId = await createWith(a);
      await a.close();
      const closedAt = Date.now();
      assert.equal(a.live, false);
      assert.equal((await a.claimRoom(roomId)).status, 'wait', 'a closed store owns nothing');
      const outcome = await b.claimRoom(roomId);
      assert.equal(outcome.status, 'owned');
      assert.ok(Math.abs(outcome.downSince - closedAt) < 1000, `downSince ${outcome.downSince}, closed at ${closedAt}`);
      await b.appendEvents(roomId, nextEvents(roomId, 3, 1));
      assert.deepEqual(await b.claimRoom(roomId), { status: 'owned', downSince: null, creator: null });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(
    named("timed rooms of a stopped node are orphans until claimed; a live node's, finished or untimed ones are not"),
    async () => {
      const a = await open('a');
      const b = await open('b');
      try {
        const timed = await createWith(a, newRoomId(), { timed: true });
        const finished = await createWith(a, newRoomId(), { timed: true });
        const untimed = await createWith(a);
        const kept = await createWith(b, newRoomId(), { timed: true });
        const result = { roomId: finished, v: 3, type: 'result', step: 0, pos: 'p3', at: Date.now(), data: null, secret: null };
        await a.appendEvents(finished, [result], { finished: true });
        const ours = async () =>
          (await b.orphanedTimedRooms({ limit: 10_000 })).filter((id) => [timed, finished, untimed, kept].includes(id));
        assert.deepEqual(await ours(), [], 'a live owner keeps its clocks');
        await a.close();
        assert.deepEqual(await ours(), [timed], "the stopped node's unfinished timed room");
        assert.equal((await b.claimRoom(timed)).status, 'owned');
        assert.deepEqual(await ours(), [], 'claimed: no longer an orphan');
      } finally {
        await a.close();
        await b.close();
      }
    },
  );

  test(named("a player's seats are indexed as they are committed; events of chosen types load for many rooms"), async () => {
    const a = await open('a');
    try {
      const player = `p${process.pid}x${++roomCount}`;
      const at = Date.now();
      const first = newRoomId();
      const events = firstEvents(first, at);
      events[1].data.playerId = player;
      await a.createRoom({ roomId: first, game: 'xiangqi', createdAt: at }, events);
      const second = await createWith(a);
      const joined = { roomId: second, v: 3, type: 'joined', step: 0, pos: 'p0', at: at + 5 };
      await a.appendEvents(second, [{ ...joined, data: { seat: 1, name: 'Bo', playerId: player }, secret: { tokenHash: 'h1' } }]);
      // A refused append indexes nothing.
      const stale = { ...joined, roomId: first, v: 2, data: { seat: 1, name: 'X', playerId: player }, secret: null };
      await refusedWith(a.appendEvents(first, [stale]), 'conflict');
      assert.deepEqual(await a.playerRooms(player), [
        { roomId: second, seat: 1, at: at + 5 },
        { roomId: first, seat: 0, at },
      ]);
      assert.deepEqual(await a.playerRooms(player, { limit: 1 }), [{ roomId: second, seat: 1, at: at + 5 }]);
      assert.deepEqual(await a.playerRooms('nobody'), []);
      const picked = await a.loadEventsOfTypes([first, second, 'nope'], ['created', 'joined']);
      assert.deepEqual(
        picked.map((e) => [e.roomId, e.v, e.type]),
        [first, second].sort().flatMap((id) =>
          id === first
            ? [
                [id, 1, 'created'],
                [id, 2, 'joined'],
              ]
            : [
                [id, 1, 'created'],
                [id, 2, 'joined'],
                [id, 3, 'joined'],
              ],
        ),
      );
      assert.equal(picked.find((e) => e.roomId === second && e.v === 3).data.playerId, player);
    } finally {
      await a.close();
    }
  });

  test(named('a restarted node (same name) takes its rooms back at once; the old process is fenced'), async () => {
    const name = newNodeName('n');
    const old = await backend.open(name);
    const lost = [];
    old.on('lost', (e) => lost.push(e));
    try {
      const roomId = await createWith(old);
      await sleep(LEASE.heartbeatMs * 2);
      const fresh = await backend.open(name);
      try {
        assert.ok(fresh.node.epoch > old.node.epoch);
        const outcome = await fresh.claimRoom(roomId);
        assert.equal(outcome.status, 'owned');
        assert.ok(outcome.downSince <= Date.now() && outcome.downSince > Date.now() - 5000);
        await refusedWith(old.appendEvents(roomId, nextEvents(roomId, 3, 1)), 'fenced');
        await old.tick();
        assert.deepEqual(lost, [{ epoch: old.node.epoch, reason: 'stopped' }]);
        await old.tick(); // it must not take the name back
        assert.equal(old.live, false);
        assert.ok(fresh.live);
        await fresh.tick();
        assert.ok(fresh.live, 'the new process keeps its lease');
        await refusedWith(createWith(old), 'lost');
      } finally {
        await fresh.close();
      }
    } finally {
      await old.close();
    }
  });

  test(named('chat texts are kept apart and purged; the events stay'), async () => {
    const a = await open('a');
    try {
      const roomId = await createWith(a);
      const chat = nextEvents(roomId, 3, 2, { type: 'chat', at: 1000 });
      await a.appendEvents(roomId, chat);
      const later = nextEvents(roomId, 5, 1, { type: 'chat' });
      await a.appendEvents(roomId, later);
      assert.deepEqual(await backend.raw.eventData(roomId, 3), { seat: 0, name: 'Ann' }, 'no text in the events table');
      assert.deepEqual((await a.loadEvents(roomId)).slice(2), [...chat, ...later]);
      assert.equal(await a.purgeChat({ before: 1001 }), 2);
      const loaded = await a.loadEvents(roomId);
      assert.deepEqual(
        loaded.slice(2).map((e) => e.data.text),
        [null, null, later[0].data.text],
      );
      assert.deepEqual(loaded[2], { ...chat[0], data: { ...chat[0].data, text: null } });
      assert.equal(await a.purgeChat({ before: 1001 }), 0);
      await assert.rejects(backend.raw.changeEvent(roomId), /append-only/);
    } finally {
      await a.close();
    }
  });
}

// The lobby's tables (store/lobby_tables.js) on both stores.
let seekCount = 0;
function seekOf(playerId, matchKey = 'xiangqi 5+3', createdAt = Date.now(), { rating, range = null, accountId = null } = {}) {
  const seekId = `s${process.pid}x${++seekCount}`;
  return {
    seekId,
    playerId,
    matchKey,
    createdAt,
    ...(rating !== undefined && { rating }),
    range,
    accountId,
    data: { seekId, player: { playerId } },
    secret: { roomId: `room-${seekId}` },
  };
}

function lobbyConformance(backend) {
  const open = (tag, extra = {}) => backend.open(newNodeName(tag), extra);
  const named = (what) => `${backend.name}: lobby: ${what}`;

  test(named('one seek per player; of two nodes taking a seek one gets it; never its own player'), async () => {
    const [a, b] = [await open('a'), await open('b')];
    try {
      const ann = seekOf(`ann${seekCount}`);
      await a.lobby.addSeek(ann);
      const again = await refusedWith(b.lobby.addSeek(seekOf(ann.playerId)), 'seek_exists');
      assert.equal(again.seekId, ann.seekId, 'the refusal names the open seek');
      assert.ok(
        (await b.lobby.openSeeks()).some((s) => s.seekId === ann.seekId),
        'listed on every node',
      );
      assert.equal(await a.lobby.takeSeek(ann.seekId, { notPlayer: ann.playerId }), null, 'not by its own player');
      const takes = await Promise.all([a.lobby.takeSeek(ann.seekId), b.lobby.takeSeek(ann.seekId)]);
      assert.equal(takes.filter(Boolean).length, 1, 'exactly one taker');
      assert.deepEqual(takes.find(Boolean), { data: ann.data, secret: ann.secret });
      assert.ok(!(await a.lobby.openSeeks()).some((s) => s.seekId === ann.seekId));
      await a.lobby.addSeek(seekOf(ann.playerId)); // the player may seek again
      const bo = seekOf(`bo${seekCount}`);
      await b.lobby.addSeek(bo);
      assert.deepEqual(await a.lobby.removeSeeks([bo.seekId, 'nope']), [bo.seekId]);
      assert.deepEqual(await a.lobby.removeSeeks([bo.seekId]), []);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('quick pairing from two nodes at once: every pair meets'), async () => {
    const [a, b] = [await open('a'), await open('b')];
    try {
      for (let round = 0; round < 10; round++) {
        const key = `quick ${process.pid} ${round}`;
        const outcomes = await Promise.all([
          a.lobby.pairOrAddSeek(seekOf(`p${round}a`, key)),
          b.lobby.pairOrAddSeek(seekOf(`p${round}b`, key)),
        ]);
        assert.equal(outcomes.filter((o) => o.added).length, 1, `round ${round}: one waits`);
        assert.equal(outcomes.filter((o) => o.taken).length, 1, `round ${round}: the other takes it`);
      }
      // Another matchKey, or one's own seek, is not a match.
      const own = seekOf('solo', 'k1');
      assert.deepEqual(await a.lobby.pairOrAddSeek(own), { added: true });
      await refusedWith(a.lobby.pairOrAddSeek(seekOf('solo', 'k1')), 'seek_exists');
      assert.deepEqual(await b.lobby.pairOrAddSeek(seekOf('other', 'k2')), { added: true });
      // The oldest match first.
      const older = seekOf('old', 'k3', 1000);
      await a.lobby.addSeek(seekOf('new', 'k3', 2000));
      await a.lobby.addSeek(older);
      assert.equal((await b.lobby.pairOrAddSeek(seekOf('taker', 'k3'))).taken.data.seekId, older.seekId);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('quick pairing by rating: the closest first, within a window that widens with waiting'), async () => {
    const [a, b] = [await open('a'), await open('b')];
    const window = pairingWindow(5000); // ±100 at once, +50 per 5 s, any after 60 s
    const now = Date.now();
    const key = (tag) => `rated ${process.pid} ${tag}`;
    // The seek a seeker takes, or undefined (its own seek, added, is removed again).
    const takenBy = async (store, seeker, at = now) => {
      const outcome = await store.lobby.pairOrAddSeek(seeker, { now: at, window });
      if (outcome.added) await store.lobby.removeSeeks([seeker.seekId]);
      return outcome.taken?.data.seekId;
    };
    try {
      // Three waiting, 1300, 1500 and 1900 (the 1500 the newest): a 1550 meets the 1500.
      const waiting = [1300, 1500, 1900].map((rating, i) =>
        seekOf(`w${rating}`, key('k1'), now - 3000 + i, { rating, accountId: i + 1 }),
      );
      for (const seek of waiting) await a.lobby.addSeek(seek);
      assert.equal(await takenBy(b, seekOf('p1550', key('k1'), now, { rating: 1550, accountId: 10 })), waiting[1].seekId);
      // A 1700 reaches none of 1300 and 1900 yet (±100 at 3 s): it waits.
      assert.equal(await takenBy(b, seekOf('p1700', key('k1'), now, { rating: 1700, accountId: 11 })), undefined);
      // Equal distances: the older first; a guest counts as 1500.
      const [older, newer] = [seekOf('g1', key('k2'), now - 2000), seekOf('g2', key('k2'), now - 1000, { rating: 1400 })];
      await a.lobby.addSeek(newer);
      await a.lobby.addSeek(older);
      assert.equal(await takenBy(b, seekOf('g3', key('k2'), now, { rating: 1450 })), older.seekId);
      // The window widens with the waiting seek's age: 200 after 10 s, any after 60 s.
      const young = seekOf('y', key('k3'), now - 9999, { rating: 1300 });
      await a.lobby.addSeek(young);
      assert.equal(await takenBy(b, seekOf('y1', key('k3'), now, { rating: 1500 })), undefined, 'not at 9.999 s');
      assert.equal(await takenBy(b, seekOf('y2', key('k3'), now + 1, { rating: 1500 }), now + 1), young.seekId, 'at 10 s');
      const old = seekOf('o', key('k4'), now - 60_000, { rating: 900 });
      await a.lobby.addSeek(old);
      assert.equal(await takenBy(b, seekOf('o1', key('k4'), now, { rating: 2500 })), old.seekId, 'any rating after a minute');
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('a rating range admits signed-in players inside it; never the same account'), async () => {
    const [a, b] = [await open('a'), await open('b')];
    const window = pairingWindow(5000);
    const now = Date.now();
    const key = `ranged ${process.pid}`;
    // The seek a seeker takes, or undefined (its own seek, added, is removed again).
    const takenBy = async (seeker) => {
      const outcome = await b.lobby.pairOrAddSeek(seeker, { now, window });
      if (outcome.added) await b.lobby.removeSeeks([seeker.seekId]);
      return outcome.taken?.data.seekId;
    };
    try {
      // A range of 1450 to 1600 around a 1500, waited long enough for any distance.
      const ranged = seekOf('r', key, now - 120_000, { rating: 1500, range: { min: 1450, max: 1600 }, accountId: 1 });
      await a.lobby.addSeek(ranged);
      assert.equal(await takenBy(seekOf('guest', key, now)), undefined, 'a guest (1500, no account) is outside every range');
      assert.equal(await takenBy(seekOf('low', key, now, { rating: 1449, accountId: 2 })), undefined, 'below it');
      assert.equal(await takenBy(seekOf('high', key, now, { rating: 1601, accountId: 3 })), undefined, 'above it');
      assert.equal(await takenBy(seekOf('self', key, now, { rating: 1500, accountId: 1 })), undefined, 'the same account');
      assert.equal(await takenBy(seekOf('in', key, now, { rating: 1600, accountId: 4 })), ranged.seekId, 'inside it');
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('a waiting seek meets another once its window reaches it; both go at once'), async () => {
    const [a, b] = [await open('a'), await open('b')];
    const window = pairingWindow(5000);
    const now = Date.now();
    const key = `waiting ${process.pid}`;
    try {
      const low = seekOf('low', key, now - 10_000, { rating: 1300, accountId: 1 });
      const high = seekOf('high', key, now - 100, { rating: 1500, accountId: 2 });
      const far = seekOf('far', key, now - 100, { rating: 2000, accountId: 3 });
      for (const seek of [low, high, far]) await a.lobby.addSeek(seek);
      assert.equal(await b.lobby.pairWaitingSeek(far, { now, window }), null, 'nobody within 100 of 2000 (or 500 of 1300)');
      assert.equal(await b.lobby.pairWaitingSeek(high, { now: now - 100, window }), null, 'the low one had waited 9.9 s: ±150');
      // At `now` the low seek has waited 10 s: ±200 reaches 1500 from 1300 (and from 1500 back).
      const outcomes = await Promise.all([
        a.lobby.pairWaitingSeek(high, { now, window }),
        b.lobby.pairWaitingSeek(low, { now, window }),
      ]);
      const met = outcomes.filter(Boolean);
      assert.equal(met.length, 1, 'of the two asking at once, one pairs them');
      assert.deepEqual([met[0].own.data.seekId, met[0].taken.data.seekId].sort(), [low.seekId, high.seekId].sort());
      const left = (await a.lobby.openSeeks()).filter((s) => [low, high, far].some((x) => x.seekId === s.seekId));
      assert.deepEqual(
        left.map((s) => s.seekId),
        [far.seekId],
        'both left the list; the far one waits on',
      );
      assert.equal(await b.lobby.pairWaitingSeek(low, { now, window }), null, 'a seek gone pairs no more');
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named("a dead node's seeks are removed by a live one"), async () => {
    const [a, b] = [await open('a'), await open('b')];
    try {
      const seek = seekOf(`dead${seekCount}`);
      await a.lobby.addSeek(seek);
      assert.ok(!(await b.lobby.removeDeadSeeks()).includes(seek.seekId), 'not while its node lives');
      stall(a);
      const removed = await until(async () => (await b.lobby.removeDeadSeeks()).includes(seek.seekId), 5000, 'removal');
      assert.ok(removed);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(named('games to watch: put, replace, list since, remove'), async () => {
    const a = await open('a');
    try {
      const id = `g${process.pid}x${++seekCount}`;
      await a.lobby.putGame(id, { roomId: id, step: 0 }, 5000);
      await a.lobby.putGame(id, { roomId: id, step: 3 }, 6000);
      assert.deepEqual(
        (await a.lobby.games({ since: 5500 })).filter((g) => g.roomId === id),
        [{ roomId: id, step: 3 }],
      );
      assert.ok((await a.lobby.removeGamesBefore(6001)) >= 1);
      assert.equal(await a.lobby.removeGame(id), false);
      await a.lobby.putGame(id, { roomId: id, step: 4 }, Date.now());
      assert.equal(await a.lobby.removeGame(id), true);
    } finally {
      await a.close();
    }
  });

  test(named('lobby events reach this node in order, and every node sharing the database'), async () => {
    const [a, b] = [await open('a'), await open('b')];
    try {
      const got = { a: [], b: [] };
      await a.lobby.subscribe((e) => got.a.push(e));
      await b.lobby.subscribe((e) => got.b.push(e));
      for (let i = 0; i < 20; i++) await a.lobby.publish({ type: 'test', i });
      const want = Array.from({ length: 20 }, (_, i) => ({ type: 'test', i }));
      await until(() => got.a.length >= 20, 5000, "this node's events");
      assert.deepEqual(got.a, want);
      if (backend.sharedChannel) {
        await until(() => got.b.length >= 20, 5000, "the other node's events");
        assert.deepEqual(got.b, want);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  if (backend.cutChannel) {
    test(named('a lost channel is opened again and the lobby told to reload; events flow on'), async () => {
      const [a, b] = [await open('a'), await open('b')];
      try {
        const got = [];
        let gaps = 0;
        await b.lobby.subscribe(
          (e) => got.push(e),
          () => gaps++,
        );
        await backend.cutChannel();
        await until(() => gaps > 0, 10000, 'the reload after the channel came back');
        await a.lobby.publish({ type: 'after' });
        await until(() => got.some((e) => e.type === 'after'), 5000, 'an event after the cut');
      } finally {
        await a.close();
        await b.close();
      }
    });
  }
}

// SQLite: every store of the suite on one file.
const sqliteDir = tempDir();
const sqlitePath = join(sqliteDir, 'qipan.db');
const sqliteRaw = () => new Database(sqlitePath);
const sqliteBackend = {
  name: 'sqlite',
  open: (node, extra = {}) =>
    openStore(sqlitePath, { node, url: `http://${node.replace(/\d+$/, '')}.example/`, ...LEASE, log: quiet, ...extra }),
  raw: {
    async eventData(roomId, v) {
      const db = sqliteRaw();
      try {
        return JSON.parse(db.prepare('SELECT data FROM events WHERE room_id = ? AND v = ?').pluck().get(roomId, v));
      } finally {
        db.close();
      }
    },
    async changeEvent(roomId) {
      const db = sqliteRaw();
      try {
        db.prepare("UPDATE events SET data = '{}' WHERE room_id = ?").run(roomId);
      } finally {
        db.close();
      }
    },
  },
};
conformance(sqliteBackend);
// SQLite serves one node: its lobby events go round one process only.
lobbyConformance({ ...sqliteBackend, sharedChannel: false });

// PostgreSQL: a private server for this script.
let postgres = null;
const pgUrl = () => postgres.url;
async function pgQuery(text, values) {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
test('postgres: a private server starts', async () => {
  postgres = await startTestPostgres();
});
const postgresBackend = {
  name: 'postgres',
  open: (node, extra = {}) =>
    openStore(pgUrl(), { node, url: `http://${node.replace(/\d+$/, '')}.example/`, ...LEASE, log: quiet, ...extra }),
  raw: {
    async eventData(roomId, v) {
      return (await pgQuery('SELECT data FROM events WHERE room_id = $1 AND v = $2', [roomId, v])).rows[0].data;
    },
    async changeEvent(roomId) {
      await pgQuery("UPDATE events SET data = '{}' WHERE room_id = $1", [roomId]);
    },
  },
};
conformance(postgresBackend);
lobbyConformance({
  ...postgresBackend,
  sharedChannel: true,
  // Ends every listening connection, as a database restart or a network cut would.
  cutChannel: () => pgQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'"),
});

test('postgres: a URL with the socket folder as host, and the schema made twice', async () => {
  const a = await openStore(postgres.url, { node: 'twice', ...LEASE, log: quiet });
  const b = await openStore(postgres.url.replace(/^postgres:/, 'postgresql:'), { node: 'twice2', ...LEASE, log: quiet });
  assert.ok(a.node.epoch !== b.node.epoch);
  await a.close();
  await b.close();
});

test('postgres: an address has one budget on every node; takes at the same moment never overdraw it', async () => {
  const a = await postgresBackend.open(newNodeName('budget'));
  const b = await postgresBackend.open(newNodeName('budget'));
  const rate = { perSecond: 1 / 60, burst: 5 }; // 1 a minute: nothing refills during the test
  try {
    // Twelve takes at once, half on each node: five tokens.
    const takes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).addressBudgets.take('198.51.100.1', 'create', rate)),
    );
    assert.equal(takes.filter((t) => t.ok).length, 5);
    for (const refused of takes.filter((t) => !t.ok))
      assert.ok(refused.waitMs > 0 && refused.waitMs <= 60_000, `waitMs ${refused.waitMs}`);
    assert.equal((await a.addressBudgets.take('198.51.100.1', 'game_lookup', rate)).ok, true, 'another kind: its own budget');
    assert.equal((await b.addressBudgets.take('198.51.100.2', 'create', rate)).ok, true, 'another address: its own budget');
  } finally {
    await a.close();
    await b.close();
  }
});

test('postgres: a database made before rooms kept their creator is upgraded in place', async () => {
  const a = await openStore(pgUrl(), { node: newNodeName('u'), ...LEASE, log: quiet });
  const roomId = await createWith(a);
  const seek = seekOf('before-ratings', `upgrade ${process.pid}`);
  await a.lobby.addSeek(seek);
  await a.close();
  await pgQuery('ALTER TABLE rooms DROP COLUMN creator');
  await pgQuery('DROP TABLE secrets');
  await pgQuery('ALTER TABLE seeks DROP COLUMN rating, DROP COLUMN range_min, DROP COLUMN range_max, DROP COLUMN account_id');
  const b = await openStore(pgUrl(), { node: newNodeName('u'), ...LEASE, log: quiet });
  try {
    assert.ok(b.ownerSecret, 'an owner secret made for the old database');
    assert.equal((await b.claimRoom(roomId)).creator, null, 'an older room knows no creator');
    const fresh = await createWith(b, newRoomId(), { creator: 'owner-3' });
    assert.equal((await b.claimRoom(fresh)).creator, 'owner-3');
    const taker = seekOf('after-ratings', seek.matchKey, Date.now(), { rating: 1550, accountId: 1 });
    assert.equal((await b.lobby.pairOrAddSeek(taker)).taken.data.seekId, seek.seekId, 'an older seek counts as 1500');
  } finally {
    await b.close();
  }
});

test('postgres: a database restart ends no process; the store goes on by itself', async () => {
  const a = await openStore(pgUrl(), { node: newNodeName('r'), leaseMs: 6000, heartbeatMs: 300, log: quiet });
  try {
    const roomId = await createWith(a);
    postgres.restart(); // every connection of the pool and the heartbeat's is cut
    let v = 3;
    await until(
      async () => {
        try {
          if ((await a.claimRoom(roomId)).status !== 'owned') return false;
          await a.appendEvents(roomId, nextEvents(roomId, v, 1));
          v++;
          return true;
        } catch (error) {
          assert.ok(!['conflict', 'missing'].includes(error.code), error.message);
          return false;
        }
      },
      15_000,
      'an append after the restart',
    );
    const beats = a.stats.heartbeatFailures;
    await until(() => a.live && a.lastBeatAt > Date.now() - 1000, 10_000, 'heartbeats again');
    assert.ok(beats >= 0);
    assert.equal((await a.loadEvents(roomId)).length, v - 1);
  } finally {
    await a.close();
  }
});

// SQLite only.
test('sqlite: the database and its WAL files are readable by the owner only', async () => {
  const path = join(tempDir(), 'sub', 'private.db');
  const store = await openStore(path, { log: quiet });
  try {
    await createWith(store);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      assert.equal(statSync(file).mode & 0o777, 0o600, `${file} is 0600`);
    }
  } finally {
    await store.close();
  }
});

test(
  'sqlite: the WAL stays under 64 MB through a flood of 20,000 room creations',
  async () => {
    const path = join(tempDir(), 'flood.db');
    const store = await openStore(path, { log: quiet });
    const walBytes = () => {
      try {
        return statSync(`${path}-wal`).size;
      } catch {
        return 0;
      }
    };
    let largest = 0;
    try {
      const started = Date.now();
      for (let i = 0; i < 20_000; i++) {
        const roomId = `flood${i}`;
        await createWith(store, roomId);
        if (i % 4 === 0) await store.appendEvents(roomId, nextEvents(roomId, 3, 2));
        if (i % 250 === 0) largest = Math.max(largest, walBytes(), store.stats.walBytes);
      }
      largest = Math.max(largest, walBytes());
      console.log(`  20,000 rooms in ${Date.now() - started} ms; largest WAL seen ${(largest / 1048576).toFixed(1)} MB`);
      assert.ok(largest < 64 * 1048576, `the WAL reached ${largest} bytes`);
      assert.ok(largest > 0, 'the WAL was sampled');
    } finally {
      await store.close();
    }
  },
  { timeoutMs: 300_000 },
);

// The schema as written by the store before owners, requests, creators and chat texts.
const OLD_SCHEMA = `
CREATE TABLE rooms (
  room_id TEXT PRIMARY KEY, game TEXT NOT NULL, created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL, last_v INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE events (
  room_id TEXT NOT NULL, v INTEGER NOT NULL, type TEXT NOT NULL, step INTEGER NOT NULL,
  pos TEXT NOT NULL, at INTEGER NOT NULL, data TEXT NOT NULL, secret TEXT,
  PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
CREATE INDEX rooms_active ON rooms (finished, updated_at);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
`;

test('sqlite: a database written before owners and chat texts opens and goes on', async () => {
  const path = join(tempDir(), 'old.db');
  const old = new Database(path);
  old.pragma('journal_mode = WAL');
  old.exec(OLD_SCHEMA);
  old.prepare("INSERT INTO rooms VALUES ('old1', 'xiangqi', 5, 7, 3, 0)").run();
  const insert = old.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  insert.run('old1', 1, 'created', 0, 'p', 5, '{"game":"xiangqi"}', null);
  insert.run('old1', 2, 'joined', 0, 'p', 6, '{"seat":0}', '{"tokenHash":"h"}');
  insert.run('old1', 3, 'chat', 0, 'p', 7, '{"seat":0,"name":"Ann","text":"kept"}', null);
  old.close();

  const store = await openStore(path, { ...LEASE, log: quiet });
  try {
    const loaded = await store.loadEvents('old1');
    assert.deepEqual(
      loaded.map((e) => [e.v, e.type, e.data, e.secret]),
      [
        [1, 'created', { game: 'xiangqi' }, null],
        [2, 'joined', { seat: 0 }, { tokenHash: 'h' }],
        [3, 'chat', { seat: 0, name: 'Ann', text: 'kept' }, null],
      ],
    );
    await refusedWith(store.appendEvents('old1', nextEvents('old1', 4, 1)), 'fenced');
    assert.deepEqual(await store.claimRoom('old1'), { status: 'owned', downSince: null, creator: null });
    await store.appendEvents('old1', nextEvents('old1', 4, 1, { type: 'chat' }));
    assert.equal((await store.loadEvents('old1'))[3].data.text, 'hello 4');
    const roomId = await createWith(store, newRoomId(), { requestKey: 'old-db-key', creator: 'owner-2' });
    assert.equal(await store.roomForRequest('old-db-key'), roomId);
    assert.equal((await store.claimRoom(roomId)).creator, 'owner-2', 'rooms keep their creator');
    assert.ok(store.ownerSecret, 'an owner secret made for the old database');
  } finally {
    await store.close();
  }
  const db = new Database(path);
  try {
    assert.throws(() => db.prepare("DELETE FROM events WHERE room_id = 'old1'").run(), /append-only/);
    assert.equal(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'rooms_active'").pluck().get(), 0);
    assert.equal(statSync(path).mode & 0o777, 0o600, 'an existing file is made private too');
  } finally {
    db.close();
  }
});

test('sqlite: a database written before seeks kept ratings is upgraded in place', async () => {
  const path = join(tempDir(), 'seeks.db');
  const a = await openStore(path, { ...LEASE, log: quiet });
  const seek = seekOf('before-ratings', 'upgrade');
  await a.lobby.addSeek(seek);
  await a.close();
  const db = new Database(path);
  for (const column of ['rating', 'range_min', 'range_max', 'account_id']) db.exec(`ALTER TABLE seeks DROP COLUMN ${column}`);
  db.close();
  const b = await openStore(path, { ...LEASE, log: quiet });
  try {
    const taker = seekOf('after-ratings', 'upgrade', Date.now(), { rating: 1550, accountId: 1 });
    assert.equal((await b.lobby.pairOrAddSeek(taker)).taken.data.seekId, seek.seekId, 'an older seek counts as 1500');
  } finally {
    await b.close();
  }
});

test('postgres: the private server stops', async () => {
  postgres.stop();
});

process.exitCode = (await run()) ? 1 : 0;
