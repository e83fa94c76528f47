// What one client may cost everyone else, over real sockets to real server
// processes (server/PROTOCOL.md, "Timings and limits"; the audit's H1, H2,
// M6, L1-L4): sockets per address, room creations per address, syncs and
// joins per socket, a client that stops reading, a pong that answers no
// ping, foreign origins, the page's security headers on both static servers,
// /health's access rules, /ready, and names and chat that lose their
// invisible characters. Limits are the defaults unless a server says.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

import { pageHandler } from '../../server/net/http.js';
import { Client, ServerProcess, assert, run, startStaticServer, tempDir, test } from './harness.mjs';
import { connectSocket as connect, fetchText, isRefused } from './http_clients.mjs';

const WebSocket = createRequire(import.meta.url)('ws');

const DEFAULT_LIMITS = {
  QIPAN_MAX_SOCKETS_PER_IP: '20',
  QIPAN_CREATES_PER_MINUTE: '10',
  QIPAN_CREATE_BURST: '10',
  QIPAN_SYNCS_PER_MINUTE: '30',
  QIPAN_SYNC_BURST: '10',
};
const ALLOWED_ORIGIN = 'https://allowed.example';
const HEALTH_TOKEN = 'a-health-token-for-tests';
const OUTPUT_CAP = 256 * 1024;

// The address limits count by, as a proxy in front would vouch for it.
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

// No proxy: every client is 127.0.0.1.
const plain = await new ServerProcess({ env: { ...DEFAULT_LIMITS, QIPAN_ALLOW_ORIGINS: ALLOWED_ORIGIN } }).start();
// Behind a proxy (--trust-proxy): X-Forwarded-For names the client, so each
// case below gets addresses of its own; and in benchmark mode.
const proxied = await new ServerProcess({
  env: { ...DEFAULT_LIMITS, QIPAN_TRUST_PROXY: '1', QIPAN_HEALTH_TOKEN: HEALTH_TOKEN, QIPAN_BENCH: '1' },
}).start();
// A low output cap, and a heartbeat slow enough not to end a client that
// stops reading before the cap does.
const capped = await new ServerProcess({
  env: { QIPAN_MAX_OUTPUT_BYTES: String(OUTPUT_CAP), QIPAN_PING_INTERVAL_MS: '60000', QIPAN_PING_TIMEOUT_MS: '60000' },
}).start();

const call = (socket, event, payload) => socket.timeout(8000).emitWithAck(event, payload);

// Resolves when the server's log has a line matching `pattern`.
function logLine(server, pattern, timeoutMs = 30000) {
  if (pattern.test(server.stderr)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!pattern.test(server.stderr)) return;
      clearTimeout(timer);
      server.proc.stderr.off('data', onData);
      resolve();
    };
    const timer = setTimeout(() => {
      server.proc.stderr.off('data', onData);
      reject(new Error(`no log line ${pattern} within ${timeoutMs} ms:\n${server.stderr.slice(-2000)}`));
    }, timeoutMs);
    server.proc.stderr.on('data', onData);
  });
}

// Socket.IO spoken by hand over a raw WebSocket (engine.io protocol 4), so a
// test can stop reading, or send what socket.io-client never would.
class RawSocketIo {
  static async open(url) {
    const raw = new RawSocketIo(new WebSocket(`${url.replace(/^http/, 'ws')}socket.io/?EIO=4&transport=websocket`));
    await raw.next((m) => m.startsWith('0'));
    raw.ws.send('40');
    await raw.next((m) => m.startsWith('40'));
    return raw;
  }

  constructor(ws) {
    this.ws = ws;
    this.messages = [];
    this.waiters = new Set();
    this.nextAck = 1;
    this.closed = new Promise((resolve) => ws.once('close', resolve));
    ws.on('error', () => {});
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === '2') ws.send('3'); // a pong for each ping, as a client should
      this.messages.push(text);
      for (const check of this.waiters) check();
    });
  }

  next(predicate, timeoutMs = 8000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(predicate);
        if (!found) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no such message; last: ${this.messages.slice(-3).join(' | ').slice(0, 300)}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  // Sends an event with an ack id; returns the id.
  emit(event, payload) {
    const id = this.nextAck++;
    this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    return id;
  }

  async call(event, payload) {
    const id = this.emit(event, payload);
    const answer = await this.next((m) => m.startsWith(`43${id}[`));
    return JSON.parse(answer.slice(`43${id}`.length))[0];
  }

  // From now on nothing is read from the TCP connection.
  stopReading() {
    this.ws._socket.pause();
  }
}

