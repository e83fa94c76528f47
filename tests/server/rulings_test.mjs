// Repetition rulings in rooms (server/PROTOCOL.md, `options.rules` and the
// `result` event's `ruling`), with real clients against a real server
// process: a xiangqi room under the Asian rules where red's rook chases
// black's cannon until the position stands a third time (red loses by
// perpetual chase, explained the same to both players and a spectator, in
// the state, in the room's record and in the PGN a page at /game/ROOMID
// exports); the same moves in a room under the simple rules (a draw by
// repetition); bad rule sets refused; a seek carrying its rule set into
// its room; and a room logged before rule sets existed, read with the
// rules it was played under.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import { replayRoom } from '../../web/common/session_steps.js';
import { fetchText } from './http_clients.mjs';
import { Client, Player, ServerProcess, assert, hashText, loadEngine, run, test } from './harness.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');

const engine = await loadEngine();
const server = await new ServerProcess().start();

// From the start: red's rook comes to d4 and chases black's unprotected
// cannon between b4 and b5, until the position after 5. d1d4 stands for the
// third time (13 plies). `qipan rule xiangqi startpos ...` rules it: red
// loses under the Asian and Chinese rules, a draw under the simple rules.
const CHASE_LINE = ['i0i1', 'h9g7', 'i1d1', 'b7b4', 'd1d4', 'b4b5', 'd4d5', 'b5b4', 'd5d4', 'b4b5', 'd4d5', 'b5b4', 'd5d4'];
// The ruling's cycle: from the first time the final position stood (after
// ply 5) to the end, each move as the engine classifies it for its mover.
const CHASE_CYCLE = CHASE_LINE.slice(5).map((move, i) => ({
  move,
  side: i % 2 === 0 ? 'black' : 'red',
  red: i % 2 === 1,
}));

async function pair(options, url = server.url) {
  const red = await Player.create(url, engine, { game: 'xiangqi', options, name: 'Ann' });
  const black = await Player.accept(url, engine, red, { name: 'Bob' });
  await red.waitType('joined');
  return [red, black];
}

async function playLine(players, line) {
  for (const [i, move] of line.entries()) {
    await players[i % 2].playOk(move);
    await Promise.all(players.map((p) => p.waitStep(i + 1)));
  }
}

// What the page at /game/ROOMID does with a finished room: joins it to
// watch, rebuilds the game in its own engine from the state (the page's
// replayRoom), and exports the PGN from that engine.
async function pageAtGameAddress(roomId) {
  const page = await fetchText(`${server.url}game/${roomId}`);
  assert.equal(page.status, 200, 'the page is served at the room’s own address');
  const client = new Client(server.url);
  try {
    const ack = await client.call('room:join', { roomId, watch: true });
    assert.ok(ack.ok, `${ack.code} ${ack.reason}`);
    const session = new engine.XiangqiSession();
    try {
      assert.ok(replayRoom(session, ack.state), 'the page replays the room');
      return { state: ack.state, snapshot: session.snapshot(), pgn: session.exportPgn('iccs', { Red: 'Ann', Black: 'Bob' }) };
    } finally {
      session.delete();
    }
  } finally {
    client.close();
  }
}

