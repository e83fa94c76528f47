// The lobby (server/PROTOCOL.md "Lobby"): seeks from creation to acceptance,
// quick pairing, room:started to both players, and the games to watch,
// with real clients against a real server on 127.0.0.1.
import { randomBytes } from 'node:crypto';

import { Client, Player, ServerProcess, assert, loadEngine, run, test } from './harness.mjs';

const engine = await loadEngine();
const server = await new ServerProcess().start();
const url = server.url;

const newKey = () => randomBytes(16).toString('base64url');
const BLITZ = { initialMs: 300_000, incrementMs: 3000 };

// A client that said hello, recording its lobby events and room starts.
class LobbyClient extends Client {
  constructor(options) {
    super(url, options);
    this.lobby = this.record('lobby');
    this.started = this.record('room:started');
  }

  static async hello(name, key = newKey()) {
    const client = new LobbyClient();
    const ack = await client.call('hello', { playerKey: key, name });
    assert.ok(ack.ok, ack.reason);
    Object.assign(client, { key, playerId: ack.playerId, name });
    return client;
  }

  waitLobby(type, match = () => true) {
    return this.waitReceived('lobby', (e) => e.type === type && match(e), { what: `lobby '${type}'` });
  }

  waitStarted(match = () => true) {
    return this.waitReceived('room:started', match, { what: 'room:started' });
  }

  async subscribe() {
    const ack = await this.call('lobby:subscribe', {});
    assert.ok(ack.ok, ack.reason);
    return ack;
  }
}

const ok = (ack, what) => {
  assert.ok(ack.ok, `${what}: ${ack.code} ${ack.reason}`);
  return ack;
};

test('a seek lives from create to cancel, one per player, gone when its socket goes', async () => {
  const watcher = await LobbyClient.hello('Watcher');
  const before = await watcher.subscribe();
  assert.ok(Array.isArray(before.seeks) && Array.isArray(before.games));
  assert.ok(Number.isFinite(before.serverTime));

  const ann = await LobbyClient.hello('Ann');
  const { seekId } = ok(await ann.call('seek:create', { game: 'xiangqi', clock: BLITZ, color: 'first' }), 'seek:create');
  assert.match(seekId, /^[0-9a-hjkmnp-tv-z]{12}$/);
  const added = await watcher.waitLobby('seek_added', (e) => e.seek.seekId === seekId);
  assert.deepEqual(
    { game: added.seek.game, clock: added.seek.clock, color: added.seek.color, player: added.seek.player },
    { game: 'xiangqi', clock: BLITZ, color: 'first', player: { playerId: ann.playerId, name: 'Ann', account: null } },
  );
  assert.deepEqual([added.seek.rated, added.seek.perf], [false, 'xiangqi-blitz'], 'casual, and what it would be rated in');
  assert.equal(typeof added.seek.options, 'object', 'the options as the engine completed them');
  assert.ok(!JSON.stringify(added).includes('tokenHash') && !JSON.stringify(added).includes('roomId'), 'no secret listed');
  const late = await LobbyClient.hello('Late');
  assert.ok(
    (await late.subscribe()).seeks.some((s) => s.seekId === seekId),
    'a new subscriber sees it in the list',
  );

  const second = await ann.call('seek:create', { game: 'reversi', clock: null });
  assert.equal(second.code, 'not_allowed', 'one open seek per player');
  assert.equal(second.seekId, seekId, 'the refusal names the open seek');
  assert.equal((await ann.call('seek:accept', { seekId })).code, 'not_allowed', 'not ones own seek');
  // Another tab of the same player cannot accept it either.
  const annTab = await LobbyClient.hello('Ann', ann.key);
  assert.equal((await annTab.call('seek:accept', { seekId })).code, 'not_allowed');
  assert.equal((await late.call('seek:cancel', { seekId })).code, 'not_found', "not someone else's seek");

  ok(await ann.call('seek:cancel', { seekId }), 'seek:cancel');
  await watcher.waitLobby('seek_removed', (e) => e.seekId === seekId);
  assert.equal((await ann.call('seek:cancel', { seekId })).code, 'not_found', 'cancelled once');
  assert.equal((await late.call('seek:accept', { seekId })).code, 'not_found', 'a cancelled seek cannot be accepted');

  // Gone with its socket.
  const again = ok(await ann.call('seek:create', { game: 'reversi', clock: null }), 'seek:create');
  await watcher.waitLobby('seek_added', (e) => e.seek.seekId === again.seekId);
  ann.close();
  await watcher.waitLobby('seek_removed', (e) => e.seekId === again.seekId);
  assert.ok(!(await late.subscribe()).seeks.some((s) => s.seekId === again.seekId));
  for (const c of [watcher, late, annTab]) c.close();
});

