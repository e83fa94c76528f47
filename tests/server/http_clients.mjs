// Clients for the hostile tests, each from a chosen local address (127.0.0.x,
// so one test can be several clients' addresses for the per-address
// limits): one HTTP request, a Socket.IO connection that resolves once
// connected or rejects when refused, and half-sent HTTP requests. Not a
// test itself.
import { request as httpRequest } from 'node:http';
import { connect as tcpConnect } from 'node:net';

import { io } from './harness.mjs';

// One HTTP request (with `body`, a string, when given); resolves with
// {status, headers, body}.
export function fetchText(url, { method = 'GET', headers = {}, from = undefined, timeoutMs = 8000, body = undefined } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress: from, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.end(body);
  });
}

// fetchText, asked again while the server closes the connection at once
// (ECONNRESET): after the client closed its connections, the server counts
// them gone only once it has read their close, a moment later, and there is
// nothing the client can wait on for that. Bounded by the caller (within()).
export async function fetchOnceReleased(url, options = {}) {
  for (;;) {
    try {
      return await fetchText(url, options);
    } catch (error) {
      if (error.code !== 'ECONNRESET') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// A Socket.IO connection; resolves once connected, rejects when refused.
export function connectSocket(url, { headers = {}, transports = ['websocket'], from = undefined, query = {} } = {}) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports,
      extraHeaders: headers,
      localAddress: from,
      query,
      forceNew: true,
      reconnection: false,
      timeout: 5000,
    });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('neither connected nor refused'));
    }, 8000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}

// Resolves true when the connection is refused, false (and closes it) when it connects.
export const isRefused = (connecting) =>
  connecting.then(
    (socket) => {
      socket.close();
      return false;
    },
    () => true,
  );

// `count` TCP connections from `from`, each sending an HTTP request's first
// lines and never the blank line that ends its headers (a slow-loris
// client; `send: false`: nothing, the caller writes). Resolves once each is
// connected or already closed, with [{socket, closed: Promise of {atMs,
// answer}}]: `answer` is what the server wrote before it closed the
// connection ('' for nothing).
export async function halfSentRequests(url, { count, from, send = true }) {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  const opened = Array.from({ length: count }, () => {
    const socket = tcpConnect({ host: hostname, port: Number(port), localAddress: from });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', () => resolve({ atMs: Date.now() - started, answer })));
    const ready = new Promise((resolve) => {
      socket.once('connect', () => {
        if (send) socket.write(`GET /ready HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: `, resolve);
        else resolve();
      });
      closed.then(resolve);
    });
    return { socket, closed, ready };
  });
  await Promise.all(opened.map((c) => c.ready));
  return opened.map(({ socket, closed }) => ({ socket, closed }));
}

// Resolves once `count` of the connections (from halfSentRequests) are closed.
export function closedCount(connections, count) {
  let closed = 0;
  return new Promise((resolve) => {
    if (count <= 0) resolve();
    for (const c of connections) c.closed.then(() => ++closed === count && resolve());
  });
}

// The connections (from halfSentRequests) the client still sees open.
export const stillOpen = (connections) => connections.filter((c) => !c.socket.destroyed && c.socket.readyState === 'open');

// Resolves as `promise` does, or rejects after `ms` saying what never happened.
export function within(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} (not within ${ms} ms)`)), ms);
    }),
  ]);
}
