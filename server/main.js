// The room server from the command line (scripts/serve runs it):
// The room server from the command line (scripts/serve runs it):
//   node server/main.js [--port N] [--host H] [--db FILE|postgres://...] [--node NAME]
//                       [--public-url URL] [--trust-proxy [ADDR,...]] [--allow-origin URL]...
// --node: this node's name among several sharing one PostgreSQL database.
// --trust-proxy: the proxies in front (addresses or CIDR ranges, comma
// separated; none given: this machine's, 127.0.0.0/8 and ::1) append the
// client's address to X-Forwarded-For, and limits per address and /health's
// loopback rule use it; the header from any other peer is ignored.
// --allow-origin (repeatable): another page origin that may connect (`null`:
// a page opened from disk). Timings and limits come from the environment
// (QIPAN_SEAT_GRACE_MS, QIPAN_MAX_SOCKETS_PER_IP, QIPAN_ALLOW_ORIGINS, ...;
// server/PROTOCOL.md lists all). Prints one line `listening <url> node <name>
// port <port>` (tests and scripts/cluster wait for it), then the addresses.
import { resolve } from 'node:path';

import QRCode from 'qrcode';

import { startServer } from './app.js';
import { proxyTrust } from './net/client_address.js';
import { originOf } from './net/origin_policy.js';
import { installProcessGuards } from './process_guards.js';
import { isPostgresUrl } from './store/store.js';

// Before anything can go wrong: a stray rejection is logged, not fatal.
installProcessGuards((line) => console.error(`[qipan-server] ${line}`));

const USAGE =
  'usage: node server/main.js [--port N] [--host H] [--db FILE|postgres://...] [--node NAME] [--public-url URL] [--trust-proxy [ADDR,...]] [--allow-origin URL]...';

function parseArgs(argv) {
  const out = { allowOrigins: [] };
  const flags = { '--port': 'port', '--host': 'host', '--db': 'db', '--node': 'node', '--public-url': 'publicUrl' };
  for (let i = 0; i < argv.length; i++) {
    const key = flags[argv[i]];
    if (argv[i] === '-h' || argv[i] === '--help') {
      console.log(USAGE);
      process.exit(0);
    }
    if (argv[i] === '--trust-proxy') {
      // A list follows unless the next word is another option.
      const list = argv[i + 1] !== undefined && !argv[i + 1].startsWith('-') ? argv[++i] : null;
      try {
        out.trustProxy = proxyTrust(list ?? true);
      } catch (error) {
        console.error(`serve: --trust-proxy: ${error.message}`);
        process.exit(2);
      }
      continue;
    }
    if (argv[i] === '--allow-origin' && argv[i + 1] !== undefined) {
      const origin = argv[++i];
      if (!originOf(origin)) {
        console.error(`serve: --allow-origin takes an http(s) origin or null, not '${origin}'`);
        process.exit(2);
      }
      out.allowOrigins.push(origin);
      continue;
    }
    if (!key || argv[i + 1] === undefined) {
      console.error(`serve: unknown or incomplete option '${argv[i]}'`);
      process.exit(2);
    }
    out[key] = argv[++i];
  }
  if (out.port !== undefined) {
    const port = Number(out.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error(`serve: bad port '${out.port}'`);
      process.exit(2);
    }
    out.port = port;
  }
  if (out.publicUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(out.publicUrl)) {
    console.error(`serve: --public-url must be an http(s) URL, not '${out.publicUrl}'`);
    process.exit(2);
  }
  if (out.db !== undefined && out.db !== ':memory:' && !isPostgresUrl(out.db)) out.db = resolve(out.db);
  return out;
}

const args = parseArgs(process.argv.slice(2));
let server;
try {
  server = await startServer(args);
} catch (error) {
  console.error(`serve: ${error.message}${error.code === 'EADDRINUSE' ? ' (try --port N)' : ''}`);
  process.exit(1);
}
console.log(`listening ${server.url} node ${server.node} port ${server.port}`);
console.log('Qipan online rooms: open one of these addresses in a browser:');
for (const url of server.urls) console.log(`  ${url}`);
const lan = server.urls.find((u) => !u.includes('127.0.0.1') && !u.includes('localhost'));
if (lan && process.stdout.isTTY) console.log(await QRCode.toString(lan, { type: 'terminal', small: true }));
if (!lan && !args.publicUrl) console.log('Only this machine can reach it; --host 0.0.0.0 lets phones on the same network in.');
console.log('Press Ctrl+C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    await server.close();
    process.exit(0);
  });
}
