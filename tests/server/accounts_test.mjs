// Accounts and rated games (server/PROTOCOL.md "Accounts" and "Rated
// games"), with real HTTP requests and real Socket.IO clients against a
// real server process on 127.0.0.1: sign-up, sign-in, the session cookie
// and its sessions, recovery codes, the refusals (names, passwords, CSRF,
// brute force, enumeration), a signed-in socket, and a rated blitz game
// from the lobby whose result carries both rating changes, written once
// and shown on the profile. Each test signs up from its own local address
// (127.0.0.x), since sign-ups and sign-ins are budgeted per address.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { fetchText } from './http_clients.mjs';
import { Client, Player, ServerProcess, assert, inviteKey, loadEngine, run, test } from './harness.mjs';

const engine = await loadEngine();
const server = await new ServerProcess().start();
const url = server.url;
const BLITZ = { initialMs: 180_000, incrementMs: 2000 }; // 3 + 2: 260 s, blitz
const newKey = () => randomBytes(16).toString('base64url');
let nextAddress = 10;
const freshAddress = () => `127.0.0.${nextAddress++}`;

// A POST of a JSON body as the page sends it (same origin, JSON).
async function post(path, body, { cookie = null, from, origin = url.replace(/\/$/, ''), type = 'application/json' } = {}) {
  const headers = { 'content-type': type, origin };
  if (cookie) headers.cookie = cookie;
  if (origin === null) delete headers.origin;
  const answer = await fetchText(`${url}${path.slice(1)}`, { method: 'POST', headers, body: JSON.stringify(body), from });
  return { ...answer, json: JSON.parse(answer.body) };
}

async function get(path, { cookie = null, from } = {}) {
  const answer = await fetchText(`${url}${path.slice(1)}`, { headers: cookie ? { cookie } : {}, from });
  return { ...answer, json: JSON.parse(answer.body) };
}

// The cookie a response sets, as a Cookie header sends it back.
const cookieOf = (answer) => answer.headers['set-cookie'][0].split(';')[0];

// Signs up `name` from a fresh address: {name, cookie, codes, from}.
async function signUp(name, password = `${name}-long and unusual`, extra = {}) {
  const from = freshAddress();
  const answer = await post('/api/account/signup', { name, password, ...extra }, { from });
  assert.equal(answer.status, 200, `sign-up of ${name}: ${answer.body}`);
  return { name: answer.json.name, cookie: cookieOf(answer), codes: answer.json.recoveryCodes, password, from };
}

const ok = (ack, what) => {
  assert.ok(ack.ok, `${what}: ${ack.code} ${ack.reason}`);
  return ack;
};

// A socket client that said hello, with the account's cookie (or none).
async function hello(cookie, key = newKey()) {
  const client = new Client(url, { headers: cookie ? { cookie } : undefined });
  client.record('room:started');
  client.record('lobby');
  const ack = ok(await client.call('hello', { playerKey: key, name: 'guest' }), 'hello');
  return Object.assign(client, { key, playerId: ack.playerId, account: ack.account });
}

test('sign-up: a name in any script, a session cookie only the server reads, ten recovery codes', async () => {
  const from = freshAddress();
  const answer = await post('/api/account/signup', { name: '小龙_Li', password: 'xiangqi dragon 1984' }, { from });
  assert.equal(answer.status, 200, answer.body);
  assert.equal(answer.json.name, '小龙_Li');
  assert.equal(answer.json.recoveryCodes.length, 10);
  assert.equal(new Set(answer.json.recoveryCodes).size, 10);
  const cookie = answer.headers['set-cookie'][0];
  assert.match(cookie, /^qipan_session=[A-Za-z0-9_-]{43}; /);
  for (const flag of ['HttpOnly', 'SameSite=Lax', 'Path=/']) assert.ok(cookie.includes(flag), `${flag} in ${cookie}`);
  assert.ok(!cookie.includes('Secure'), 'served over plain HTTP here: not Secure');
  const me = await get('/api/account/me', { cookie: cookieOf(answer) });
  assert.equal(me.json.account.name, '小龙_Li');
  assert.deepEqual(me.json.account.perfs, {});
  assert.deepEqual([me.json.account.hasPassword, me.json.account.passkeys], [true, []]);
  assert.equal((await get('/api/account/me')).json.account, null, 'no cookie, nobody');
  // The same name in another width and case is taken.
  const again = await post('/api/account/signup', { name: '小龙_LI', password: 'another good phrase' }, { from });
  assert.deepEqual([again.status, again.json.code], [400, 'name_taken']);
  const profile = await get(`/api/user/${encodeURIComponent('小龙_li')}`);
  assert.equal(profile.status, 200);
  assert.equal(profile.json.name, '小龙_Li', 'the name shown is the one chosen');
  assert.equal((await get('/api/user/nobody_here')).status, 404);
});

