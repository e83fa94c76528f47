// Full games through a real server process, one of each game to a result,
// with the clients' own engines following every event: xiangqi to
// checkmate, Reversi with a forced pass the server plays itself, Chinese
// checkers to the engine's result, rooms with AI seats, and a player whose
// seat the AI takes over.
import { createRequire } from 'node:module';

import { RoomGame } from '../../server/games/room_game.js';
import { Client, LocalGame, Player, ServerProcess, assert, loadEngine, random, run, test } from './harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');

const engine = await loadEngine();
const server = await new ServerProcess().start();
const url = server.url;

// A checkmate in 13 plies, found by playing random moves with the engine
// until one mated (the engine, not this list, says it is mate).
const MATE_LINE = ['b2b4', 'h7f7', 'b4b5', 'a6a5', 'a0a1', 'f7g7', 'h2e2', 'b9c7', 'a1e1', 'g7d7', 'e2e6', 'a5a4', 'b5e5'];

async function pair(game, options) {
  const a = await Player.create(url, engine, { game, options, name: 'Ann' });
  const b = await Player.accept(url, engine, a, { name: 'Bob' });
  await a.waitType('joined');
  return [a, b];
}

test('xiangqi: a game to checkmate, watched by a spectator', async () => {
  const [red, black] = await pair('xiangqi');
  const watcher = await Player.join(url, engine, red.roomId, { watch: true, name: 'Wu' });
  assert.equal(watcher.seat, null);
  for (const [i, move] of MATE_LINE.entries()) {
    const mover = i % 2 === 0 ? red : black;
    const ack = await mover.playOk(move);
    assert.equal(ack.step, i + 1);
    await Promise.all([red, black, watcher].map((p) => p.waitStep(i + 1)));
  }
  await Promise.all([red, black, watcher].map((p) => p.waitType('result')));
  const expected = red.local.status();
  assert.equal(expected.reason, 'checkmate');
  for (const p of [red, black, watcher]) {
    assert.deepEqual(p.result, { winner: 0, places: null, code: 'checkmate', reason: expected.text });
    assert.equal(p.local.pos(), red.local.pos());
  }
  const state = await watcher.sync();
  assert.equal(state.step, MATE_LINE.length);
  assert.equal(state.toMove, null);
  // The engine's record: numbered moves, then the result.
  assert.equal(
    state.record
      .trim()
      .split(/\s+/)
      .filter((t) => !/^\d+\.$/.test(t))
      .join(' '),
    `${MATE_LINE.join(' ')} 1-0`,
  );
  assert.equal(state.position, red.local.session.position());
  assert.deepEqual(
    state.moves.map((m) => m.move),
    MATE_LINE,
  );
  const after = await black.play('a9a8');
  assert.equal(after.code, 'game_over');
  for (const p of [red, black, watcher]) p.close();
});

// A seeded random Reversi game, played locally first, that has a forced pass.
function reversiGameWithPass() {
  for (let seed = 1; seed < 500; seed++) {
    const rng = random(seed);
    const local = new LocalGame(engine, 'reversi');
    const sent = [];
    let passes = 0;
    while (!local.status().over) {
      const move = rng.pick(local.legal());
      sent.push(move);
      const before = local.moves.length;
      local.apply(move);
      // The room's pass step, as the server will play it.
      if (local.snapshot().plies === before + 2) {
        passes++;
        local.apply('pass');
      }
    }
    local.delete();
    if (passes) return { sent, passes };
  }
  throw new Error('no random game with a pass');
}

