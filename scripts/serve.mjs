// A minimal static server for dist/ (the page needs nothing else):
//   node scripts/serve.mjs [--port N] [--host H]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES as types } from './content_types.mjs';

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

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = join(root, path === '/' ? 'index.html' : path);
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
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