test('bad names and weak passwords are refused with their codes, and nothing is made', async () => {
  const from = freshAddress();
  const refused = async (name, password, code) => {
    const answer = await post('/api/account/signup', { name, password }, { from });
    assert.deepEqual([answer.status, answer.json.code], [400, code], `${name} / ${password}: ${answer.body}`);
    assert.equal(answer.headers['set-cookie'], undefined, 'no session for a refusal');
    assert.equal((await get(`/api/user/${encodeURIComponent(name)}`)).status, 404);
  };
  await refused('a', 'a long enough phrase', 'bad_name');
  await refused('admin', 'a long enough phrase', 'bad_name');
  await refused('Tom', 'password1', 'weak_password');
  await refused('Tom', 'short', 'weak_password');
  const body = await post('/api/account/signup', { name: 'Tom' }, { from });
  assert.deepEqual([body.status, body.json.code], [400, 'bad_request'], 'a password is required');
});

test('sign-in: the same answer, in content and about in time, for an unknown name and a wrong password', async () => {
  const amy = await signUp('Amy');
  const attempt = async (name, password) => {
    const from = freshAddress();
    const start = performance.now();
    const answer = await post('/api/account/login', { name, password }, { from });
    return { ...answer, ms: performance.now() - start };
  };
  const good = await attempt('amy', amy.password);
  assert.equal(good.status, 200, good.body);
  assert.equal(good.json.name, 'Amy');
  const wrong = [];
  const unknown = [];
  for (let i = 0; i < 5; i++) {
    wrong.push(await attempt('Amy', 'not her password at all'));
    unknown.push(await attempt(`nobody${i}`, 'not her password at all'));
  }
  for (const a of [...wrong, ...unknown]) {
    assert.equal(a.status, 400);
    assert.deepEqual(a.json, wrong[0].json);
    assert.equal(a.json.code, 'bad_credentials');
  }
  // Both check a password hash: an unknown name is not answered faster (a
  // shortcut would take a fraction of a millisecond against argon2's tens;
  // the margin is wide because a loaded machine makes single requests noisy).
  const median = (list) => list.map((a) => a.ms).sort((x, y) => x - y)[2];
  assert.ok(median(unknown) > median(wrong) / 4, `unknown ${median(unknown)} ms, wrong ${median(wrong)} ms`);
});

test('brute force is throttled per address and per name; a correct password waits its turn too', async () => {
  const bo = await signUp('Bo_brute');
  const from = freshAddress();
  const codes = [];
  for (let i = 0; i < 12; i++)
    codes.push((await post('/api/account/login', { name: `x${i}y`, password: 'guess guess' }, { from })).json);
  assert.deepEqual(
    codes.slice(0, 10).map((c) => c.code),
    Array(10).fill('bad_credentials'),
  );
  assert.equal(codes[11].code, 'rate_limited');
  assert.ok(codes[11].retryAfterMs >= 1000);
  // One name guessed from many addresses: its own budget runs out.
  const byName = [];
  for (let i = 0; i < 12; i++)
    byName.push(
      (await post('/api/account/login', { name: 'Bo_brute', password: `guess ${i}` }, { from: freshAddress() })).json.code,
    );
  assert.equal(byName.at(-1), 'rate_limited', byName.join(' '));
  const right = await post('/api/account/login', { name: 'Bo_brute', password: bo.password }, { from: freshAddress() });
  assert.equal(right.json.code, 'rate_limited', 'the name is throttled for everyone for a while');
});

test('CSRF: a foreign origin and a form-encoded body are refused', async () => {
  const cy = await signUp('Cy_csrf');
  const foreign = await post('/api/account/logout', {}, { cookie: cy.cookie, origin: 'http://evil.example' });
  assert.deepEqual([foreign.status, foreign.json.code], [403, 'not_allowed']);
  const form = await post('/api/account/logout', {}, { cookie: cy.cookie, type: 'application/x-www-form-urlencoded' });
  assert.equal(form.status, 415);
  assert.equal((await get('/api/account/me', { cookie: cy.cookie })).json.account.name, 'Cy_csrf', 'still signed in');
  const socket = new Client(url, { headers: { cookie: cy.cookie, origin: 'http://evil.example' }, reconnection: false });
  const refused = await new Promise((resolve) => {
    socket.socket.once('connect', () => resolve(false));
    socket.socket.once('connect_error', () => resolve(true));
  });
  socket.close();
  assert.ok(refused, 'a socket from another site is refused with the cookie');
});

