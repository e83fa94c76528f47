// The HTTP side: the page (dist/index.html) at `/` and `/index.html`, a
// health line at `/health`; Socket.IO takes `/socket.io/`.
import { readFile, stat } from 'node:fs/promises';

export function pageHandler({ pagePath, health }) {
  let cached = null; // {mtimeMs, body}
  async function page() {
    const info = await stat(pagePath);
    if (!cached || cached.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, body: await readFile(pagePath) };
    return cached.body;
  }
  return async (req, res) => {
    if (req.url.startsWith('/socket.io/')) return; // Socket.IO answers these
    const path = new URL(req.url, 'http://x').pathname;
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
      } else if (path === '/' || path === '/index.html') {
        const body = await page();
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : body);
      } else if (path === '/health') {
        const query = new URL(req.url, 'http://x').searchParams;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(health(query.has('gc'), query.has('reset'))));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    } catch {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('the page is not built (scripts/build wasm)');
    }
  };
}
