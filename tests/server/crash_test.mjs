// Crash: `kill -9` of the server in the middle of many games, twice, and a
// restart on the same database each time. Every acked move must be there
// afterwards, the clients reconnect by themselves, take their seats back
// with their tokens and finish their games; a player who never comes back
// keeps what was left of their grace, the outage not counted.
import { createRequire } from 'node:module';

import { Client, LocalGame, ServerProcess, assert, loadEngine, random, run, test } from './harness.mjs';
import { RobustPlayer } from './robust_player.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const GAMES = Number(process.env.QIPAN_CRASH_GAMES ?? 40);
// Long enough that the second crash, which waits for an absent player's
// grace to run half out, still finds most games in play.
const CAP = 80;
const GRACE_MS = 4000;

const engine = await loadEngine();
const server = await new ServerProcess({ env: { QIPAN_SEAT_GRACE_MS: String(GRACE_MS) } }).start();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function plan(i) {
  const game = ['xiangqi', 'reversi', 'checkers'][i % 3];
  return game === 'checkers'
    ? { game, options: { players: 3, ai: [null, null, 1] }, humans: [0, 1] }
    : { game, options: undefined, humans: [0, 1] };
}

async function startGame(i) {
  const p = plan(i);
  const rng = random(1000 + i);
  const players = p.humans.map(
    (seat) =>
      new RobustPlayer({ engine, url: server.url, rng: random(rng.seed + seat), ackTimeoutMs: 1500, name: `c${i}s${seat}` }),
  );
  await players[0].create({ game: p.game, options: p.options });
  await players[1].join(players[0].roomId, { seat: 1, invite: players[0].invite });
  const choose = (r) => (local) => r.pick(local.legal());
  const play = () => Promise.all(players.map((pl) => pl.drive(choose(random(rng.seed * 31 + pl.seat)), CAP, 60)));
  return { i, plan: p, players, roomId: players[0].roomId, play };
}

function logOf(db, roomId) {
  return db
    .prepare('SELECT v, type, step, pos, at, data, secret FROM events WHERE room_id = ? ORDER BY v')
    .all(roomId)
    .map((r) => ({ ...r, data: JSON.parse(r.data), secret: r.secret && JSON.parse(r.secret) }));
}

const games = [];
let absent = null; // {roomId, seat, killedAt, restartedAt}

test(
  `${GAMES} games survive two kill -9 restarts`,
  async () => {
    for (let i = 0; i < GAMES; i++) games.push(await startGame(i));
    for (const g of games) g.done = g.play();
    // One more game whose second player leaves for good just before the crash.
    const host = new RobustPlayer({ engine, url: server.url, rng: random(5), name: 'host' });
    const gone = new RobustPlayer({ engine, url: server.url, rng: random(6), name: 'gone' });
    await host.create({ game: 'xiangqi' });
    await gone.join(host.roomId, { invite: host.invite });
    const inPlay = () => games.filter((g) => !g.players[0].result && g.players[0].local.moves.length < CAP).length;
    for (const [crash, target] of [
      [0, 6],
      [1, 20],
    ]) {
      // Pull the plug in the middle of the games: half of them past `target` steps.
      while (games.filter((g) => g.players[0].local.moves.length >= target).length < GAMES / 2) await sleep(50);
      if (crash === 1) {
        // The absent player: back after the first crash, then gone for half its grace when the server dies.
        // (Its `reconnected` may have come before the host's own reconnection: ask the state.)
        while (!(await host.request('sync', { roomId: host.roomId })).state.seats[1].connected) await host.idle(100);
        gone.close();
        await host.client.waitFor((e) => e.type === 'disconnected' && e.roomId === host.roomId && !e.data.restart, {
          what: 'the absent player gone',
        });
        for (;;) {
          const state = (await host.request('sync', { roomId: host.roomId })).state;
          if (state.seats[1].graceUntil - Date.now() < GRACE_MS / 2) break;
          await host.idle(100);
        }
      }
      const playing = inPlay();
      const killedAt = Date.now();
      const { signal } = await server.kill('SIGKILL');
      assert.equal(signal, 'SIGKILL');
      await server.start();
      console.log(
        `# crash ${crash + 1}: killed with ${playing} of ${GAMES} games in play, back after ${Date.now() - killedAt} ms`,
      );
      assert.ok(playing >= GAMES / 4, 'the crash came in the middle of the games');
      if (crash === 1) absent = { roomId: host.roomId, seat: 1, killedAt, restartedAt: Date.now() };
    }
    await Promise.all(games.map((g) => g.done));
    // The absent player's seat expires a full grace after the restart.
    const expired = await host.client.waitFor((e) => e.type === 'seat_expired' && e.roomId === absent.roomId, {
      what: 'seat_expired',
      timeoutMs: 30000,
    });
    assert.equal(expired.data.seat, 1);
    absent.expiredAt = expired.at;
    host.close();
  },
  { timeoutMs: 300000 },
);

