// The HTTP side: the page's files from dist/ (index.html at `/`, and whatever
// else the page build puts beside it), a JSON line of figures at `/health`;
// Socket.IO answers `/socket.io/` itself.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function pageHandler({ pageDir, health }) {
  const root = resolve(pageDir);
  return async (req, res) => {
    let path;
    try {
      path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/health') {
      const query = new URL(req.url, 'http://x').searchParams;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(health(query.has('gc'), query.has('reset'))));
      return;
    }
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(`${root}/`)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      const missingPage = file === join(root, 'index.html');
      res
        .writeHead(missingPage ? 503 : 404, { 'content-type': 'text/plain' })
        .end(missingPage ? 'the page is not built (scripts/build wasm)' : 'not found');
    }
  };
}