test('reversi: a full game where the rules force a pass; the server plays it as its own step', async () => {
  const { sent, passes } = reversiGameWithPass();
  const [black, white] = await pair('reversi');
  const refusedPass = await black.play('pass');
  assert.equal(refusedPass.code, 'bad_request');
  for (const move of sent) {
    const mover = black.local.toMove() === 0 ? black : white;
    const ack = await mover.playOk(move);
    await Promise.all([black, white].map((p) => p.waitStep(ack.step)));
  }
  await black.waitType('result');
  const passEvents = black.client.events.filter((e) => e.type === 'move' && e.data.move === 'pass');
  assert.equal(passEvents.length, passes);
  const moves = black.client.events.filter((e) => e.type === 'move');
  for (const e of passEvents) {
    const before = moves[moves.indexOf(e) - 1];
    assert.equal(e.data.seat, 1 - before.data.seat, 'the side left without a move passes');
    assert.equal(e.step, before.step + 1);
  }
  const status = black.local.status();
  assert.ok(status.over);
  // The engine counts seats from 0, as the room does.
  assert.deepEqual(black.result, { winner: status.winner, places: null, code: status.reason, reason: status.text });
  assert.ok(['board_full', 'no_moves'].includes(status.reason), status.reason);
  assert.equal(white.local.pos(), black.local.pos());
  const state = await white.sync();
  assert.equal(state.step, sent.length + passes);
  assert.equal(state.position, black.local.session.positionText());
  black.close();
  white.close();
  // Rebuilt from the log after a kill -9, passes and all.
  await server.restart();
  const again = await Player.join(server.url, engine, state.roomId, { watch: true });
  assert.deepEqual(again.state.moves, state.moves);
  assert.equal(again.state.pos, state.pos);
  assert.deepEqual(again.state.result, state.result);
  assert.equal((await server.health()).replayMismatches, 0);
  again.close();
});

// Moves chosen by the engine's own greedy player (CheckersSearcher level 1).
function greedyMove(searcher, local) {
  const found = searcher.search(local.session.searchRequest(), { level: 1 });
  assert.ok(found.ok, found.error);
  return found.text;
}

test("checkers: a 2-player game to the engine's result", async () => {
  const [one, two] = await pair('checkers', { players: 2 });
  const searcher = new engine.CheckersSearcher();
  while (!one.result) {
    const mover = one.local.toMove() === 0 ? one : two;
    const ack = await mover.playOk(greedyMove(searcher, mover.local));
    await Promise.all([one, two].map((p) => p.waitStep(ack.step)));
  }
  searcher.delete();
  await two.waitType('result');
  const status = one.local.status();
  assert.ok(status.over);
  // Seats from 0 in the engine's status as in the room's result.
  assert.deepEqual(one.result, { winner: status.winner, places: status.finishOrder, code: status.reason, reason: status.text });
  assert.deepEqual(two.result, one.result);
  assert.equal((await one.sync()).position, two.local.session.positionText());
  one.close();
  two.close();
});

test('checkers: the canonical text of a move comes from the engine; hop chains are checked hop by hop', async () => {
  const [one, two] = await pair('checkers', { players: 2 });
  const bad = await one.play('111:93');
  assert.equal(bad.code, 'illegal');
  assert.match(bad.detail.reason, /straight line/);
  // `111:102` names the same step as `d1-e5` (hole names): the engine's text is kept.
  const ack = await one.playOk('111:102');
  await two.waitStep(ack.step);
  assert.equal(two.client.events.find((e) => e.type === 'move').data.move, 'd1-e5');
  one.close();
  two.close();
});

test("checkers: 4 seats, two of them AI, play on their own between the people's moves", async () => {
  const a = await Player.create(url, engine, { game: 'checkers', options: { players: 4, ai: [null, 2, null, 1] }, name: 'A' });
  assert.equal(a.state.ready, false);
  const early = await a.play(a.local.legal()[0]);
  assert.equal(early.code, 'not_allowed', 'no move before every seat is taken');
  const c = await Player.accept(url, engine, a, { name: 'C' });
  assert.equal(c.seat, 2);
  const rng = random(7);
  for (let round = 0; round < 6; round++) {
    for (const p of [a, c]) {
      await p.waitUntil(() => p.local.toMove() === p.seat || p.result, `seat ${p.seat} to move`);
      if (p.result) break;
      await p.playOk(rng.pick(p.local.legal()));
    }
  }
  await a.waitStep(24);
  const moves = a.local.moves.slice(0, 24);
  const bySeat = [0, 1, 2, 3].map((s) => a.client.events.filter((e) => e.type === 'move' && e.data.seat === s).length);
  assert.ok(
    bySeat.every((n) => n >= 6),
    `every seat moved (${bySeat})`,
  );
  assert.equal(moves.length, 24);
  assert.equal((await c.sync()).pos, a.local.pos());
  a.close();
  c.close();
});