test('sessions: listed, one ended, the others ended by a password change; sign-out ends this one', async () => {
  const di = await signUp('Di_sessions');
  const second = await post('/api/account/login', { name: 'Di_sessions', password: di.password }, { from: freshAddress() });
  const third = await post('/api/account/login', { name: 'Di_sessions', password: di.password }, { from: freshAddress() });
  const [c2, c3] = [cookieOf(second), cookieOf(third)];
  const list = (await get('/api/account/sessions', { cookie: di.cookie })).json.sessions;
  assert.equal(list.length, 3);
  assert.equal(list.filter((s) => s.current).length, 1);
  const thirdId = (await get('/api/account/sessions', { cookie: c3 })).json.sessions.find((s) => s.current).id;
  assert.equal((await post('/api/account/sessions/end', { id: thirdId }, { cookie: di.cookie })).json.ended, 1);
  assert.equal((await get('/api/account/me', { cookie: c3 })).json.account, null, 'that session is over');
  const changed = await post(
    '/api/account/password',
    { current: di.password, password: 'a brand new phrase' },
    { cookie: di.cookie },
  );
  assert.equal(changed.status, 200, changed.body);
  assert.equal((await get('/api/account/me', { cookie: c2 })).json.account, null, 'other sessions end with the password');
  assert.equal((await get('/api/account/me', { cookie: di.cookie })).json.account.name, 'Di_sessions');
  const old = await post('/api/account/login', { name: 'Di_sessions', password: di.password }, { from: freshAddress() });
  assert.equal(old.json.code, 'bad_credentials', 'the old password is gone');
  const out = await post('/api/account/logout', {}, { cookie: di.cookie });
  assert.match(out.headers['set-cookie'][0], /^qipan_session=; .*Max-Age=0/);
  assert.equal((await get('/api/account/me', { cookie: di.cookie })).json.account, null);
  assert.equal((await get('/api/account/sessions', { cookie: di.cookie })).status, 401);
});

test('a recovery code sets a new password once, and ends every session', async () => {
  const ed = await signUp('Ed_recovers');
  const code = ed.codes[3].toUpperCase();
  const from = freshAddress();
  const recovered = await post('/api/account/recover', { name: 'ed_recovers', code, password: 'remembered at last' }, { from });
  assert.equal(recovered.status, 200, recovered.body);
  assert.equal((await get('/api/account/me', { cookie: ed.cookie })).json.account, null, 'the old session ended');
  assert.equal((await get('/api/account/me', { cookie: cookieOf(recovered) })).json.account.name, 'Ed_recovers');
  const twice = await post('/api/account/recover', { name: 'Ed_recovers', code, password: 'another phrase here' }, { from });
  assert.equal(twice.json.code, 'bad_credentials', 'a code works once');
  const login = await post(
    '/api/account/login',
    { name: 'Ed_recovers', password: 'remembered at last' },
    { from: freshAddress() },
  );
  assert.equal(login.status, 200);
});

