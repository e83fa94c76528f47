// The benchmark's rooms: two clients each (one Socket.IO connection per
// player, WebSocket), every room making a move a second from lines generated
// beforehand with the engine, so the client side only sends and times. A
// client follows `moved` to the node holding its room, waits out
// `unavailable`, and after a lost connection takes its seat back with its
// token and sends its move again until it is acked: what the page does, so
// the failover figures are what players see.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const hash = (text) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

// Random xiangqi games of `plies` moves that have not ended, each move with
// the pos it is played from (what a client sends).
export async function sequences(count, plies) {
  const engine = await require(process.env.QIPAN_WEB_ENGINE || `${root}/build/wasm/qipan_web.js`)();
  let seed = 12345;
  const rand = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const name = (sq) => 'abcdefghi'[sq % 9] + Math.floor(sq / 9);
  const out = [];
  while (out.length < count) {
    const s = new engine.XiangqiSession();
    const line = [];
    let snap = s.snapshot();
    while (line.length < plies && !snap.status.over) {
      const m = snap.legal[rand(snap.legal.length)];
      line.push({ move: name(m.from) + name(m.to), pos: hash(s.positionText()) });
      s.play(m.from, m.to);
      snap = s.snapshot();
    }
    if (line.length === plies && !snap.status.over) out.push(line);
    s.delete();
  }
  return out;
}

// One player's connection. `from`: the local address to connect from;
// `headers`: sent with every handshake (a signed-in player's cookie).
export class Seat {
  constructor(url, from, { headers = undefined } = {}) {
    Object.assign(this, { url, from, headers, roomId: null, token: null, invite: null });
    this.connect({});
  }

  connect(query) {
    this.socket?.off();
    this.socket?.io.off();
    this.socket?.close();
    this.socket = io(this.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      timeout: 20000,
      localAddress: this.from,
      extraHeaders: this.headers,
      query,
    });
    this.socket.io.on('reconnect', () => this.rejoin());
    this.socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') {
        this.connect({});
        this.socket.once('connect', () => this.rejoin());
      }
    });
    if (this.onEvent) this.socket.on('event', this.onEvent);
  }

  listen(onEvent) {
    this.onEvent = onEvent;
    this.socket.on('event', onEvent);
  }

  connected() {
    return this.socket.connected ? Promise.resolve() : new Promise((done) => this.socket.once('connect', done));
  }

  async call(event, payload, timeoutMs = 20000) {
    try {
      return await this.socket.timeout(timeoutMs).emitWithAck(event, payload);
    } catch {
      return { ok: false, code: 'no_ack' };
    }
  }

  // The event, following `moved` and waiting out `unavailable` (a room
  // moving to a survivor), a few times.
  async request(event, payload, timeoutMs) {
    let ack;
    for (let hop = 0; hop < 8; hop++) {
      ack = await this.call(event, payload, timeoutMs);
      if (ack.code === 'moved') {
        this.connect({ node: ack.node });
        await this.connected();
      } else if (ack.code === 'unavailable' && ack.retryAfterMs !== undefined) await sleep(ack.retryAfterMs + 50);
      else return ack;
    }
    return ack;
  }

  rejoin() {
    if (!this.roomId || !this.token) return;
    this.rejoining = this.request('room:join', { roomId: this.roomId, token: this.token });
  }
}

function requestId() {
  return `bench${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 40).padEnd(16, '0');
}

// Opens `count` rooms in batches (so the set-up is no flood); `from(i)` picks
// the local address of room i's clients. Resolves with the rooms and the
// failures.
export async function openRooms(url, count, lines, { from = () => undefined, batch = 100 } = {}) {
  const rooms = [];
  let failures = 0;
  const size = Math.max(1, Math.min(batch, Math.floor(count / 4) || 1));
  for (let start = 0; start < count; start += size) {
    const opening = [];
    for (let i = start; i < Math.min(count, start + size); i++) {
      opening.push(
        (async () => {
          const a = new Seat(url, from(i));
          const b = new Seat(url, from(i));
          await Promise.all([a.connected(), b.connected()]);
          const created = await a.request('room:create', { game: 'xiangqi', requestId: requestId() });
          if (!created.ok) throw new Error(`room:create: ${created.code}`);
          const invite = new URL(created.links.invite).searchParams.get('key');
          const joined = await b.request('room:join', { roomId: created.roomId, invite });
          if (!joined.ok) throw new Error(`room:join: ${joined.code}`);
          Object.assign(a, { roomId: created.roomId, token: created.token });
          Object.assign(b, { roomId: created.roomId, token: joined.token });
          rooms[i] = { i, roomId: created.roomId, seats: [a, b], line: lines[i % lines.length], step: 0, sent: null };
        })().catch(() => failures++),
      );
    }
    await Promise.all(opening);
  }
  return { rooms: rooms.filter(Boolean), failures };
}

// Every room moves once a second for `seconds`, spread over the second. A
// move is sent again (same step and pos) until it is acked; a room whose
// last move has not reached the opponent waits for the next second.
// `onMove(room, event, now)` sees every move event the opponent receives.
export async function playRooms(rooms, seconds, { onMove = () => {} } = {}) {
  const latencies = [];
  const ackLatencies = [];
  const errors = { refused: 0, noAck: 0, lost: 0, codes: {} };
  let committed = 0;
  let missed = 0;
  for (const room of rooms) {
    room.seats.forEach((seat, index) => {
      seat.listen((e) => {
        if (e.type !== 'move' || e.roomId !== room.roomId || e.data.seat === index) return;
        const now = performance.now();
        onMove(room, e, now);
        if (room.sent && room.sent.step === e.step) {
          latencies.push(now - room.sent.at);
          room.sent = null;
        }
      });
    });
  }
  const started = performance.now();
  const send = (room) => {
    const { step, payload, seat } = room.sent;
    const sentAt = performance.now();
    room.seats[seat]
      .call('move', payload, 5000)
      .then((ack) => {
        if (ack.ok) {
          if (!ack.duplicate) committed++;
          if (room.sent?.step === step) room.sent.acked = true;
          ackLatencies.push(performance.now() - sentAt);
          return;
        }
        errors.codes[ack.code] = (errors.codes[ack.code] ?? 0) + 1;
        if (ack.code === 'no_ack') errors.noAck++;
        else errors.refused++;
      })
      .catch(() => errors.noAck++);
  };
  const timers = rooms.map((room, k) =>
    setTimeout(
      function tick() {
        if (performance.now() - started >= seconds * 1000) return;
        room.timer = setTimeout(tick, 1000);
        if (room.sent) {
          missed++;
          if (!room.sent.acked) send(room); // not acked yet: the same move again
          return;
        }
        if (room.step >= room.line.length) return;
        const seat = room.step % 2;
        const { move, pos } = room.line[room.step];
        const step = room.step + 1;
        room.step = step;
        room.sent = {
          step,
          seat,
          at: performance.now(),
          payload: { roomId: room.roomId, token: room.seats[seat].token, step, move, pos },
        };
        send(room);
      },
      (k / rooms.length) * 1000,
    ),
  );
  await sleep(seconds * 1000 + 3000);
  for (const t of timers) clearTimeout(t);
  for (const room of rooms) {
    clearTimeout(room.timer);
    if (room.sent) errors.lost++;
  }
  return { latencies, ackLatencies, errors, committed, missed, elapsed: (performance.now() - started) / 1000 };
}

export function closeRooms(rooms) {
  for (const room of rooms) {
    for (const seat of room.seats) {
      seat.socket.off();
      seat.socket.io.off();
      seat.socket.close();
    }
  }
}
