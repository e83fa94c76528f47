// What the online benchmark measures: one room server (SQLite, as
// scripts/serve runs it) or a cluster of N nodes over PostgreSQL behind
// HAProxy (server/cluster/cluster.js, as scripts/cluster runs it), each
// started here in a temporary folder, with --expose-gc so memory can be read
// after a full collection, and the figures of every process involved.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startCluster } from '../../server/cluster/cluster.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// The node flags scripts/serve runs the server with, then
// QIPAN_BENCH_SERVER_FLAGS (e.g. --cpu-prof, or another --max-semi-space-size).
const extraFlags = () => (process.env.QIPAN_BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

// /proc figures of a process: CPU seconds and resident memory.
export function procStats(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const cpu = (Number(stat[11]) + Number(stat[12])) / 100; // USER_HZ
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
    return { cpu, rss };
  } catch {
    return { cpu: 0, rss: 0 };
  }
}

// A process and every process below it (PostgreSQL serves each connection
// from a child of its postmaster).
export function withDescendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const visit = (p) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out;
}

export function healthAt(url, { gc = false, reset = false, node = null } = {}) {
  const query = [gc && 'gc=1', reset && 'reset=1', node && `node=${node}`].filter(Boolean).join('&');
  return new Promise((done, fail) => {
    get(`${url}health?${query}`, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        try {
          done(JSON.parse(body));
        } catch (error) {
          fail(new Error(`health ${res.statusCode}: ${body.slice(0, 200)} (${error.message})`));
        }
      });
    }).on('error', fail);
  });
}

async function startSingle(env) {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-bench-'));
  const proc = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      ...extraFlags(),
      '--expose-gc',
      '--no-experimental-fetch',
      `${root}/server/main.js`,
      ...['--port', '0', '--db', join(dir, 'bench.db')],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const url = await new Promise((done, fail) => {
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening (\S+)/.exec(out);
      if (m) done(m[1]);
    });
    proc.once('exit', (code) => fail(new Error(`server exited (${code})`)));
  });
  proc.stdout.resume();
  return {
    url,
    nodes: [{ name: 'local', pid: proc.pid, url }],
    helpers: [],
    health: (options) => healthAt(url, options),
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((done) => proc.once('exit', done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startNodes(count, env) {
  const dir = mkdtempSync(join(tmpdir(), 'qipan-bench-cluster-'));
  const cluster = await startCluster({
    nodes: count,
    port: 0,
    dataDir: dir,
    env,
    restartDead: false,
    nodeFlags: [...extraFlags(), '--expose-gc'],
    postgresStop: 'immediate',
    log: () => {},
  });
  const info = cluster.info();
  return {
    url: cluster.url,
    get nodes() {
      return cluster.nodes.map((n) => ({ name: n.name, pid: n.pid, url: n.url }));
    },
    helpers: [
      { name: 'postgres', pid: info.postgres.pid },
      { name: 'haproxy', pid: info.haproxy.pid },
    ],
    postgresUrl: cluster.postgres.urlWithPassword,
    // Each node's figures through HAProxy (?node=), summed where they add up.
    async health(options = {}) {
      const each = await Promise.all(cluster.nodes.map((n) => healthAt(cluster.url, { ...options, node: n.name })));
      const sum = (pick) => each.reduce((total, h) => total + (pick(h) ?? 0), 0);
      const store = (key) => sum((h) => h.store?.[key]);
      return {
        each,
        rooms: sum((h) => h.rooms),
        memory: sum((h) => h.memory),
        heapUsed: sum((h) => h.heapUsed),
        eventLoopDelayMs: {
          p99: Math.max(...each.map((h) => h.eventLoopDelayMs.p99)),
          max: Math.max(...each.map((h) => h.eventLoopDelayMs.max)),
        },
        store: {
          flushes: store('flushes'),
          appends: store('appends'),
          flushMs: store('flushMs'),
          flushMaxMs: Math.max(...each.map((h) => h.store?.flushMaxMs ?? 0)),
        },
      };
    },
    kill: (name) => cluster.kill(name, 'SIGKILL'),
    stop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// nodes 0: one server with SQLite; N: a cluster of N nodes.
export function startTarget({ nodes = 0, env = {} }) {
  return nodes ? startNodes(nodes, env) : startSingle(env);
}
