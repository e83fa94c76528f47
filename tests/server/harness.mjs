// Shared by the tests/server/*_test.mjs scripts: a real server process per
// test script (node server/main.js on 127.0.0.1, a free port, its own
// temporary database), real socket.io-client clients, a local engine mirror
// of each room (the client's own engine, as the page has), and a small async
// runner. Not a test itself.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
export const { io } = require('socket.io-client');

// Short timings so expiries happen within a test (docs/online-contract.md's variables).
export const TEST_TIMINGS = {
  QIPAN_UNDO_TIMEOUT_MS: '1500',
  QIPAN_SEAT_GRACE_MS: '1500',
  QIPAN_PING_INTERVAL_MS: '1000',
  QIPAN_PING_TIMEOUT_MS: '1000',
  QIPAN_OFFER_BACKOFF_MS: '400',
  QIPAN_AI_MIN_DELAY_MS: '0',
  // Every client of a test comes from 127.0.0.1: the limits per address are
  // raised out of the way (hostile_transport_test.mjs sets its own).
  QIPAN_MAX_SOCKETS_PER_IP: '100000',
  QIPAN_CREATES_PER_MINUTE: '1000000',
  QIPAN_CREATE_BURST: '1000000',
  QIPAN_SYNCS_PER_MINUTE: '1000000',
  QIPAN_SYNC_BURST: '1000000',
};

// Every test client comes from 127.0.0.1: the per-address caps are raised,
// and the spectators' chat budget of a room, which tests fill as they talk
// (hostile_*_test.mjs sets its own).
export const TEST_LIMITS = {
  QIPAN_OPEN_ROOMS_PER_IP: '100000',
  QIPAN_AI_ROOMS_PER_IP: '100000',
  QIPAN_LOADED_ROOMS_PER_IP: '100000',
  QIPAN_SEEKS_PER_IP: '100000',
  QIPAN_SPECTATORS_PER_IP: '100000',
  QIPAN_SPECTATOR_CHAT_PER_IP_PER_MINUTE: '100000',
  QIPAN_SPECTATOR_CHAT_PER_IP_BURST: '100000',
  QIPAN_SPECTATOR_CHAT_PER_MINUTE: '100000',
  QIPAN_SPECTATOR_CHAT_BURST: '100000',
  QIPAN_MAX_SOCKETS_PER_IP: '100000',
  QIPAN_CREATES_PER_MINUTE: '100000',
  QIPAN_MAX_HTTP_CONNECTIONS_PER_IP: '100000',
  QIPAN_GAME_LOOKUPS_PER_MINUTE: '100000',
  QIPAN_GAME_LOOKUP_BURST: '100000',
};

