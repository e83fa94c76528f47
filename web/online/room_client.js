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
    this.connectTo(serverUrl, {});
  }

  // WebSocket first (one connection, no upgrade step), long-polling when a
  // network lets no WebSocket through. `query.node` asks the proxy in front
  // of several servers for the one that holds our room.
  connectTo(url, query) {
    const socket = io(url, {
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      timeout: 5000,
      query,
      forceNew: true,
    });
    socket.on('event', (event) => {
      if (this.handlers) this.handlers.onEvent(event);
      else this.queued.push(event);
    });
    socket.on('connect', () => this.handlers?.onConnect());
    socket.on('disconnect', (reason) => {
      this.handlers?.onDisconnect(reason);
      // The server closed us on purpose (its room went to another server):
      // connect again, through the public address, to whichever has it.
      if (reason === 'io server disconnect' && this.socket === socket) this.reconnectElsewhere();
    });
    this.socket = socket;
  }

  reconnectElsewhere() {
    const old = this.socket;
    this.connectTo(this.serverUrl, {});
    old.off();
    old.close();
  }

  // To the server that holds the room (a `moved` answer): through the same
  // address with ?node= (the proxy routes it), or, when that answered
  // `moved` again (no proxy in front), the server's own address.
  async follow(moved, hop) {
    const old = this.socket;
    const direct = hop > 0 && moved.url;
    this.connectTo(direct ? moved.url : this.serverUrl, direct ? {} : { node: moved.node });
    old.off();
    old.close();
    return this.waitConnected();
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
    const socket = this.socket;
    return new Promise((resolve) => {
      const done = (ok) => {
        clearTimeout(timer);
        socket.off('connect', onConnect);
        resolve(ok);
      };
      const onConnect = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      socket.on('connect', onConnect);
    });
  }

  // One client event and its ack. A request made while disconnected waits
  // for the connection (socket.io buffers it) up to the timeout. A room held
  // by another server (`moved`) is followed there and the request made again.
  async request(event, payload, timeoutMs = REQUEST_TIMEOUT_MS) {
    let ack = await this.send(event, payload, timeoutMs);
    for (let hop = 0; hop < 2 && !ack.ok && ack.code === 'moved'; hop++) {
      if (!(await this.follow(ack, hop))) return { ok: false, code: 'offline' };
      ack = await this.send(event, payload, timeoutMs);
    }
    return ack;
  }

  async send(event, payload, timeoutMs) {
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
