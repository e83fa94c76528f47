// The HTTP server the room server (app.js) and scripts/serve.mjs listen
// with, bounded against clients that open connections and never finish a
// request (slow loris): a request's headers must arrive within
// QIPAN_HTTP_HEADERS_TIMEOUT_MS and the whole request within
// QIPAN_HTTP_REQUEST_TIMEOUT_MS (answered 408 and closed; a connection that
// sends nothing is closed the same way, an idle keep-alive one after 5 s);
// and one address holds at most QIPAN_MAX_HTTP_CONNECTIONS_PER_IP
// connections that are not (yet) WebSockets: the next one is closed at
// once, before it costs a request. A WebSocket leaves that count when it is
// upgraded (socket_admission.js counts Socket.IO connections). A trusted
// proxy's connections are not counted: it speaks for many clients, and its
// own timeouts and limits stand in front (docs/deploy.md).
import { createServer } from 'node:http';

import { addressKey, normalizeAddress } from './client_address.js';

// How often Node looks for requests past their timeouts: often enough that a
// timeout is kept to within a second.
const checkEveryMs = (headersTimeoutMs) => Math.max(100, Math.min(1000, Math.floor(headersTimeoutMs / 2)));

// settings: {httpHeadersTimeoutMs, httpRequestTimeoutMs, maxHttpConnectionsPerIp}
// (transport_settings.js); trustProxy: a ProxyTrust or null. Returns
// {server, figures}; figures.httpConnectionRefusals counts the connections closed by the cap.
export function createHttpServer(handler, settings, { trustProxy = null } = {}) {
  const { httpHeadersTimeoutMs, httpRequestTimeoutMs, maxHttpConnectionsPerIp } = settings;
  const server = createServer(
    {
      headersTimeout: httpHeadersTimeoutMs,
      requestTimeout: httpRequestTimeoutMs,
      connectionsCheckingInterval: checkEveryMs(httpHeadersTimeoutMs),
    },
    handler,
  );
  const figures = { httpConnectionRefusals: 0 };
  const open = new Map(); // address key -> connections counted
  const counted = new WeakMap(); // socket -> its release()

  server.on('connection', (socket) => {
    const peer = normalizeAddress(socket.remoteAddress);
    if (!peer || trustProxy?.trusts(peer)) return;
    const key = addressKey(peer);
    const count = (open.get(key) ?? 0) + 1;
    if (count > maxHttpConnectionsPerIp) {
      figures.httpConnectionRefusals++;
      socket.destroy();
      return;
    }
    open.set(key, count);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    };
    counted.set(socket, release);
    socket.once('close', release);
  });
  server.on('upgrade', (req, socket) => counted.get(socket)?.());
  return { server, figures };
}
