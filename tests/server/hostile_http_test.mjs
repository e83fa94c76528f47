// What one address may cost everyone else at the HTTP level and in how the
// server tells addresses apart, over real sockets to real server processes
// (server/PROTOCOL.md, "Timings and limits"): half-sent requests (slow
// loris) against a node with few file descriptors and against
// scripts/serve.mjs; /game/ROOMID lookups per address; X-Forwarded-For
// believed only from the proxies listed.
// Clients of different addresses connect from 127.0.0.x; limits are the
// defaults unless a server says.
import { randomInt } from 'node:crypto';

import { ServerProcess, assert, run, startStaticServer, test } from './harness.mjs';
import {
  closedCount,
  connectSocket,
  fetchOnceReleased,
  fetchText,
  halfSentRequests,
  isRefused,
  stillOpen,
  within,
} from './http_clients.mjs';

const DEFAULT_LIMITS = {
  QIPAN_MAX_SOCKETS_PER_IP: '20',
  QIPAN_CREATES_PER_MINUTE: '10',
  QIPAN_CREATE_BURST: '10',
};
const PROXY = '127.0.0.1'; // stands for the proxy in front: the one address listed
const servers = [];
async function startServer(env, { fileLimit = null } = {}) {
  const server = await new ServerProcess({ env: { ...DEFAULT_LIMITS, ...env }, fileLimit }).start();
  servers.push(server);
  return server;
}

// A request the server gave up on: 408 (after whatever it answered before, e.g. a 405 to a POST).
const answered408 = (close) => close.answer.includes('HTTP/1.1 408');

test('400 half-sent requests from one address on a node with 256 descriptors: 40 held, the rest closed; others are served', async () => {
  // Headers may take a minute here: what protects the others is the cap.
  const server = await startServer(
    { QIPAN_MAX_HTTP_CONNECTIONS_PER_IP: '40', QIPAN_HTTP_HEADERS_TIMEOUT_MS: '60000', QIPAN_HTTP_REQUEST_TIMEOUT_MS: '60000' },
    { fileLimit: 256 },
  );
  const slow = await halfSentRequests(server.url, { count: 400, from: '127.0.0.2' });
  try {
    // Another address: /ready, a Socket.IO connection and a room, while the address holds what it may.
    const ready = await fetchText(`${server.url}ready`, { from: '127.0.0.3' });
    assert.deepEqual([ready.status, ready.body], [200, 'ok']);
    const socket = await connectSocket(server.url, { from: '127.0.0.3' });
    const created = await socket.timeout(8000).emitWithAck('room:create', { game: 'xiangqi' });
    socket.close();
    assert.equal(created.ok, true, created.code);
    await within(closedCount(slow, 360), 10_000, 'the 360 connections past the cap closed');
    const held = stillOpen(slow);
    assert.equal(held.length, 40, 'the cap holds 40 connections of the address');
    assert.equal((await server.health()).httpConnectionRefusals, 360);
    // The address's own page load still works once its half-sent requests are gone.
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    const page = await within(fetchOnceReleased(`${server.url}ready`, { from: '127.0.0.2' }), 10_000, 'the address served again');
    assert.equal(page.status, 200);
  } finally {
    for (const c of slow) c.socket.destroy();
  }
});

test('a request whose headers or body do not arrive in time is answered 408 and closed; so is a silent connection', async () => {
  const server = await startServer({ QIPAN_HTTP_HEADERS_TIMEOUT_MS: '1000', QIPAN_HTTP_REQUEST_TIMEOUT_MS: '2000' });
  // Clients that finished their requests live on: a WebSocket and long-polling.
  const live = [
    await connectSocket(server.url, { from: '127.0.0.6' }),
    await connectSocket(server.url, { from: '127.0.0.6', transports: ['polling'] }),
  ];
  const slow = await halfSentRequests(server.url, { count: 10, from: '127.0.0.4' });
  // One that says nothing, one that keeps sending header lines, one whose
  // body never ends (answered 405 at once; the body still has to arrive in time).
  const [silent, drip, body] = await halfSentRequests(server.url, { count: 3, from: '127.0.0.5', send: false });
  const dripper = setInterval(() => drip.socket.write('X-More: 1\r\n'), 200);
  body.socket.write('POST /ready HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nsome');
  drip.socket.write('GET /ready HTTP/1.1\r\n');
  try {
    const closes = await within(
      Promise.all([...slow, silent, drip, body].map((c) => c.closed)),
      15_000,
      'every late request closed by the server',
    );
    for (const close of closes) assert.ok(answered408(close), `answered 408: ${JSON.stringify(close.answer.slice(0, 40))}`);
    const ready = await fetchText(`${server.url}ready`, { from: '127.0.0.4' });
    assert.equal(ready.status, 200, 'the address is served as before');
    for (const socket of live) {
      assert.equal(socket.connected, true, `${socket.io.engine.transport.name} outlived the timeouts`);
      const answer = await socket.timeout(8000).emitWithAck('leave', { roomId: '0000000000' });
      assert.equal(answer.code, 'not_found');
    }
  } finally {
    clearInterval(dripper);
    for (const socket of live) socket.close();
  }
});