test('seeks: refused without hello, for more than two players, with a bad clock or game', async () => {
  const anon = new Client(url);
  assert.equal((await anon.call('seek:create', { game: 'xiangqi', clock: null })).code, 'not_allowed');
  assert.equal((await anon.call('seek:quick', { game: 'xiangqi', clock: null })).code, 'not_allowed');
  anon.close();
  const bo = await LobbyClient.hello('Bo');
  const refused = async (payload, what) => assert.equal((await bo.call('seek:create', payload)).code, 'bad_request', what);
  await refused({ game: 'checkers', clock: null, options: { players: 3 } }, 'three players');
  await refused({ game: 'xiangqi', clock: null, options: { ai: [null, 3] } }, 'an AI seat');
  await refused({ game: 'xiangqi', clock: { initialMs: 1000, incrementMs: 0 } }, 'a clock too short');
  await refused({ game: 'chess', clock: null }, 'no such game');
  await refused({ game: 'xiangqi' }, 'clock is required (null for untimed)');
  await refused({ game: 'xiangqi', clock: null, color: 'blue' }, 'a colour');
  assert.equal((await bo.call('seek:accept', { seekId: 'short' })).code, 'bad_request');
  assert.equal((await bo.call('seek:accept', { seekId: '0123456789ab' })).code, 'not_found');
  bo.close();
});

test('accept: both players land seated in a public room, room:started to both, listed until its result', async () => {
  const watcher = await LobbyClient.hello('Watcher');
  await watcher.subscribe();
  const cy = await LobbyClient.hello('Cy');
  const { seekId } = ok(await cy.call('seek:create', { game: 'xiangqi', clock: BLITZ, color: 'second' }), 'seek');
  const di = await LobbyClient.hello('Di');
  const diOwn = ok(await di.call('seek:create', { game: 'reversi', clock: null }), "the acceptor's own seek");
  await watcher.waitLobby('seek_added', (e) => e.seek.seekId === diOwn.seekId);
  const accepted = ok(await di.call('seek:accept', { seekId, name: 'Di' }), 'seek:accept');
  await watcher.waitLobby('seek_removed', (e) => e.seekId === diOwn.seekId);
  assert.ok(!(await watcher.subscribe()).seeks.some((s) => s.seekId === diOwn.seekId), 'a player now playing seeks no more');
  assert.equal(accepted.seat, 0, 'the seeker asked for the second seat: the acceptor is red');
  assert.ok(accepted.token && accepted.state && accepted.links);
  assert.equal(accepted.state.seats[0].playerId, di.playerId);
  assert.equal(accepted.state.seats[1].playerId, cy.playerId);
  assert.equal(accepted.state.seats[1].name, 'Cy');
  assert.deepEqual(accepted.state.clock.initialMs, BLITZ.initialMs);

  const diStarted = await di.waitStarted((e) => e.roomId === accepted.roomId);
  const { state: diState, ...diRest } = diStarted;
  assert.deepEqual(diRest, { roomId: accepted.roomId, seat: 0, token: accepted.token, game: 'xiangqi', clock: BLITZ });
  assert.equal(diState.roomId, accepted.roomId);
  assert.equal(diState.public, true, 'a seek makes a public room');
  const cyStarted = await cy.waitStarted((e) => e.roomId === accepted.roomId);
  assert.equal(cyStarted.seat, 1);
  assert.deepEqual(
    cyStarted.state.seats.map((x) => x.playerId),
    [di.playerId, cy.playerId],
    'the room as it started',
  );
  await watcher.waitLobby('seek_removed', (e) => e.seekId === seekId);
  assert.ok(!watcher.lobby.some((e) => e.started), 'subscribers do not see who started where');
  const listed = await watcher.waitLobby('game_started', (e) => e.game.roomId === accepted.roomId);
  assert.deepEqual(listed.game.players, ['Di', 'Cy']);
  assert.equal(listed.game.step, 0);

  // The seeker joins with the token it was told; then they play.
  const cyJoin = ok(await cy.call('room:join', { roomId: cyStarted.roomId, token: cyStarted.token }), 'seeker join');
  assert.equal(cyJoin.seat, 1);
  const red = new Player(di, engine, accepted);
  const black = new Player(cy, engine, cyJoin, accepted.roomId);
  await red.playOk('h2e2');
  await black.waitStep(1);
  await black.playOk('h9g7');
  // A spectator comes: the list hears of the watcher and the moves (within 2 s).
  const viewer = new Client(url);
  ok(await viewer.call('room:join', { roomId: accepted.roomId, watch: true }), 'watch');
  const updated = await watcher.waitLobby('game_updated', (e) => e.game.roomId === accepted.roomId && e.game.watchers === 1);
  assert.equal(updated.game.step, 2);
  assert.equal((await watcher.subscribe()).games.find((g) => g.roomId === accepted.roomId).watchers, 1);

  ok(await black.call('resign', { token: black.token }), 'resign');
  await watcher.waitLobby('game_ended', (e) => e.roomId === accepted.roomId);
  assert.ok(!(await watcher.subscribe()).games.some((g) => g.roomId === accepted.roomId), 'off the list');
  // Each finds it among their games.
  for (const p of [cy, di]) {
    const mine = ok(await p.call('games:mine', { playerKey: p.key }), 'games:mine');
    const game = mine.games.find((g) => g.roomId === accepted.roomId);
    assert.ok(game, 'listed in games:mine');
    assert.deepEqual(game.players, ['Di', 'Cy']);
    assert.equal(game.result.code, 'resignation');
  }
  for (const c of [watcher, viewer]) c.close();
  red.close();
  black.close();
});

