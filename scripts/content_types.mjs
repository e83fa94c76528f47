// The content types a static host gives the page's files: the service
// worker must come as JavaScript and the manifest as a web app manifest, or
// the browser refuses them. Used by the browser tests' own static server
// (the room server and scripts/serve.mjs serve through server/net/static_files.js).
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};
