// Several nodes (server/PROTOCOL.md "Several nodes"): a private
// PostgreSQL, three room server nodes and HAProxy, all started here in a
// temporary folder (server/cluster/cluster.js). Players reach the nodes
// only through HAProxy's one URL and follow `moved` answers themselves.
//   - full games of all three games, the rooms spread over the nodes;
//   - `kill -9` of a room's owner with a move in flight: the game goes on
//     on a survivor within 10 s, every acked move is there once, v has no gap;
//   - SIGSTOP of an owner past its lease, then SIGCONT: it finds its lease
//     gone and gives the room up (a write already under way is fenced by
//     the store: store_test.mjs); nothing is written twice;
//   - a restarted node does not take back the rooms that moved;
//   - a client the proxy sent to a survivor (its owner was down) is sent
//     back to the owner once that is alive again;
//   - rated games from the lobby on two nodes, one killed around their
//     results (some committed, some in flight, some still to come, a flag
//     to fall on the survivor): every finished game is rated exactly once,
//     as its players were told;
//   - chaos: 102 games while a node is killed (and restarted) every few
//     seconds; afterwards every log replays to the clients' positions.
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';

import pg from 'pg';

import { healthVia, startCluster } from '../../server/cluster/cluster.js';
import { compareRatings, replayChanges } from '../../server/ratings/replay.js';
import { CHANGE_COLUMNS, changeFromRow } from '../../server/store/account_rows.js';
import {
  Client,
  LocalGame,
  Player,
  TEST_LIMITS,
  TEST_TIMINGS,
  assert,
  loadEngine,
  random,
  run,
  tempDir,
  test,
} from './harness.mjs';
import { closedCount, connectSocket, fetchText, halfSentRequests, stillOpen, within } from './http_clients.mjs';
import { RobustPlayer } from './robust_player.mjs';

const LEASE_MS = 3000;
const HEARTBEAT_MS = 500;
const engine = await loadEngine();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
// A cluster of `nodes` on a free port, its data in a temporary folder, with `env`.
const testCluster = (nodes, env, options = {}) =>
  startCluster({ nodes, port: 0, dataDir: tempDir(), fsync: false, postgresStop: 'immediate', env, log: () => {}, ...options });

const cluster = await testCluster(3, {
  ...TEST_TIMINGS,
  ...TEST_LIMITS,
  QIPAN_LEASE_MS: String(LEASE_MS),
  QIPAN_HEARTBEAT_MS: String(HEARTBEAT_MS),
  QIPAN_MIN_CLOCK_MS: '1000', // a clock that runs out within the test
});
const db = new pg.Pool({ connectionString: cluster.postgres.urlWithPassword, max: 2 });

function healthOf(url) {
  return new Promise((done, fail) => {
    get(`${url}health`, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => done(JSON.parse(body)));
    }).on('error', fail);
  });
}

async function ownerOf(roomId) {
  const { rows } = await db.query(
    'SELECT e.node, r.owner_epoch AS epoch FROM rooms r JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = $1',
    [roomId],
  );
  return rows[0] ?? null;
}

async function logOf(roomId) {
  const { rows } = await db.query('SELECT v, type, step, pos, data, secret FROM events WHERE room_id = $1 ORDER BY v', [roomId]);
  return rows;
}

// The room's log: v without gaps, each move at its step, replaying through
// the engine to every logged pos; returns its moves, and each as its player
// sent it (`sent`: a checkers move may come as hole numbers).
async function checkLog(roomId) {
  const log = await logOf(roomId);
  log.forEach((e, k) => assert.equal(Number(e.v), k + 1, `${roomId}: v without gaps`));
  const local = new LocalGame(engine, log[0].data.game, log[0].data.options);
  let step = 0;
  const sent = [];
  for (const e of log) {
    if (e.type === 'move') {
      assert.equal(Number(e.step), ++step, `${roomId}: each move at its step`);
      sent[step - 1] = e.secret?.sent ?? e.data.move;
      local.apply(e.data.move);
      assert.equal(e.pos, local.pos(), `${roomId}: the log replays (v ${e.v})`);
    }
    if (e.type === 'undone') {
      step = e.data.to;
      sent.length = step;
      local.rebuild(local.moves.slice(0, step));
    }
  }
  const moves = local.moves.slice();
  local.delete();
  return { log, moves, sent };
}

// Two (or more) players of one game through HAProxy, each on its own socket
// (HAProxy spreads them over the nodes: the second usually gets `moved`).
async function startGame({ game, options, seats = [0, 1], seed, chaos = null, ackTimeoutMs = 1500 }) {
  const rng = random(seed);
  const players = seats.map(
    (seat) =>
      new RobustPlayer({
        engine,
        url: cluster.url,
        rng: random(rng.seed * 7 + seat),
        chaos,
        ackTimeoutMs,
        name: `g${seed}s${seat}`,
      }),
  );
  await players[0].create({ game, options });
  for (const [k, seat] of seats.entries())
    if (k) await players[k].join(players[0].roomId, { seat, invite: players[0].invite, name: `P${seat}` });
  return { players, roomId: players[0].roomId, game };
}

