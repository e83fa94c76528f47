// scripts/cluster's program (the bash script installs and builds first):
// several room server nodes behind HAProxy on this machine, or, with
// --haproxy-config, only the configuration for nodes elsewhere.
// server/cluster/cluster.js does the work; docs/deploy.md explains it.
import { resolve } from 'node:path';

import { startCluster } from '../server/cluster/cluster.js';
import { connectionsPerAddress, haproxyConfig, nodeFromPair } from '../server/cluster/haproxy_config.js';
import { transportSettingsFromEnv } from '../server/net/transport_settings.js';

const USAGE = `usage: scripts/cluster [--nodes N] [--port P] [--host H] [--public-url URL] [--no-restart-dead]
       scripts/cluster --haproxy-config [--port P] NAME=http://HOST:PORT...`;

function fail(message) {
  console.error(`cluster: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const out = { nodes: 3, port: 8080, host: '127.0.0.1', restartDead: true, pairs: [], haproxyConfig: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (argv[i + 1] === undefined ? fail(`${a} needs a value`) : argv[++i]);
    if (a === '-h' || a === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (a === '--nodes') out.nodes = Number(value());
    else if (a === '--port') out.port = Number(value());
    else if (a === '--host') out.host = value();
    else if (a === '--public-url') out.publicUrl = value();
    else if (a === '--restart-dead') out.restartDead = true;
    else if (a === '--no-restart-dead') out.restartDead = false;
    else if (a === '--haproxy-config') out.haproxyConfig = true;
    else if (out.haproxyConfig && !a.startsWith('-')) out.pairs.push(a);
    else fail(`unknown option '${a}'`);
  }
  if (!Number.isInteger(out.nodes) || out.nodes < 1 || out.nodes > 64) fail('--nodes takes 1 to 64');
  if (!Number.isInteger(out.port) || out.port < 1 || out.port > 65535) fail('--port takes 1 to 65535');
  if (out.publicUrl !== undefined && !/^https?:\/\/\S+$/.test(out.publicUrl)) fail('--public-url takes an http(s) URL');
  return out;
}

const args = parseArgs(process.argv.slice(2));

if (args.haproxyConfig) {
  if (!args.pairs.length) fail('--haproxy-config needs at least one NAME=http://HOST:PORT');
  try {
    process.stdout.write(
      haproxyConfig({
        nodes: args.pairs.map(nodeFromPair),
        bind: `:${args.port}`,
        tlsHint: true,
        maxConnectionsPerAddress: connectionsPerAddress(transportSettingsFromEnv()),
      }),
    );
  } catch (error) {
    fail(error.message);
  }
  process.exit(0);
}

const dataDir = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../data');
let cluster;
try {
  cluster = await startCluster({ ...args, dataDir });
} catch (error) {
  console.error(`cluster: ${error.message}`);
  process.exit(1);
}
console.log(`listening ${cluster.url}`);
console.log(`Qipan online rooms on ${cluster.nodes.length} nodes: open ${cluster.url} in a browser.`);
console.log(
  `Nodes: ${cluster.nodes.map((n) => `${n.name} (port ${n.port})`).join(', ')}; logs in data/logs/, state in data/cluster.json.`,
);
console.log('Press Ctrl+C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log('cluster: stopping');
    await cluster.stop();
    process.exit(0);
  });
}
