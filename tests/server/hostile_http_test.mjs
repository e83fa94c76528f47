// What one address may cost everyone else at the HTTP level and in how the
// server tells addresses apart, over real sockets to real server processes
// (server/PROTOCOL.md, "Timings and limits"): X-Forwarded-For believed only
// from the proxies listed. Clients of different addresses connect from
// 127.0.0.x; limits are the defaults unless a server says.
import { ServerProcess, assert, run, test } from './harness.mjs';
import { connectSocket, fetchText, isRefused } from './http_clients.mjs';

const DEFAULT_LIMITS = {
  QIPAN_MAX_SOCKETS_PER_IP: '20',
  QIPAN_CREATES_PER_MINUTE: '10',
  QIPAN_CREATE_BURST: '10',
};
const PROXY = '127.0.0.1'; // stands for the proxy in front: the one address listed
const servers = [];
async function startServer(env) {
  const server = await new ServerProcess({ env: { ...DEFAULT_LIMITS, ...env } }).start();
  servers.push(server);
  return server;
}

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