// A choice that ends games soon: Reversi and xiangqi at random, checkers
// the move that runs furthest (random games there can wander for ever).
function chooser(rng, game) {
  if (game !== 'checkers') return (local) => rng.pick(local.legal());
  return (local) => {
    const moves = local.legal();
    return moves[rng.int(Math.min(2, moves.length))];
  };
}

const drive = (g, cap, thinkMs = 0) =>
  Promise.all(g.players.map((p) => p.drive(chooser(random(p.rng.seed + 1), g.game), cap, thinkMs)));

function close(g) {
  for (const p of g.players) p.close();
}

test(
  'three nodes behind HAProxy play full games of all three games',
  async () => {
    const games = [
      await startGame({ game: 'xiangqi', seed: 1 }),
      await startGame({ game: 'reversi', seed: 2 }),
      await startGame({ game: 'checkers', options: { players: 3, ai: [null, null, 1] }, seed: 3 }),
      await startGame({ game: 'reversi', seed: 4 }),
    ];
    await Promise.all(games.map((g) => drive(g, 2000)));
    const owners = new Set();
    let moved = 0;
    for (const g of games) {
      const state = (await g.players[0].request('sync', { roomId: g.roomId })).state;
      assert.ok(state.result, `${g.game} ${g.roomId} finished: ${state.step} steps`);
      const { moves } = await checkLog(g.roomId);
      assert.deepEqual(
        state.moves.map((m) => m.move),
        moves,
      );
      for (const p of g.players) assert.equal(p.local.pos(), state.pos, 'every player reached the final position');
      owners.add((await ownerOf(g.roomId)).node);
      moved += g.players.reduce((n, p) => n + (p.counts.moved ?? 0), 0);
      close(g);
    }
    console.log(`# ${games.length} games on ${owners.size} node(s); ${moved} moved answers followed`);
    assert.ok(moved > 0, 'players were sent to the node holding their room');
  },
  { timeoutMs: 240_000 },
);

test(
  "kill -9 of a room's owner with a move in flight: the game goes on on a survivor, no acked move lost or doubled",
  async () => {
    const g = await startGame({ game: 'xiangqi', seed: 11 });
    const [red, black] = g.players;
    // A few moves, then the owner dies while the next move is on its way.
    await drive(g, 6);
    const owner = await ownerOf(g.roomId);
    const mover = red.local.toMove() === red.seat ? red : black;
    const inFlight = mover.playOne(chooser(random(99), 'xiangqi'));
    const killedAt = Date.now();
    await cluster.kill(owner.node, 'SIGKILL');
    await inFlight;
    const movedOn = Date.now() - killedAt;
    console.log(`# the move in flight was acked ${movedOn} ms after the kill`);
    assert.ok(movedOn < 10_000, `the game went on within 10 s (${movedOn} ms)`);
    await drive(g, 40);
    // (The move may have been acked by the owner just before the signal
    // landed; the moves after it need the new owner either way.)
    const after = await ownerOf(g.roomId);
    assert.notEqual(after.epoch, owner.epoch, 'a new epoch owns the room');
    const state = (await red.request('sync', { roomId: g.roomId })).state;
    const { moves, sent } = await checkLog(g.roomId);
    for (const p of g.players) {
      for (const [step, move] of p.acked) assert.equal(sent[step - 1], move, `acked move ${step} is in the log`);
    }
    assert.deepEqual(
      state.moves.map((m) => m.move),
      moves,
    );
    assert.equal(red.local.pos(), black.local.pos());
    close(g);
  },
  { timeoutMs: 120_000 },
);