test("scripts/serve.mjs: the same timeouts and cap on one address's connections", async () => {
  const statics = await startStaticServer({
    QIPAN_MAX_HTTP_CONNECTIONS_PER_IP: '5',
    QIPAN_HTTP_HEADERS_TIMEOUT_MS: '1000',
    QIPAN_HTTP_REQUEST_TIMEOUT_MS: '1000',
  });
  try {
    const slow = await halfSentRequests(statics.url, { count: 8, from: '127.0.0.2' });
    const page = await fetchText(statics.url, { from: '127.0.0.3' });
    assert.equal(page.status, 200, 'another address gets the page');
    const closes = await within(Promise.all(slow.map((c) => c.closed)), 15_000, 'every half-sent request closed by the server');
    assert.equal(closes.filter(answered408).length, 5, 'five held until their headers were late, then 408');
    assert.equal(closes.filter((c) => c.answer === '').length, 3, 'three past the cap closed at once');
  } finally {
    statics.proc.kill('SIGTERM');
  }
});

test('/game/ROOMID lookups: one address is answered 429 with Retry-After past its burst of 20; another is not', async () => {
  const server = await startServer({ QIPAN_GAME_LOOKUPS_PER_MINUTE: '60', QIPAN_GAME_LOOKUP_BURST: '20' });
  const host = await connectSocket(server.url, { from: '127.0.0.7' });
  const { roomId } = await host.timeout(8000).emitWithAck('room:create', { game: 'xiangqi' });
  host.close();
  const guess = () => Array.from({ length: 10 }, () => '0123456789abcdefghjkmnpqrstvwxyz'[randomInt(32)]).join('');
  const guesser = '127.0.0.8';
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await fetchText(`${server.url}game/${guess()}`, { from: guesser }));
  const answered = answers.filter((a) => a.status === 404).length;
  // The burst, and one more if the bucket refilled meanwhile (1 a second).
  assert.ok(answered >= 20 && answered <= 21, `${answered} guesses answered`);
  assert.deepEqual([...new Set(answers.slice(answered).map((a) => a.status))], [429], 'every guess after them is refused');
  const refusal = answers[answered];
  assert.match(refusal.headers['retry-after'], /^[1-9]\d*$/, 'Retry-After in whole seconds');
  assert.equal(refusal.headers['x-content-type-options'], 'nosniff', 'with the security headers');
  assert.match(refusal.body, /too many/);
  assert.equal((await fetchText(`${server.url}game/${roomId}`, { from: guesser })).status, 429, 'a real room too, for now');
  // Another address is served: the real room's page, a 404 for a guess.
  assert.equal((await fetchText(`${server.url}game/${roomId}`, { from: '127.0.0.9' })).status, 200);
  assert.equal((await fetchText(`${server.url}game/${guess()}`, { from: '127.0.0.9' })).status, 404);
  assert.equal((await fetchText(server.url, { from: guesser })).status, 200, 'the page itself is not a lookup');
  assert.ok((await server.health()).gameLookupsRefused >= 9);
});

test('X-Forwarded-For is believed from a listed proxy only: any other peer counts by its own address', async () => {
  const server = await startServer({ QIPAN_TRUST_PROXY: PROXY });
  const stranger = '127.0.0.2'; // reaches the node directly, not through the proxy
  const sockets = [];
  try {
    // A stranger that writes a new X-Forwarded-For on every connection is
    // still one address: 20 sockets, then refused.
    const forged = (i) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 1; i <= 20; i++) sockets.push(await connectSocket(server.url, { from: stranger, headers: forged(i) }));
    assert.equal(await isRefused(connectSocket(server.url, { from: stranger, headers: forged(21) })), true, 'the 21st');
    // Its room creations share one budget: the 11th is refused.
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await sockets[i].timeout(8000).emitWithAck('room:create', { game: 'reversi' }));
    assert.deepEqual(
      answers.map((a) => a.code ?? 'ok'),
      [...Array(10).fill('ok'), 'rate_limited'],
    );
    // /health: the stranger is on this machine, whatever it claims to be.
    const claimsOutside = await fetchText(`${server.url}health`, { from: stranger, headers: forged(99) });
    assert.equal(claimsOutside.status, 200, 'the forged header is ignored');

    // The listed proxy's header is believed: each client it names is an address of its own.
    for (const client of ['203.0.113.7', '203.0.113.8']) {
      const socket = await connectSocket(server.url, { from: PROXY, headers: { 'x-forwarded-for': `10.1.1.1, ${client}` } });
      sockets.push(socket);
      const created = await socket.timeout(8000).emitWithAck('room:create', { game: 'reversi' });
      assert.equal(created.ok, true, `${client} creates: ${created.code}`);
    }
    const outside = await fetchText(`${server.url}health`, { from: PROXY, headers: { 'x-forwarded-for': '203.0.113.7' } });
    assert.equal(outside.status, 404, 'a client the proxy vouches for is outside');
    // Proxies in a chain, each listed, are passed over to the client.
    const chained = await fetchText(`${server.url}health`, {
      from: PROXY,
      headers: { 'x-forwarded-for': `203.0.113.9, ${PROXY}` },
    });
    assert.equal(chained.status, 404, 'the client behind two listed hops');
  } finally {
    for (const s of sockets) s.close();
  }
});

const failed = await run();
for (const server of servers) {
  assert.ok(server.alive(), 'every server is up');
  assert.equal((await server.health()).errors, 0, 'no handler failed');
  await server.stop();
}
process.exit(failed ? 1 : 0);
