// Several room server nodes on one machine behind one URL: a private
// PostgreSQL (postgres_server.js) as the shared store, N nodes
// (server/main.js --node nK --db postgres://...), and HAProxy in front
// (haproxy_config.js). scripts/cluster runs it from the command line; tests
// start one in a temporary folder and kill, stop or restart its nodes.
//
// startCluster({nodes, port, host, dataDir, env, restartDead, publicUrl, fsync, log, nodeFlags})
// (nodeFlags: more node options for every node, e.g. --expose-gc for a benchmark)
// resolves, once every node answers through HAProxy, with an EventEmitter:
//   url                   HAProxy's URL (every node's --public-url)
//   nodes                 [{name, pid, port, url}] (url: the node itself)
//   info()                what cluster.json holds
//   kill(name, signal)    signals a node (default SIGKILL); resolves when it
//                         has exited (at once for SIGSTOP and SIGCONT)
//   restart(name)         kills it if alive, starts it again on its port;
//                         resolves with the node once it is listening
//   nextStart(name)       resolves with the node at its next (re)start
//   stop()                nodes (SIGTERM, so they release their rooms), then
//                         HAProxy, then PostgreSQL
//   events 'exit' {name, code, signal} and 'started' {name, pid, port, url}
// healthVia(url, name): /health through the proxy for ?node=NAME (below).
// With restartDead (default), a node that exits on its own or is killed is
// started again (a new process, so a new epoch) after a short delay.
// cluster.json in dataDir is rewritten at every (re)start:
//   {url, nodes: [{name, pid, port}], postgres: {pid, socketDir, url, passfile}, haproxy: {pid, port}}
// (`url` names no password: the nodes get it as PGPASSWORD, pg_dump from
// PGPASSFILE=passfile; cluster.postgres.urlWithPassword is for this process.)
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { transportSettingsFromEnv } from '../net/transport_settings.js';
import { connectionsPerAddress, haproxyConfig } from './haproxy_config.js';
import { startPostgres } from './postgres_server.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const READY_MS = 60_000;
// HAProxy reaches the nodes from this address; it is the one peer whose
// X-Forwarded-For a node believes (a client reaching a node's port directly
// is counted by its own address).
const PROXY_ADDRESS = '127.0.0.1';
const STOP_GRACE_MS = 10_000;
const TAIL_CHARS = 4000;

export function haproxyBin() {
  for (const path of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) if (existsSync(path)) return path;
  return 'haproxy'; // from the PATH, or spawn fails with ENOENT
}

export function freePort(host = '127.0.0.1') {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// GET through HAProxy to the named node (a live one when that node is
// marked down): the /health of whichever answered, or null (none in 2 s).
export function healthVia(url, node) {
  return new Promise((done) => {
    const request = get(`${url}health?node=${encodeURIComponent(node)}`, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        try {
          done(res.statusCode === 200 ? JSON.parse(body) : null);
        } catch {
          done(null);
        }
      });
    });
    request.setTimeout(2000, () => request.destroy());
    request.on('error', () => done(null));
  });
}

