// Seeks by rating (server/PROTOCOL.md "Lobby" and "Accounts and ratings"),
// with real HTTP sign-ups and real Socket.IO clients against real server
// processes on 127.0.0.1: a seek's rating range, refused to players outside
// it and to guests, taken by one inside; quick pairing taking the closest
// rating in its window; and a waiting pair whose window widens until they
// meet. Players get their ratings written into the server's own SQLite file
// (as many rated games would leave them), read by the server at each seek.
// Each sign-up comes from its own local address (127.0.0.x): sign-ups are
// budgeted per address.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import { fetchText } from './http_clients.mjs';
import { Client, ServerProcess, assert, run, test } from './harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const BLITZ = { initialMs: 180_000, incrementMs: 2000 }; // 3 + 2: blitz
const PERF = 'xiangqi-blitz';
const newKey = () => randomBytes(16).toString('base64url');
let nextAddress = 10;
const freshAddress = () => `127.0.0.${nextAddress++}`;

// Two servers. `steady`: the window stays ±100 for a minute (widening every
// 60 s), so nothing meets by waiting while a test runs. `widening`: +50 every
// 200 ms, any rating after 2.4 s, so a test sees a window widen in seconds.
const steady = await new ServerProcess({ env: { QIPAN_PAIRING_WIDEN_MS: '60000' } }).start();
const widening = await new ServerProcess({ env: { QIPAN_PAIRING_WIDEN_MS: '200' } }).start();
const WIDEN_MS = 200;

const ok = (ack, what) => {
  assert.ok(ack.ok, `${what}: ${ack.code} ${ack.reason}`);
  return ack;
};

// Signs `name` up on `server` and gives them `rating` in `perf` (a settled
// one: deviation 60, 20 games; none: a new player's 1500): the account's
// session cookie.
async function player(server, name, rating, perf = PERF) {
  const body = JSON.stringify({ name, password: `${name}-long and unusual` });
  const headers = { 'content-type': 'application/json', origin: server.url.replace(/\/$/, '') };
  const answer = await fetchText(`${server.url}api/account/signup`, { method: 'POST', headers, body, from: freshAddress() });
  assert.equal(answer.status, 200, `sign-up of ${name}: ${answer.body}`);
  if (rating !== undefined) setRating(server, name, rating, perf);
  return answer.headers['set-cookie'][0].split(';')[0];
}

function setRating(server, name, rating, perf) {
  const db = new Database(server.db);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('wal_autocheckpoint = 0'); // the server checkpoints its own file
    const id = db.prepare('SELECT id FROM accounts WHERE name = ? AND deleted_at IS NULL').pluck().get(name);
    db.prepare(
      `INSERT INTO ratings (account_id, perf, rating, rd, vol, games, last_at) VALUES (?, ?, ?, 60, 0.06, 20, ?)
       ON CONFLICT (account_id, perf) DO UPDATE SET rating = excluded.rating, rd = 60, games = 20, last_at = excluded.last_at`,
    ).run(id, perf, rating, Date.now());
  } finally {
    db.close();
  }
}

// A socket that said hello, signed in with `cookie` (or a guest's, null),
// recording its room starts.
async function hello(server, cookie, name = 'guest') {
  const client = new Client(server.url, { headers: cookie ? { cookie } : undefined });
  client.record('room:started');
  const ack = ok(await client.call('hello', { playerKey: newKey(), name }), 'hello');
  return Object.assign(client, { playerId: ack.playerId, account: ack.account });
}

const openSeeks = async (client) => ok(await client.call('lobby:subscribe', {}), 'subscribe').seeks;

test('a rating range: refused to players outside it and to guests (the seek stays), taken by one inside', async () => {
  const ann = await hello(steady, await player(steady, 'Ann_range', 1500));
  const bob = await hello(steady, await player(steady, 'Bob_range', 1800));
  const low = await hello(steady, await player(steady, 'Low_range', 1350));
  const cy = await hello(steady, await player(steady, 'Cy_range', 1690));
  const guest = await hello(steady, null);
  const refused = async (client, payload, code, what) =>
    assert.equal((await client.call('seek:create', payload)).code, code, what);
  const game = { game: 'xiangqi', clock: BLITZ };
  await refused(guest, { ...game, ratingRange: { below: 100, above: 200 } }, 'not_allowed', 'a guest has no rating to centre on');
  await refused(
    ann,
    { game: 'xiangqi', clock: null, ratingRange: { below: 100, above: 200 } },
    'bad_request',
    'untimed: no rating',
  );
  await refused(ann, { ...game, ratingRange: { below: 30, above: 200 } }, 'bad_request', 'in steps of 50');
  await refused(ann, { ...game, ratingRange: { below: 100, above: 1050 } }, 'bad_request', 'at most 1000');
  await refused(ann, { ...game, ratingRange: 300 }, 'bad_request', '{below, above}');

  // A casual seek, so the guest is refused for the range alone.
  const { seekId } = ok(await ann.call('seek:create', { ...game, ratingRange: { below: 100, above: 200 } }), 'seek');
  const listed = (await openSeeks(guest)).find((s) => s.seekId === seekId);
  assert.deepEqual(listed.ratingRange, { below: 100, above: 200, min: 1400, max: 1700 }, 'listed with its bounds');
  assert.deepEqual([listed.rated, listed.player.rating, listed.player.provisional], [false, 1500, false]);
  for (const [client, what] of [
    [bob, '1800 is above 1700'],
    [low, '1350 is below 1400'],
    [guest, 'a guest, casual or not'],
  ]) {
    const answer = await client.call('seek:accept', { seekId });
    assert.equal(answer.code, 'not_allowed', what);
    assert.ok(
      (await openSeeks(guest)).some((s) => s.seekId === seekId),
      `still open after: ${what}`,
    );
  }
  const accepted = ok(await cy.call('seek:accept', { seekId }), '1690 is inside');
  assert.deepEqual(accepted.state.seats.map((s) => [s.account, s.rating]).sort(), [
    ['Ann_range', 1500],
    ['Cy_range', 1690],
  ]);
  await ann.waitReceived('room:started', (e) => e.roomId === accepted.roomId, { what: "the seeker's room:started" });
  for (const c of [ann, bob, low, cy, guest]) c.close();
});

