// The store's accounts, sessions, passkeys and ratings (server/store/store.js,
// "Accounts and ratings"), one suite run against both stores as
// store_test.mjs does: SQLite (a temporary file) and PostgreSQL (a private
// server, postgres_harness.mjs). Then the upgrade of a database written by
// the schema before accounts, in each store.
import { join } from 'node:path';
import { createRequire } from 'node:module';

import pg from 'pg';

import { openStore } from '../../server/store/store.js';
import { assert, run, tempDir, test } from './harness.mjs';
import { startTestPostgres } from './postgres_harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const LEASE = { leaseMs: 1500, heartbeatMs: 300 };
const quiet = () => {};
const DAY = 86_400_000;
const NEW_TABLES = ['accounts', 'recovery_codes', 'sessions', 'passkeys', 'account_players', 'ratings', 'rating_changes'];

let count = 0;
const unique = (tag) => `${tag}${process.pid}x${++count}`;

async function refusedWith(promise, code) {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  assert.ok(error, `expected a refusal '${code}', got success`);
  assert.equal(error.code, code, `expected '${code}', got ${error.code}: ${error.message}`);
  return error;
}

async function newAccount(store, extra = {}) {
  const name = unique('Name');
  return store.createAccount({ name, nameKey: name.toLowerCase(), createdAt: Date.now(), ...extra });
}

// A room with its first events, then (ratedResult) its result appended with `rated`.
async function createRoom(store, at) {
  const roomId = unique('room');
  const created = { roomId, v: 1, type: 'created', step: 0, pos: 'p0', at, data: { game: 'xiangqi' }, secret: null };
  await store.createRoom({ roomId, game: 'xiangqi', createdAt: at }, [created]);
  return roomId;
}

const resultEvent = (roomId, v, at) => ({ roomId, v, type: 'result', step: 0, pos: 'p0', at, data: { winner: 0 }, secret: null });

function ratedResult(store, roomId, { perf, accounts, scores, at, v = 2 }) {
  return store.appendEvents(roomId, [resultEvent(roomId, v, at)], { finished: true, rated: { perf, accounts, scores } });
}

async function ratedGame(store, perf, accounts, scores, at = Date.now()) {
  const roomId = await createRoom(store, at);
  const outcome = await ratedResult(store, roomId, { perf, accounts, scores, at });
  return { roomId, ...outcome };
}