test('at most 20 sockets from one address: the 21st is refused, the 20 stay; other addresses are not affected', async () => {
  const sockets = [];
  try {
    for (let i = 0; i < 20; i++) sockets.push(await connect(plain.url));
    assert.equal(await isRefused(connect(plain.url)), true, 'the 21st websocket is refused');
    const handshake = await fetchText(`${plain.url}socket.io/?EIO=4&transport=polling`);
    assert.equal(handshake.status, 403, 'so is a polling handshake');
    assert.match(handshake.body, /too many connections/);
    const answers = await Promise.all(sockets.map((s) => call(s, 'leave', { roomId: '0000000000' })));
    assert.ok(
      answers.every((a) => a.code === 'not_found'),
      'the 20 are connected and answered',
    );
    // Behind a proxy, the address it vouches for is what counts.
    const address = freshAddress();
    for (let i = 0; i < 20; i++) sockets.push(await connect(proxied.url, { headers: { 'x-forwarded-for': address } }));
    assert.equal(await isRefused(connect(proxied.url, { headers: { 'x-forwarded-for': `10.9.9.9, ${address}` } })), true);
    sockets.push(await connect(proxied.url, { headers: { 'x-forwarded-for': freshAddress() } }));
    const health = await plain.health();
    assert.ok(health.socketCapRefusals >= 2, JSON.stringify(health));
  } finally {
    for (const s of sockets) s.close();
  }
});

test('room:create: 10 a minute per address (burst 10) across its sockets; the 11th is refused rate_limited', async () => {
  const address = freshAddress();
  const headers = { 'x-forwarded-for': address };
  const sockets = [await connect(proxied.url, { headers }), await connect(proxied.url, { headers })];
  try {
    for (let i = 0; i < 10; i++) {
      const ack = await call(sockets[i % 2], 'room:create', { game: 'xiangqi' });
      assert.equal(ack.ok, true, `creation ${i + 1}: ${ack.code}`);
    }
    sockets.push(await connect(proxied.url, { headers }));
    const eleventh = await call(sockets[2], 'room:create', { game: 'xiangqi' });
    assert.equal(eleventh.code, 'rate_limited', 'a new socket of the same address buys nothing');
    assert.ok(eleventh.retryAfterMs > 1000 && eleventh.retryAfterMs <= 6000, `retryAfterMs ${eleventh.retryAfterMs}`);
    const other = await connect(proxied.url, { headers: { 'x-forwarded-for': freshAddress() } });
    sockets.push(other);
    assert.equal((await call(other, 'room:create', { game: 'reversi' })).ok, true, 'another address creates');
    assert.ok((await proxied.health()).createsRefused >= 1);
  } finally {
    for (const s of sockets) s.close();
  }
});

test("seeks share room:create's budget per address: a seek flood is refused rate_limited, and quick pairing with it", async () => {
  const address = freshAddress();
  const headers = { 'x-forwarded-for': address };
  const socket = await connect(proxied.url, { headers });
  try {
    assert.equal((await call(socket, 'hello', { playerKey: 'k'.repeat(22) + address.replace(/\D/g, '') })).ok, true);
    for (let i = 0; i < 5; i++) {
      const made = await call(socket, 'seek:create', { game: 'xiangqi', clock: null });
      assert.equal(made.ok, true, `seek ${i + 1}: ${made.code}`);
      assert.equal((await call(socket, 'seek:cancel', { seekId: made.seekId })).ok, true);
    }
    assert.equal((await call(socket, 'room:create', { game: 'xiangqi' })).ok, true, 'the same budget: 6 of 10');
    const rest = [];
    for (let i = 0; i < 6; i++) rest.push(await call(socket, 'seek:quick', { game: 'reversi', clock: null }));
    assert.deepEqual(
      rest.map((a) => a.code ?? 'ok'),
      ['ok', 'ok', 'ok', 'ok', 'rate_limited', 'rate_limited'],
      'the 11th request on is refused',
    );
  } finally {
    socket.close();
  }
});

