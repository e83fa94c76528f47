// The page's connection to a room server: socket.io-client (bundled into the
// page, so a page opened from disk works too) with its reconnection, and
// requests that always end in one answer: the server's ack, or a refusal of
// our own ({ok: false, code: 'timeout' | 'offline'}) worded like the
// server's (strings/online.js). Every connection, and every reconnection,
// first says `hello` with the browser's player key (player_identity.js):
// the client counts as connected only after that, and requests wait for it,
// so the server knows the player before any join, seek or move. The answer
// also says which account the connection is (account.js): the session
// cookie rides on the socket's handshake, so signing in or out takes a new
// connection (renew()).

import { io } from 'socket.io-client';
import { noteHello } from './account.js';
import { helloPayload } from './player_identity.js';

const REQUEST_TIMEOUT_MS = 8000;

export class RoomClient {
  // handlers: {onEvent, onConnect, onDisconnect}, settable later (listen());
  // room events that arrive before then wait in a queue.
  constructor(serverUrl) {
    this.serverUrl = serverUrl;
    this.handlers = null;
    this.queued = [];
    this.listeners = new Map(); // other server events (the lobby's): name -> Set of functions
    this.readyListeners = new Set(); // called after each connection's hello
    this.greetedSocket = null; // the socket whose hello was answered
    this.playerId = null; // the server's public id of this player (null if hello was refused)
    this.account = undefined; // {name} or null as hello said; undefined: a server without accounts
    this.waiters = new Set();
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
    socket.on('connect', () => this.greet(socket));
    for (const name of this.listeners.keys()) this.bind(socket, name);
    socket.on('disconnect', (reason) => {
      if (this.greetedSocket === socket) this.greetedSocket = null;
      this.handlers?.onDisconnect(reason);
      // The server closed us on purpose (its room went to another server):
      // connect again, through the public address, to whichever has it.
      if (reason === 'io server disconnect' && this.socket === socket) this.reconnectElsewhere();
    });
    this.socket = socket;
  }

  // hello first: what the socket does afterwards is the player's. A server
  // that refuses it (an older one) or does not answer in time still serves
  // the socket as before, without a player.
  async greet(socket) {
    let ack;
    try {
      ack = await socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck('hello', helloPayload());
    } catch {
      ack = null;
    }
    if (socket !== this.socket || !socket.connected) return; // gone meanwhile: the next connection says it again
    this.playerId = ack?.ok ? ack.playerId : null;
    // The account this connection is (null signed out); undefined where
    // the server has no accounts.
    this.account = ack?.ok && Object.prototype.hasOwnProperty.call(ack, 'account') ? (ack.account ?? null) : undefined;
    this.greetedSocket = socket;
    noteHello(this.serverUrl, ack);
    for (const waiter of [...this.waiters]) waiter(true);
    this.handlers?.onConnect();
    for (const fn of [...this.readyListeners]) fn();
  }

  // A server event other than a room's `event` (`lobby`, `room:started`):
  // kept across the sockets this client goes through. Returns the undo.
  on(name, fn) {
    if (!this.listeners.has(name)) {
      this.listeners.set(name, new Set());
      this.bind(this.socket, name);
    }
    this.listeners.get(name).add(fn);
    return () => this.listeners.get(name)?.delete(fn);
  }

  bind(socket, name) {
    socket.on(name, (payload) => {
      for (const fn of [...(this.listeners.get(name) ?? [])]) fn(payload);
    });
  }

  // fn() after every connection's hello (the first and each reconnection).
  // Returns the undo.
  onReady(fn) {
    this.readyListeners.add(fn);
    return () => this.readyListeners.delete(fn);
  }

  // A new connection, so its handshake carries the session cookie as it is
  // now (after signing in or out); its hello says who it is.
  renew() {
    this.greetedSocket = null;
    this.reconnectElsewhere();
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

  // Connected, and the server has had our hello.
  get connected() {
    return this.socket.connected && this.greetedSocket === this.socket;
  }

  // Resolves true once connected (hello answered), false after `timeoutMs`.
  waitConnected(timeoutMs = REQUEST_TIMEOUT_MS) {
    if (this.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok) => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(done);
    });
  }

  // One client event and its ack. A request made while disconnected waits
  // for the connection and its hello, up to the timeout. A room held
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
    if (!this.connected && !(await this.waitConnected(timeoutMs))) return { ok: false, code: 'offline' };
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
