// The page's connection to a room server: socket.io-client (bundled into the
// page, so a page opened from disk works too) with its reconnection, and
// requests that always end in one answer: the server's ack, or a refusal of
// our own ({ok: false, code: 'timeout' | 'offline'}) worded like the
// server's (strings/online.js).

import { io } from 'socket.io-client';

const REQUEST_TIMEOUT_MS = 8000;

export class RoomClient {
  // handlers: {onEvent, onConnect, onDisconnect}, settable later (listen());
  // room events that arrive before then wait in a queue.
  constructor(serverUrl) {
    this.serverUrl = serverUrl;
    this.handlers = null;
    this.queued = [];
    // WebSocket first (one connection, no upgrade step), long-polling when a
    // network lets no WebSocket through.
    this.socket = io(serverUrl, {
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      timeout: 5000,
    });
    this.socket.on('event', (event) => {
      if (this.handlers) this.handlers.onEvent(event);
      else this.queued.push(event);
    });
    this.socket.on('connect', () => this.handlers?.onConnect());
    this.socket.on('disconnect', (reason) => this.handlers?.onDisconnect(reason));
  }

  listen(handlers) {
    this.handlers = handlers;
    const queued = this.queued.splice(0);
    for (const event of queued) handlers.onEvent(event);
  }

  get connected() {
    return this.socket.connected;
  }

  // Resolves true once connected, false after `timeoutMs`.
  waitConnected(timeoutMs = REQUEST_TIMEOUT_MS) {
    if (this.socket.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok) => {
        clearTimeout(timer);
        this.socket.off('connect', onConnect);
        resolve(ok);
      };
      const onConnect = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.socket.on('connect', onConnect);
    });
  }

  // One client event and its ack. A request made while disconnected waits
  // for the connection (socket.io buffers it) up to the timeout.
  async request(event, payload, timeoutMs = REQUEST_TIMEOUT_MS) {
    try {
      const ack = await this.socket.timeout(timeoutMs).emitWithAck(event, payload);
      return ack && typeof ack === 'object' ? ack : { ok: false, code: 'server_error' };
    } catch {
      return { ok: false, code: this.socket.connected ? 'timeout' : 'offline' };
    }
  }

  close() {
    this.socket.close();
  }
}
