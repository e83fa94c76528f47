// Hostile clients for `scripts/bench --online --hostile`, the ones of
// tests/server/hostile_*_test.mjs at once and for as long as the benchmark
// runs, each from its own local address (127.0.2.x) so the limits per
// address apply to them as to anyone:
//   - sockets: 60 connections tried from one address (20 are let in), each
//     sending room:create and sync as fast as acks come back;
//   - creations: five addresses of 20 sockets, room:create without pause;
//   - the AI: ten rooms of five level-8 AI seats asked for (three granted),
//     their creator staying connected;
//   - a client that never reads, sending `sync` for a room with a long chat.
// Resolves with stop(), which ends them all and returns what they were told.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');
const WebSocket = require('ws');

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function connect(url, from) {
  return io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: from, timeout: 5000 });
}

async function call(socket, event, payload) {
  try {
    return await socket.timeout(5000).emitWithAck(event, payload);
  } catch {
    return { ok: false, code: 'no_ack' };
  }
}

export async function startHostile(url) {
  const sockets = [];
  const told = {};
  let running = true;
  const count = (ack) => {
    const key = ack.ok ? 'ok' : ack.code;
    told[key] = (told[key] ?? 0) + 1;
  };
  // A socket that asks again as soon as it is answered.
  const hammer = (socket, event, payload) =>
    (async () => {
      while (running && socket.connected) count(await call(socket, event, payload()));
    })();
  const loops = [];
  const open = async (from) => {
    const socket = connect(url, from);
    sockets.push(socket);
    const up = await new Promise((done) => {
      socket.once('connect', () => done(true));
      socket.once('connect_error', () => done(false));
    });
    told[up ? 'connected' : 'refusedSockets'] = (told[up ? 'connected' : 'refusedSockets'] ?? 0) + 1;
    return up ? socket : null;
  };

  // A room of their own with a padded chat, for syncs to be costly.
  const owner = await open('127.0.2.9');
  const room = await call(owner, 'room:create', { game: 'xiangqi' });
  for (let i = 0; i < 5; i++) await call(owner, 'chat', { roomId: room.roomId, text: '漢'.repeat(300) });

  for (let i = 0; i < 60; i++) {
    const socket = await open('127.0.2.1');
    if (!socket) continue;
    await call(socket, 'room:join', { roomId: room.roomId, watch: true });
    loops.push(hammer(socket, i % 2 ? 'sync' : 'room:create', () => (i % 2 ? { roomId: room.roomId } : { game: 'reversi' })));
  }
  for (let a = 2; a <= 6; a++) {
    for (let i = 0; i < 20; i++) {
      const socket = await open(`127.0.2.${a}`);
      if (socket) loops.push(hammer(socket, 'room:create', () => ({ game: 'checkers', options: { players: 3 } })));
    }
  }
  const flooder = await open('127.0.2.7');
  for (let i = 0; i < 10; i++)
    count(await call(flooder, 'room:create', { game: 'checkers', options: { players: 6, ai: [8, 8, 8, 8, 8, null] }, seat: 5 }));

  // The client that never reads: raw Socket.IO over a WebSocket whose TCP
  // socket is paused once it has joined.
  const raw = new WebSocket(`${url.replace(/^http/, 'ws')}socket.io/?EIO=4&transport=websocket`, { localAddress: '127.0.2.8' });
  await new Promise((done) => raw.once('open', done));
  raw.on('message', (data) => {
    if (String(data) === '2') raw.send('3');
  });
  raw.send('40');
  await sleep(200);
  raw.send(`420["room:join",${JSON.stringify({ roomId: room.roomId, watch: true })}]`);
  await sleep(200);
  raw._socket.pause();
  let ackId = 1;
  const rawSender = setInterval(() => {
    if (raw.readyState === WebSocket.OPEN) raw.send(`42${ackId++}["sync",${JSON.stringify({ roomId: room.roomId })}]`);
  }, 50);
  const rawClosed = new Promise((done) => raw.once('close', () => done(true)));

  return {
    told,
    async stop() {
      running = false;
      clearInterval(rawSender);
      const cut = await Promise.race([rawClosed, sleep(100).then(() => false)]);
      raw.terminate();
      for (const socket of [...sockets, owner, flooder]) socket?.close();
      await Promise.allSettled(loops);
      return { ...told, nonReaderCut: cut };
    },
  };
}
