// The lobby's figure for scripts/bench --online --lobby: `subscribers`
// sockets subscribed to the lobby while seeks come and go at `rate` a second
// (each seek cancelled about 2 s after it was made), for `seconds`. Every
// seek_added and seek_removed is timed from the moment its seek:create or
// seek:cancel was sent to the moment each subscriber received it (p50, p99,
// max), and counted, so a lost event shows. The clients run in this process.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const { io } = createRequire(import.meta.url)('socket.io-client');
const SEEK_LIFE_MS = 2000;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const connect = (url) => io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20000 });

const call = (socket, event, payload) => socket.timeout(20000).emitWithAck(event, payload);

async function connected(socket) {
  if (!socket.connected)
    await new Promise((done, fail) => {
      socket.once('connect', done);
      socket.once('connect_error', fail);
    });
  return socket;
}

export async function runLobby(url, { subscribers = 1000, rate = 20, seconds = 30 } = {}) {
  // The time each seek event was asked for: `${type} ${playerId}`, a seeker
  // having one seek open at a time.
  const sentAt = new Map();
  const latencies = [];
  const ackLatencies = []; // seek:create and seek:cancel, request to ack
  let received = 0;
  const listeners = [];
  for (let i = 0; i < subscribers; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, subscribers - i) }, async () => {
        const socket = await connected(connect(url));
        socket.on('lobby', (e) => {
          const at = performance.now();
          const key =
            e.type === 'seek_added' ? `add ${e.seek.player.playerId}` : e.type === 'seek_removed' ? `remove ${e.seekId}` : null;
          const sent = key && sentAt.get(key);
          if (sent === undefined) return;
          received++;
          latencies.push(at - sent);
        });
        const ack = await call(socket, 'lobby:subscribe', {});
        if (!ack.ok) throw new Error(`lobby:subscribe refused: ${ack.code}`);
        return socket;
      }),
    );
    listeners.push(...batch);
  }
  // Seekers: enough that each makes a seek every SEEK_LIFE_MS plus a margin.
  const seekerCount = Math.ceil((rate * (SEEK_LIFE_MS + 1000)) / 1000);
  const seekers = await Promise.all(
    Array.from({ length: seekerCount }, async (_, i) => {
      const socket = await connected(connect(url));
      const ack = await call(socket, 'hello', { playerKey: randomBytes(16).toString('base64url'), name: `S${i}` });
      if (!ack.ok) throw new Error(`hello refused: ${ack.code}`);
      return { socket, playerId: ack.playerId, busy: false };
    }),
  );
  const counts = { seeks: 0, cancels: 0, refused: 0 };
  const lifetimes = [];
  const started = performance.now();
  let next = 0;
  while (performance.now() - started < seconds * 1000) {
    const due = started + (counts.seeks * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const seeker = seekers.find((s, k) => !s.busy && k >= next) ?? seekers.find((s) => !s.busy);
    if (!seeker) {
      await sleep(5);
      continue;
    }
    next = (seekers.indexOf(seeker) + 1) % seekers.length;
    seeker.busy = true;
    counts.seeks++;
    lifetimes.push(
      (async () => {
        sentAt.set(`add ${seeker.playerId}`, performance.now());
        const ack = await call(seeker.socket, 'seek:create', {
          game: 'xiangqi',
          clock: { initialMs: 300_000, incrementMs: 3000 },
        });
        if (!ack.ok) {
          counts.refused++;
          seeker.busy = false;
          return;
        }
        await sleep(SEEK_LIFE_MS);
        const cancelled = performance.now();
        sentAt.set(`remove ${ack.seekId}`, cancelled);
        sentAt.delete(`add ${seeker.playerId}`);
        const cancel = await call(seeker.socket, 'seek:cancel', { seekId: ack.seekId });
        ackLatencies.push(performance.now() - cancelled);
        if (cancel.ok) counts.cancels++;
        else counts.refused++;
        seeker.busy = false;
      })(),
    );
  }
  await Promise.all(lifetimes);
  await sleep(1000); // the last events on their way
  for (const s of [...listeners, ...seekers.map((x) => x.socket)]) s.close();
  latencies.sort((a, b) => a - b);
  ackLatencies.sort((a, b) => a - b);
  const at = (p, list = latencies) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
  const expected = (counts.seeks - counts.refused + counts.cancels) * subscribers;
  return {
    subscribers,
    seekers: seekerCount,
    seeksPerSecond: counts.seeks / seconds,
    ...counts,
    deliveries: received,
    expected,
    p50: at(50),
    p99: at(99),
    max: latencies.at(-1),
    ackP50: at(50, ackLatencies),
    ackP99: at(99, ackLatencies),
  };
}