test('sync and room:join share a bucket per socket: after the burst of 10 a sync flood is refused', async () => {
  const headers = { 'x-forwarded-for': freshAddress() };
  const host = await connect(proxied.url, { headers });
  const flooder = await connect(proxied.url, { headers });
  try {
    const created = await call(host, 'room:create', { game: 'xiangqi' });
    assert.equal(created.ok, true);
    const roomId = created.roomId;
    assert.equal((await call(flooder, 'room:join', { roomId, watch: true })).ok, true);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await call(flooder, 'sync', { roomId }));
    const accepted = answers.filter((a) => a.ok).length;
    // The join and 9 syncs fill the burst of 10 (one more if the bucket refilled meanwhile).
    assert.ok(accepted >= 9 && accepted <= 10, `${accepted} syncs let through`);
    const refusal = answers.find((a) => !a.ok);
    assert.equal(refusal.code, 'rate_limited');
    assert.ok(refusal.retryAfterMs > 0 && refusal.retryAfterMs <= 2000, `retryAfterMs ${refusal.retryAfterMs}`);
    assert.equal((await call(host, 'sync', { roomId, token: created.token })).ok, true, 'another socket still syncs');
  } finally {
    host.close();
    flooder.close();
  }
});

test('a client that stops reading is cut once its unsent output passes the cap; a reading one is not', async () => {
  // A room whose state is as large as it gets: 50 chat messages of 300 wide
  // characters, of which the state carries the latest 16 KB.
  const host = new Client(capped.url);
  const created = await host.call('room:create', { game: 'xiangqi' });
  assert.equal(created.ok, true);
  const roomId = created.roomId;
  const text = '漢'.repeat(300);
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      const chatter = await connect(capped.url);
      assert.equal((await call(chatter, 'room:join', { roomId, watch: true })).ok, true);
      for (let i = 0; i < 5; i++) assert.equal((await call(chatter, 'chat', { roomId, text })).ok, true);
      chatter.close();
    }),
  );
  const reader = await connect(capped.url);
  const raw = await RawSocketIo.open(capped.url);
  try {
    assert.equal((await call(reader, 'room:join', { roomId, watch: true })).ok, true);
    const joined = await raw.call('room:join', { roomId, watch: true });
    assert.equal(joined.ok, true);
    const stateBytes = Buffer.byteLength(JSON.stringify(joined.state));
    assert.ok(stateBytes > 15000, `the state is ${stateBytes} bytes`);

    raw.stopReading();
    let sent = 0;
    // At the per-socket event limit (20 a second): a few MB fill the kernel's
    // buffers first, then the server's own.
    const sender = setInterval(() => {
      if (raw.ws.readyState !== WebSocket.OPEN || sent >= 2000) return clearInterval(sender);
      raw.emit('sync', { roomId });
      sent++;
    }, 50);
    const readerSyncs = (async () => {
      for (let i = 0; i < 20; i++) assert.equal((await call(reader, 'sync', { roomId })).ok, true);
    })();
    let sentAtCut;
    try {
      await logLine(capped, /connection cut: \d+ bytes unsent/, 60000);
      sentAtCut = sent;
      // The server dropped the connection; the client learns it when it next
      // writes (its own reading has stopped), so the sender goes on till then.
      await Promise.race([
        raw.closed,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the raw connection stayed open')), 15000)),
      ]);
    } finally {
      clearInterval(sender);
    }
    await readerSyncs;
    const health = await capped.health();
    assert.equal(health.outputCapDisconnects, 1, 'only the client that stopped reading was cut');
    assert.equal(reader.connected, true);
    assert.equal((await call(reader, 'sync', { roomId })).ok, true, 'the reading client goes on');
    console.log(`# state ${stateBytes} bytes; ${sentAtCut} syncs sent before the cut`);
  } finally {
    raw.ws.terminate();
    reader.close();
    host.close();
  }
});

