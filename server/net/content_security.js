// The security headers of every page response. The page inlines its
// scripts (so it also works opened from disk), so its Content-Security-Policy
// names each inline script by its SHA-256 rather than allowing inline script
// at all; `'wasm-unsafe-eval'` lets the engine compile its WebAssembly, and
// `blob:` workers are the AI's. The engine is built not to make functions
// from strings (cmake/Wasm.cmake, DYNAMIC_EXECUTION=0), so no 'unsafe-eval'.
// Opened from disk the page has no headers, and needs none.
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

// The CSP source of each inline script of an HTML document ('sha256-...').
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, body] of String(html).matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes = []) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, "'wasm-unsafe-eval'"].join(' ')}`,
    "worker-src blob: 'self'",
    "connect-src 'self' ws: wss:",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(scriptHashes = []) {
  return {
    'content-security-policy': contentSecurityPolicy(scriptHashes),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