test('checkers: a player who does not come back within the grace is replaced by the AI', async () => {
  const a = await Player.create(url, engine, { game: 'checkers', options: { players: 3, ai: [null, null, 3] }, name: 'A' });
  const b = await Player.accept(url, engine, a, { name: 'B' });
  await a.playOk(a.local.legal()[0]);
  await b.waitUntil(() => b.local.toMove() === 1, 'B to move');
  const token = b.token;
  b.close();
  const gone = await a.waitType('disconnected');
  assert.equal(gone.data.seat, 1);
  const expired = await a.waitType('seat_expired');
  assert.equal(expired.data.seat, 1);
  const takeover = await a.waitType('ai_seat');
  assert.deepEqual(takeover.data, { seat: 1, level: 3, reason: 'takeover' });
  // The AI plays seat 1's turn, then seat 2's (an AI from the start).
  await a.waitUntil(() => (a.local.toMove() === 0 && a.step >= 3) || a.result, 'back to seat 0');
  const seat1Moves = a.client.events.filter((e) => e.type === 'move' && e.data.seat === 1);
  assert.ok(seat1Moves.length >= 1);
  const back = new Client(url);
  const refused = await back.call('room:join', { roomId: a.roomId, token });
  assert.equal(refused.code, 'bad_token', 'the AI holds the seat now');
  back.close();
  const state = await a.sync();
  assert.equal(state.seats[1].kind, 'ai');
  assert.equal(state.seats[1].ai, 3);
  a.close();
});

test('checkers: resigning hands the seat to the AI and the resigner watches', async () => {
  const a = await Player.create(url, engine, { game: 'checkers', options: { players: 2 }, name: 'A' });
  const b = await Player.accept(url, engine, a, { name: 'B' });
  await a.playOk(a.local.legal()[0]);
  await b.waitStep(1);
  assert.ok((await b.call('resign', { token: b.token })).ok);
  const handed = await a.waitType('ai_seat');
  assert.deepEqual(handed.data, { seat: 1, level: 3, reason: 'resigned' });
  await a.waitStep(2);
  const synced = await b.call('sync', {});
  assert.ok(synced.ok);
  const state = synced.state;
  assert.equal(state.seats[1].kind, 'ai');
  const move = await b.play(b.local.legal()[0] ?? '0-1');
  assert.equal(move.code, 'not_seated');
  assert.equal(state.result, null, 'the game goes on');
  a.close();
  b.close();
});

test('checkers: a game every player left to the AI ends abandoned once nobody has watched for a grace', async () => {
  const a = await Player.create(url, engine, { game: 'checkers', options: { players: 2, ai: [null, 1] }, name: 'A' });
  await a.playOk(a.local.legal()[0]);
  await a.waitStep(2); // the AI answered
  assert.ok((await a.call('resign', { token: a.token })).ok);
  await a.waitUntil(() => a.client.events.some((e) => e.type === 'ai_seat' && e.data.seat === 0), 'the AI takes the seat');
  // The resigner watches the AI play on; the game ends only after everyone has gone.
  const stepsWhileWatched = a.step;
  await a.waitStep(stepsWhileWatched + 2);
  assert.equal(a.result, null, 'a watched AI game goes on');
  a.close();
  // The store's log, polled (nobody may join: that would be someone watching).
  const db = new Database(server.db, { readonly: true, fileMustExist: true });
  const resultOf = () => db.prepare("SELECT data FROM events WHERE room_id = ? AND type = 'result'").pluck().get(a.roomId);
  let result;
  for (let i = 0; i < 200 && !(result = resultOf()); i++) await new Promise((done) => setTimeout(done, 50));
  db.close();
  assert.ok(result, 'the game ended');
  const data = JSON.parse(result);
  assert.deepEqual([data.code, data.winner, data.places], ['abandonment', null, []], 'nobody finished, nobody won');
  const back = await Player.join(url, engine, a.roomId, { watch: true });
  assert.match(back.state.record, /\nending: abandonment\n?$/, "the engine's record carries the ending");
  assert.equal(back.state.result.code, 'abandonment');
  back.close();
});