test('a pong that answers no ping ends the connection; real pongs keep it', async () => {
  const honest = await connect(plain.url);
  try {
    const raw = await RawSocketIo.open(plain.url);
    raw.ws.send('3');
    await Promise.race([
      raw.closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('a blind pong was accepted')), 8000)),
    ]);
    // The honest client has answered at least two pings (1 s apart in tests) meanwhile or now.
    await new Promise((resolve) => {
      let pings = 0;
      honest.io.engine.on('ping', () => {
        if (++pings === 2) resolve();
      });
    });
    assert.equal(honest.connected, true);
    assert.equal((await plain.health()).blindPongDisconnects, 1);
  } finally {
    honest.close();
  }
});

test('foreign origins are refused (polling and websocket); the own origin, allowed ones and none connect', async () => {
  const own = new URL(plain.url).origin;
  const handshake = (origin) =>
    fetchText(`${plain.url}socket.io/?EIO=4&transport=polling`, { headers: origin ? { origin } : {} });

  const foreignPolling = await handshake('https://evil.example');
  assert.equal(foreignPolling.status, 403);
  assert.equal(foreignPolling.headers['access-control-allow-origin'], undefined, 'CORS reflects no foreign origin');
  assert.equal(await isRefused(connect(plain.url, { headers: { origin: 'https://evil.example' } })), true, 'websocket');
  assert.equal(await isRefused(connect(plain.url, { headers: { origin: 'null' } })), true, 'a page from disk, unless allowed');

  for (const origin of [own, ALLOWED_ORIGIN]) {
    const polling = await handshake(origin);
    assert.equal(polling.status, 200, `${origin} over polling`);
    assert.equal(polling.headers['access-control-allow-origin'], origin);
    const socket = await connect(plain.url, { headers: { origin } });
    assert.equal((await call(socket, 'room:create', { game: 'reversi' })).ok, true, `${origin} over websocket`);
    socket.close();
  }
  assert.equal((await handshake(null)).status, 200, 'no Origin (a bot) over polling');
  const bot = await connect(plain.url);
  bot.close();
  assert.ok((await plain.health()).originRefusals >= 3);
});

test('both static servers: security headers on / and /index.html, 400 for a malformed escape, and they live on', async () => {
  const statics = await startStaticServer();
  try {
    for (const base of [plain.url, statics.url]) {
      for (const path of ['', 'index.html']) {
        const page = await fetchText(`${base}${path}`);
        assert.equal(page.status, 200, `${base}${path}`);
        const csp = page.headers['content-security-policy'] ?? '';
        assert.match(csp, /^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+ 'wasm-unsafe-eval'; /);
        assert.match(csp, /worker-src blob: 'self'; connect-src 'self' ws: wss:; img-src 'self' data: blob:/);
        assert.match(csp, /style-src 'self' 'unsafe-inline'; frame-ancestors 'none'$/);
        assert.equal(page.headers['x-content-type-options'], 'nosniff');
        assert.equal(page.headers['referrer-policy'], 'no-referrer');
      }
      const bad = await fetchText(`${base}%E0`);
      assert.equal(bad.status, 400, `${base}%E0`);
      assert.equal(bad.headers['x-content-type-options'], 'nosniff');
      for (const escape of ['%2e%2e/server/main.js', '..%2f..%2fpackage.json'])
        assert.equal((await fetchText(`${base}${escape}`)).status, 404, `${escape} stays inside dist/`);
      assert.equal((await fetchText(base, { method: 'POST' })).status, 405);
      assert.equal((await fetchText(base)).status, 200, 'still serving after the bad request');
    }
    assert.equal(statics.proc.exitCode, null, 'scripts/serve.mjs did not crash');
  } finally {
    statics.proc.kill('SIGTERM');
  }
});

