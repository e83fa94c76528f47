// `qipan nboard`, the Reversi engine over the NBoard protocol, driven as the
// NBoard GUI drives it: real sessions over pipes. Positions and legal moves
// come from a small reference written here (not the engine's), exact values
// from `qipan solve`. When the wasm build's qipan.js sits beside
// QIPAN_WEB_ENGINE, the same piped session must answer the same there.
//   node tests/js/reversi_nboard_test.mjs build/release/qipan
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { finish, test, testAsync } from './harness.mjs';
import { refereedSession } from './refereed_session.mjs';

const qipan = process.argv[2];
if (!qipan) {
  console.error('usage: node tests/js/reversi_nboard_test.mjs <path to native qipan>');
  process.exit(2);
}

// --- A reference Reversi: boards are 64 characters a1..h8 of X, O, -.
const DIRECTIONS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];
const nameOf = (i) => `${'abcdefgh'[i % 8]}${Math.floor(i / 8) + 1}`;
const indexOf = (name) => (Number(name[1]) - 1) * 8 + 'abcdefgh'.indexOf(name[0].toLowerCase());
function flipsOf(board, side, i) {
  if (board[i] !== '-') return [];
  const other = side === 'X' ? 'O' : 'X';
  const flips = [];
  for (const [dr, dc] of DIRECTIONS) {
    const line = [];
    let r = Math.floor(i / 8) + dr,
      c = (i % 8) + dc;
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] === other) {
      line.push(r * 8 + c);
      r += dr;
      c += dc;
    }
    if (line.length && r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] === side) flips.push(...line);
  }
  return flips;
}
const legalMoves = ({ board, side }) =>
  [...board]
    .map((_, i) => i)
    .filter((i) => flipsOf(board, side, i).length)
    .map(nameOf);
function play(position, move) {
  const other = position.side === 'X' ? 'O' : 'X';
  if (move.toUpperCase() === 'PA') return { board: position.board, side: other };
  const i = indexOf(move);
  const flips = flipsOf(position.board, position.side, i);
  assert.ok(flips.length, `reference: ${move} is legal`);
  const board = [...position.board];
  for (const f of [i, ...flips]) board[f] = position.side;
  return { board: board.join(''), side: other };
}
const boardString = ({ board, side }) => `${board} ${side}`;

// A GGF record from a start position and moves, as NBoard sends it.
function ggf(start, moves) {
  const bo = `${start.board.replace(/X/g, '*')} ${start.side === 'X' ? '*' : 'O'}`;
  const plies = moves.map((m, i) => `${(i % 2 === 0) === (start.side === 'X') ? 'B' : 'W'}[${m.toUpperCase()}]`);
  return `(;GM[Othello]PC[NBoard]DT[2026-12-01 10:00:00 GMT]PB[Qipan]PW[tester]RE[?]TI[15:00]TY[8]BO[8 ${bo}]${plies.join('')};)`;
}

