// The page's files from one folder (dist/): index.html at `/`, whatever else
// the page build puts beside it, with their content types, the security
// headers (content_security.js) and 400/403/404/405 for what is no file.
// The room server (http.js) and the plain static server of scripts/play
// (scripts/serve.mjs) both serve through it. `routes` maps paths the caller
// answers itself (`/health`) to handlers; `pageAt(path)` (async) says
// whether a path that is no file is one of the page's own addresses (true:
// the page; false: 404; null: not such an address); `refusal(req, path)`
// (async) may refuse a request before any of that, with {status, headers,
// text} (a rate limit), or let it through with null.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

import { inlineScriptHashes, securityHeaders } from './content_security.js';

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

// The request's path, decoded and normalised; null when it does not decode
// (`/%E0`).
export function requestPath(url) {
  try {
    return normalize(decodeURIComponent(new URL(url, 'http://x').pathname));
  } catch {
    return null;
  }
}

export function staticFiles(pageDir, { routes = {}, pageAt = async () => null, refusal = async () => null } = {}) {
  const root = resolve(pageDir);
  const plain = securityHeaders();
  let htmlHeaders = { key: null, headers: plain }; // the last HTML file's, by path, size and time

  async function headersFor(file, body) {
    if (extname(file) !== '.html') return plain;
    const { size, mtimeMs } = await stat(file);
    const key = `${file}:${size}:${mtimeMs}`;
    if (htmlHeaders.key !== key) htmlHeaders = { key, headers: securityHeaders(inlineScriptHashes(body.toString('utf8'))) };
    return htmlHeaders.headers;
  }

  return async (req, res) => {
    for (const [name, value] of Object.entries(plain)) res.setHeader(name, value);
    const path = requestPath(req.url);
    if (path === null) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const refused = await refusal(req, path);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'text/plain', ...refused.headers }).end(refused.text);
      return;
    }
    if (Object.hasOwn(routes, path)) {
      try {
        await routes[path](req, res);
      } catch {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end();
      }
      return;
    }
    const page = path === '/' ? true : await pageAt(path).catch(() => null);
    if (page === false) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const file = join(root, page ? 'index.html' : path);
    if (!file.startsWith(`${root}/`)) {
      res.writeHead(403).end();
      return;
    }
    let body;
    let headers;
    try {
      body = await readFile(file);
      headers = await headersFor(file, body);
    } catch {
      const missingPage = file === join(root, 'index.html');
      res
        .writeHead(missingPage ? 503 : 404, { 'content-type': 'text/plain' })
        .end(missingPage ? 'the page is not built (scripts/build wasm)' : 'not found');
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] || 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