test('a signed-in socket is its account; a signed-out one cannot seek or take a rated game', async () => {
  const fay = await signUp('Fay');
  const signedIn = await hello(fay.cookie);
  assert.deepEqual(signedIn.account, { name: 'Fay' });
  const anon = await hello(null);
  assert.equal(anon.account, null);
  const refused = await anon.call('seek:create', { game: 'xiangqi', clock: BLITZ, rated: true });
  assert.equal(refused.code, 'not_allowed');
  assert.equal((await anon.call('seek:quick', { game: 'xiangqi', clock: BLITZ, rated: true })).code, 'not_allowed');
  assert.equal(
    (await signedIn.call('seek:create', { game: 'xiangqi', clock: null, rated: true })).code,
    'bad_request',
    'an untimed game is never rated',
  );
  const { seekId } = ok(await signedIn.call('seek:create', { game: 'xiangqi', clock: BLITZ, rated: true }), 'rated seek');
  const watcher = await hello(null);
  const listed = (await watcher.call('lobby:subscribe', {})).seeks.find((s) => s.seekId === seekId);
  assert.equal(listed.rated, true);
  assert.equal(listed.perf, 'xiangqi-blitz');
  assert.deepEqual(
    [listed.player.name, listed.player.account, listed.player.rating, listed.player.provisional],
    ['Fay', 'Fay', 1500, true],
  );
  assert.equal((await anon.call('seek:accept', { seekId })).code, 'not_allowed', 'a guest cannot take it');
  assert.ok(
    (await watcher.call('lobby:subscribe', {})).seeks.some((s) => s.seekId === seekId),
    'and it stays open',
  );
  // The same account from another browser cannot play itself.
  const fayElsewhere = await hello(fay.cookie);
  assert.equal((await fayElsewhere.call('seek:accept', { seekId })).code, 'not_allowed');
  ok(await signedIn.call('seek:cancel', { seekId }), 'cancel');
  for (const c of [signedIn, anon, watcher, fayElsewhere]) c.close();
});

test("claiming: a guest's games become the account's, from any browser; a key is one account's", async () => {
  // A guest plays a game with their browser's key...
  const guestKey = newKey();
  const guest = await hello(null, guestKey);
  const created = ok(await guest.call('room:create', { game: 'reversi', name: 'Ivy' }), 'room:create');
  const friend = await hello(null);
  ok(await friend.call('room:join', { roomId: created.roomId, invite: inviteKey(created.links) }), 'join');
  guest.close();
  // ...then signs up, and that browser says hello signed in: the key is the account's.
  const ivy = await signUp('Ivy');
  const signedIn = await hello(ivy.cookie, guestKey);
  signedIn.close();
  // On another device (another key), the account's games include the guest game.
  const elsewhere = await hello(ivy.cookie);
  const mine = ok(await elsewhere.call('games:mine', { playerKey: elsewhere.key }), 'games:mine');
  assert.ok(
    mine.games.some((g) => g.roomId === created.roomId),
    'the game played as a guest is listed for the account',
  );
  // Another account presenting the same key does not get it (nor its games).
  const jo = await signUp('Jo_other');
  const stealer = await hello(jo.cookie, guestKey);
  const theirs = ok(await stealer.call('games:mine', { playerKey: newKey() }), 'games:mine');
  assert.ok(!theirs.games.some((g) => g.roomId === created.roomId), 'a key belongs to one account');
  for (const c of [friend, elsewhere, stealer]) c.close();
});