export async function loadEngine() {
  const path = process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`;
  return require(path)();
}

const tempDirs = [];
const children = new Set();
// A test killed or failing must not leave its servers behind.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-server-test-'));
  tempDirs.push(dir);
  return dir;
}
process.on('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

// scripts/serve.mjs (what scripts/play runs) on a free port, with `env`.
export async function startStaticServer(env = {}) {
  const proc = spawn(process.execPath, [`${root}/scripts/serve.mjs`, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  process.on('exit', () => proc.kill('SIGKILL'));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /served at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`scripts/serve.mjs exited (${code})`)));
  });
  proc.stdout.resume();
  return { url, proc };
}

// A server process. `restart()` starts it again on the same port and db.
// `fileLimit`: the most file descriptors it may hold (ulimit -n), as on a
// small machine.
export class ServerProcess {
  constructor({ env = {}, db, port = 0, fileLimit = null } = {}) {
    this.env = { ...process.env, ...TEST_TIMINGS, ...TEST_LIMITS, ...env };
    this.db = db ?? join(tempDir(), 'qipan.db');
    this.port = port;
    this.fileLimit = fileLimit;
    this.stderr = '';
  }

  async start() {
    const args = [
      '--no-experimental-fetch',
      `${root}/server/main.js`,
      '--port',
      String(this.port),
      '--host',
      '127.0.0.1',
      '--db',
      this.db,
    ];
    // Through sh for the limit, which then becomes the server (exec): the same pid.
    const [command, argv] = this.fileLimit
      ? ['/bin/sh', ['-c', `ulimit -n ${Number(this.fileLimit)} && exec "$0" "$@"`, process.execPath, ...args]]
      : [process.execPath, args];
    this.proc = spawn(command, argv, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const proc = this.proc;
    children.add(proc);
    this.exited = new Promise((done) =>
      proc.once('exit', (code, signal) => {
        children.delete(proc);
        done({ code, signal });
      }),
    );
    this.proc.stderr.on('data', (chunk) => {
      this.stderr += chunk;
      if (process.env.QIPAN_TEST_VERBOSE) process.stderr.write(chunk);
    });
    const url = await new Promise((done, fail) => {
      let out = '';
      const onData = (chunk) => {
        out += chunk;
        const m = /listening (http:\/\/\S+)/.exec(out);
        if (m) {
          this.proc.stdout.off('data', onData);
          done(m[1]);
        }
      };
      this.proc.stdout.on('data', onData);
      this.exited.then(({ code, signal }) =>
        fail(new Error(`server exited (${code ?? signal}) before listening:\n${this.stderr}`)),
      );
    });
    this.proc.stdout.resume();
    this.url = url;
    this.port = Number(new URL(url).port);
    return this;
  }

  alive() {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async kill(signal = 'SIGKILL') {
    if (!this.alive()) return this.exited;
    this.proc.kill(signal);
    return this.exited;
  }

  async restart() {
    await this.kill('SIGKILL');
    return this.start();
  }

  async stop() {
    return this.kill('SIGTERM');
  }

  // The server's /health figures (node:http: the tests run without fetch).
  health() {
    return new Promise((done, fail) => {
      get(`${this.url}health`, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done(JSON.parse(body)));
      }).on('error', fail);
    });
  }
}

// The secret an invite link carries (`key`), or null (a spectator's links).
export function inviteKey(links) {
  return links?.invite ? new URL(links.invite).searchParams.get('key') : null;
}

// A socket.io-client connection that records the events it receives.
// `from`: the local address to connect from (127.0.0.x), so one test can be
// several clients' addresses for the per-address limits.
export class Client {
  // `query`: e.g. {node} to be routed to one node behind the proxy.
  // `headers`: sent with the handshake (a session cookie).
  constructor(url, { reconnection = true, transports = ['websocket'], from = undefined, query = {}, headers = undefined } = {}) {
    this.socket = io(url, {
      transports,
      extraHeaders: headers,
      localAddress: from,
      query,
      forceNew: true,
      reconnection,
      reconnectionDelay: 100,
      reconnectionDelayMax: 400,
      timeout: 5000,
    });
    this.events = [];
    this.waiters = new Set();
    // Waiters look after every other listener (a Player's engine) has seen the event.
    this.socket.on('event', (e) => {
      this.events.push(e);
      queueMicrotask(() => {
        for (const w of this.waiters) w();
      });
    });
  }

  connected() {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((done) => this.socket.once('connect', done));
  }

  // Emits and resolves with the ack (rejects if none comes in time). A
  // well-behaved client waits as long as a `rate_limited` refusal says and
  // sends again (pass `{retry: false}` to see the refusal).
  async call(event, payload, timeoutMs = 15000, { retry = true } = {}) {
    for (;;) {
      const ack = await this.socket.timeout(timeoutMs).emitWithAck(event, payload);
      if (!retry || ack.code !== 'rate_limited') return ack;
      await new Promise((done) => setTimeout(done, ack.retryAfterMs));
    }
  }

  // The first received event (from index `from` on) matching `predicate`.
  waitFor(predicate, { from = 0, timeoutMs = 20000, what = 'an event' } = {}) {
    return new Promise((done, fail) => {
      const check = () => {
        const found = this.events.slice(from).find(predicate);
        if (found) {
          this.waiters.delete(check);
          clearTimeout(timer);
          done(found);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        fail(new Error(`timed out waiting for ${what}; last events: ${JSON.stringify(this.events.slice(-5))}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  // Keeps the socket's `name` events (beyond the rooms' `event`s: `lobby`,
  // `room:started`) in `this.received[name]`, for waitReceived.
  record(name) {
    const list = (this.received ??= {})[name] ?? (this.received[name] = []);
    this.socket.on(name, (payload) => {
      list.push(payload);
      queueMicrotask(() => {
        for (const w of this.waiters) w();
      });
    });
    return list;
  }

  // The first recorded `name` event matching `predicate`.
  waitReceived(name, predicate = () => true, { timeoutMs = 15000, what = `'${name}'` } = {}) {
    const list = this.received?.[name];
    if (!list) throw new Error(`record('${name}') first`);
    return new Promise((done, fail) => {
      const check = () => {
        const found = list.find(predicate);
        if (!found) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        done(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        fail(new Error(`timed out waiting for ${what}; last: ${JSON.stringify(list.slice(-4))}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  waitType(type, options = {}) {
    return this.waitFor((e) => e.type === type && (!options.roomId || e.roomId === options.roomId), {
      what: `'${type}'`,
      ...options,
    });
  }

  close() {
    this.socket.close();
  }
}

// server/PROTOCOL.md's position hash, computed by the client from its own engine.
export function hashText(text) {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}

// The client's own copy of a room's game, kept in step with the server's
// `move` and `undone` events (what the page does with its engine).
export class LocalGame {
  constructor(engine, game, options = {}) {
    this.engine = engine;
    this.game = game;
    this.options = options;
    this.moves = [];
    this.session = null;
    this.reset();
  }

  reset() {
    this.session?.delete();
    this.moves = [];
    if (this.game === 'xiangqi') {
      this.session = new this.engine.XiangqiSession();
      // The room's rule set, as the server completed its options.
      const started = this.session.startGame(this.options.rules ? { rules: this.options.rules } : {});
      assert.ok(started.ok, started.reason);
    }
    if (this.game === 'reversi') this.session = new this.engine.ReversiSession();
    if (this.game === 'checkers') {
      this.session = new this.engine.CheckersSession();
      const started = this.session.newGame({ ...this.options.rules, players: this.options.players, first: 1 });
      assert.ok(started.ok, started.error);
    }
  }

  apply(move) {
    let outcome = { ok: true };
    if (this.game === 'xiangqi') {
      const sq = (t, i) => (t.charCodeAt(i + 1) - 48) * 9 + (t.charCodeAt(i) - 97);
      outcome = this.session.play(sq(move, 0), sq(move, 2));
    } else if (this.game === 'reversi') {
      if (move === 'pass')
        assert.equal(this.session.snapshot().plies, this.moves.length + 1, 'a pass step follows a move that forced it');
      else outcome = this.session.play((move.charCodeAt(1) - 49) * 8 + (move.charCodeAt(0) - 97));
    } else {
      outcome = move === 'pass' ? this.session.pass() : this.session.playText(move);
    }
    assert.ok(outcome.ok, `local engine refused ${move}: ${outcome.reason}`);
    this.moves.push(move);
  }

  rebuild(moves) {
    this.reset();
    for (const m of moves) this.apply(m);
  }

  positionText() {
    // The engine plays a forced pass with the move before it; until the
    // room's pass step arrives, the position is the one before that pass.
    if (this.game === 'reversi') {
      const snap = this.session.snapshot();
      if (snap.plies > this.moves.length) return this.session.snapshotAt(this.moves.length).positionText;
    }
    return this.session.positionText();
  }

  pos() {
    return hashText(this.positionText());
  }

  snapshot() {
    return this.session.snapshot();
  }

  // The seat to move as the room sees it: nobody while the room's pass step
  // is still to come (the engine has played it already) or once it is over.
  toMove() {
    const snap = this.snapshot();
    if (snap.status.over || (this.game === 'reversi' && snap.plies > this.moves.length)) return null;
    return snap.side;
  }

  status() {
    return this.snapshot().status;
  }

  // Every legal move of the side to move, in the room's notation.
  legal() {
    const snap = this.snapshot();
    if (this.toMove() === null) return [];
    if (this.game === 'xiangqi') {
      const name = (sq) => 'abcdefghi'[sq % 9] + Math.floor(sq / 9);
      return snap.legal.map((m) => name(m.from) + name(m.to));
    }
    if (this.game === 'reversi') return snap.legal.map((sq) => 'abcdefgh'[sq % 8] + (Math.floor(sq / 8) + 1));
    // `from-to`: the engine plays it along its shortest path and answers
    // with its canonical text (a step `a-b` or a hop chain `a:h:b`).
    return snap.legal.map((m) => `${m.from}-${m.to}`);
  }

  delete() {
    this.session?.delete();
    this.session = null;
  }
}

// A seeded random generator (SplitMix32-like) so a failing run can be repeated.
export function random(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  next.seed = seed;
  return next;
}

// The async runner: cases run one after another; a failure is reported and
// the run goes on.
const cases = [];
export function test(name, body, { timeoutMs = 120000 } = {}) {
  cases.push({ name, body, timeoutMs });
}

// QIPAN_TEST_ONLY=text runs only the cases whose names contain it.
export async function run() {
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  const only = process.env.QIPAN_TEST_ONLY;
  for (const c of cases) {
    if (only && !c.name.includes(only)) continue;
    const t0 = Date.now();
    let timer;
    try {
      await Promise.race([
        c.body(),
        new Promise((_, fail) => {
          timer = setTimeout(() => fail(new Error(`no end after ${c.timeoutMs} ms`)), c.timeoutMs);
        }),
      ]);
      passed++;
      console.log(`ok - ${c.name} (${Date.now() - t0} ms)`);
    } catch (error) {
      failed++;
      console.log(`not ok - ${c.name}\n${error.stack}`);
    } finally {
      clearTimeout(timer);
    }
  }
  console.log(`${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return failed;
}

export { assert };

// A client seated (or watching) in one room, whose local engine follows the
// room's `move` and `undone` events.
export class Player {
  constructor(client, engine, ack, roomId) {
    this.client = client;
    this.engine = engine;
    this.roomId = roomId ?? ack.roomId ?? ack.state.roomId;
    this.seat = ack.seat;
    this.token = ack.token;
    this.invite = inviteKey(ack.links);
    this.state = ack.state;
    this.v = ack.state.v;
    this.result = ack.state.result;
    this.local = new LocalGame(engine, ack.state.game, ack.state.options);
    this.local.rebuild(ack.state.moves.map((m) => m.move));
    this.errors = [];
    // A listener must not throw (it would crash the process): problems are
    // kept and fail the next wait.
    client.socket.on('event', (e) => {
      try {
        this.follow(e);
      } catch (error) {
        this.errors.push(error);
      }
    });
  }

  check() {
    if (this.errors.length) throw this.errors[0];
  }

  static async create(url, engine, payload) {
    const client = new Client(url);
    const ack = await client.call('room:create', payload);
    assert.ok(ack.ok, `room:create refused: ${ack.code} ${ack.reason}`);
    return new Player(client, engine, ack);
  }

  // A guest who came by `host`'s invite link (its secret takes a free seat).
  static async accept(url, engine, host, extra = {}) {
    return Player.join(url, engine, host.roomId, { invite: host.invite, ...extra });
  }

  static async join(url, engine, roomId, extra = {}) {
    const client = new Client(url);
    const ack = await client.call('room:join', { roomId, ...extra });
    assert.ok(ack.ok, `room:join refused: ${ack.code} ${ack.reason}`);
    return new Player(client, engine, ack, roomId);
  }

  follow(e) {
    if (e.roomId !== this.roomId || e.v <= this.v) return;
    assert.equal(e.v, this.v + 1, `events arrive in order without gaps (${this.roomId})`);
    this.v = e.v;
    if (e.type === 'move') this.local.apply(e.data.move);
    if (e.type === 'undone') this.local.rebuild(this.local.moves.slice(0, e.data.to));
    if (e.type === 'result') this.result = e.data;
    assert.equal(e.pos, this.local.pos(), `the event's pos is the local engine's (${e.type} v${e.v})`);
  }

  get step() {
    return this.local.moves.length;
  }

  call(event, payload = {}) {
    return this.client.call(event, { roomId: this.roomId, ...payload });
  }

  // Plays `move` as this seat from the position it sees.
  play(move) {
    return this.call('move', { token: this.token, step: this.step + 1, move, pos: this.local.pos() });
  }

  async playOk(move) {
    const ack = await this.play(move);
    assert.ok(ack.ok, `move ${move} refused: ${ack.code} ${ack.reason}`);
    return ack;
  }

  // Resolves when this client's room has reached `step` steps.
  waitStep(step) {
    return this.waitUntil(() => this.step >= step, `step ${step}`).then(() => this.step);
  }

  // Resolves when `condition()` holds after some event of this room.
  async waitUntil(condition, what) {
    this.check();
    if (condition()) return;
    await this.client.waitFor((e) => e.roomId === this.roomId && (this.errors.length > 0 || condition()), { what });
    this.check();
  }

  async waitType(type) {
    const found = await this.client.waitFor(
      (e) => e.roomId === this.roomId && e.type === type && (e.v <= this.v || this.errors.length > 0),
      { what: `'${type}'` },
    );
    this.check();
    return found;
  }

  async sync() {
    const ack = await this.call('sync', this.token ? { token: this.token } : {});
    assert.ok(ack.ok, `sync refused: ${ack.code}`);
    return ack.state;
  }

  close() {
    this.client.close();
    this.local.delete();
  }
}