test('the host sets AI seats and only the host', async () => {
  const a = await Player.create(url, engine, { game: 'checkers', options: { players: 3 }, name: 'A' });
  const b = await Player.accept(url, engine, a, { name: 'B' });
  assert.equal((await b.call('seat:ai', { token: b.token, seat: 2, level: 4 })).code, 'not_allowed');
  assert.equal((await a.call('seat:ai', { token: a.token, seat: 1, level: 4 })).code, 'not_allowed', 'a person holds seat 1');
  assert.ok((await a.call('seat:ai', { token: a.token, seat: 2, level: 4 })).ok);
  const state = await b.sync();
  assert.equal(state.seats[2].kind, 'ai');
  assert.equal(state.ready, true);
  a.close();
  b.close();
});

// A person plays the AI online in the two-seat games too: the server's AI
// (the engine's own level) answers every move, and a resignation is the
// engine's, recorded in the room's record with its cause.
for (const game of ['xiangqi', 'reversi']) {
  test(`${game}: a person against the AI online, to a resignation the engine records`, async () => {
    const a = await Player.create(url, engine, { game, options: { ai: [null, 1] }, name: 'A' });
    assert.equal(a.state.ready, true, 'the AI takes its seat at once');
    assert.deepEqual(
      a.state.seats.map((s) => [s.kind, s.ai]),
      [
        ['human', null],
        ['ai', 1],
      ],
    );
    const rng = random(3);
    for (let turn = 0; turn < 4 && !a.result; turn++) {
      await a.waitUntil(() => a.local.toMove() === 0 || a.result, 'our turn');
      const ack = await a.playOk(rng.pick(a.local.legal()));
      await a.waitUntil(() => a.step > ack.step || a.result, 'the AI answers');
    }
    const answers = a.client.events.filter((e) => e.type === 'move' && e.data.seat === 1 && e.data.move !== 'pass');
    assert.ok(answers.length >= 3, `the AI moved ${answers.length} times`);
    assert.ok((await a.call('resign', { token: a.token })).ok);
    const result = await a.waitType('result');
    assert.deepEqual([result.data.winner, result.data.code, result.data.seat], [1, 'resignation', 0]);
    const state = await a.sync();
    if (game === 'xiangqi') assert.match(state.record, /\[Termination "resignation"\]/);
    else assert.match(state.record, /\nending: resignation black$/);
    // Rebuilt from the log: the same ending, from the engine again.
    await server.restart();
    const again = await Player.join(server.url, engine, a.roomId, { watch: true });
    assert.deepEqual(again.state.result, state.result);
    assert.equal(again.state.record, state.record);
    assert.equal((await server.health()).replayMismatches, 0);
    again.close();
    a.close();
  });
}

test("xiangqi: a draw by agreement is the engine's, in the record, and survives a restart", async () => {
  const [red, black] = await pair('xiangqi');
  await red.playOk('h2e2');
  await black.waitStep(1);
  assert.ok((await black.call('draw:offer', { token: black.token, step: 1 })).ok);
  await red.waitType('draw_offered');
  assert.ok((await red.call('draw:answer', { token: red.token, step: 1, accept: true })).ok);
  const result = await black.waitType('result');
  assert.deepEqual([result.data.winner, result.data.code], [null, 'agreement']);
  const state = await red.sync();
  assert.match(state.record, /\[Termination "agreement"\][\s\S]*1\/2-1\/2/);
  await server.restart();
  const again = await Player.join(server.url, engine, red.roomId, { watch: true });
  assert.equal(again.state.record, state.record);
  assert.deepEqual(again.state.result, state.result);
  again.close();
  red.close();
  black.close();
});

test('a room refuses a set-up position as the engine refuses an option it does not know', () => {
  for (const { game, session: Session } of engine.games()) {
    const local = new engine[Session]();
    const position = local.positionText();
    const unknown = RoomGame.prepare(engine, game, { colour: 'red' }).refusal;
    const refused = RoomGame.prepare(engine, game, { position });
    assert.equal(refused.ok, false, game);
    assert.deepEqual(Object.keys(refused.refusal).sort(), Object.keys(unknown).sort(), game);
    assert.deepEqual(
      [refused.refusal.code, Object.keys(refused.refusal.params).sort(), refused.refusal.params.name],
      [unknown.code, Object.keys(unknown.params).sort(), 'options.position'],
      game,
    );
    // The page's own games start from it.
    assert.equal(local.startGame({ position }).ok, true, game);
    local.delete();
  }
});

const failed = await run();
await server.stop();
process.exit(failed ? 1 : 0);