class Cluster extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.nodeState = new Map(); // name -> {name, port, proc, pid, url, tail, exited, restarts}
    this.stopping = false;
    this.postgres = null;
    this.haproxy = null;
  }

  get nodes() {
    return [...this.nodeState.values()].map(({ name, pid, port, url }) => ({ name, pid, port, url }));
  }

  info() {
    return {
      url: this.url,
      nodes: this.nodes.map(({ name, pid, port }) => ({ name, pid, port })),
      postgres: {
        pid: this.postgres?.pid ?? null,
        socketDir: this.postgres?.socketDir ?? null,
        url: this.postgres?.url ?? null,
        passfile: this.postgres?.passfile ?? null,
      },
      haproxy: { pid: this.haproxy?.pid ?? null, port: this.port },
    };
  }

  writeInfo() {
    if (!this.stopping) writeFileSync(join(this.options.dataDir, 'cluster.json'), `${JSON.stringify(this.info(), null, 2)}\n`);
  }

  // Starts node `name` on `port` (0: any) and resolves once it is listening.
  async startNode(name, port) {
    const { env, log } = this.options;
    const state = this.nodeState.get(name) ?? { name, port, restarts: 0, tail: '' };
    this.nodeState.set(name, state);
    const args = [
      '--no-experimental-fetch',
      '--max-semi-space-size=4',
      ...(this.options.nodeFlags ?? []),
      join(root, 'server/main.js'),
      ...['--port', String(port), '--host', '127.0.0.1', '--node', name],
      ...['--db', this.postgres.url, '--public-url', this.url, '--trust-proxy', PROXY_ADDRESS],
    ];
    const proc = spawn(process.execPath, args, {
      // The database password in the environment, not on the command line (ps shows that).
      env: { ...process.env, ...env, PGPASSWORD: this.postgres.password },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: Ctrl-C reaches the launcher, which stops things in order
    });
    state.proc = proc;
    state.pid = proc.pid;
    state.tail = '';
    const logFile = createWriteStream(join(this.options.dataDir, 'logs', `${name}.log`), { flags: 'a' });
    const keep = (chunk) => {
      logFile.write(chunk);
      state.tail = (state.tail + chunk).slice(-TAIL_CHARS);
    };
    proc.stderr.on('data', keep);
    state.exited = new Promise((done) =>
      proc.once('exit', (code, signal) => {
        logFile.end();
        done({ code, signal });
        this.nodeExited(state, proc, code, signal);
      }),
    );
    const listeningPort = await new Promise((done, fail) => {
      let out = '';
      proc.stdout.on('data', (chunk) => {
        keep(chunk);
        if (proc.listening) return;
        out += chunk;
        const m = /listening \S+ node \S+ port (\d+)/.exec(out);
        if (m) {
          proc.listening = true; // from now on its exit is a node's death
          done(Number(m[1]));
        }
      });
      state.exited.then(({ code, signal }) =>
        fail(new Error(`node ${name} exited (${code ?? signal}) before listening:\n${state.tail}`)),
      );
    });
    state.startedAt = Date.now();
    state.port = listeningPort;
    state.url = `http://127.0.0.1:${listeningPort}/`;
    log(`node ${name} listening on port ${state.port} (pid ${proc.pid})`);
    return state;
  }

  nodeExited(state, proc, code, signal) {
    if (state.proc !== proc || !proc.listening) return;
    this.emit('exit', { name: state.name, code, signal });
    if (this.stopping || !this.options.restartDead || state.restarting) return;
    // A node that keeps dying right after its start is retried less often.
    if (Date.now() - state.startedAt > 10_000) state.restarts = 0;
    const delay = Math.min(5000, 200 * 2 ** Math.min(state.restarts, 5));
    state.restarts++;
    setTimeout(() => {
      if (this.stopping || state.proc !== proc) return;
      this.options.log(`node ${state.name} ${signal ?? `exit ${code}`}: restarting`);
      this.startAgain(state.name).catch((error) => this.options.log(`restart of ${state.name} failed: ${error.message}`));
    }, delay).unref();
  }

  // On the node's own port, so HAProxy's configuration stays as it is; the
  // port may take a moment to be free again.
  async startAgain(name) {
    const state = this.nodeState.get(name);
    let lastError;
    for (let attempt = 0; attempt < 20 && !this.stopping; attempt++) {
      try {
        await this.startNode(name, state.port);
        // Started means reachable: HAProxy marks a node up only after its
        // health checks pass (rise 2), and until then ?node=NAME lands elsewhere.
        await this.untilRouted(name, Date.now() + READY_MS);
        this.writeInfo();
        this.emit(
          'started',
          this.nodes.find((n) => n.name === name),
        );
        return this.nodes.find((n) => n.name === name);
      } catch (error) {
        lastError = error;
        if (!/EADDRINUSE/.test(error.message)) throw error;
        await sleep(250);
      }
    }
    throw lastError ?? new Error('the cluster is stopping');
  }

  nextStart(name) {
    return new Promise((done) => {
      const onStart = (node) => {
        if (node.name !== name) return;
        this.off('started', onStart);
        done(node);
      };
      this.on('started', onStart);
    });
  }

  alive(state) {
    return state.proc && state.proc.exitCode === null && state.proc.signalCode === null;
  }

  async kill(name, signal = 'SIGKILL') {
    const state = this.nodeState.get(name);
    if (!state) throw new Error(`no node ${name}`);
    if (!this.alive(state)) return state.exited;
    const exited = state.exited;
    state.proc.kill(signal);
    if (signal === 'SIGSTOP' || signal === 'SIGCONT') return null;
    return exited;
  }

  async restart(name) {
    const state = this.nodeState.get(name);
    if (!state) throw new Error(`no node ${name}`);
    state.restarting = true;
    try {
      if (this.alive(state)) {
        state.proc.kill('SIGCONT');
        await this.kill(name, 'SIGKILL');
      }
      return await this.startAgain(name);
    } finally {
      state.restarting = false;
    }
  }

  async startHaproxy(nodes) {
    const config = haproxyConfig({
      nodes: nodes.map((n) => ({ name: n.name, address: `127.0.0.1:${n.port}` })),
      bind: `${this.options.host}:${this.port}`,
      // As the nodes' own limits are (the same environment).
      maxConnectionsPerAddress: connectionsPerAddress(transportSettingsFromEnv({ ...process.env, ...this.options.env })),
    });
    const configFile = join(this.options.dataDir, 'haproxy.cfg');
    writeFileSync(configFile, config);
    const proc = spawn(haproxyBin(), ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let tail = '';
    const keep = (chunk) => (tail = (tail + chunk).slice(-TAIL_CHARS));
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    const failed = new Promise((done) => {
      proc.once('error', (error) => done(`haproxy could not start: ${error.message} (scripts/setup --cluster installs it)`));
      proc.once('exit', (code, signal) => done(`haproxy exited (${code ?? signal}):\n${tail}`));
    });
    this.haproxy = { proc, pid: proc.pid, exited: failed, tail: () => tail };
    // Ready when each node answers through it, chosen by ?node=.
    const deadline = Date.now() + READY_MS;
    for (const node of nodes) await this.untilRouted(node.name, deadline);
  }

  // Resolves once HAProxy sends ?node=NAME to that node; throws if HAProxy
  // or the node dies first, or at the deadline.
  async untilRouted(name, deadline) {
    const state = this.nodeState.get(name);
    const proxy = this.haproxy;
    let stop = null;
    proxy.exited.then((why) => (stop = why));
    for (;;) {
      if (stop) throw new Error(stop);
      if (!this.alive(state)) throw new Error(`node ${name} exited before HAProxy routed to it:\n${state.tail}`);
      const health = await healthVia(this.url, name);
      if (health?.node?.name === name) return;
      if (Date.now() > deadline) throw new Error(`node ${name} does not answer through HAProxy:\n${proxy.tail()}`);
      await sleep(100);
    }
  }

  async stop() {
    if (this.stopped) return this.stopped;
    this.stopping = true;
    this.stopped = (async () => {
      // The nodes first, while the database is up: a clean stop releases their rooms.
      await Promise.all(
        [...this.nodeState.values()].map(async (state) => {
          if (!this.alive(state)) return;
          state.proc.kill('SIGCONT');
          state.proc.kill('SIGTERM');
          const timer = setTimeout(() => state.proc.kill('SIGKILL'), STOP_GRACE_MS);
          await state.exited;
          clearTimeout(timer);
        }),
      );
      if (this.haproxy && this.haproxy.proc.exitCode === null && this.haproxy.proc.signalCode === null) {
        this.haproxy.proc.kill('SIGTERM');
        await this.haproxy.exited;
      }
      this.postgres?.stop({ mode: this.options.postgresStop });
      rmSync(join(this.options.dataDir, 'cluster.json'), { force: true });
      process.off('exit', this.exitHook);
    })();
    return this.stopped;
  }

  // If the launcher itself exits without stop() (an error, a test's end),
  // nothing it started stays behind.
  hookExit() {
    this.exitHook = () => {
      for (const state of this.nodeState.values()) if (this.alive(state)) state.proc.kill('SIGKILL');
      this.haproxy?.proc.kill('SIGKILL');
      try {
        this.postgres?.stop({ mode: 'immediate' });
      } catch {
        // exiting anyway
      }
    };
    process.on('exit', this.exitHook);
  }
}