test('quick pairing: of waiting 1300, 1500 and 1900, a 1550 meets the 1500; a guest counts as 1500', async () => {
  const waiting = [];
  for (const rating of [1300, 1500, 1900]) {
    const client = await hello(steady, await player(steady, `Q${rating}`, rating));
    const ack = ok(await client.call('seek:quick', { game: 'xiangqi', clock: BLITZ, rated: true }), `quick ${rating}`);
    assert.ok(ack.seekId && !ack.roomId, `${rating} waits: nobody within 100`);
    waiting.push(client);
  }
  const comer = await hello(steady, await player(steady, 'Q1550', 1550));
  const paired = ok(await comer.call('seek:quick', { game: 'xiangqi', clock: BLITZ, rated: true }), 'quick 1550');
  assert.ok(paired.roomId, 'paired at once');
  assert.deepEqual(paired.state.seats.map((s) => s.account).sort(), ['Q1500', 'Q1550']);
  await waiting[1].waitReceived('room:started', (e) => e.roomId === paired.roomId, { what: "the 1500's room:started" });
  const left = (await openSeeks(comer)).filter((s) => s.quick && s.rated).map((s) => s.player.account);
  assert.deepEqual(left.sort(), ['Q1300', 'Q1900'], 'the others wait on');

  // Casual: a guest waits as a 1500; a 1900 does not meet them, a 1560 does.
  const guest = await hello(steady, null, 'Guest');
  const casual = { game: 'reversi', clock: BLITZ };
  assert.ok(ok(await guest.call('seek:quick', casual), 'guest').seekId);
  const far = await hello(steady, await player(steady, 'C1900', 1900, 'reversi-blitz'));
  const near = await hello(steady, await player(steady, 'C1560', 1560, 'reversi-blitz'));
  const farAck = ok(await far.call('seek:quick', casual), '1900');
  assert.ok(farAck.seekId, '1900 is 400 from a guest: it waits');
  const nearAck = ok(await near.call('seek:quick', casual), '1560');
  assert.ok(nearAck.roomId, 'meets the guest, 60 from it (and 340 from the 1900)');
  assert.deepEqual(nearAck.state.seats.map((s) => s.playerId).sort(), [guest.playerId, near.playerId].sort());
  for (const c of [...waiting, comer, guest, far, near]) c.close();
});

test('a waiting pair beyond the window meets once it has widened (+50 per 200 ms here: 600 apart after 2 s)', async () => {
  // Waiting is what is tested: the pair meets when the server's window
  // reaches 600 points, 10 steps of QIPAN_PAIRING_WIDEN_MS (200 ms) after
  // the first seek; both sides await room:started, no fixed sleep.
  const low = await hello(widening, await player(widening, 'W1300', 1300));
  const high = await hello(widening, await player(widening, 'W1900', 1900));
  const quick = { game: 'xiangqi', clock: BLITZ, rated: true };
  const t0 = Date.now();
  assert.ok(ok(await low.call('seek:quick', quick), 'quick 1300').seekId, 'nobody yet');
  const highAck = ok(await high.call('seek:quick', quick), 'quick 1900');
  assert.ok(highAck.seekId && !highAck.roomId, '600 apart: not at once');
  const [lowStart, highStart] = await Promise.all(
    [low, high].map((c) => c.waitReceived('room:started', () => true, { what: 'room:started', timeoutMs: 10_000 })),
  );
  const waited = Date.now() - t0;
  assert.equal(lowStart.roomId, highStart.roomId, 'one room for both');
  assert.notEqual(lowStart.seat, highStart.seat);
  assert.ok(waited >= 10 * WIDEN_MS, `met after ${waited} ms: not before the window reached 600`);
  assert.deepEqual(lowStart.state.seats.map((s) => s.account).sort(), ['W1300', 'W1900']);
  assert.equal(lowStart.state.rated, true);
  const left = await openSeeks(low);
  assert.ok(!left.some((s) => [low.playerId, high.playerId].includes(s.player.playerId)), 'both seeks gone from the list');
  const join = ok(await low.call('room:join', { roomId: lowStart.roomId, token: lowStart.token }), 'the 1300 joins');
  assert.equal(join.seat, lowStart.seat);
  for (const c of [low, high]) c.close();
});

process.exitCode = (await run()) ? 1 : 0;
await steady.stop();
await widening.stop();