test(
  'every acked move is in the log at its step; logs replay; clients agree with the server',
  async () => {
    const db = new Database(server.db, { readonly: true, fileMustExist: true });
    const checker = new Client(server.url);
    let acked = 0;
    let restarts = 0;
    for (const g of games) {
      const log = logOf(db, g.roomId);
      log.forEach((e, k) => assert.equal(e.v, k + 1));
      restarts += log.filter((e) => e.type === 'disconnected' && e.data.restart).length;
      const moves = log.filter((e) => e.type === 'move');
      const local = new LocalGame(engine, g.plan.game, log[0].data.options);
      moves.forEach((e, k) => {
        assert.equal(e.step, k + 1);
        local.apply(e.data.move);
        assert.equal(e.pos, local.pos());
      });
      const state = (await checker.call('room:join', { roomId: g.roomId, watch: true })).state;
      assert.equal(state.pos, local.pos(), `${g.roomId}: the server's pos is the log's`);
      for (const [k, pl] of g.players.entries()) {
        const seat = g.plan.humans[k];
        for (const [step, move] of pl.acked) {
          acked++;
          const e = moves[step - 1];
          assert.ok(e, `${g.roomId}: acked step ${step} survived`);
          assert.equal(e.data.seat, seat);
          assert.ok(e.data.move === move || e.secret?.sent === move);
        }
        if (pl.local.pos() !== state.pos) await pl.resync();
        assert.equal(pl.local.pos(), state.pos);
        assert.ok(pl.counts.rejoins >= 2, `${pl.name} reconnected after each crash`);
        pl.check();
        pl.close();
      }
      const finished = Boolean(state.result) || state.step >= CAP;
      assert.ok(finished, `${g.roomId}: the game was finished after the restarts`);
      local.delete();
    }
    checker.close();
    console.log(`# ${acked} acked moves checked, ${restarts} seats marked disconnected by the restarts`);
    assert.ok(restarts >= GAMES * 2, 'the restart left every connected seat disconnected in the log');
    const health = await server.health();
    assert.ok(health.loaded >= GAMES / 4, `rooms were rebuilt from the log (${health.loaded})`);
    assert.equal(health.replayMismatches, 0, 'every replayed move reached its logged pos');
    // What was left of the grace when the server died, carried across the
    // outage: the deadline moves by the time no server held the room
    // (`resumed`), never a fresh grace.
    const log = logOf(db, absent.roomId);
    const gone = log.findLast((e) => e.type === 'disconnected' && e.data.seat === 1 && !e.data.restart);
    const resumed = log.findLast((e) => e.type === 'resumed' && e.at <= absent.expiredAt);
    assert.ok(gone && resumed, 'the log has the departure and the resumption');
    const outage = resumed.at - resumed.data.downSince;
    assert.ok(resumed.data.downSince <= absent.killedAt, 'down since the last heartbeat before the kill');
    const deadline = gone.data.since + GRACE_MS + outage;
    assert.ok(absent.expiredAt >= deadline, `expired ${absent.expiredAt - deadline} ms before its deadline`);
    assert.ok(absent.expiredAt < deadline + 1000, `expired ${absent.expiredAt - deadline} ms after its deadline`);
    assert.ok(absent.expiredAt - resumed.at < GRACE_MS / 2 + outage, 'no fresh grace after the restart');
    db.close();
  },
  { timeoutMs: 120000 },
);

const failed = await run();
await server.stop();
if (failed) console.log(server.stderr.slice(-3000));
process.exit(failed ? 1 : 0);
