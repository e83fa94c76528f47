// A minimal static server for dist/ (the page needs nothing else):
//   node scripts/serve.mjs [--port N] [--host H]
// It serves through the room server's own static-file handler
// (server/net/static_files.js): the same content types, security headers
// (Content-Security-Policy, nosniff, no referrer) and 400 for a path that
// does not decode; and with the room server's HTTP limits
// (server/net/http_server.js: header and request timeouts, connections per
// address; QIPAN_HTTP_HEADERS_TIMEOUT_MS, ...).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createHttpServer } from '../server/net/http_server.js';
import { staticFiles } from '../server/net/static_files.js';
import { transportSettingsFromEnv } from '../server/net/transport_settings.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = Number(option('--port', process.env.PORT || 8080));
const host = option('--host', '127.0.0.1');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`serve: bad port '${option('--port', '')}'`);
  process.exit(2);
}

let settings;
try {
  settings = transportSettingsFromEnv();
} catch (error) {
  console.error(`serve: ${error.message}`);
  process.exit(2);
}
const { server } = createHttpServer(staticFiles(root), settings);
server.on('error', (error) => {
  console.error(`serve: ${error.message}${error.code === 'EADDRINUSE' ? ' (try --port N)' : ''}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${server.address().port}/`;
  console.log(`Qipan is being served at ${url}`);
  console.log(`The page also works opened straight from disk: file://${join(root, 'index.html')}`);
  console.log('Press Ctrl+C to stop.');
});