test('a rated blitz game: no takebacks, both rating changes with the result, once, on the profiles', async () => {
  const [gu, hal] = [await signUp('Gu'), await signUp('Hal')];
  const guSocket = await hello(gu.cookie);
  const halSocket = await hello(hal.cookie);
  const { seekId } = ok(
    await guSocket.call('seek:create', { game: 'xiangqi', clock: BLITZ, rated: true, color: 'first' }),
    'seek',
  );
  const accepted = ok(await halSocket.call('seek:accept', { seekId }), 'accept');
  const black = new Player(halSocket, engine, accepted);
  assert.equal(accepted.state.rated, true);
  assert.equal(accepted.state.perf, 'xiangqi-blitz');
  assert.deepEqual(
    accepted.state.seats.map((s) => s.account),
    ['Gu', 'Hal'],
  );
  const started = await guSocket.waitReceived('room:started', (e) => e.roomId === accepted.roomId);
  // The seeker's player key alone (a stolen one, on a signed-out socket) does not play the seat.
  const thief = await hello(null, guSocket.key);
  assert.equal((await thief.call('room:join', { roomId: started.roomId, token: started.token })).code, 'not_allowed');
  thief.close();
  const guJoin = ok(await guSocket.call('room:join', { roomId: started.roomId, token: started.token }), 'join');
  const red = new Player(guSocket, engine, guJoin, started.roomId);
  await red.playOk('h2e2');
  await black.waitStep(1);
  assert.equal((await black.call('undo:ask', { token: black.token, step: 1 })).code, 'not_allowed', 'no takebacks when rated');
  await black.playOk('h9g7');
  await red.waitStep(2);
  const playing = (await get('/api/user/gu')).json.playing;
  assert.deepEqual(
    playing.map((g) => [g.roomId, g.players]),
    [[started.roomId, ['Gu', 'Hal']]],
    'the profile shows the game being played',
  );
  ok(await black.call('resign', { token: black.token }), 'resign');
  const results = await Promise.all([red, black].map((p) => p.client.waitType('result', { roomId: started.roomId })));
  for (const r of results) {
    assert.equal(r.data.winner, 0);
    assert.equal(r.data.ratingDiff.length, 2);
    assert.ok(r.data.ratingDiff[0] > 0 && r.data.ratingDiff[1] < 0, JSON.stringify(r.data.ratingDiff));
    assert.equal(r.data.ratingDiff[0], -r.data.ratingDiff[1], 'two new players move by the same amount');
  }
  const [diffGu, diffHal] = results[0].data.ratingDiff;
  const guProfile = (await get('/api/user/gu')).json;
  assert.deepEqual(
    [
      guProfile.perfs['xiangqi-blitz'].rating,
      guProfile.perfs['xiangqi-blitz'].games,
      guProfile.perfs['xiangqi-blitz'].provisional,
    ],
    [1500 + diffGu, 1, true],
  );
  assert.equal(guProfile.history[0].roomId, started.roomId);
  assert.equal(guProfile.history[0].opponent, 'Hal');
  assert.equal(guProfile.history[0].diff, diffGu);
  assert.equal((await get('/api/user/hal')).json.perfs['xiangqi-blitz'].rating, 1500 + diffHal);
  assert.equal(guProfile.headToHead, undefined, 'no head-to-head for a signed-out viewer');
  const seenByHal = (await get('/api/user/gu', { cookie: hal.cookie })).json;
  assert.deepEqual(seenByHal.headToHead, { opponent: 'Hal', games: 1, wins: 1, draws: 0, losses: 0 });
  assert.equal((await get('/api/user/gu', { cookie: gu.cookie })).json.headToHead, undefined, 'none with oneself');
  // A spectator joining later sees the change in the state.
  const late = new Client(url);
  const watched = ok(await late.call('room:join', { roomId: started.roomId, watch: true }), 'watch');
  assert.deepEqual(watched.state.result.ratingDiff, [diffGu, diffHal]);
  // The server restarts: the room comes back from its log with the same change, applied once.
  for (const c of [guSocket, halSocket, late]) c.close();
  await server.restart();
  const again = new Client(url);
  const reloaded = ok(await again.call('room:join', { roomId: started.roomId, watch: true }), 'watch after restart');
  assert.deepEqual(reloaded.state.result.ratingDiff, [diffGu, diffHal]);
  assert.equal((await get('/api/user/gu')).json.perfs['xiangqi-blitz'].games, 1, 'not applied again');
  again.close();
  // A leaderboard needs ten rated games and a settled deviation: nobody yet.
  assert.deepEqual((await get('/api/leaderboard/xiangqi-blitz')).json, { perf: 'xiangqi-blitz', players: [] });
  assert.equal((await get('/api/leaderboard/chess-blitz')).status, 404);

  // Hal takes a copy of his data, then deletes the account.
  const exported = await get('/api/account/export', { cookie: hal.cookie });
  assert.match(exported.headers['content-disposition'], /attachment/);
  assert.equal(exported.json.account.name, 'Hal');
  assert.equal(exported.json.ratedGames.length, 1);
  assert.equal(exported.json.ratedGames[0].roomId, started.roomId);
  assert.equal(
    (await post('/api/account/delete', { password: 'wrong one here' }, { cookie: hal.cookie })).json.code,
    'bad_credentials',
  );
  const deleted = await post('/api/account/delete', { password: hal.password }, { cookie: hal.cookie });
  assert.equal(deleted.status, 200, deleted.body);
  assert.equal((await get('/api/account/me', { cookie: hal.cookie })).json.account, null, 'signed out everywhere');
  assert.equal((await get('/api/user/hal')).status, 404);
  const guAfter = (await get('/api/user/gu')).json;
  assert.equal(guAfter.perfs['xiangqi-blitz'].rating, 1500 + diffGu, "the opponent's rating stays");
  assert.equal(guAfter.history[0].opponent, null, 'the deleted player is no longer named');
  const login = await post('/api/account/login', { name: 'Hal', password: hal.password }, { from: freshAddress() });
  assert.equal(login.json.code, 'bad_credentials');
  const newHal = await signUp('Hal', 'a new hal phrase here');
  assert.equal((await get('/api/account/me', { cookie: newHal.cookie })).json.account.perfs['xiangqi-blitz'], undefined);
});

await run();
await server.stop();
