// Chaos: at least 200 random games of the three games, every player behind a
// layer that drops, delays, duplicates and reorders its messages and cuts its
// connection at random (bounded per player). Afterwards, for every game: the
// log replays through the engine to the same final position, every acked
// move is in the log once at its step (and nothing else of that seat is), and
// every client's final pos equals the server's.
import { createRequire } from 'node:module';

import { Client, LocalGame, ServerProcess, assert, loadEngine, random, run, test } from './harness.mjs';
import { DEFAULT_CHAOS, RobustPlayer } from './robust_player.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');
const GAMES = Number(process.env.QIPAN_CHAOS_GAMES ?? 210);
const PARALLEL = Number(process.env.QIPAN_CHAOS_PARALLEL ?? 30);
const SEED = Number(process.env.QIPAN_CHAOS_SEED ?? 20240601);
const CAP = 40; // steps per game unless it ends sooner (Reversi plays to the end)

const engine = await loadEngine();
// A long grace: cuts here are short, the AI should not take anyone's seat.
const server = await new ServerProcess({ env: { QIPAN_SEAT_GRACE_MS: '30000' } }).start();

// What one game is: the game, its options, which seats are people.
function plan(i, rng) {
  const kind = i % 10 < 4 ? 'xiangqi' : i % 10 < 7 ? 'reversi' : 'checkers';
  if (kind !== 'checkers') return { game: kind, options: undefined, humans: [0, 1], cap: kind === 'reversi' ? 200 : CAP };
  const players = rng.pick([2, 3, 4, 6]);
  const ai = Array.from({ length: players }, (_, s) => (s === 0 || (s === 1 && rng() < 0.6) ? null : 1 + rng.int(3)));
  return {
    game: 'checkers',
    options: { players, ai },
    cap: CAP,
    humans: ai.map((level, s) => (level ? null : s)).filter((s) => s !== null),
  };
}

const choose = (rng) => (local) => rng.pick(local.legal());

async function playGame(i) {
  const rng = random(SEED + i * 7919);
  const p = plan(i, rng);
  const chaos = { ...DEFAULT_CHAOS };
  const players = p.humans.map(
    (seat) => new RobustPlayer({ engine, url: server.url, rng: random(rng.seed + seat + 1), chaos, name: `g${i}s${seat}` }),
  );
  try {
    await players[0].create({ game: p.game, options: p.options, name: 'P0' });
    for (const [k, seat] of p.humans.entries())
      if (k) await players[k].join(players[0].roomId, { seat, name: `P${seat}`, invite: players[0].invite });
    await Promise.all(players.map((pl) => pl.drive(choose(random(rng.seed ^ pl.seat)), p.cap)));
    // Two-player games not decided by the cap end by resignation.
    if (p.game !== 'checkers' && !players[0].result) {
      const ack = await players[0].request('resign', { roomId: players[0].roomId, token: players[0].token });
      assert.ok(ack.ok || ack.code === 'game_over', `resign: ${ack.code}`);
    }
    return { i, plan: p, players, roomId: players[0].roomId };
  } catch (error) {
    for (const pl of players) pl.close();
    error.message = `game ${i} (${p.game}, seed ${rng.seed}): ${error.message}`;
    throw error;
  }
}

// The log of one room, replayed through the engine: its final pos, the moves
// by step ({seat, move, sent}).
function replayLog(db, roomId, plan) {
  const rows = db.prepare('SELECT v, type, step, pos, data, secret FROM events WHERE room_id = ? ORDER BY v').all(roomId);
  rows.forEach((r, k) => assert.equal(r.v, k + 1, `${roomId}: the log's v has no gaps`));
  const local = new LocalGame(engine, plan.game, JSON.parse(rows[0].data).options);
  const moves = [];
  for (const r of rows) {
    if (r.type !== 'move') continue;
    const data = JSON.parse(r.data);
    assert.equal(r.step, moves.length + 1, `${roomId}: move steps follow each other`);
    local.apply(data.move);
    assert.equal(r.pos, local.pos(), `${roomId}: the engine reaches the logged pos at step ${r.step}`);
    moves.push({ seat: data.seat, move: data.move, sent: r.secret ? (JSON.parse(r.secret).sent ?? data.move) : data.move });
  }
  const last = rows[rows.length - 1];
  assert.equal(last.pos, local.pos(), `${roomId}: the last event's pos is the replayed position`);
  const pos = local.pos();
  local.delete();
  return { pos, moves, v: last.v, result: rows.some((r) => r.type === 'result') };
}

