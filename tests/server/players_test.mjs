// Players (server/PROTOCOL.md "Client events"): a browser's key, `hello`, a
// short public id, seats that follow the player to another tab, and
// games:mine, against a real server on 127.0.0.1.
import { randomBytes } from 'node:crypto';

import { Client, Player, ServerProcess, assert, loadEngine, run, test } from './harness.mjs';

const engine = await loadEngine();
const server = await new ServerProcess().start();
const url = server.url;

const newKey = () => randomBytes(16).toString('base64url');

// A client that said hello with `key`.
async function helloClient(key, name) {
  const client = new Client(url);
  const ack = await client.call('hello', name === undefined ? { playerKey: key } : { playerKey: key, name });
  assert.ok(ack.ok, `hello refused: ${ack.code} ${ack.reason}`);
  return { client, playerId: ack.playerId };
}

test('hello: a short public id that follows the key, and bad keys refused', async () => {
  const key = newKey();
  const one = await helloClient(key, 'Ann');
  const two = await helloClient(key);
  const other = await helloClient(newKey());
  assert.match(one.playerId, /^[0-9a-hjkmnp-tv-z]{10}$/);
  assert.equal(two.playerId, one.playerId, 'the same key, the same player');
  assert.notEqual(other.playerId, one.playerId);
  assert.ok(!one.playerId.includes(key.slice(0, 6)), 'the id does not show the key');
  for (const bad of ['short', 'x'.repeat(65), `${'a'.repeat(21)}!`, 42]) {
    const ack = await one.client.call('hello', { playerKey: bad });
    assert.equal(ack.code, 'bad_request', `refused: ${JSON.stringify(bad)}`);
  }
  for (const c of [one, two, other]) c.client.close();
});

test("a player's seat is found again from another tab, with the same token", async () => {
  const key = newKey();
  const tab1 = await helloClient(key, 'Ann');
  const created = await tab1.client.call('room:create', { game: 'xiangqi' });
  assert.ok(created.ok);
  assert.equal(created.state.seats[0].playerId, tab1.playerId);
  assert.equal(created.state.seats[0].name, 'Ann', "the hello's name names the seat");
  const host = new Player(tab1.client, engine, created);
  const guest = await Player.accept(url, engine, host, { name: 'Bo' });
  await host.playOk('h2e2');
  // Another tab of the same browser: no token, no invite, just the key.
  const tab2 = await helloClient(key);
  const joined = await tab2.client.call('room:join', { roomId: created.roomId });
  assert.ok(joined.ok, joined.reason);
  assert.equal(joined.seat, 0, 'the seat back, not a spectator');
  assert.equal(joined.token, created.token, 'the same token');
  const tab2Player = new Player(tab2.client, engine, joined, created.roomId);
  // A stranger's socket with no key only watches.
  const stranger = new Client(url);
  const watched = await stranger.call('room:join', { roomId: created.roomId });
  assert.equal(watched.seat, null);
  // The other tab moves with it.
  await guest.playOk('h9g7');
  await tab2Player.waitStep(2);
  await tab2Player.playOk('b0c2');
  for (const p of [host, guest, tab2Player]) p.close();
  stranger.close();
});

test('games:mine: the games a player sat in from two tabs, newest first, after a restart too', async () => {
  const key = newKey();
  const tab1 = await helloClient(key, 'Cy');
  const first = await tab1.client.call('room:create', {
    game: 'reversi',
    options: { clock: { initialMs: 300_000, incrementMs: 3000 } },
  });
  assert.ok(first.ok, first.reason);
  const host = new Player(tab1.client, engine, first);
  const guest = await Player.accept(url, engine, host, { name: 'Di' });
  assert.ok((await guest.call('resign', { token: guest.token })).ok);
  await host.waitUntil(() => host.result, 'the result');
  // The second game: this player is the guest, from another tab.
  const other = await Player.create(url, engine, { game: 'checkers', options: { players: 2 }, name: 'Ed' });
  // The page says hello with the name it keeps, in every tab.
  const tab2 = await helloClient(key, 'Cy');
  const joined = await tab2.client.call('room:join', { roomId: other.roomId, invite: other.invite });
  assert.equal(joined.seat, 1);
  assert.equal(joined.state.seats[1].name, 'Cy', "the player's name follows it");

  const expected = [
    { roomId: other.roomId, game: 'checkers', clock: null, seat: 1, players: ['Ed', 'Cy'], result: null, endedAt: null },
    {
      roomId: first.roomId,
      game: 'reversi',
      clock: { initialMs: 300_000, incrementMs: 3000 },
      seat: 0,
      players: ['Cy', 'Di'],
      result: host.result,
    },
  ];
  const check = (games) => {
    assert.equal(games.length, 2);
    games.forEach((g, i) => {
      for (const [field, value] of Object.entries(expected[i])) assert.deepEqual(g[field], value, `${i}: ${field}`);
      assert.ok(Number.isInteger(g.startedAt));
    });
    assert.ok(Number.isInteger(games[1].endedAt) && games[1].endedAt >= games[1].startedAt);
  };
  const mine = await tab1.client.call('games:mine', { playerKey: key });
  assert.ok(mine.ok, mine.reason);
  check(mine.games);
  const nobody = await tab1.client.call('games:mine', { playerKey: newKey() });
  assert.deepEqual(nobody.games, []);
  for (const p of [host, guest, other]) p.close();
  tab2.client.close();

  await server.restart();
  const again = new Client(url);
  const after = await again.call('games:mine', { playerKey: key });
  check(after.games);
  // The derived token still holds the seat after the restart.
  await again.call('hello', { playerKey: key });
  const back = await again.call('room:join', { roomId: other.roomId });
  assert.equal(back.seat, 1);
  again.close();
});

await run();
await server.stop();