test('/health: loopback reads it; through a proxy only with the token; reset only in benchmark mode', async () => {
  assert.equal((await plain.health()).ok, true, 'from 127.0.0.1');
  // Without --trust-proxy a forwarded address is ignored: the peer is loopback.
  assert.equal((await fetchText(`${plain.url}health`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status, 200);
  const outside = { 'x-forwarded-for': '203.0.113.9' };
  assert.equal((await fetchText(`${proxied.url}health`, { headers: outside })).status, 404, 'a client from outside');
  assert.equal((await fetchText(`${proxied.url}health?token=wrong`, { headers: outside })).status, 404);
  assert.equal((await fetchText(`${proxied.url}health?token=${HEALTH_TOKEN}`, { headers: outside })).status, 200);
  const bearer = await fetchText(`${proxied.url}health`, { headers: { ...outside, authorization: `Bearer ${HEALTH_TOKEN}` } });
  assert.equal(bearer.status, 200);
  assert.equal(typeof JSON.parse(bearer.body).socketEvents, 'number', 'the socket events are counted as socketEvents');

  // `reset` restarts the event-loop figures in benchmark mode only.
  const since = async (server, query = '') =>
    JSON.parse((await fetchText(`${server.url}health${query}`)).body).eventLoopDelayMs.sinceMs;
  const plainBefore = await since(plain, '?reset=1');
  assert.ok((await since(plain)) >= plainBefore, 'ignored without QIPAN_BENCH');
  const benchBefore = await since(proxied, '?reset=1');
  assert.ok((await since(proxied)) < benchBefore, 'honoured with QIPAN_BENCH=1');

  const ready = await fetchText(`${plain.url}ready`);
  assert.deepEqual([ready.status, ready.body], [200, 'ok']);
});

test('/ready answers 503 once the server is closing (the handler, in this process)', async () => {
  let serving = true;
  const server = createServer(pageHandler({ pageDir: tempDir(), health: () => ({}), ready: () => serving }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/ready`;
  try {
    assert.equal((await fetchText(url)).status, 200);
    serving = false;
    const closing = await fetchText(url);
    assert.deepEqual([closing.status, closing.body], [503, 'closing']);
  } finally {
    server.close();
  }
});

test('names and chat lose control, bidi and zero-width characters; nothing left is refused', async () => {
  const socket = await connect(plain.url);
  const watcher = await connect(plain.url);
  try {
    const created = await call(socket, 'room:create', { game: 'xiangqi', name: '\u202eAn\u200bn\u0007a\u2066' });
    assert.equal(created.ok, true);
    assert.equal(created.state.seats[0].name, 'Anna');
    const { roomId, token } = created;
    assert.equal((await call(watcher, 'room:join', { roomId, watch: true })).ok, true);
    const said = new Promise((resolve) => watcher.on('event', (e) => e.type === 'chat' && resolve(e.data)));
    assert.equal((await call(socket, 'chat', { roomId, token, text: '\u202ehi\u0000 there\u200f\ufeff' })).ok, true);
    assert.deepEqual(await said, { seat: 0, name: 'Anna', text: 'hi there' });
    for (const [event, payload] of [
      ['chat', { roomId, token, text: '\u202e\u0007\u200b' }],
      ['seat:name', { roomId, token, name: '\u2067\u200d\u0001' }],
      ['room:create', { game: 'reversi', name: '\u200e\u200f' }],
    ]) {
      const refusal = await call(socket, event, payload);
      assert.equal(refusal.code, 'bad_request', `${event} with nothing visible`);
    }
    assert.equal((await call(socket, 'seat:name', { roomId, token, name: 'Bo\u202db' })).ok, true);
    assert.equal((await call(socket, 'sync', { roomId, token })).state.seats[0].name, 'Bob');
  } finally {
    socket.close();
    watcher.close();
  }
});

const failed = await run();
for (const server of [plain, proxied, capped]) {
  assert.ok(server.alive(), 'every server is up');
  assert.equal((await server.health()).errors, 0, 'no handler failed');
  await server.stop();
}
if (failed) console.log(plain.stderr.slice(-2000), capped.stderr.slice(-2000));
process.exit(failed ? 1 : 0);