test(
  'SIGSTOP of an owner past its lease, then SIGCONT: it gives the room up, nothing is doubled',
  async () => {
    // A person against the AI: the owner has an AI move to write when it wakes.
    const human = new RobustPlayer({ engine, url: cluster.url, rng: random(21), ackTimeoutMs: 1500, name: 'stopped' });
    await human.create({ game: 'reversi', options: { ai: [null, 1] } });
    const roomId = human.roomId;
    await human.playOne(chooser(random(5), 'reversi'));
    await human.drive(chooser(random(6), 'reversi'), 4);
    const owner = await ownerOf(roomId);
    const ownerNode = cluster.nodes.find((n) => n.name === owner.node);
    // Its move, acked; the AI's answer is searched on the owner, which stops.
    await human.playOne(chooser(random(7), 'reversi'));
    await cluster.kill(owner.node, 'SIGSTOP');
    const stoppedAt = Date.now();
    let taken;
    try {
      // The player's socket goes silent, it reconnects through HAProxy to a
      // survivor, which takes the room once the lease has run out.
      await human.drive(chooser(random(8), 'reversi'), human.local.moves.length + 4);
      taken = await ownerOf(roomId);
      assert.notEqual(taken.epoch, owner.epoch, 'a survivor owns the room');
      // (Its lease ran from its last heartbeat, up to one interval before the stop.)
      assert.ok(Date.now() - stoppedAt >= LEASE_MS - HEARTBEAT_MS, 'not before the lease ran out');
    } finally {
      // Never leave a node stopped for the cases after this one.
      await cluster.kill(owner.node, 'SIGCONT');
    }
    // The woken node finds its lease gone and drops what it held before
    // anything else runs (a write already under way would be fenced by the
    // store): it sends the room's clients on to the new owner.
    let health = null;
    for (let i = 0; i < 100; i++) {
      health = await healthOf(ownerNode.url);
      if (health.store.lost >= 1 || health.fenced >= 1) break;
      await sleep(100);
    }
    console.log(`# woken owner: lease lost ${health.store.lost}, writes fenced ${health.fenced}`);
    assert.ok(health.store.lost >= 1 || health.fenced >= 1, 'the woken owner gave the room up');
    const visitor = new Client(cluster.url, { query: { node: owner.node } });
    await visitor.connected();
    const answer = await visitor.call('room:join', { roomId, watch: true });
    assert.equal(answer.code, 'moved', 'the woken node no longer holds the room');
    assert.equal(answer.node, taken.node);
    visitor.close();
    await human.drive(chooser(random(9), 'reversi'), 200);
    const { moves } = await checkLog(roomId);
    const state = (await human.request('sync', { roomId })).state;
    assert.deepEqual(
      state.moves.map((m) => m.move),
      moves,
      'one log, every move once',
    );
    assert.ok(state.result, 'the game finished');
    human.close();
  },
  { timeoutMs: 120_000 },
);

test(
  'a timed game whose node is killed with nobody in it is taken up by a live node, and flagged there',
  async () => {
    const g = await startGame({ game: 'xiangqi', options: { clock: { initialMs: 2000, incrementMs: 0 } }, seed: 41 });
    await drive(g, 2); // both first moves: red's clock runs
    close(g);
    const owner = await ownerOf(g.roomId);
    await cluster.kill(owner.node, 'SIGKILL');
    const until = Date.now() + 20_000;
    let log = await logOf(g.roomId);
    while (!log.some((e) => e.type === 'result')) {
      assert.ok(Date.now() < until, `no flag: ${log.map((e) => e.type).join(' ')}`);
      await sleep(100);
      log = await logOf(g.roomId);
    }
    const types = log.map((e) => e.type);
    assert.ok(types.indexOf('resumed') >= 0 && types.indexOf('resumed') < types.indexOf('result'), types.join(' '));
    const result = log.find((e) => e.type === 'result');
    assert.equal(result.data.code, 'timeout');
    assert.equal(result.data.seat, 0);
    assert.notEqual((await ownerOf(g.roomId)).epoch, owner.epoch, 'flagged by the new owner');
  },
  { timeoutMs: 60_000 },
);

test(
  'a restarted node does not take back the rooms that moved',
  async () => {
    const g = await startGame({ game: 'reversi', seed: 31 });
    await drive(g, 4);
    const owner = await ownerOf(g.roomId);
    // The owner stalls, so the room moves to a survivor; then it dies and
    // is started again (a new process, a new epoch).
    await cluster.kill(owner.node, 'SIGSTOP');
    await drive(g, 8); // on a survivor
    const survivor = await ownerOf(g.roomId);
    assert.notEqual(survivor.node, owner.node);
    const back = cluster.nextStart(owner.node);
    await cluster.kill(owner.node, 'SIGKILL');
    await back;
    const visitor = new Client(cluster.url, { query: { node: owner.node } });
    await visitor.connected();
    const answer = await visitor.call('room:join', { roomId: g.roomId, watch: true });
    assert.equal(answer.ok, false);
    assert.equal(answer.code, 'moved', 'the restarted node sends its old room on');
    assert.equal(answer.node, survivor.node);
    assert.equal((await ownerOf(g.roomId)).epoch, survivor.epoch);
    visitor.close();
    await drive(g, 200);
    assert.ok(g.players[0].result);
    close(g);
  },
  { timeoutMs: 120_000 },
);