function conformance(backend) {
  const open = () => backend.open(unique('n'));
  const named = (what) => `${backend.name}: ${what}`;
  const using = (body) => async () => {
    const store = await open();
    try {
      await body(store);
    } finally {
      await store.close();
    }
  };

  test(
    named('an account is found by its name key and id; a key is taken once'),
    using(async (s) => {
      const before = await s.countAccounts();
      const name = unique('Ｌｉ');
      const nameKey = name.normalize('NFKC').toLowerCase();
      const made = await s.createAccount({ name, nameKey, passwordHash: 'argon-1', createdAt: 1234 });
      assert.ok(Number.isSafeInteger(made.id) && made.id > 0);
      assert.deepEqual(made, { id: made.id, name, createdAt: 1234 });
      const want = { id: made.id, name, nameKey, passwordHash: 'argon-1', createdAt: 1234 };
      assert.deepEqual(await s.accountByKey(nameKey), want);
      assert.deepEqual(await s.accountById(made.id), want);
      assert.equal(await s.accountByKey(name), null, 'the name as shown is not the key');
      assert.equal(await s.accountById(made.id + 1_000_000), null);
      // The same key with another spelling: taken.
      await refusedWith(s.createAccount({ name: nameKey, nameKey, createdAt: 1 }), 'name_taken');
      const bare = await s.createAccount({ name: `${name}2`, nameKey: `${nameKey}2`, createdAt: 5 });
      assert.notEqual(bare.id, made.id);
      assert.equal((await s.accountById(bare.id)).passwordHash, null, 'a passkey-only account has no password');
      await s.setPassword(bare.id, 'argon-2');
      assert.equal((await s.accountById(bare.id)).passwordHash, 'argon-2');
      assert.equal(await s.countAccounts(), before + 2);
    }),
  );

  test(
    named('a recovery code works once, and only for its account'),
    using(async (s) => {
      const a = await newAccount(s, { recoveryHashes: ['c1', 'c2', 'c3'] });
      const b = await newAccount(s, { recoveryHashes: ['c1'] });
      assert.equal(await s.useRecoveryCode(a.id, 'c2'), true);
      assert.equal(await s.useRecoveryCode(a.id, 'c2'), false, 'used');
      assert.equal(await s.useRecoveryCode(a.id, 'nope'), false);
      assert.equal(await s.useRecoveryCode(b.id, 'c3'), false, "another account's code");
      assert.equal(await s.useRecoveryCode(b.id, 'c1'), true, 'the same hash in two accounts: each its own');
      assert.equal(await s.useRecoveryCode(a.id, 'c1'), true);
    }),
  );

  test(
    named('sessions: found by token hash, touched at most once a minute, listed newest first, ended'),
    using(async (s) => {
      const a = await newAccount(s);
      const b = await newAccount(s);
      const t0 = 1_000_000;
      const s1 = await s.createSession({ tokenHash: unique('t'), accountId: a.id, createdAt: t0, userAgent: 'Firefox' });
      const token2 = unique('t');
      const s2 = await s.createSession({ tokenHash: token2, accountId: a.id, createdAt: t0 + 10 });
      const s3 = await s.createSession({ tokenHash: unique('t'), accountId: a.id, createdAt: t0 + 20, userAgent: 'Phone' });
      const other = await s.createSession({ tokenHash: unique('t'), accountId: b.id, createdAt: t0 });
      assert.ok(new Set([s1.id, s2.id, s3.id, other.id]).size === 4);
      assert.deepEqual(await s.sessionByToken(token2, { now: t0 + 30_000 }), {
        id: s2.id,
        accountId: a.id,
        createdAt: t0 + 10,
        lastSeenAt: t0 + 10,
      });
      assert.equal((await s.sessionByToken(token2, { now: t0 + 70_010 })).lastSeenAt, t0 + 70_010, 'a minute on: moved');
      assert.equal(
        (await s.sessionByToken(token2, { now: t0 + 100_000 })).lastSeenAt,
        t0 + 70_010,
        'not again within the minute',
      );
      assert.equal(await s.sessionByToken('unknown', { now: t0 }), null);
      assert.deepEqual(await s.sessions(a.id), [
        { id: s3.id, createdAt: t0 + 20, lastSeenAt: t0 + 20, userAgent: 'Phone' },
        { id: s2.id, createdAt: t0 + 10, lastSeenAt: t0 + 70_010, userAgent: '' },
        { id: s1.id, createdAt: t0, lastSeenAt: t0, userAgent: 'Firefox' },
      ]);
      assert.equal(await s.endSessions(a.id, { id: other.id }), 0, "not another account's session");
      assert.equal(await s.endSessions(a.id, { id: s2.id }), 1);
      assert.equal(await s.sessionByToken(token2, { now: t0 }), null, 'an ended session is gone');
      const s4 = await s.createSession({ tokenHash: unique('t'), accountId: a.id, createdAt: t0 + 30 });
      assert.equal(await s.endSessions(a.id, { except: s4.id }), 2, 'all but this one');
      assert.deepEqual(
        (await s.sessions(a.id)).map((x) => x.id),
        [s4.id],
      );
      assert.equal(await s.endSessions(a.id), 1, 'all');
      assert.deepEqual(await s.sessions(a.id), []);
      assert.equal((await s.sessions(b.id)).length, 1, "the other account's stay");
    }),
  );

  test(
    named('passkeys: added, found by credential with the key, listed without it, counter moved'),
    using(async (s) => {
      const a = await newAccount(s);
      const credentialId = unique('cred');
      const publicKey = new Uint8Array([165, 1, 2, 3, 38, 32, 1, 255, 0]);
      await s.addPasskey(a.id, { credentialId, publicKey, counter: 0, transports: ['internal', 'hybrid'], createdAt: 50 });
      await s.addPasskey(a.id, {
        credentialId: `${credentialId}b`,
        publicKey: Buffer.from([9]),
        counter: 4,
        transports: [],
        createdAt: 60,
      });
      const want = { accountId: a.id, credentialId, counter: 0, transports: ['internal', 'hybrid'], createdAt: 50 };
      assert.deepEqual(await s.passkey(credentialId), { ...want, publicKey });
      assert.deepEqual(await s.passkeys(a.id), [
        want,
        { accountId: a.id, credentialId: `${credentialId}b`, counter: 4, transports: [], createdAt: 60 },
      ]);
      await s.setPasskeyCounter(credentialId, 7);
      assert.equal((await s.passkey(credentialId)).counter, 7);
      assert.equal(await s.passkey('nope'), null);
      const b = await newAccount(s);
      await refusedWith(
        s.addPasskey(b.id, { credentialId, publicKey, counter: 0, transports: [], createdAt: 70 }),
        'passkey_exists',
      );
      assert.deepEqual(await s.passkeys(b.id), []);
    }),
  );

  test(
    named("a player key's games become one account's, once"),
    using(async (s) => {
      const a = await newAccount(s);
      const b = await newAccount(s);
      const player = unique('player');
      assert.equal(await s.accountOfPlayer(player), null);
      assert.equal(await s.claimPlayer(a.id, player), true);
      assert.equal(await s.claimPlayer(a.id, player), true, 'again by the same account');
      assert.equal(await s.claimPlayer(b.id, player), false, 'another account cannot take it');
      assert.equal(await s.accountOfPlayer(player), a.id);
      // Claims at the same moment: one account gets it.
      const contested = unique('player');
      const outcomes = await Promise.all([s.claimPlayer(a.id, contested), s.claimPlayer(b.id, contested)]);
      assert.equal(outcomes.filter(Boolean).length, 1);
      assert.equal(await s.accountOfPlayer(contested), outcomes[0] ? a.id : b.id);
      // The keys an account holds, for its games from every browser.
      const held = await s.accountPlayers(a.id);
      assert.ok(held.includes(player));
      assert.equal(held.includes(contested), outcomes[0]);
      assert.ok(!(await s.accountPlayers(b.id)).includes(player));
    }),
  );

  test(
    named('a rated result is rated once, in its append, which resolves with the rating differences'),
    using(async (s) => {
      const perf = unique('xiangqi-blitz');
      const [a, b] = [await newAccount(s), await newAccount(s)];
      const at = Date.now();
      const roomId = await createRoom(s, at - 5000);
      const outcome = await ratedResult(s, roomId, { perf, accounts: [a.id, b.id], scores: [1, 0], at });
      const change = await s.ratingChange(roomId);
      assert.equal(change.perf, perf);
      assert.deepEqual(change.accounts, [a.id, b.id]);
      assert.deepEqual(change.scores, [1, 0]);
      assert.equal(change.at, at, "rated at the result's time");
      assert.deepEqual(change.before, [
        { rating: 1500, rd: 500, vol: 0.09 },
        { rating: 1500, rd: 500, vol: 0.09 },
      ]);
      assert.ok(change.diff[0] > 0 && change.diff[0] === -change.diff[1]);
      assert.deepEqual(outcome, { ratingDiff: change.diff });
      const ra = (await s.ratings(a.id))[perf];
      assert.deepEqual(ra, { ...change.after[0], games: 1, lastAt: at });
      assert.equal(Math.round(ra.rating) - 1500, change.diff[0]);
      assert.equal((await s.loadEvents(roomId)).at(-1).type, 'result', 'the events were written with it');
      // Its result again (a replay): the events go in, the ratings stay.
      const again = await ratedResult(s, roomId, { perf, accounts: [a.id, b.id], scores: [1, 0], at: at + 10, v: 3 });
      assert.deepEqual(again, { ratingDiff: change.diff });
      assert.deepEqual((await s.ratings(a.id))[perf], ra);
      assert.deepEqual(await s.ratingChange(roomId), change);
      // History, as each side saw it.
      assert.deepEqual(await s.ratingHistory(b.id), [
        { roomId, perf, at, rating: change.after[1].rating, diff: change.diff[1], opponentId: a.id, score: 0 },
      ]);
      assert.equal((await s.ratingHistory(a.id, { perf }))[0].opponentId, b.id);
      assert.deepEqual(await s.ratingHistory(a.id, { perf: 'reversi-bullet' }), []);
      // Head to head, from each side (the replayed result counted once).
      assert.deepEqual(await s.headToHead(a.id, b.id), { games: 1, wins: 1, draws: 0, losses: 0 });
      assert.deepEqual(await s.headToHead(b.id, a.id), { games: 1, wins: 0, draws: 0, losses: 1 });
      assert.deepEqual(await s.headToHead(a.id, a.id), { games: 0, wins: 0, draws: 0, losses: 0 });
      // An unrated append resolves with nothing, as before.
      const casual = await createRoom(s, at);
      assert.equal(await s.appendEvents(casual, [resultEvent(casual, 2, at)], { finished: true }), undefined);
      assert.equal(await s.ratingChange(casual), null);
      assert.equal(await s.ratingChange('nope'), null);
    }),
  );

  test(named('a fenced, conflicting or malformed rated append writes no rating'), async () => {
    const a = await open();
    const b = await open();
    try {
      const perf = unique('reversi-rapid');
      const [x, y] = [await newAccount(a), await newAccount(a)];
      const rated = { perf, accounts: [x.id, y.id], scores: [0.5, 0.5], at: Date.now() };
      const roomId = await createRoom(a, Date.now());
      // Another node's room: refused by the fence.
      await refusedWith(ratedResult(b, roomId, rated), 'fenced');
      await refusedWith(ratedResult(a, roomId, { ...rated, v: 5 }), 'conflict');
      await refusedWith(ratedResult(a, roomId, { ...rated, accounts: [x.id, x.id] }), 'bad_rated');
      await refusedWith(ratedResult(a, roomId, { ...rated, scores: [1, 1] }), 'bad_rated');
      assert.equal(await a.ratingChange(roomId), null);
      assert.deepEqual(await a.ratings(x.id), {});
      assert.deepEqual(await a.ratingHistory(y.id), []);
      assert.equal((await a.loadEvents(roomId)).length, 1, 'no event either');
      // The owner's append goes through.
      assert.deepEqual((await ratedResult(a, roomId, rated)).ratingDiff, [0, 0]);
      assert.equal((await a.ratings(x.id))[perf].games, 1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test(
    named("two rated results of one player in one turn: one transaction, the second rated from the first's rows"),
    using(async (s) => {
      const perf = unique('checkers-blitz');
      const [a, b, c] = [await newAccount(s), await newAccount(s), await newAccount(s)];
      const at = Date.now();
      const rooms = [await createRoom(s, at), await createRoom(s, at), await createRoom(s, at)];
      const [refused, casual] = [await createRoom(s, at), await createRoom(s, at)];
      const flushes = s.stats.flushes;
      const [outcomes, others] = await Promise.all([
        Promise.all([
          ratedResult(s, rooms[0], { perf, accounts: [a.id, b.id], scores: [1, 0], at }),
          ratedResult(s, rooms[1], { perf, accounts: [c.id, a.id], scores: [0, 1], at: at + 1000 }),
          ratedResult(s, rooms[2], { perf, accounts: [b.id, c.id], scores: [0.5, 0.5], at: at + 2000 }),
        ]),
        // In the same turn: a rated append refused (its v does not follow) and a casual one.
        Promise.allSettled([
          ratedResult(s, refused, { perf, accounts: [a.id, b.id], scores: [0, 1], at, v: 7 }),
          s.appendEvents(casual, [resultEvent(casual, 2, at)], { finished: true }),
        ]),
      ]);
      assert.equal(s.stats.flushes, flushes + 1, 'one transaction');
      assert.equal(others[0].reason?.code, 'conflict');
      assert.deepEqual(others[1], { status: 'fulfilled', value: undefined });
      assert.equal(await s.ratingChange(refused), null);
      const [first, second, third] = await Promise.all(rooms.map((roomId) => s.ratingChange(roomId)));
      assert.deepEqual(second.before[1], first.after[0], "a's second game starts from its first one's rating");
      assert.deepEqual(third.before[0], first.after[1], "b's too");
      assert.deepEqual(third.before[1], second.after[0], "c's too");
      assert.deepEqual(
        outcomes.map((o) => o.ratingDiff),
        [first.diff, second.diff, third.diff],
      );
      const ratings = await s.ratings(a.id);
      assert.equal(ratings[perf].games, 2);
      assert.equal(ratings[perf].rating, second.after[1].rating);
      assert.equal(ratings[perf].lastAt, at + 1000);
      assert.deepEqual(
        (await s.ratingHistory(a.id)).map((h) => h.roomId),
        [rooms[1], rooms[0]],
        'newest first',
      );
      assert.deepEqual(
        (await s.ratingHistory(a.id, { limit: 1 })).map((h) => h.roomId),
        [rooms[1]],
      );
    }),
  );

  test(
    named('a history is newest first over both sides (ties by room id), the limit over both'),
    using(async (s) => {
      const perf = unique('xiangqi-rapid');
      const [a, b] = [await newAccount(s), await newAccount(s)];
      const at = Date.now();
      // a plays as the first and the second seat, two games at each moment.
      const games = [];
      for (const [k, when] of [at, at, at + 1000, at + 1000, at + 2000].entries()) {
        const accounts = k % 2 ? [b.id, a.id] : [a.id, b.id];
        games.push({ ...(await ratedGame(s, perf, accounts, [1, 0], when)), at: when });
      }
      const newestFirst = [...games].sort((x, y) => y.at - x.at || (x.roomId < y.roomId ? -1 : 1)).map((g) => g.roomId);
      assert.deepEqual(
        (await s.ratingHistory(a.id)).map((h) => h.roomId),
        newestFirst,
      );
      for (const limit of [1, 2, 3, 4])
        assert.deepEqual(
          (await s.ratingHistory(b.id, { limit })).map((h) => h.roomId),
          newestFirst.slice(0, limit),
          `limit ${limit}`,
        );
    }),
  );

  test(named('two nodes rating the same players at once: every change applied once, in some order'), async () => {
    const nodes = [await open(), await open()];
    try {
      const perf = unique('xiangqi-bullet');
      const [a, b] = [await newAccount(nodes[0]), await newAccount(nodes[0])];
      const at = Date.now();
      const rooms = [];
      for (let i = 0; i < 24; i++) rooms.push({ node: nodes[i % 2], roomId: await createRoom(nodes[i % 2], at) });
      // Rounds of four results, two on each node, all at once.
      for (let i = 0; i < rooms.length; i += 4) {
        await Promise.all(
          rooms
            .slice(i, i + 4)
            .map(({ node, roomId }, j) =>
              ratedResult(node, roomId, { perf, accounts: j % 2 ? [b.id, a.id] : [a.id, b.id], scores: [1, 0], at }),
            ),
        );
      }
      assert.equal((await nodes[1].ratings(a.id))[perf].games, rooms.length);
      assert.equal((await nodes[0].ratings(b.id))[perf].games, rooms.length);
      // a's changes make one chain from the new rating to the stored one: none lost, none doubled.
      const steps = new Map();
      for (const { roomId } of rooms) {
        const change = await nodes[0].ratingChange(roomId);
        const side = change.accounts.indexOf(a.id);
        steps.set(JSON.stringify(change.before[side]), change.after[side]);
      }
      let r = { rating: 1500, rd: 500, vol: 0.09 };
      for (let i = 0; i < rooms.length; i++) {
        r = steps.get(JSON.stringify(r));
        assert.ok(r, `the chain breaks after ${i} games`);
      }
      const stored = (await nodes[0].ratings(a.id))[perf];
      assert.deepEqual(r, { rating: stored.rating, rd: stored.rd, vol: stored.vol });
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });

  test(
    named('the leaderboard: best first, by deviation (grown with idle time) and games played'),
    using(async (s) => {
      const perf = unique('xiangqi-rapid');
      const p = [];
      for (let i = 0; i < 6; i++) p.push(await newAccount(s));
      const at = Date.now();
      for (let i = 0; i < 4; i++) {
        await ratedGame(s, perf, [p[0].id, p[1].id], [1, 0], at + i);
        await ratedGame(s, perf, [p[2].id, p[3].id], [0.5, 0.5], at + i);
      }
      await ratedGame(s, perf, [p[4].id, p[5].id], [1, 0], at);
      const rating = async (i) => (await s.ratings(p[i].id))[perf];
      const [settled, fresh] = [await rating(0), await rating(4)];
      assert.ok(settled.rd < fresh.rd, `${settled.rd} < ${fresh.rd}`);
      const names = (board) => board.map((row) => row.name);
      const all = await s.leaderboard(perf, { maxRd: 500, minGames: 1, now: at });
      const ratings = await Promise.all(p.map((_, i) => rating(i)));
      const best = (which) =>
        which
          .map((i) => ({ i, rating: ratings[i].rating, id: p[i].id }))
          .sort((x, y) => y.rating - x.rating || x.id - y.id)
          .map(({ i }) => p[i].name);
      assert.deepEqual(names(all), best([0, 1, 2, 3, 4, 5]));
      assert.equal(ratings[2].rating, ratings[3].rating, 'equals after draws: by account id');
      const top = all.find((row) => row.name === p[0].name);
      assert.deepEqual(top, { name: p[0].name, rating: settled.rating, rd: top.rd, games: 4 });
      assert.ok(Math.abs(top.rd - settled.rd) < 1e-6, 'no idle time yet');
      const maxRd = Math.max(...ratings.slice(0, 4).map((r) => r.rd)) + 1;
      assert.ok(maxRd < fresh.rd, `${maxRd} < ${fresh.rd}`);
      assert.deepEqual(names(await s.leaderboard(perf, { maxRd, minGames: 1, now: at })), best([0, 1, 2, 3]), 'by deviation');
      assert.deepEqual(names(await s.leaderboard(perf, { maxRd: 500, minGames: 4, now: at })), best([0, 1, 2, 3]), 'by games');
      assert.deepEqual(names(await s.leaderboard(perf, { maxRd: 500, minGames: 1, limit: 2, now: at })), names(all).slice(0, 2));
      // Years without a game: every deviation has grown past maxRd.
      assert.deepEqual(await s.leaderboard(perf, { maxRd, minGames: 1, now: at + 3 * 365 * DAY }), []);
      const later = await s.leaderboard(perf, { maxRd: 500, minGames: 4, now: at + 100 * DAY });
      assert.ok(later[0].rd > settled.rd, 'the deviation shown has grown too');
      assert.deepEqual(await s.leaderboard(perf), [], "lila's defaults: RD at most 75 and 10 games");
      assert.deepEqual(await s.leaderboard('unknown-perf', { maxRd: 500, minGames: 0 }), []);
    }),
  );

  test(
    named('a deleted account frees its name and loses its credentials; its ratings stay'),
    using(async (s) => {
      const perf = unique('reversi-blitz');
      const name = unique('Gone');
      const nameKey = name.toLowerCase();
      const gone = await s.createAccount({ name, nameKey, passwordHash: 'pw', recoveryHashes: ['r1'], createdAt: 1 });
      const other = await newAccount(s);
      const token = unique('t');
      await s.createSession({ tokenHash: token, accountId: gone.id, createdAt: 1 });
      const credentialId = unique('cred');
      await s.addPasskey(gone.id, { credentialId, publicKey: new Uint8Array([1]), counter: 0, transports: [], createdAt: 1 });
      const player = unique('player');
      await s.claimPlayer(gone.id, player);
      const { roomId } = await ratedGame(s, perf, [gone.id, other.id], [0, 1]);
      const change = await s.ratingChange(roomId);
      const ratings = await s.ratings(gone.id);
      const accounts = await s.countAccounts();

      assert.equal(await s.deleteAccount(gone.id), true);
      assert.equal(await s.deleteAccount(gone.id), false, 'once');
      assert.equal(await s.accountById(gone.id), null);
      assert.equal(await s.accountByKey(nameKey), null);
      assert.equal(await s.countAccounts(), accounts - 1);
      assert.equal(await s.sessionByToken(token, { now: 2 }), null);
      assert.deepEqual(await s.sessions(gone.id), []);
      assert.equal(await s.passkey(credentialId), null);
      assert.equal(await s.useRecoveryCode(gone.id, 'r1'), false);
      assert.equal(await s.accountOfPlayer(player), null);
      // Kept: the ratings and the change, for the opponent's history.
      assert.deepEqual(await s.ratings(gone.id), ratings);
      assert.deepEqual(await s.ratingChange(roomId), change);
      assert.equal((await s.ratingHistory(other.id))[0].opponentId, gone.id);
      assert.deepEqual(
        await s.accountNames([gone.id, other.id, other.id, gone.id + 1_000_000]),
        new Map([[other.id, other.name]]),
        'names of live accounts only',
      );
      assert.deepEqual(
        (await s.leaderboard(perf, { maxRd: 500, minGames: 1 })).map((row) => row.name),
        [other.name],
        'not on the leaderboard',
      );
      // The name is free again, for a new account with a new id.
      const again = await s.createAccount({ name, nameKey, createdAt: 3 });
      assert.notEqual(again.id, gone.id);
      assert.equal((await s.accountByKey(nameKey)).id, again.id);
      assert.deepEqual(await s.ratings(again.id), {}, 'none of the old ratings');
      assert.equal(await s.claimPlayer(again.id, player), true);
    }),
  );
}

// SQLite: every store of the suite on one file.
const sqlitePath = join(tempDir(), 'qipan.db');
conformance({
  name: 'sqlite',
  open: (node) => openStore(sqlitePath, { node, ...LEASE, log: quiet }),
});

// PostgreSQL: a private server for this script.
let postgres = null;
test('postgres: a private server starts', async () => {
  postgres = await startTestPostgres();
});
conformance({
  name: 'postgres',
  open: (node) => openStore(postgres.url, { node, ...LEASE, log: quiet }),
});

// The SQLite tables as the store made them before accounts (sqlite_schema.js
// at the commit before them), less the comments.
const SQLITE_BEFORE_ACCOUNTS = `
CREATE TABLE rooms (
  room_id TEXT PRIMARY KEY, game TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
  last_v INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0, owner_epoch INTEGER, request_key TEXT,
  timed INTEGER NOT NULL DEFAULT 0, creator TEXT
) WITHOUT ROWID;
CREATE TABLE events (
  room_id TEXT NOT NULL, v INTEGER NOT NULL, type TEXT NOT NULL, step INTEGER NOT NULL, pos TEXT NOT NULL,
  at INTEGER NOT NULL, data TEXT NOT NULL, secret TEXT, PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TABLE epochs (
  epoch INTEGER PRIMARY KEY AUTOINCREMENT, node TEXT NOT NULL, url TEXT, started_at INTEGER NOT NULL,
  seen_at INTEGER NOT NULL, stopped INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX epochs_node ON epochs (node, stopped);
CREATE TABLE chat (
  room_id TEXT NOT NULL, v INTEGER NOT NULL, at INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
CREATE INDEX chat_at ON chat (at);
CREATE TABLE player_rooms (
  player_id TEXT NOT NULL, room_id TEXT NOT NULL, seat INTEGER NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (player_id, room_id, seat)
) WITHOUT ROWID;
CREATE INDEX player_rooms_at ON player_rooms (player_id, at);
CREATE TABLE seeks (
  seek_id TEXT PRIMARY KEY, player_id TEXT NOT NULL UNIQUE, match_key TEXT NOT NULL, epoch INTEGER NOT NULL,
  created_at INTEGER NOT NULL, data TEXT NOT NULL, secret TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX seeks_match ON seeks (match_key, created_at);
CREATE TABLE live_games (room_id TEXT PRIMARY KEY, updated_at INTEGER NOT NULL, data TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE UNIQUE INDEX rooms_request ON rooms (request_key);
CREATE INDEX rooms_owner ON rooms (owner_epoch);
CREATE INDEX rooms_timed ON rooms (owner_epoch) WHERE timed = 1 AND finished = 0;
`;

test('sqlite: a database written before accounts keeps every row and gains the account tables', async () => {
  const path = join(tempDir(), 'before-accounts.db');
  const old = new Database(path);
  old.pragma('journal_mode = WAL');
  old.exec(SQLITE_BEFORE_ACCOUNTS);
  old.prepare("INSERT INTO epochs (node, started_at, seen_at, stopped) VALUES ('old', 1, 2, 1)").run();
  old.prepare("INSERT INTO rooms VALUES ('old1', 'xiangqi', 5, 7, 3, 1, 1, 'key-1', 1, NULL)").run();
  const insert = old.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  insert.run('old1', 1, 'created', 0, 'p', 5, '{"game":"xiangqi"}', null);
  insert.run('old1', 2, 'joined', 0, 'p', 6, '{"seat":0,"playerId":"pl-1"}', '{"tokenHash":"h"}');
  insert.run('old1', 3, 'chat', 0, 'p', 7, '{"seat":0,"name":"Ann"}', null);
  old.prepare("INSERT INTO chat VALUES ('old1', 3, 7, 'kept')").run();
  old.prepare("INSERT INTO player_rooms VALUES ('pl-1', 'old1', 0, 6)").run();
  old.prepare("INSERT INTO secrets VALUES ('owner', 'the-old-secret')").run();
  old.prepare("INSERT INTO live_games VALUES ('old1', 7, '{}')").run();
  const tables = old
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name")
    .pluck()
    .all();
  const rowsOf = (db) => Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM ${t}`).all()]));
  const before = rowsOf(old);
  old.close();

  const store = await openStore(path, { node: 'new', ...LEASE, log: quiet });
  try {
    assert.equal(store.ownerSecret, 'the-old-secret');
    assert.deepEqual(
      (await store.loadEvents('old1')).map((e) => [e.v, e.type, e.data]),
      [
        [1, 'created', { game: 'xiangqi' }],
        [2, 'joined', { seat: 0, playerId: 'pl-1' }],
        [3, 'chat', { seat: 0, name: 'Ann', text: 'kept' }],
      ],
    );
    assert.deepEqual(await store.playerRooms('pl-1'), [{ roomId: 'old1', seat: 0, at: 6 }]);
    assert.equal(await store.roomForRequest('old-unknown'), null);
    const a = await newAccount(store);
    const b = await newAccount(store);
    assert.equal(await store.claimPlayer(a.id, 'pl-1'), true);
    const { ratingDiff } = await ratedGame(store, 'xiangqi-blitz', [a.id, b.id], [1, 0]);
    assert.ok(ratingDiff[0] > 0);
  } finally {
    await store.close();
  }
  const db = new Database(path);
  try {
    const after = rowsOf(db);
    for (const table of tables) {
      const fresh = table === 'epochs' || table === 'rooms' || table === 'events' ? before[table].length : 0;
      assert.deepEqual(after[table].slice(0, fresh || undefined), before[table], `${table}: its old rows kept`);
    }
    const now = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    for (const table of NEW_TABLES) assert.ok(now.includes(table), `${table} made`);
  } finally {
    db.close();
  }
});

// PostgreSQL: in a schema of its own, a database as the store made it
// before accounts: today's tables with rows, the account tables dropped.
test('postgres: a database written before accounts keeps every row and gains the account tables', async () => {
  const schema = `before_accounts_${process.pid}`;
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    const url = `${postgres.url}&options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const first = await openStore(url, { node: 'old', ...LEASE, log: quiet });
    const roomId = await createRoom(first, 5);
    await first.appendEvents(roomId, [resultEvent(roomId, 2, 6)], { finished: true });
    await first.lobby.putGame(roomId, { roomId }, 7);
    await first.close();
    await client.query(`SET search_path = ${schema}`);
    await client.query(`DROP TABLE ${NEW_TABLES.join(', ')}`);
    const tables = async () =>
      (await client.query('SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [schema])).rows.map(
        (r) => r.tablename,
      );
    const old = await tables();
    const dump = async () => {
      const rows = {};
      for (const t of old) rows[t] = (await client.query(`SELECT to_json(x)::text AS row FROM ${t} x ORDER BY 1`)).rows;
      return rows;
    };
    const before = await dump();
    assert.ok(before.events.length === 2 && before.rooms.length === 1 && before.live_games.length === 1);

    const store = await openStore(url, { node: 'new', ...LEASE, log: quiet });
    try {
      assert.deepEqual(
        (await store.loadEvents(roomId)).map((e) => e.type),
        ['created', 'result'],
      );
      const a = await newAccount(store);
      const b = await newAccount(store);
      const { ratingDiff } = await ratedGame(store, 'xiangqi-blitz', [a.id, b.id], [0, 1]);
      assert.ok(ratingDiff[1] > 0);
    } finally {
      await store.close();
    }
    const after = await dump();
    for (const t of old) {
      const kept = after[t].filter((r) => before[t].some((b) => b.row === r.row));
      assert.equal(kept.length, before[t].length, `${t}: its old rows kept`);
    }
    const now = await tables();
    for (const table of NEW_TABLES) assert.ok(now.includes(table), `${table} made`);
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await client.end();
  }
});

test('postgres: the private server stops', async () => {
  postgres.stop();
});

process.exitCode = (await run()) ? 1 : 0;