const played = [];

test(
  `${GAMES} random games under chaos (seed ${SEED})`,
  async () => {
    const queue = Array.from({ length: GAMES }, (_, i) => i);
    const failures = [];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (queue.length) {
          const i = queue.shift();
          try {
            played.push(await playGame(i));
          } catch (error) {
            failures.push(error);
          }
        }
      }),
    );
    if (failures.length) throw failures[0];
    assert.equal(played.length, GAMES);
  },
  { timeoutMs: 600000 },
);

test(
  'every log replays to the final position; acked moves are there once; every client agrees with the server',
  async () => {
    const db = new Database(server.db, { readonly: true, fileMustExist: true });
    const checker = new Client(server.url);
    const totals = { moves: 0, cuts: 0, mischief: 0, duplicates: 0, resent: 0, stale: 0, syncs: 0, rejoins: 0, decided: 0 };
    for (const g of played) {
      const log = replayLog(db, g.roomId, g.plan);
      totals.moves += log.moves.length;
      totals.decided += log.result ? 1 : 0;
      const join = await checker.call('room:join', { roomId: g.roomId, watch: true });
      assert.ok(join.ok);
      assert.equal(join.state.pos, log.pos, `${g.roomId}: the server's pos is the log's`);
      assert.equal(join.state.step, log.moves.length);
      assert.ok((await checker.call('leave', { roomId: g.roomId })).ok);
      for (const pl of g.players) {
        // Each client catches up by its events, or by a sync if the chaos layer ate the last ones.
        const until = Date.now() + 1000;
        while (pl.local.pos() !== log.pos && Date.now() < until) await pl.idle(100);
        if (pl.local.pos() !== log.pos) await pl.resync();
        assert.equal(pl.local.pos(), log.pos, `${g.roomId} seat ${pl.seat}: the client's pos is the server's`);
        pl.check();
        // No acked move lost, none applied twice, nothing of this seat's that it did not send.
        const seat = g.plan.humans[g.players.indexOf(pl)];
        for (const [step, move] of pl.acked) {
          const logged = log.moves[step - 1];
          assert.ok(logged, `${g.roomId}: acked step ${step} is in the log`);
          assert.equal(logged.seat, seat);
          assert.ok(logged.sent === move || logged.move === move, `${g.roomId}: step ${step} is ${move}`);
        }
        const mine = log.moves.map((m, k) => (m.seat === seat && m.move !== 'pass' ? k + 1 : null)).filter((k) => k !== null);
        assert.deepEqual(
          mine,
          [...pl.acked.keys()].sort((a, b) => a - b),
          `${g.roomId}: the seat's moves in the log are the ones it had acked`,
        );
        for (const key of ['cuts', 'mischief', 'duplicates', 'resent', 'stale', 'syncs', 'rejoins'])
          totals[key] += pl.counts[key];
      }
    }
    checker.close();
    db.close();
    for (const g of played) for (const pl of g.players) pl.close();
    console.log(
      `# ${played.length} games, ${totals.moves} moves, ${totals.decided} decided; ${totals.mischief} chaos actions ` +
        `(${totals.cuts} cuts), ${totals.resent} re-sends, ${totals.duplicates} duplicate acks, ${totals.stale} stale answers, ` +
        `${totals.syncs} syncs, ${totals.rejoins} rejoins`,
    );
    assert.ok(totals.cuts > 0 && totals.duplicates > 0 && totals.mischief > 1000, 'the chaos happened');
    const health = await server.health();
    assert.equal(health.replayMismatches, 0);
    assert.equal(health.errors, 0, 'no server errors');
  },
  { timeoutMs: 300000 },
);

const failed = await run();
await server.stop();
if (failed) console.log(server.stderr.slice(-3000));
process.exit(failed ? 1 : 0);
