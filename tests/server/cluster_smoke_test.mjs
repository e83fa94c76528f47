// The cluster launcher (server/cluster/cluster.js, what scripts/cluster
// runs): a private PostgreSQL, two nodes and HAProxy in a temporary folder.
// Checks its cluster.json, that HAProxy serves the page, routes ?node=NAME
// to that node (WebSocket and polling alike), that a room made through it
// belongs to the node that made it, that a killed node is started again
// with a new epoch on the same port, and that stop() leaves nothing behind.
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';

import pg from 'pg';

import { startCluster } from '../../server/cluster/cluster.js';
import { Client, TEST_TIMINGS, assert, inviteKey, run, tempDir, test } from './harness.mjs';

const dataDir = tempDir();
let cluster = null;

function fetchText(url) {
  return new Promise((done, fail) => {
    get(url, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body }));
    }).on('error', fail);
  });
}

async function healthOf(node) {
  const { status, body } = await fetchText(`${cluster.url}health?node=${node}`);
  assert.equal(status, 200);
  return JSON.parse(body);
}

// A zombie counts as gone: PostgreSQL's server is no child of ours, and
// whoever inherits it may reap it late.
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return true;
  }
};

async function ownerOf(roomId) {
  const client = new pg.Client({ connectionString: cluster.postgres.urlWithPassword });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT e.node FROM rooms r JOIN epochs e ON e.epoch = r.owner_epoch WHERE r.room_id = $1',
      [roomId],
    );
    return rows[0]?.node ?? null;
  } finally {
    await client.end();
  }
}

// A socket.io client pinned to one node through HAProxy, as the page is after `moved`.
const pinned = (node, transports) => new Client(cluster.url, { transports, reconnection: false, query: { node } });

test(
  'two nodes start behind HAProxy; cluster.json says where everything is',
  async () => {
    cluster = await startCluster({
      nodes: 2,
      port: 0,
      dataDir,
      fsync: false,
      postgresStop: 'immediate',
      env: { ...TEST_TIMINGS, QIPAN_LEASE_MS: '1500', QIPAN_HEARTBEAT_MS: '300' },
      log: () => {},
    });
    const info = JSON.parse(readFileSync(join(dataDir, 'cluster.json'), 'utf8'));
    assert.equal(info.url, cluster.url);
    assert.deepEqual(
      info.nodes.map((n) => n.name),
      ['n1', 'n2'],
    );
    for (const n of info.nodes) assert.ok(Number.isInteger(n.port) && n.port > 0 && alive(n.pid), JSON.stringify(n));
    assert.ok(alive(info.postgres.pid) && existsSync(join(info.postgres.socketDir, '.s.PGSQL.5432')));
    assert.ok(alive(info.haproxy.pid));
    assert.equal(info.haproxy.port, Number(new URL(cluster.url).port));
  },
  { timeoutMs: 90_000 },
);

test('HAProxy serves the page and sends ?node=NAME to that node', async () => {
  const page = await fetchText(cluster.url);
  const direct = await fetchText(cluster.nodes[0].url);
  assert.equal(page.status, direct.status);
  assert.equal(page.body, direct.body);
  assert.equal(page.status, 200, 'dist/index.html is built (scripts/build wasm)');
  for (const name of ['n1', 'n2', 'n1', 'n2']) assert.equal((await healthOf(name)).node.name, name);
});

test('a room made and joined through HAProxy on a pinned node belongs to that node', async () => {
  for (const [node, transports] of [
    ['n2', ['websocket']],
    ['n1', ['polling']],
  ]) {
    const host = pinned(node, transports);
    const guest = pinned(node, transports);
    try {
      await host.connected();
      const made = await host.call('room:create', { game: 'xiangqi' });
      assert.ok(made.ok, `room:create through HAProxy: ${made.code}`);
      assert.equal(await ownerOf(made.roomId), node);
      await guest.connected();
      const joined = await guest.call('room:join', { roomId: made.roomId, invite: inviteKey(made.links) });
      assert.ok(joined.ok, `room:join through HAProxy: ${joined.code}`);
      assert.equal(joined.seat, 1);
      await host.waitType('joined', { from: 0, roomId: made.roomId });
      assert.equal(host.socket.io.engine.transport.name, transports[0]);
    } finally {
      host.close();
      guest.close();
    }
  }
});

test(
  'a killed node is started again on its port with a new epoch',
  async () => {
    const before = cluster.nodes.find((n) => n.name === 'n1');
    const epochBefore = (await healthOf('n1')).node.epoch;
    const next = cluster.nextStart('n1');
    const { signal } = await cluster.kill('n1', 'SIGKILL');
    assert.equal(signal, 'SIGKILL');
    const after = await next;
    assert.equal(after.port, before.port);
    assert.notEqual(after.pid, before.pid);
    const info = JSON.parse(readFileSync(join(dataDir, 'cluster.json'), 'utf8'));
    assert.equal(info.nodes.find((n) => n.name === 'n1').pid, after.pid);
    // HAProxy finds it again.
    for (let i = 0; ; i++) {
      const { status, body } = await fetchText(`${cluster.url}health?node=n1`);
      if (status === 200 && JSON.parse(body).node.name === 'n1') {
        assert.ok(JSON.parse(body).node.epoch > epochBefore);
        break;
      }
      assert.ok(i < 100, 'n1 answers through HAProxy again');
      await new Promise((done) => setTimeout(done, 100));
    }
  },
  { timeoutMs: 60_000 },
);

test('stop() ends the nodes, HAProxy and PostgreSQL', async () => {
  const info = cluster.info();
  await cluster.stop();
  for (const pid of [...info.nodes.map((n) => n.pid), info.haproxy.pid, info.postgres.pid]) {
    assert.ok(!alive(pid), `pid ${pid} is gone`);
  }
  assert.ok(!existsSync(join(dataDir, 'cluster.json')));
});

const failed = await run();
await cluster?.stop();
process.exit(failed ? 1 : 0);