export async function startCluster(options = {}) {
  const settings = {
    nodes: 3,
    port: 8080,
    host: '127.0.0.1',
    env: {},
    restartDead: true,
    fsync: true,
    postgresStop: 'fast',
    log: (line) => console.error(`[cluster] ${line}`),
    ...options,
  };
  if (!settings.dataDir) throw new Error('startCluster needs a dataDir');
  if (!Number.isInteger(settings.nodes) || settings.nodes < 1 || settings.nodes > 64) throw new Error('nodes: 1 to 64');
  settings.dataDir = resolve(settings.dataDir);
  mkdirSync(join(settings.dataDir, 'logs'), { recursive: true });
  // The `postgres` user (root runs the database as it) passes through to data/pg.
  const mode = statSync(settings.dataDir).mode;
  if (process.getuid?.() === 0 && !(mode & 0o001)) chmodSync(settings.dataDir, (mode & 0o777) | 0o011);
  const cluster = new Cluster(settings);
  cluster.hookExit();
  try {
    cluster.port = settings.port || (await freePort(settings.host));
    const shownHost = settings.host === '0.0.0.0' ? '127.0.0.1' : settings.host;
    cluster.url = settings.publicUrl ?? `http://${shownHost}:${cluster.port}/`;
    if (!cluster.url.endsWith('/')) cluster.url += '/';
    // The socket lives in the database folder unless its path is too long for one.
    const pgDir = join(settings.dataDir, 'pg');
    const socketDir = pgDir.length <= 80 ? pgDir : mkdtempSync('/tmp/qpg.');
    cluster.postgres = await startPostgres({ dataDir: pgDir, socketDir, fsync: settings.fsync });
    settings.log(`PostgreSQL in ${pgDir} (pid ${cluster.postgres.pid}): ${cluster.postgres.url}`);
    const names = Array.from({ length: settings.nodes }, (_, i) => `n${i + 1}`);
    await Promise.all(names.map((name) => cluster.startNode(name, 0)));
    await cluster.startHaproxy(cluster.nodes);
    cluster.writeInfo();
    return cluster;
  } catch (error) {
    await cluster.stop().catch(() => {});
    throw error;
  }
}