test(
  'a client the proxy could not send to the owner it asked for is sent there once the owner is back',
  async () => {
    const host = new Client(cluster.url, { reconnection: false });
    const made = await host.call('room:create', { game: 'reversi' });
    assert.ok(made.ok, made.reason);
    host.close();
    const owner = await ownerOf(made.roomId);
    // The owner stops answering; once HAProxy has marked it down, a client
    // that asks for it (?node=, as after `moved`) lands on a survivor.
    await cluster.kill(owner.node, 'SIGSTOP');
    const until = Date.now() + 20_000;
    for (;;) {
      const routed = (await healthVia(cluster.url, owner.node))?.node?.name;
      if (routed && routed !== owner.node) break;
      if (Date.now() > until) {
        await cluster.kill(owner.node, 'SIGCONT'); // never leave it stopped for the cases after this one
        assert.fail(`HAProxy still sends ?node=${owner.node} to it 20 s after it stopped`);
      }
    }
    const stranded = new Client(cluster.url, { reconnection: false, query: { node: owner.node } });
    await stranded.connected();
    const connectedAt = Date.now();
    // The owner comes back (a new process) and takes its room again for a
    // client that reaches it.
    await cluster.restart(owner.node);
    const visitor = new Client(cluster.url, { reconnection: false, query: { node: owner.node } });
    await visitor.connected();
    assert.ok((await visitor.call('room:join', { roomId: made.roomId, watch: true })).ok);
    const back = await ownerOf(made.roomId);
    assert.equal(back.node, owner.node);
    assert.notEqual(back.epoch, owner.epoch);
    // One lease after its connection, the stranded client's survivor knows
    // the owner is alive: it sends the client there instead of answering
    // `unavailable` for as long as the connection lasts.
    await sleep(connectedAt + LEASE_MS + 100 - Date.now());
    const answer = await stranded.call('room:join', { roomId: made.roomId, watch: true });
    assert.equal(answer.code, 'moved', `${answer.code}: ${answer.reason}`);
    assert.equal(answer.node, owner.node);
    for (const c of [stranded, visitor]) c.close();
  },
  { timeoutMs: 60_000 },
);

test('a node believes X-Forwarded-For from HAProxy only: a client reaching its port directly counts by its own address', async () => {
  const node = cluster.nodes[0];
  const forged = { 'x-forwarded-for': '203.0.113.9' };
  // Directly: the header is the client's own word, ignored; it is on this machine.
  const direct = await fetchText(`${node.url}health`, { from: '127.0.0.2', headers: forged });
  assert.equal(direct.status, 200, 'a forged X-Forwarded-For from a peer that is not the proxy is ignored');
  // Through HAProxy: the address HAProxy appends (this machine's) is the client's.
  const proxied = await fetchText(`${cluster.url}health?node=${node.name}`, { from: '127.0.0.2', headers: forged });
  assert.equal(proxied.status, 200, 'the client HAProxy saw is the one that counts');
  assert.equal(JSON.parse(proxied.body).node.name, node.name);
});

test(
  'one address through the proxy has one budget on all nodes: room creations, /game lookups and connections',
  async () => {
    // A cluster of its own with the default limits per address.
    const small = await testCluster(2, {
      ...TEST_TIMINGS,
      QIPAN_MAX_SOCKETS_PER_IP: '20',
      QIPAN_MAX_HTTP_CONNECTIONS_PER_IP: '40',
      QIPAN_CREATES_PER_MINUTE: '10',
      QIPAN_CREATE_BURST: '10',
      QIPAN_GAME_LOOKUPS_PER_MINUTE: '60',
      QIPAN_GAME_LOOKUP_BURST: '20',
    });
    const sockets = [];
    let held = [];
    try {
      const [n1, n2] = small.nodes.map((n) => n.name);
      // Room creations: one socket on each node (?node= picks it); 10 in all, then refused on both.
      const one = '127.0.0.20';
      for (const node of [n1, n2]) sockets.push(await connectSocket(small.url, { from: one, query: { node } }));
      const answers = [];
      for (let i = 0; i < 14; i++)
        answers.push(await sockets[i % 2].timeout(8000).emitWithAck('room:create', { game: 'reversi' }));
      const made = answers.filter((a) => a.ok).length;
      assert.ok(made >= 10 && made <= 11, `${made} rooms made from one address over two nodes`);
      assert.ok(
        answers.slice(-2).every((a) => a.code === 'rate_limited' && a.retryAfterMs > 0),
        'refused on either node once the budget is spent',
      );
      const other = await connectSocket(small.url, { from: '127.0.0.21', query: { node: n2 } });
      sockets.push(other);
      assert.equal(
        (await other.timeout(8000).emitWithAck('room:create', { game: 'reversi' })).ok,
        true,
        'another address creates',
      );

      // /game lookups: the burst spent on one node is spent on the other.
      const lookup = (node) => fetchText(`${small.url}game/0000000000?node=${node}`, { from: one });
      for (let i = 0; i < 20; i++) assert.equal((await lookup(n1)).status, 404, `lookup ${i + 1} on ${n1}`);
      const after = [];
      for (let i = 0; i < 3; i++) after.push((await lookup(n2)).status);
      assert.ok(after.filter((status) => status === 429).length >= 2, `on ${n2} after the burst: ${after}`);

      // Connections: the proxy holds 60 of one address (20 sockets and 40
      // others, as the nodes allow), whichever nodes they would go to.
      held = await halfSentRequests(small.url, { count: 70, from: '127.0.0.22', send: false });
      // (Well within HAProxy's 10 s for a request's headers.)
      await within(closedCount(held, 10), 5_000, 'the 10 connections past 60 closed by the proxy');
      const open = stillOpen(held);
      assert.equal(open.length, 60, 'the proxy holds 60 of the address');
      const refused = await Promise.all(held.filter((c) => !open.includes(c)).map((c) => c.closed));
      assert.ok(
        refused.every((c) => c.answer === ''),
        'closed as they came, not answered as late requests',
      );
      const ready = await fetchText(`${small.url}ready`, { from: '127.0.0.23' });
      assert.equal(ready.status, 200, 'another address is served');
    } finally {
      for (const c of held) c.socket.destroy();
      for (const s of sockets) s.close();
      await small.stop();
    }
  },
  { timeoutMs: 90_000 },
);