test("quick pairing: the second player meets the first's seek; the seeker's other tab hears of it and finds the seat", async () => {
  const ed = await LobbyClient.hello('Ed');
  const fay = await LobbyClient.hello('Fay');
  const waiting = ok(await ed.call('seek:quick', { game: 'reversi', clock: BLITZ }), 'quick (first)');
  assert.ok(waiting.seekId && !waiting.roomId, 'no one waiting: a seek opened');
  const again = ok(await ed.call('seek:quick', { game: 'reversi', clock: BLITZ }), 'quick again');
  assert.equal(again.seekId, waiting.seekId, 'asking again is the same seek');
  // Ed's other tab (the same key, another socket) is open while Ed waits.
  const edTab = await LobbyClient.hello('Ed', ed.key);
  const paired = ok(await fay.call('seek:quick', { game: 'reversi', clock: BLITZ, name: 'Fay' }), 'quick (second)');
  assert.ok(paired.roomId && paired.state, 'paired at once');
  assert.equal(paired.state.paired, true, 'a room the lobby paired says so');
  const started = await ed.waitStarted((e) => e.roomId === paired.roomId);
  assert.equal(started.seat, 1 - paired.seat);
  // The other tab is told too, with the same seat and token; room:join with
  // the room id alone takes the seat.
  const tabStarted = await edTab.waitStarted((e) => e.roomId === paired.roomId);
  assert.deepEqual([tabStarted.seat, tabStarted.token], [started.seat, started.token]);
  assert.equal(fay.started.filter((e) => e.roomId === paired.roomId).length, 1, "the acceptor's socket once");
  const tabJoin = ok(await edTab.call('room:join', { roomId: paired.roomId }), 'the other tab');
  assert.equal(tabJoin.seat, started.seat);
  assert.equal(tabJoin.token, started.token);
  const first = paired.seat === 0 ? new Player(fay, engine, paired) : new Player(edTab, engine, tabJoin, paired.roomId);
  await first.playOk('f5');
  // A quick pairing with another control does not meet it.
  const gus = await LobbyClient.hello('Gus');
  const other = ok(await gus.call('seek:quick', { game: 'reversi', clock: { initialMs: 600_000, incrementMs: 5000 } }), 'quick');
  assert.ok(other.seekId, 'another control: a seek of its own');
  ok(await gus.call('seek:cancel', { seekId: other.seekId }), 'cancel');
  for (const c of [ed, fay, edTab, gus]) c.close();
  first.local.delete();
});