const START = { board: `${'-'.repeat(27)}OX------XO${'-'.repeat(27)}`, side: 'X' };
const OPENING_MOVES = ['f5', 'f6', 'e6', 'f4'];
const OPENING = OPENING_MOVES.reduce(play, START);
// FFO #40 (20 empties, +38 a2), then two moves: 18 empties, Black to move.
const FFO40 = { board: 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------', side: 'X' };
const ENDGAME_MOVES = ['a2', 'b1'];
const ENDGAME = ENDGAME_MOVES.reduce(play, FFO40);

// A whole session piped in at once; the end of input lets the last search finish.
const session = (lines, program = [qipan]) => {
  const run = spawnSync(program[0], [...program.slice(1), 'nboard'], {
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
    timeout: 120000,
  });
  assert.equal(run.status, 0, run.stderr);
  return { out: run.stdout.split('\n').filter(Boolean), err: run.stderr };
};
const HINT = /^search ([A-H][1-8]|PA) (-?\d+\.\d\d) 0 (\d+|100%)$/;
const MOVE = /^=== ([A-H][1-8]|PA)\/(-?\d+\.\d\d)\/(\d+\.\d\d)$/;
const hints = (out) =>
  out
    .filter((l) => l.startsWith('search '))
    .map((l) => {
      const m = l.match(HINT);
      assert.ok(m, `a search line: ${l}`);
      return { move: m[1].toLowerCase(), eval: Number(m[2]), depth: m[3] };
    });

test('a session: name, the GGF game, ping/pong in order, go plays a legal move', () => {
  const { out, err } = session([
    'nboard 2',
    'set depth 4',
    `set game ${ggf(START, OPENING_MOVES)}`,
    'ping 1',
    'go',
    'ping 2',
    'ping 3',
    'learn',
  ]);
  assert.equal(err, '');
  assert.equal(out[0], 'set myname Qipan');
  assert.equal(out[1], 'pong 1');
  const move = out.findIndex((l) => l.startsWith('==='));
  assert.ok(move > 1, out.join('\n'));
  const m = out[move].match(MOVE);
  assert.ok(m, out[move]);
  assert.ok(legalMoves(OPENING).includes(m[1].toLowerCase()), `${m[1]} is legal after ${OPENING_MOVES}`);
  // The move (even of a search the ping stopped) comes before the pong.
  assert.deepEqual(
    out.slice(move + 1).filter((l) => !l.startsWith('status')),
    ['pong 2', 'pong 3', 'learned'],
  );
  assert.ok(out.slice(1, move).includes('status Qipan is thinking'));
});

test('hint N: N distinct legal moves with evaluations, best first; more than there are gives all', () => {
  const { out } = session([`set game ${ggf(START, OPENING_MOVES)}`, 'set depth 4', 'hint 3']);
  const three = hints(out);
  assert.equal(three.length, 3, out.join('\n'));
  assert.equal(new Set(three.map((h) => h.move)).size, 3, 'distinct moves');
  for (const h of three) {
    assert.ok(legalMoves(OPENING).includes(h.move), h.move);
    assert.equal(h.depth, '4');
  }
  assert.deepEqual(
    three.map((h) => h.eval),
    three.map((h) => h.eval).sort((a, b) => b - a),
  );
  const all = hints(session([`set game ${ggf(START, OPENING_MOVES)}`, 'set depth 4', 'hint 40']).out);
  assert.deepEqual(all.map((h) => h.move).sort(), legalMoves(OPENING).sort());
  assert.deepEqual(all.slice(0, 3), three, 'the top three are the same');
});

// The solver's exact value of every move of the endgame position.
const solved = Object.fromEntries(
  spawnSync(qipan, ['solve', 'reversi', boardString(ENDGAME), '--all'], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => l.match(/^([a-h][1-8]) ([+-]?\d+)$/))
    .filter(Boolean)
    .map((m) => [m[1], Number(m[2])]),
);
const ENDGAME_SESSION = ['nboard 2', 'set depth 20', `set game ${ggf(FFO40, ENDGAME_MOVES)}`, 'ping 1', 'go', 'hint 4'];

test("endgame: at depth >= empties go plays the solver's best move with its exact score, hints are exact", () => {
  assert.equal(Object.keys(solved).length, legalMoves(ENDGAME).length, 'qipan solve --all values every move');
  const best = Math.max(...Object.values(solved));
  const { out } = session(ENDGAME_SESSION);
  const m = out.find((l) => l.startsWith('===')).match(MOVE);
  assert.equal(solved[m[1].toLowerCase()], best, `${m[1]} is a best move`);
  assert.equal(Number(m[2]), best, 'its exact score');
  const four = hints(out);
  assert.equal(four.length, 4);
  const exact = Object.entries(solved)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map((e) => e[1]);
  assert.deepEqual(
    four.map((h) => h.eval),
    exact,
  );
  for (const h of four) {
    assert.equal(h.eval, solved[h.move], `${h.move} is valued exactly`);
    assert.equal(h.depth, '100%');
  }
});

test('set level searches as the AI level does: level 7 solves 20 empties exactly, level 4 does not; 1 and 9 are refused', () => {
  const best = Math.max(...Object.values(solved));
  const game = `set game ${ggf(FFO40, ENDGAME_MOVES)}`;
  const { out, err } = session([
    'nboard 2',
    'set level 1',
    'set level 9',
    game,
    'set level 7',
    'go',
    'hint 2',
    'set level 4',
    'hint 2',
  ]);
  assert.match(err, /set level needs 2\.\.8, not '1'/);
  assert.match(err, /set level needs 2\.\.8, not '9'/);
  const m = out.find((l) => l.startsWith('===')).match(MOVE);
  assert.equal(solved[m[1].toLowerCase()], best, `level 7 plays ${m[1]}, a best move`);
  assert.equal(Number(m[2]), best, 'with its exact score');
  const [level7, level4] = [hints(out).slice(0, 2), hints(out).slice(2)];
  for (const h of level7) assert.equal(h.depth, '100%', `level 7 values ${h.move} exactly`);
  assert.equal(level4.length, 2);
  for (const h of level4) assert.equal(h.depth, '4', `level 4 values ${h.move} at depth 4 (it solves from 10 empties)`);
});

test('set movetime plays a legal move within the level; set depth goes back to depths (here an exact solve)', () => {
  const best = Math.max(...Object.values(solved));
  const game = `set game ${ggf(FFO40, ENDGAME_MOVES)}`;
  const { out, err } = session(['nboard 2', game, 'set movetime x', 'set movetime 20', 'go', 'set depth 20', 'go']);
  assert.match(err, /set movetime needs milliseconds 0\.\.3600000, not 'x'/);
  const [timed, exact] = out.filter((l) => l.startsWith('===')).map((l) => l.match(MOVE));
  assert.ok(timed[1].toLowerCase() in solved, `${timed[1]} is a legal move`);
  assert.equal(solved[exact[1].toLowerCase()], best, 'after set depth 20: a best move');
  assert.equal(Number(exact[2]), best, 'with its exact score');
});

test('set solvetime: with a move time too short to solve, a position the level solves gets the solve time', () => {
  const best = Math.max(...Object.values(solved));
  // 1 ms cannot solve FFO #40's 20 empties; level 8 solves from 22 empties.
  const timed = ['nboard 2', 'set level 8', 'set movetime 1', `set game ${ggf(FFO40, ENDGAME_MOVES)}`];
  const alone = session([...timed, 'hint 1']);
  for (const h of hints(alone.out)) assert.notEqual(h.depth, '100%', 'the move time alone does not solve it');
  const { out, err } = session([...timed, 'set solvetime y', 'set solvetime 600000', 'hint 1']);
  assert.match(err, /set solvetime needs milliseconds 0\.\.3600000, not 'y'/);
  const [solving] = hints(out);
  assert.equal(solving.depth, '100%', 'the solve time does');
  assert.equal(solving.eval, best);
  assert.equal(solved[solving.move.toLowerCase()], best);
});

test('an illegal or malformed move is refused on stderr and leaves the game unchanged; a legal one plays', () => {
  const game = `set game ${ggf(START, OPENING_MOVES)}`;
  const { out, err } = session([game, 'set depth 2', 'move A1', 'move zz', 'move PA', 'hint 64', 'move D3/1.50/2.0', 'hint 64']);
  assert.match(err, /illegal move A1 \(flips_nothing\).*unchanged/);
  assert.match(err, /not a move: 'zz'/);
  assert.match(err, /illegal move PA \(pass_not_allowed\)/);
  const lines = hints(out);
  const before = legalMoves(OPENING);
  assert.deepEqual(
    lines
      .slice(0, before.length)
      .map((h) => h.move)
      .sort(),
    before.sort(),
    'still the same position',
  );
  const after = legalMoves(play(OPENING, 'd3'));
  assert.deepEqual(
    lines
      .slice(before.length)
      .map((h) => h.move)
      .sort(),
    after.sort(),
    'd3 was played',
  );
});

test('unknown commands and bad settings are answered on stderr, and the session goes on', () => {
  const { out, err } = session([
    'nboard 2',
    'xyzzy 1',
    'set depth 0',
    'set depth x',
    'set colour red',
    'set game (;GM[Go];)',
    'set contempt 50',
    'hint many',
    'ping 5',
  ]);
  assert.deepEqual(out, ['set myname Qipan', 'pong 5']);
  for (const text of [
    /unknown command 'xyzzy'/,
    /set depth needs 1\.\.60, not '0'/,
    /not 'x'/,
    /unknown setting 'colour'/,
    /bad game \(ggf_not_othello\)/,
    /hint needs a move count/,
  ])
    assert.match(err, text);
  assert.doesNotMatch(err, /contempt/);
});

test('analyze: one value per position of the game, the last first', () => {
  const { out } = session([`set game ${ggf(START, OPENING_MOVES)}`, 'set depth 2', 'analyze']);
  const lines = out.filter((l) => l.startsWith('analysis '));
  assert.deepEqual(
    lines.map((l) => Number(l.split(' ')[1])),
    [4, 3, 2, 1, 0],
  );
  for (const l of lines) assert.match(l, /^analysis \d+ -?\d+\.\d\d$/);
});

// Interactive: a search that would never end (a 60-empty solve) stops at a ping.
const stopped = await new Promise((resolve, reject) => {
  const child = spawn(qipan, ['nboard']);
  let buffer = '';
  const lines = [];
  const timer = setTimeout(() => {
    child.kill();
    reject(new Error(`no pong within 60 s: ${lines.join(' | ')}`));
  }, 60000);
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let end; (end = buffer.indexOf('\n')) >= 0; buffer = buffer.slice(end + 1)) {
      const line = buffer.slice(0, end);
      lines.push(line);
      if (line === 'status Qipan is thinking') child.stdin.write('ping 9\n');
      if (line === 'pong 9') child.stdin.write('quit\n');
    }
  });
  child.on('exit', (code) => {
    clearTimeout(timer);
    resolve({ code, lines });
  });
  child.stdin.write('nboard 2\nset depth 60\ngo\n');
});