test("the nodes' PostgreSQL role owns its tables and is nothing more; it needs its password", async () => {
  const { rows } = await db.query(
    `SELECT rolname, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls
     FROM pg_roles WHERE rolname = current_user`,
  );
  assert.deepEqual(rows, [
    {
      rolname: 'qipan_server',
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolreplication: false,
      rolbypassrls: false,
    },
  ]);
  // Every node's session is that role's.
  const sessions = await db.query(
    "SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = 'qipan' AND pid <> pg_backend_pid()",
  );
  assert.deepEqual(
    sessions.rows.map((r) => r.usename),
    ['qipan_server'],
  );
  const tables = await db.query("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'");
  assert.deepEqual(
    tables.rows.map((r) => r.tableowner),
    ['qipan_server'],
    'it owns its tables',
  );
  // Without the password (what trust let through): refused.
  const bare = new pg.Client({ connectionString: cluster.info().postgres.url });
  bare.on('error', () => {});
  await assert.rejects(bare.connect(), /password/);
  await bare.end().catch(() => {});
});

// A client of one node (?node= through the proxy) that said hello, with its
// lobby events and room starts.
async function lobbyClient(node, name) {
  const client = new Client(cluster.url, { query: { node } });
  client.record('lobby');
  client.record('room:started');
  const ack = await client.call('hello', { playerKey: randomBytes(16).toString('base64url'), name });
  assert.ok(ack.ok, ack.reason);
  client.playerId = ack.playerId;
  return client;
}

test(
  "the lobby across nodes: a seek made on one, accepted on another, seen on a third; quick pairings meet; a dead node's seek goes",
  async () => {
    const [n1, n2, n3] = cluster.nodes.map((n) => n.name);
    const watcher = await lobbyClient(n3, 'Watcher');
    assert.ok((await watcher.call('lobby:subscribe', {})).ok);
    const seeker = await lobbyClient(n1, 'Seeker');
    const acceptor = await lobbyClient(n2, 'Acceptor');
    const clock = { initialMs: 120_000, incrementMs: 1000 };
    const { seekId } = await seeker.call('seek:create', { game: 'xiangqi', clock, color: 'first' });
    assert.ok(seekId);
    await watcher.waitReceived('lobby', (e) => e.type === 'seek_added' && e.seek.seekId === seekId, {
      what: 'seek_added on another node',
    });
    const accepted = await acceptor.call('seek:accept', { seekId });
    assert.ok(accepted.ok, accepted.reason);
    assert.equal(accepted.seat, 1);
    assert.equal((await ownerOf(accepted.roomId)).node, n2, "the acceptor's node holds the room");
    const started = await seeker.waitReceived('room:started', (e) => e.roomId === accepted.roomId, {
      what: "the seeker's room:started",
    });
    assert.equal(started.seat, 0);
    await watcher.waitReceived('lobby', (e) => e.type === 'seek_removed' && e.seekId === seekId, { what: 'seek_removed' });
    await watcher.waitReceived('lobby', (e) => e.type === 'game_started' && e.game.roomId === accepted.roomId, {
      what: 'game_started',
    });
    // The seeker's node sends it on to the room's owner (unless the proxy
    // routed the seeker there already), where its token holds the seat.
    const there = await seeker.call('room:join', { roomId: started.roomId, token: started.token });
    let seekerThere = seeker;
    let joined = there;
    if (!there.ok) {
      assert.equal(there.code, 'moved', there.reason);
      assert.equal(there.node, n2);
      seekerThere = new Client(cluster.url, { query: { node: n2 } });
      joined = await seekerThere.call('room:join', { roomId: started.roomId, token: started.token });
    }
    assert.ok(joined.ok, joined.reason);
    assert.equal(joined.seat, 0);
    const red = new Player(seekerThere, engine, joined, started.roomId);
    await red.playOk('h2e2');
    assert.ok((await acceptor.call('resign', { roomId: accepted.roomId, token: accepted.token })).ok);
    await watcher.waitReceived('lobby', (e) => e.type === 'game_ended' && e.roomId === accepted.roomId, { what: 'game_ended' });

    // Six quick pairings at once, two on each node: three rooms, nobody left waiting.
    const quick = await Promise.all([n1, n1, n2, n2, n3, n3].map((n, i) => lobbyClient(n, `Q${i}`)));
    // Checkers: the largest state, which travels with room:started through NOTIFY.
    const acks = await Promise.all(quick.map((c) => c.call('seek:quick', { game: 'checkers', clock })));
    acks.forEach((a) => assert.ok(a.ok, a.reason));
    const rooms = acks.filter((a) => a.roomId).map((a) => a.roomId);
    assert.equal(rooms.length, 3, 'each quick pairing met another');
    const starts = await Promise.all(
      quick.filter((c, i) => acks[i].seekId).map((c) => c.waitReceived('room:started', () => true, { what: 'room:started' })),
    );
    assert.deepEqual(starts.map((s) => s.roomId).sort(), [...rooms].sort());

    // A seek on a node that dies leaves every list once its lease runs out.
    const doomed = await lobbyClient(n3, 'Doomed');
    const open = await doomed.call('seek:create', { game: 'reversi', clock: null });
    assert.ok(open.ok, open.reason);
    const listener = await lobbyClient(n1, 'Listener');
    assert.ok((await listener.call('lobby:subscribe', {})).seeks.some((s) => s.seekId === open.seekId));
    const back = cluster.nextStart(n3);
    await cluster.kill(n3, 'SIGKILL');
    await listener.waitReceived('lobby', (e) => e.type === 'seek_removed' && e.seekId === open.seekId, {
      what: 'the dead seek removed',
      timeoutMs: LEASE_MS + 8000,
    });
    await back;
    for (const c of [watcher, seeker, acceptor, seekerThere, doomed, listener, ...quick]) c.close();
    red.local.delete();
  },
  { timeoutMs: 120_000 },
);