test('quick pairings at once: every player paired, none left waiting', async () => {
  const players = await Promise.all(Array.from({ length: 8 }, (_, i) => LobbyClient.hello(`Q${i}`)));
  const clock = { initialMs: 180_000, incrementMs: 2000 };
  const acks = await Promise.all(players.map((p) => p.call('seek:quick', { game: 'checkers', clock })));
  acks.forEach((a, i) => ok(a, `quick ${i}`));
  const rooms = acks.filter((a) => a.roomId).map((a) => a.roomId);
  assert.equal(rooms.length, 4, 'half the players paired with the other half');
  // Each seeker hears of its room.
  const seekers = players.filter((p, i) => acks[i].seekId);
  const starts = await Promise.all(seekers.map((p) => p.waitStarted(() => true)));
  assert.deepEqual(starts.map((s) => s.roomId).sort(), [...rooms].sort());
  const watcher = await LobbyClient.hello('W');
  const { seeks } = await watcher.subscribe();
  assert.ok(!seeks.some((s) => players.some((p) => p.playerId === s.player.playerId)), 'no seek left open');
  for (const c of [...players, watcher]) c.close();
});

test("a seek's room whose seeker never comes: the seat is freed after the grace and the game leaves the list", async () => {
  const watcher = await LobbyClient.hello('Watcher');
  await watcher.subscribe();
  const gone = await LobbyClient.hello('Gone');
  const { seekId } = ok(await gone.call('seek:create', { game: 'reversi', clock: null, color: 'first' }), 'seek');
  await watcher.waitLobby('seek_added', (e) => e.seek.seekId === seekId);
  const stayer = await LobbyClient.hello('Stayer');
  const accepted = ok(await stayer.call('seek:accept', { seekId }), 'accept');
  await watcher.waitLobby('game_started', (e) => e.game.roomId === accepted.roomId);
  // The seeker hears of the room and never joins it: its reserved seat's grace (1.5 s here) runs out.
  await gone.waitStarted((e) => e.roomId === accepted.roomId);
  await watcher.waitLobby('game_ended', (e) => e.roomId === accepted.roomId);
  const state = (await stayer.call('sync', { roomId: accepted.roomId, token: accepted.token })).state;
  assert.equal(state.seats[0].kind, 'free', 'the seat is free again (before the first move)');
  assert.equal(state.result, null);
  for (const c of [watcher, stayer, gone]) c.close();
});

test('games to watch: a public invite room from its filling to its result; private rooms never', async () => {
  const watcher = await LobbyClient.hello('Watcher');
  await watcher.subscribe();
  const host = await Player.create(url, engine, { game: 'reversi', options: { public: true }, name: 'Hal' });
  const priv = await Player.create(url, engine, { game: 'reversi', name: 'Ivy' });
  const guest = await Player.accept(url, engine, host, { name: 'Jo' });
  const privGuest = await Player.accept(url, engine, priv, { name: 'Kit' });
  const started = await watcher.waitLobby('game_started', (e) => e.game.roomId === host.roomId);
  assert.deepEqual(started.game.players, ['Hal', 'Jo']);
  assert.equal(started.game.clock, null);
  ok(await guest.call('resign', { token: guest.token }), 'resign');
  await watcher.waitLobby('game_ended', (e) => e.roomId === host.roomId);
  ok(await privGuest.call('resign', { token: privGuest.token }), 'resign');
  await priv.waitUntil(() => priv.result, 'result');
  assert.ok(!watcher.lobby.some((e) => JSON.stringify(e).includes(priv.roomId)), 'a private room is never listed');
  assert.equal((await host.sync()).options.public, undefined, "public is the room's, not an engine option");
  for (const p of [host, priv, guest, privGuest]) p.close();
  watcher.close();
});

test('the lobby counts the players online (distinct keys that said hello), and tells subscribers', async () => {
  // A server of its own, so the count is this test's players only.
  const own = await new ServerProcess({ env: { QIPAN_ONLINE_EVERY_MS: '300' } }).start();
  const connect = async (key = newKey()) => {
    const client = new Client(own.url);
    client.record('lobby');
    ok(await client.call('hello', { playerKey: key }), 'hello');
    return Object.assign(client, { key });
  };
  const watcher = await connect();
  const first = ok(await watcher.call('lobby:subscribe', {}), 'subscribe');
  assert.equal(typeof first.playersOnline, 'number');
  const others = [await connect(), await connect()];
  const sameKey = await connect(others[1].key); // one player in two tabs
  await watcher.waitReceived('lobby', (e) => e.type === 'online' && e.players === 3, { what: 'three players online' });
  for (const c of [...others, sameKey]) c.close();
  await watcher.waitReceived('lobby', (e) => e.type === 'online' && e.players === 1, { what: 'one player online' });
  assert.equal(ok(await watcher.call('lobby:subscribe', {}), 'subscribe').playersOnline, 1);
  watcher.close();
  await own.stop();
});

await run();
await server.stop();
