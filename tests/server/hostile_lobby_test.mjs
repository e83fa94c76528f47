// Hostile clients in the lobby (server/PROTOCOL.md "Lobby"), each case
// against its own server process on 127.0.0.1: one socket plays as one
// player (a second `hello` with another key is refused), an address holds a
// bounded number of open seeks however many sockets and keys it uses, and a
// new subscriber is sent a bounded list of seeks however many are open.
// Clients from different addresses connect from 127.0.0.x.
import { randomBytes } from 'node:crypto';

import { Client, ServerProcess, assert, run, test } from './harness.mjs';

const newKey = () => randomBytes(16).toString('base64url');
const CLOCK = { initialMs: 300_000, incrementMs: 3000 };

function refused(ack, code) {
  assert.equal(ack.ok, false, `expected ${code}, got ${JSON.stringify(ack).slice(0, 200)}`);
  assert.equal(ack.code, code, `expected ${code}: ${ack.reason}`);
  return ack;
}

// A client that said hello with a fresh key.
async function player(url, { from, name = 'P' } = {}) {
  const client = new Client(url, { from });
  const ack = await client.call('hello', { playerKey: newKey(), name });
  assert.ok(ack.ok, ack.reason);
  client.playerId = ack.playerId;
  return client;
}

const seek = (client) => client.call('seek:create', { game: 'xiangqi', clock: CLOCK }, 15000, { retry: false });

test('one socket plays as one player: hello with another key is refused, the same key again is not', async () => {
  const server = await new ServerProcess().start();
  const client = new Client(server.url);
  const key = newKey();
  const first = await client.call('hello', { playerKey: key, name: 'Ann' });
  assert.ok(first.ok, first.reason);
  assert.ok((await seek(client)).ok);
  const again = await client.call('hello', { playerKey: key, name: 'Ann B.' });
  assert.deepEqual(again, { ok: true, playerId: first.playerId, account: null }, 'the same key again: the same player');
  // Each new key would be a new player with a seek of its own.
  for (let i = 0; i < 3; i++) refused(await client.call('hello', { playerKey: newKey() }), 'not_allowed');
  refused(await seek(client), 'not_allowed'); // still Ann, whose seek is open
  const watcher = new Client(server.url);
  const listed = await watcher.call('lobby:subscribe', {});
  assert.deepEqual(
    listed.seeks.map((s) => s.player.playerId),
    [first.playerId],
    'one seek from the socket',
  );
  client.close();
  watcher.close();
  await server.stop();
});

test('an address holds at most QIPAN_SEEKS_PER_IP open seeks, over all its sockets and keys', async () => {
  const server = await new ServerProcess({ env: { QIPAN_SEEKS_PER_IP: '3' } }).start();
  const flooder = [];
  for (let i = 0; i < 5; i++) flooder.push(await player(server.url, { from: '127.0.0.2' }));
  // All at once: seeks on their way count too.
  const acks = await Promise.all(flooder.map(seek));
  assert.equal(acks.filter((a) => a.ok).length, 3, 'three seeks from the address');
  for (const ack of acks.filter((a) => !a.ok)) assert.ok(refused(ack, 'rate_limited').retryAfterMs > 0);
  const quick = await flooder[4].call('seek:quick', { game: 'reversi', clock: CLOCK }, 15000, { retry: false });
  refused(quick, 'rate_limited');
  // Another address seeks as before; a seek withdrawn frees a place.
  const other = await player(server.url, { from: '127.0.0.3' });
  assert.ok((await seek(other)).ok);
  const watcher = new Client(server.url);
  watcher.record('lobby');
  assert.ok((await watcher.call('lobby:subscribe', {})).ok);
  const gone = acks.find((a) => a.ok);
  flooder[acks.indexOf(gone)].close();
  await watcher.waitReceived('lobby', (e) => e.type === 'seek_removed' && e.seekId === gone.seekId);
  const late = flooder[acks.findIndex((a) => !a.ok)];
  assert.ok((await seek(late)).ok, 'a place again');
  for (const c of [...flooder, other, watcher]) c.close();
  await server.stop();
});

test("a new subscriber gets the newest QIPAN_LOBBY_SEEKS_LISTED seeks, the count of all, and its player's own", async () => {
  const server = await new ServerProcess({ env: { QIPAN_LOBBY_SEEKS_LISTED: '5' } }).start();
  // A player's seek, older than all the others.
  const key = newKey();
  const own = new Client(server.url);
  assert.ok((await own.call('hello', { playerKey: key, name: 'Own' })).ok);
  assert.ok((await seek(own)).ok);
  const seekers = [];
  for (let i = 0; i < 12; i++) {
    const c = await player(server.url, { name: `S${i}` });
    assert.ok((await seek(c)).ok);
    seekers.push(c);
  }
  const watcher = new Client(server.url);
  const listed = await watcher.call('lobby:subscribe', {});
  assert.ok(listed.ok, listed.reason);
  assert.equal(listed.seeksOpen, 13, 'how many seeks are open');
  assert.deepEqual(
    listed.seeks.map((s) => s.player.name),
    ['S7', 'S8', 'S9', 'S10', 'S11'],
    'the newest, oldest first',
  );
  // The player's other tab sees its own seek too, however old.
  const tab = new Client(server.url);
  assert.ok((await tab.call('hello', { playerKey: key })).ok);
  const mine = await tab.call('lobby:subscribe', {});
  assert.equal(mine.seeksOpen, 13);
  assert.deepEqual(
    mine.seeks.map((s) => s.player.name),
    ['Own', 'S7', 'S8', 'S9', 'S10', 'S11'],
  );
  for (const c of [...seekers, watcher, own, tab]) c.close();
  await server.stop();
});

const failed = await run();
process.exit(failed ? 1 : 0);