// An account made over HTTP through the proxy, from its own address (sign-ups
// are budgeted per address): {id, name, cookie}.
async function signUp(url, name, from) {
  const answer = await fetchText(`${url}api/account/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace(/\/$/, '') },
    body: JSON.stringify({ name, password: `${name} plays on two nodes` }),
    from,
  });
  assert.equal(answer.status, 200, `sign-up of ${name}: ${answer.body}`);
  return { name, cookie: answer.headers['set-cookie'][0].split(';')[0] };
}

test(
  'rated games on two nodes, one killed around their results: every finished game is rated exactly once, as its players were told',
  async () => {
    const rc = await testCluster(
      2,
      {
        ...TEST_TIMINGS,
        ...TEST_LIMITS,
        QIPAN_LEASE_MS: String(LEASE_MS),
        QIPAN_HEARTBEAT_MS: String(HEARTBEAT_MS),
        QIPAN_MIN_CLOCK_MS: '1000',
      },
      { restartDead: false }, // the games finish on the survivor
    );
    const rdb = new pg.Pool({ connectionString: rc.postgres.urlWithPassword, max: 2 });
    const nodeOf = async (roomId) =>
      (await rdb.query('SELECT e.node FROM rooms r JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = $1', [roomId]))
        .rows[0].node;
    const players = [];
    try {
      const [victim, survivor] = rc.nodes.map((n) => n.name);
      const accounts = [];
      for (let i = 0; i < 6; i++) accounts.push(await signUp(rc.url, `rated_${i}`, `127.0.0.${60 + i}`));
      const { rows: ids } = await rdb.query('SELECT id, name FROM accounts');
      for (const a of accounts) a.id = ids.find((r) => r.name === a.name).id;
      // Blitz: 3 + 2; the game left to its flag has 8 s + 5 (208 s estimated, blitz too).
      const BLITZ = { initialMs: 180_000, incrementMs: 2000 };
      const FLAGGED = { initialMs: 8000, incrementMs: 5000 };
      // Ten games, each account in three or four, the rooms on both nodes
      // (a room is made on its acceptor's node); the flag game on the victim.
      const pairs = [
        [0, 1],
        [2, 3],
        [4, 5],
        [1, 2],
        [3, 4],
        [5, 0],
        [0, 3],
        [1, 4],
        [2, 5],
        [3, 0],
      ];
      const plans = pairs.map((pair, k) => ({ pair, clock: BLITZ, node: rc.nodes[k % 2].name }));
      plans.push({ pair: [4, 1], clock: FLAGGED, node: victim, flag: true });

      // A rated seek on one node, taken on the room's; both players then
      // play through the proxy as the page does, signed in by their cookies.
      const lobbyClient = async (account, node) => {
        const client = new Client(rc.url, { query: { node }, headers: { cookie: account.cookie } });
        client.record('room:started');
        const ack = await client.call('hello', { playerKey: randomBytes(16).toString('base64url'), name: account.name });
        assert.deepEqual(ack.account, { name: account.name }, 'a signed-in socket');
        return client;
      };
      const startRated = async (plan, k) => {
        const [red, black] = plan.pair.map((i) => accounts[i]);
        const other = rc.nodes.find((n) => n.name !== plan.node).name;
        const seeker = await lobbyClient(red, other);
        const acceptor = await lobbyClient(black, plan.node);
        const { seekId } = await seeker.call('seek:create', { game: 'xiangqi', clock: plan.clock, rated: true, color: 'first' });
        assert.ok(seekId, 'a rated seek');
        const accepted = await acceptor.call('seek:accept', { seekId });
        assert.ok(accepted.ok, accepted.reason);
        assert.deepEqual([accepted.state.rated, accepted.state.perf], [true, 'xiangqi-blitz']);
        const started = await seeker.waitReceived('room:started', (e) => e.roomId === accepted.roomId);
        const seats = [
          [red, started.token],
          [black, accepted.token],
        ].map(([account, token], seat) => {
          const p = new RobustPlayer({
            engine,
            url: rc.url,
            rng: random(500 + k * 2 + seat),
            ackTimeoutMs: 1500,
            name: `r${k}s${seat}`,
            headers: { cookie: account.cookie },
          });
          players.push(p);
          return Object.assign(p, { account, joinToken: token });
        });
        for (const p of seats) await p.join(accepted.roomId, { token: p.joinToken });
        seeker.close();
        acceptor.close();
        return { ...plan, roomId: accepted.roomId, seats };
      };
      const games = [];
      for (const [k, plan] of plans.entries()) if (!plan.flag) games.push(await startRated(plan, k));
      // Four moves each, both sides moved: rated whatever ends them.
      await Promise.all(
        games.map((g) => Promise.all(g.seats.map((p) => p.drive(chooser(random(p.rng.seed + 1), 'xiangqi'), 4)))),
      );
      for (const g of games) assert.equal(await nodeOf(g.roomId), g.node, "the acceptor's node holds the room");
      const onVictim = games.filter((g) => g.node === victim);
      const onSurvivor = games.filter((g) => g.node === survivor);
      const resign = (g, seat) => g.seats[seat].request('resign', { roomId: g.roomId, token: g.seats[seat].token });
      // Who resigns: red or black, by the game's number.
      const loser = (g) => games.indexOf(g) % 2;

      // The flag game last before the kill: both first moves start red's
      // clock, then its players leave; only its clock can end it.
      const flagged = await startRated(plans.at(-1), plans.length - 1);
      await Promise.all(flagged.seats.map((p) => p.drive(chooser(random(p.rng.seed + 1), 'xiangqi'), 2)));
      for (const p of flagged.seats) {
        p.close();
        players.splice(players.indexOf(p), 1);
      }

      // Results committed on the victim before it dies (and some on the survivor).
      const before = [onVictim[0], onSurvivor[0], onSurvivor[1]];
      for (const g of before) assert.ok((await resign(g, loser(g))).ok);
      // Results in flight as it dies: sent 20, 5 and 0 ms before the kill,
      // so that some are committed (acked or not) and some are not.
      const inFlight = onVictim.slice(1, 4);
      const flying = [];
      for (const [i, g] of inFlight.entries()) {
        flying.push(resign(g, loser(g)));
        await sleep([15, 5, 0][i]);
      }
      await rc.kill(victim, 'SIGKILL');
      // Results still to come: the rest, on the survivor (the victim's
      // rooms once it has claimed them).
      const after = [...onVictim.slice(4), ...onSurvivor.slice(2)];
      for (const ack of await Promise.all(after.map((g) => resign(g, loser(g))))) assert.ok(ack.ok, `${ack.code}`);
      for (const ack of await Promise.all(flying))
        assert.ok(ack.ok || ack.code === 'game_over', `a resignation in flight: ${ack.code} ${ack.reason}`);
      // Both players of every game hear its result, from the event or the state after a rejoin.
      const until = Date.now() + 30_000;
      await within(
        Promise.all(games.flatMap((g) => g.seats.map((p) => p.heardResult()))),
        30_000,
        'every player heard the result',
      );
      // The flag falls on the survivor, with nobody in the room.
      const flagLog = async () =>
        (await rdb.query('SELECT type, data FROM events WHERE room_id = $1 ORDER BY v', [flagged.roomId])).rows;
      let log = await flagLog();
      while (!log.some((e) => e.type === 'result')) {
        assert.ok(Date.now() < until, `no flag: ${log.map((e) => e.type).join(' ')}`);
        await sleep(200);
        log = await flagLog();
      }
      assert.equal(log.find((e) => e.type === 'result').data.code, 'timeout');
      const all = [...games, flagged];
      // Who wrote each result on the victim's rooms: the survivor writes
      // `resumed` when it takes a room up, so a result before it (or
      // without it) is the victim's.
      const byVictim = async (g) => {
        const types = (await rdb.query('SELECT type FROM events WHERE room_id = $1 ORDER BY v', [g.roomId])).rows.map(
          (e) => e.type,
        );
        const resumed = types.indexOf('resumed');
        return resumed < 0 || types.indexOf('result') < resumed;
      };
      assert.ok(await byVictim(onVictim[0]), "an acked result was the victim's");
      for (const g of [...onVictim.slice(4), flagged]) {
        assert.equal(await byVictim(g), false, `${g.roomId}: its result is the survivor's`);
        assert.equal(await nodeOf(g.roomId), survivor, `${g.roomId} finished on the survivor`);
      }
      const committedByVictim = [];
      for (const g of inFlight) if (await byVictim(g)) committedByVictim.push(g);

      // From PostgreSQL: one result and one rating change per game, each
      // account's games its rated results, the changes replaying to the
      // ratings, the players told the stored differences.
      const roomIds = all.map((g) => g.roomId);
      const { rows: results } = await rdb.query(
        "SELECT room_id, count(*)::int AS n FROM events WHERE room_id = ANY($1) AND type = 'result' GROUP BY room_id",
        [roomIds],
      );
      assert.deepEqual(
        roomIds.map((id) => results.find((r) => r.room_id === id)?.n),
        roomIds.map(() => 1),
        'one result per game',
      );
      const { rows: changeRows } = await rdb.query(`SELECT room_id, ${CHANGE_COLUMNS.join(', ')} FROM rating_changes`);
      const changes = changeRows.map((r) => ({ roomId: r.room_id, ...changeFromRow(r) }));
      assert.deepEqual(changes.map((c) => c.roomId).sort(), [...roomIds].sort(), 'one rating change per game, no other');
      const { rows: ratingRows } = await rdb.query('SELECT account_id, perf, rating, rd, vol, games, last_at FROM ratings');
      for (const a of accounts) {
        const played = all.filter((g) => g.pair.some((i) => accounts[i] === a)).length;
        const row = ratingRows.find((r) => r.account_id === a.id && r.perf === 'xiangqi-blitz');
        assert.equal(row?.games, played, `${a.name}: games counted once each`);
        assert.equal(changes.filter((c) => c.accounts.includes(a.id)).length, played);
      }
      const replay = replayChanges(changes);
      assert.deepEqual(replay.problems, [], 'the changes replay in order');
      const stored = ratingRows.map((r) => ({ ...r, accountId: r.account_id, lastAt: r.last_at }));
      assert.deepEqual(compareRatings(replay.ratings, stored), [], 'to the stored ratings');
      let told = 0;
      for (const g of games) {
        const change = changes.find((c) => c.roomId === g.roomId);
        assert.deepEqual(change.accounts, [g.seats[0].account.id, g.seats[1].account.id]);
        for (const p of g.seats) {
          assert.ok(p.results.length > 0);
          for (const r of p.results) assert.deepEqual(r.data.ratingDiff, change.diff, `${p.name} was told the stored change`);
          told += p.results.length;
        }
      }
      console.log(
        `# ${all.length} rated games: ${before.length} results before the kill, ${inFlight.length} in flight ` +
          `(${committedByVictim.length} committed by the victim), ${after.length} after it and a flag on the survivor; ` +
          `${changes.length} rating changes; ${told} results told, each with the stored ratingDiff`,
      );
    } finally {
      for (const p of players) p.close();
      await rdb.end();
      await rc.stop();
    }
  },
  { timeoutMs: 120_000 },
);