test('ping stops a search at once (a whole-game solve here) and its move still comes first', () => {
  assert.equal(stopped.code, 0);
  const move = stopped.lines.findIndex((l) => l.startsWith('==='));
  const pong = stopped.lines.indexOf('pong 9');
  assert.ok(move >= 0 && pong > move, stopped.lines.join('\n'));
  assert.ok(legalMoves(START).includes(stopped.lines[move].match(MOVE)[1].toLowerCase()));
});

// A session of `searches` plain `go`s, as a match runner drives an engine.
const goSession = (searches) =>
  refereedSession({
    program: qipan,
    args: ['nboard'],
    hello: 'nboard 2\nset depth 2\n',
    request: () => 'go\n',
    isAnswer: (line) => line.startsWith('==='),
    requests: searches,
    goodbye: 'ping 1\n',
  });

await testAsync('exactly one move per go, with four sessions searching at once', async () => {
  // The search thread writes its move while the reading thread waits for the
  // next command; reading used to flush stdout unguarded, and now and then a
  // line came out twice (tests/js/xiangqi_uci_test.mjs has the same case).
  const searches = 1500;
  const sessions = await Promise.all([1, 2, 3, 4].map(() => goSession(searches)));
  assert.deepEqual(
    sessions.map(({ answers }) => answers.length),
    [searches, searches, searches, searches],
  );
});

const wasmQipan = process.env.QIPAN_WEB_ENGINE && join(dirname(process.env.QIPAN_WEB_ENGINE), 'qipan.js');
if (wasmQipan && existsSync(wasmQipan)) {
  test('the wasm build answers the same session the same (times aside)', () => {
    const strip = (out) => out.filter((l) => !l.startsWith('nodestats')).map((l) => l.replace(/\/[\d.]+$/, ''));
    const native = strip(session(ENDGAME_SESSION).out);
    const wasm = strip(session(ENDGAME_SESSION, ['node', '--no-experimental-fetch', wasmQipan]).out);
    assert.deepEqual(wasm, native);
  });
}

finish();