test('asian rules: a perpetual chase loses, and every client, the state, the record and the PGN say why', async () => {
  const [red, black] = await pair({ rules: 'asian' });
  assert.equal(red.state.options.rules, 'asian');
  const watcher = await Player.join(server.url, engine, red.roomId, { watch: true, name: 'Wu' });
  await playLine([red, black], CHASE_LINE);
  await Promise.all([red, black, watcher].map((p) => p.waitType('result')));

  const expectedRuling = {
    outcome: 'black_wins',
    reason: 'perpetual_chase',
    side: 'red',
    rules: 'asian',
    rule: 'WXF rules, general rule 3',
    chased: [{ square: 'b4', piece: 'c', by: 'd4', by_piece: 'R' }],
    cycle: CHASE_CYCLE.map(({ move, side, red: chaser }) => ({
      move,
      side,
      kind: chaser ? 'chase' : 'idle',
      chases: chaser ? [{ by: move.slice(2), target: `b${move[3]}` }] : [],
    })),
  };
  for (const p of [red, black, watcher]) {
    assert.equal(p.result.code, 'perpetual_chase');
    assert.equal(p.result.winner, 1, 'black wins');
    assert.deepEqual(p.result.ruling, expectedRuling);
    // The client's own engine, following the room's moves under its rules, rules the same.
    assert.deepEqual(p.local.snapshot().ruling, expectedRuling);
  }
  const state = await watcher.sync();
  assert.deepEqual(state.result.ruling, expectedRuling);
  assert.match(state.record, /^\[Termination "perpetual chase"\]\n1\. i0i1/, 'the record names the ruling');
  assert.doesNotMatch(state.record, /\[Rules/, 'the Asian rules are the record’s default');
  const after = await red.play('d4d5');
  assert.equal(after.code, 'game_over');

  const page = await pageAtGameAddress(red.roomId);
  assert.deepEqual(page.state.result, red.result);
  assert.deepEqual(page.snapshot.ruling, expectedRuling);
  assert.match(page.pgn, /\[Result "0-1"\]\n\[Termination "perpetual chase"\]\n\[Rules "asian"\]\n/);
  assert.match(
    page.pgn,
    /7\. d5d4 \{Red loses: perpetual chase of the black cannon on b4 by the red rook on d4 \(Asian rules; WXF rules, general rule 3\)\}\n0-1\n$/,
  );
  // The PGN read back rules the game again the same way.
  const reread = new engine.XiangqiSession();
  try {
    assert.ok(reread.importRecord(page.pgn, { rules: 'simple' }).ok);
    assert.deepEqual(reread.snapshot().ruling, expectedRuling, 'its [Rules] tag outranks the reader’s rules');
  } finally {
    reread.delete();
  }
  for (const p of [red, black, watcher]) p.close();
});

test('simple rules: the same chase is a draw by repetition, explained as one', async () => {
  const [red, black] = await pair({ rules: 'simple' });
  assert.equal(red.state.options.rules, 'simple');
  await playLine([red, black], CHASE_LINE);
  await Promise.all([red, black].map((p) => p.waitType('result')));
  for (const p of [red, black]) {
    assert.equal(p.result.code, 'repetition');
    assert.equal(p.result.winner, null);
    assert.deepEqual(
      { ...p.result.ruling, cycle: p.result.ruling.cycle.length },
      { outcome: 'draw', reason: 'repetition', side: null, rules: 'simple', rule: '', chased: [], cycle: 8 },
    );
    assert.ok(
      p.result.ruling.cycle.every((m) => m.kind === 'idle'),
      'the simple rules count no chase',
    );
  }
  const page = await pageAtGameAddress(red.roomId);
  assert.match(page.pgn, /\[Result "1\/2-1\/2"\]\n\[Termination "repetition"\]\n\[Rules "simple"\]\n/);
  assert.match(page.pgn, / \{Draw by repetition \(simple rules\)\}\n1\/2-1\/2\n$/);
  const state = await red.sync();
  assert.match(state.record, /^\[Rules "simple"\]\n\[Termination "repetition"\]\n/);
  red.close();
  black.close();
});

test('a room refuses a rule set the engine does not know, with the engine’s refusal', async () => {
  const client = new Client(server.url);
  try {
    const bad = await client.call('room:create', { game: 'xiangqi', options: { rules: 'fischer' } });
    assert.equal(bad.code, 'bad_request');
    assert.deepEqual(bad.detail, {
      code: 'bad_argument',
      params: { name: 'options.rules', expected: 'asian, chinese or simple' },
      reason: 'options.rules must be asian, chinese or simple',
    });
    // Not a rule set's name at all: refused before the engine sees it.
    for (const rules of [5, 'as ian', ['asian'], null]) {
      const refused = await client.call('room:create', { game: 'xiangqi', options: { rules } });
      assert.equal(refused.code, 'bad_request', JSON.stringify(rules));
      assert.match(refused.reason, /^options: rules: /);
    }
    // A name is no set of rule options for a game that takes those: its engine says so.
    const checkers = await client.call('room:create', { game: 'checkers', options: { rules: 'asian' } });
    assert.equal(checkers.code, 'bad_request');
    assert.equal(checkers.detail.code, 'checkers_options_not_object');
    // The default, named in the room's options.
    const plain = await client.call('room:create', { game: 'xiangqi' });
    assert.ok(plain.ok, plain.reason);
    assert.equal(plain.state.options.rules, 'asian');
  } finally {
    client.close();
  }
});

test('a seek carries its rule set into the lobby and its room; quick pairing plays the default', async () => {
  const hello = async (name) => {
    const client = new Client(server.url);
    const started = client.record('room:started');
    const ack = await client.call('hello', { playerKey: randomBytes(16).toString('base64url'), name });
    assert.ok(ack.ok, ack.reason);
    return { client, started };
  };
  const ann = await hello('Ann');
  const bob = await hello('Bob');
  try {
    const bad = await ann.client.call('seek:create', { game: 'xiangqi', clock: null, options: { rules: 'fischer' } });
    assert.equal(bad.code, 'bad_request');
    assert.equal(bad.detail.params.name, 'options.rules');
    const seek = await ann.client.call('seek:create', { game: 'xiangqi', clock: null, options: { rules: 'chinese' } });
    assert.ok(seek.ok, seek.reason);
    const lobby = await bob.client.call('lobby:subscribe', {});
    const listed = lobby.seeks.find((s) => s.seekId === seek.seekId);
    assert.equal(listed.options.rules, 'chinese', 'the seek list names the rule set');
    const accepted = await bob.client.call('seek:accept', { seekId: seek.seekId });
    assert.ok(accepted.ok, accepted.reason);
    assert.equal(accepted.state.options.rules, 'chinese', 'the room plays the seek’s rule set');
    const started = await ann.client.waitReceived('room:started', (s) => s.roomId === accepted.state.roomId);
    assert.equal(started.state.options.rules, 'chinese');

    const quick = await ann.client.call('seek:quick', { game: 'xiangqi', clock: { initialMs: 60_000, incrementMs: 0 } });
    assert.ok(quick.ok, quick.reason);
    const quickListed = (await bob.client.call('lobby:subscribe', {})).seeks.find((s) => s.seekId === quick.seekId);
    assert.equal(quickListed.options.rules, 'asian');
  } finally {
    ann.client.close();
    bob.client.close();
  }
});

test('a room logged before rule sets named none: read with the simple rules it was played under', async () => {
  // A finished room as a server before rule sets wrote it: its log is this
  // room's, but for `rules` in the created event's options (none then).
  const [red, black] = await pair({ rules: 'simple' });
  await playLine([red, black], CHASE_LINE);
  await red.waitType('result');
  red.close();
  black.close();
  await server.stop();
  const oldId = 'xqpre53game';
  const db = new Database(server.db);
  try {
    db.transaction(() => {
      const columns = 'game, created_at, updated_at, last_v, finished, timed';
      db.prepare(`INSERT INTO rooms (room_id, ${columns}) SELECT ?, ${columns} FROM rooms WHERE room_id = ?`).run(
        oldId,
        red.roomId,
      );
      const events = db.prepare('SELECT * FROM events WHERE room_id = ? ORDER BY v').all(red.roomId);
      const insert = db.prepare(
        'INSERT INTO events (room_id, v, type, step, pos, at, data, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      for (const e of events) {
        const data = JSON.parse(e.data);
        if (e.type === 'created') delete data.options.rules;
        if (e.type === 'result') delete data.ruling; // nor did results explain themselves
        insert.run(oldId, e.v, e.type, e.step, e.pos, e.at, JSON.stringify(data), e.secret);
      }
    })();
    assert.equal(
      db.prepare("SELECT data FROM events WHERE room_id = ? AND type = 'created'").pluck().get(oldId).includes('rules'),
      false,
    );
  } finally {
    db.close();
  }
  await server.start();
  const page = await pageAtGameAddress(oldId);
  assert.equal(page.state.options.rules, 'simple', 'the rules it was played under');
  assert.equal(page.state.result.code, 'repetition');
  assert.equal(page.snapshot.status.reason, 'repetition', 'a page replaying it rules the logged result again');
  assert.equal(hashText(page.snapshot.positionText), page.state.pos);
  assert.doesNotMatch(server.stderr, /replay differs|differs from the log/);
});

process.exitCode = await run();
await server.stop();