test(
  'chaos: 102 games while a node is killed and restarted every few seconds; every log replays to the clients',
  async () => {
    const plans = [];
    for (let i = 0; i < 102; i++) {
      const game = ['xiangqi', 'reversi', 'checkers'][i % 3];
      plans.push({ game, options: game === 'checkers' ? { players: 2 } : undefined, seed: 1000 + i });
    }
    const games = [];
    for (const plan of plans) games.push(await startGame({ ...plan, ackTimeoutMs: 2000 }));
    // Long enough (a few moves a second per game) for several kills to land
    // in the middle of the games.
    const CAP = 60;
    let running = true;
    let kills = 0;
    const rng = random(77);
    const killer = (async () => {
      while (running && kills < 12) {
        await sleep(1500 + rng.int(1500));
        if (!running) break;
        const victim = cluster.nodes[rng.int(cluster.nodes.length)].name;
        const restarted = cluster.nextStart(victim);
        await cluster.kill(victim, 'SIGKILL');
        kills++;
        await restarted;
      }
    })();
    await Promise.all(games.map((g) => drive(g, CAP, 200)));
    running = false;
    await killer;
    let steps = 0;
    for (const g of games) {
      const state = (await g.players[0].request('sync', { roomId: g.roomId })).state;
      const { moves, sent } = await checkLog(g.roomId);
      assert.deepEqual(
        state.moves.map((m) => m.move),
        moves,
        `${g.roomId}: the log is the room`,
      );
      for (const p of g.players) {
        p.check();
        assert.equal(p.local.pos(), state.pos, `${g.roomId}: the client reached the room's position`);
        for (const [step, move] of p.acked) assert.equal(sent[step - 1], move, `${g.roomId}: acked move ${step} kept`);
      }
      assert.ok(state.result || state.step >= CAP, `${g.roomId}: played out (${state.step} steps)`);
      steps += state.step;
      close(g);
    }
    console.log(`# ${games.length} games, ${steps} steps, ${kills} nodes killed and restarted`);
    assert.ok(kills >= 3, 'nodes died during the games');
  },
  { timeoutMs: 420_000 },
);

const failed = await run();
await db.end();
await cluster.stop();
process.exit(failed ? 1 : 0);
