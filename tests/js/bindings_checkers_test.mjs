// The Chinese checkers Embind surface as the page uses it, checked against an
// independent move generator written here (a BFS over the board graph built
// from cube coordinates, straight from docs/rules/chinese-checkers.md): legal (from, to)
// sets, shortest hop paths and hop-by-hop choices on random positions and
// random games for 2, 3, 4 and 6 players under several rule options;
// refusals with codes and parameters that leave the game unchanged; hole
// names and records round trip; cheap snapshots (paths on demand, cached
// move objects), truncate, results from the engine, the AI playing on for
// places; the drawing geometry matches the engine's cell order; no leaked
// handle.
//   node --no-experimental-fetch tests/js/bindings_checkers_test.mjs
import assert from 'node:assert/strict';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';
import { CELL_LIST } from '../../web/games/checkers/board/board_geometry.js';

const engine = await loadEngine();
const CODES = new Set(engine.refusalCodes().map((e) => e.code));
// A refusal as the page gets it: {ok: false, code (listed), params, reason}.
function assertRefusal(result, code, label = '') {
  assert.equal(result.ok, false, label);
  assert.ok(CODES.has(result.code), `${label}: ${result.code} is a listed code`);
  assert.equal(typeof result.params, 'object', label);
  assert.ok(typeof result.reason === 'string' && result.reason.length > 3, label);
  assert.equal(result.error, undefined, `${label}: no separate error key`);
  if (code) assert.equal(result.code, code, `${label}: ${result.reason}`);
}

let seed = 2024;
const random = (n) => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n;
// The engine's hole names (geometry()), by hole number.
const NAMES = (() => {
  const session = new engine.CheckersSession();
  const names = session.geometry().map((c) => c.name);
  session.delete();
  return names;
})();
const handlesAtStart = engine.count_emval_handles();

// ---- the reference: board graph, seats and moves, from the rules document ----

const REF = (() => {
  const cells = [];
  const at = new Map();
  for (let z = -8; z <= 8; z++) {
    for (let x = -8; x <= 8; x++) {
      const y = -x - z;
      if ((x >= -4 && y >= -4 && z >= -4) || (x <= 4 && y <= 4 && z <= 4)) {
        at.set(`${x},${y},${z}`, cells.length);
        cells.push({ x, y, z });
      }
    }
  }
  const arm = (c) => (c.z < -4 ? 0 : c.x > 4 ? 1 : c.y < -4 ? 2 : c.z > 4 ? 3 : c.x < -4 ? 4 : c.y > 4 ? 5 : -1);
  const dirs = [
    [1, -1, 0],
    [1, 0, -1],
    [0, 1, -1],
    [-1, 1, 0],
    [-1, 0, 1],
    [0, -1, 1],
  ];
  // ray[c][d]: the holes in a straight line from c, nearest first.
  const ray = cells.map((c) =>
    dirs.map(([dx, dy, dz]) => {
      const out = [];
      for (let k = 1; ; k++) {
        const i = at.get(`${c.x + k * dx},${c.y + k * dy},${c.z + k * dz}`);
        if (i === undefined) return out;
        out.push(i);
      }
    }),
  );
  return { cells, arms: cells.map(arm), ray };
})();

const HOMES = { 2: [3, 0], 3: [3, 5, 1], 4: [3, 4, 0, 1], 6: [3, 4, 5, 0, 1, 2] };
const armHoles = (a) => REF.cells.map((_, i) => i).filter((i) => REF.arms[i] === a);
const homeArm = (n, p) => HOMES[n][p - 1];
const targetArm = (n, p) => (homeArm(n, p) + 3) % 6;

// Landings of one hop from c (the moving piece's start `start` counts as empty).
function oneHop(board, c, start, rules) {
  const out = [];
  const occupied = (i) => i !== start && board[i] !== 0;
  for (const line of REF.ray[c]) {
    if (!rules.longJumps) {
      if (line.length >= 2 && occupied(line[0]) && !occupied(line[1])) out.push(line[1]);
      continue;
    }
    // Long jump: the first piece on the line at distance k, the landing at 2k,
    // every hole between start and landing except the hopped one empty.
    const k = line.findIndex(occupied) + 1;
    if (k <= 0 || line.length < 2 * k) continue;
    let clear = true;
    for (let j = k; j < 2 * k; j++) if (occupied(line[j])) clear = false;
    if (clear) out.push(line[2 * k - 1]);
  }
  return out;
}

function parkingForbidden(n, p) {
  const used = new Set();
  for (let q = 1; q <= n; q++) {
    used.add(homeArm(n, q));
    used.add(targetArm(n, q));
  }
  used.delete(homeArm(n, p));
  used.delete(targetArm(n, p));
  return used;
}

// Every legal move of player p: Map "from-to" -> fewest hops (0 for a step).
function referenceMoves(board, n, p, rules) {
  const moves = new Map();
  const target = targetArm(n, p);
  const noPark = rules.parking === 'passThrough' ? parkingForbidden(n, p) : new Set();
  const canEnd = (to) => !noPark.has(REF.arms[to]);
  const locked = (c) => rules.goalLock !== false && REF.arms[c] === target;
  for (let from = 0; from < 121; from++) {
    if (board[from] !== p) continue;
    for (const line of REF.ray[from]) {
      const to = line[0];
      if (to === undefined || board[to] !== 0) continue;
      if (locked(from) && REF.arms[to] !== target) continue;
      if (canEnd(to)) moves.set(`${from}-${to}`, 0);
    }
    // BFS over landing holes; the start is never a landing.
    const dist = new Map([[from, 0]]);
    const queue = [from];
    while (queue.length) {
      const c = queue.shift();
      for (const next of oneHop(board, c, from, rules)) {
        if (dist.has(next)) continue;
        if (locked(c) && REF.arms[next] !== target) continue;
        dist.set(next, dist.get(c) + 1);
        queue.push(next);
      }
    }
    for (const [to, hops] of dist) {
      if (to === from || !canEnd(to)) continue;
      if (!moves.has(`${from}-${to}`)) moves.set(`${from}-${to}`, hops);
    }
  }
  return moves;
}

function finished(board, n, p, strict) {
  const holes = armHoles(targetArm(n, p));
  if (strict) return holes.every((i) => board[i] === p);
  return holes.every((i) => board[i] !== 0) && holes.some((i) => board[i] === p);
}

// A path is a legal move in the reference's terms (and is what it says).
function checkPath(board, n, p, path, rules, hops) {
  const [from] = path;
  assert.equal(board[from], p);
  const target = targetArm(n, p);
  if (hops === 0) {
    assert.equal(path.length, 2, 'a step is [from, to]');
    return;
  }
  assert.equal(path.length, hops + 1, `path ${path.join(':')} has the fewest hops (${hops})`);
  const seen = new Set([from]);
  for (let i = 1; i < path.length; i++) {
    assert.ok(oneHop(board, path[i - 1], from, rules).includes(path[i]), `hop ${path[i - 1]} -> ${path[i]}`);
    assert.ok(!seen.has(path[i]), 'no hole landed twice');
    seen.add(path[i]);
    if (rules.goalLock !== false && REF.arms[path[i - 1]] === target) assert.equal(REF.arms[path[i]], target, 'goal lock');
  }
}

// Compares the engine's snapshot with the reference on one position (the
// paths through session.pathFor, asked for each move).
function compare(snap, rules, label, session) {
  const n = snap.players;
  const p = snap.side + 1; // the player to move (seat + 1 on the board)
  const anyFinished = snap.seats.some((s) => finished(snap.board, n, s.player, rules.winRule === 'strict'));
  if (snap.status.over) {
    assert.equal(snap.legal.length, 0, `${label}: no moves once over`);
    return 0;
  }
  if (rules.multiplayerEnd !== 'playOn' || n === 2) assert.ok(!anyFinished, `${label}: somebody finished but the game goes on`);
  const expected = referenceMoves(snap.board, n, p, rules);
  const got = new Map(snap.legal.map((m) => [`${m.from}-${m.to}`, m]));
  const missing = [...expected.keys()].filter((k) => !got.has(k));
  const extra = [...got.keys()].filter((k) => !expected.has(k));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${label}: ${snap.positionText}`);
  for (const [key, move] of got) {
    assert.equal(move.path, undefined, 'snapshots carry no paths');
    const path = session.pathFor(move.from, move.to);
    assert.equal(path[0], move.from);
    assert.equal(path[path.length - 1], move.to);
    checkPath(snap.board, n, p, path, rules, expected.get(key));
  }
  assert.equal(snap.mustPass, expected.size === 0, `${label}: a pass exactly when nothing moves`);
  return expected.size;
}

function randomPosition(n) {
  const board = new Array(121).fill(0);
  for (let p = 1; p <= n; p++) {
    let placed = 0;
    while (placed < 10) {
      const c = random(121);
      if (board[c] === 0) {
        board[c] = p;
        placed++;
      }
    }
  }
  return board;
}

// A cramped position: each army packed near its target (goal lock, hop ladders).
function packedPosition(n) {
  const board = new Array(121).fill(0);
  for (let p = 1; p <= n; p++) {
    const holes = armHoles(targetArm(n, p));
    const near = REF.cells
      .map((_, i) => i)
      .filter((i) => board[i] === 0 && !holes.includes(i))
      .sort((a, b) => dist(a, holes[0]) - dist(b, holes[0]));
    let placed = 0;
    for (const c of holes)
      if (placed < 6 && board[c] === 0 && random(3)) {
        board[c] = p;
        placed++;
      }
    for (const c of near)
      if (placed < 10 && random(2)) {
        board[c] = p;
        placed++;
      }
    for (const c of near)
      if (placed < 10 && board[c] === 0) {
        board[c] = p;
        placed++;
      }
  }
  return board;
}

function dist(a, b) {
  const p = REF.cells[a];
  const q = REF.cells[b];
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z));
}

// A game from a position string under the session's rules in force (a
// start's rules are all but the player count and the first player).
const startAt = (session, position) => {
  const rules = Object.fromEntries(Object.entries(session.rules()).filter(([k]) => k !== 'players' && k !== 'firstPlayer'));
  return session.startGame({ rules, position });
};
const positionString = (board, side, n) => board.map((v) => (v ? String(v) : '.')).join('') + ` ${side} ${n}`;

const RULE_SETS = [
  {},
  { goalLock: false },
  { parking: 'passThrough' },
  { longJumps: true },
  { winRule: 'strict', multiplayerEnd: 'playOn' },
];

// ---- tests -------------------------------------------------------------------

test('the drawing geometry is the engine cell order, with the same cube coordinates and arms', () => {
  const session = new engine.CheckersSession();
  const cells = session.geometry();
  assert.equal(cells.length, 121);
  for (const c of cells) {
    const mine = CELL_LIST[c.index];
    assert.deepEqual([mine.x, mine.y, mine.z, mine.arm], [c.x, c.y, c.z, c.arm], `cell ${c.index}`);
    assert.deepEqual([REF.cells[c.index].x, REF.cells[c.index].z], [c.x, c.z]);
  }
  session.delete();
});

test('start positions: seats, arms and the 14 opening moves for 2, 3, 4 and 6 players', () => {
  const session = new engine.CheckersSession();
  for (const n of [2, 3, 4, 6]) {
    assert.deepEqual(session.newGame({ players: n }), { ok: true });
    const snap = session.snapshot();
    assert.equal(snap.players, n);
    assert.equal(snap.side, 0);
    assert.deepEqual(
      snap.seats.map((s) => s.homeArm),
      HOMES[n],
    );
    assert.deepEqual(
      snap.seats.map((s) => s.targetArm),
      HOMES[n].map((a) => (a + 3) % 6),
    );
    for (const s of snap.seats) for (const c of armHoles(s.homeArm)) assert.equal(snap.board[c], s.player);
    assert.equal(compare(snap, {}, `start ${n}`, session), 14);
  }
  session.delete();
});

test('random positions for 2, 3, 4 and 6 players under each rule set match the reference', () => {
  const session = new engine.CheckersSession();
  let positions = 0;
  let moves = 0;
  for (const rules of RULE_SETS) {
    for (const n of [2, 3, 4, 6]) {
      assert.equal(session.newGame({ players: n, ...rules }).ok, true);
      for (let i = 0; i < 30; i++) {
        const board = i % 2 ? randomPosition(n) : packedPosition(n);
        const side = 1 + random(n);
        const text = positionString(board, side, n);
        const loaded = startAt(session, text);
        assert.equal(loaded.ok, true, loaded.reason);
        const snap = session.snapshot();
        assert.equal(snap.positionText, text);
        assert.deepEqual(snap.board, board);
        moves += compare(snap, { ...rules }, `${JSON.stringify(rules)} ${n}p #${i}`, session);
        positions++;
      }
    }
  }
  assert.ok(moves > 1000, `${positions} positions, ${moves} moves compared`);
  console.log(`#   ${positions} random positions, ${moves} moves compared`);
  session.delete();
});

test('random games for 2, 3, 4 and 6 players: every position matches the reference; paths and hop-by-hop agree', () => {
  let plies = 0;
  let chains = 0;
  for (const rules of RULE_SETS) {
    for (const n of [2, 3, 4, 6]) {
      const session = new engine.CheckersSession();
      assert.equal(session.newGame({ players: n, ...rules }).ok, true);
      for (let ply = 0; ply < 120; ply++) {
        const snap = session.snapshot();
        compare(snap, rules, `game ${JSON.stringify(rules)} ${n}p ply ${ply}`, session);
        if (snap.status.over) break;
        if (snap.mustPass) {
          assert.equal(session.pass().ok, true);
          continue;
        }
        // Prefer forward moves so games reach crowded middle games.
        const scored = snap.legal.map((m) => ({ m, gain: progress(m, n, snap.side + 1) + random(3) }));
        scored.sort((a, b) => b.gain - a.gain);
        const picked = scored[random(Math.min(4, scored.length))].m;
        const move = { ...picked, path: session.pathFor(picked.from, picked.to) };
        if (move.path.length >= 3 || (move.path.length === 2 && dist(move.from, move.to) === 2)) {
          // Hop by hop: each landing is offered, the end may stop.
          for (let k = 1; k < move.path.length; k++) {
            const options = session.chainOptions(move.path.slice(0, k));
            assert.equal(options.ok, true, options.reason);
            if (k > 1 && !options.canStop) assertRefusal({ ok: false, ...options.stopProblem }, 'parking_forbidden');
            if (options.canStop) assert.equal(options.stopProblem, null);
            assert.ok(options.hops.includes(move.path[k]), `hop ${move.path[k - 1]} -> ${move.path[k]} is offered`);
            const reference = oneHop(snap.board, move.path[k - 1], move.from, rules)
              .filter((c) => !move.path.slice(0, k).includes(c))
              .filter(
                (c) =>
                  rules.goalLock === false ||
                  REF.arms[move.path[k - 1]] !== targetArm(n, snap.side + 1) ||
                  REF.arms[c] === targetArm(n, snap.side + 1),
              );
            assert.deepEqual(
              [...options.hops].sort((a, b) => a - b),
              reference.sort((a, b) => a - b),
            );
          }
          const end = session.chainOptions(move.path);
          assert.equal(end.ok && end.canStop, true, 'a chain may stop on a legal destination');
          assert.deepEqual(session.playPath(move.path), { ok: true });
          chains++;
        } else {
          assert.deepEqual(session.play(move.from, move.to), { ok: true });
        }
        const after = session.snapshot();
        assert.deepEqual(after.lastMove, { from: move.from, to: move.to, path: move.path, player: snap.side + 1 });
        assert.equal(after.board[move.to], snap.side + 1);
        assert.equal(after.board[move.from], 0);
        assert.equal(after.moves.length, after.ply);
        const written =
          move.path.length === 2 && dist(move.from, move.to) === 1
            ? `${NAMES[move.from]}-${NAMES[move.to]}`
            : move.path.map((c) => NAMES[c]).join(':');
        assert.equal(after.moves[after.ply - 1].text, written);
        plies++;
      }
      session.delete();
    }
  }
  assert.ok(chains > 50, `${plies} plies, ${chains} hop-by-hop chains`);
  console.log(`#   ${plies} plies in random games, ${chains} played hop by hop`);
});

function progress(move, n, p) {
  const apex = armHoles(targetArm(n, p)).sort((a, b) => dist(b, 60) - dist(a, 60))[0];
  return dist(move.from, apex) - dist(move.to, apex);
}

test('illegal moves, paths and input are refused with reasons and change nothing', () => {
  const session = new engine.CheckersSession();
  session.newGame({ players: 2 });
  // Make a few moves so the board has hop chances.
  for (const [f, t] of [
    [111, 102],
    [8, 21],
    [112, 103],
  ]) {
    const r = session.play(f, t);
    if (!r.ok) session.play(session.snapshot().legal[0].from, session.snapshot().legal[0].to);
  }
  const before = session.snapshot();
  const legal = new Set(before.legal.map((m) => `${m.from}-${m.to}`));
  const attempts = [];
  for (let i = 0; i < 300; i++) attempts.push([random(121), random(121)]);
  attempts.push([-1, 5], [0, 500], [60, 60]);
  let refused = 0;
  const codes = new Set();
  for (const [from, to] of attempts) {
    if (legal.has(`${from}-${to}`)) continue;
    const result = session.play(from, to);
    assertRefusal(result, null, `${from}-${to}`);
    assert.deepEqual(session.reasonFor(from, to), result, 'reasonFor gives the same refusal');
    codes.add(result.code);
    refused++;
  }
  assert.ok(refused > 250);
  assertRefusal(session.play(before.legal[0].from, before.legal[0].from), 'same_hole');
  for (const code of ['hole_empty', 'not_your_piece', 'hole_occupied', 'too_far', 'no_such_hole']) {
    assert.ok(codes.has(code), `random attempts met ${code}`);
  }
  const empty = session.play(60, 61);
  assertRefusal(empty, 'hole_empty');
  assert.deepEqual(empty.params, { hole: 'i5' });
  const other = before.board.findIndex((p) => p !== 0 && p !== before.side + 1);
  const theirs = session.play(other, 60);
  assertRefusal(theirs, 'not_your_piece');
  assert.deepEqual(theirs.params, { hole: NAMES[other], player: String(before.board[other]) });
  assertRefusal(session.play(-1, 5), 'no_such_hole');
  assert.deepEqual(session.play(0, 500).params, { hole: '500' });
  assert.deepEqual(session.reasonFor(111, 102).ok !== undefined, true);
  const badPaths = [
    [[], 'path_too_short'],
    [[111], 'path_too_short'],
    ['text', 'path_not_holes'],
    [[111, 'x'], 'path_not_holes'],
    [[111, 1000], 'no_such_hole'],
    [[1.5, 3], 'path_not_holes'],
    [null, 'path_not_holes'],
    [undefined, 'path_not_holes'],
    [{}, 'path_not_holes'],
    [[111, 102, 111], null],
    [new Array(130).fill(111), 'path_too_long'],
  ];
  for (const [path, code] of badPaths) assertRefusal(session.playPath(path), code, JSON.stringify(path));
  for (const [text, code] of [
    ['', 'empty_move'],
    ['hello', 'checkers_not_a_move'],
    ['999-1', 'no_such_hole'],
    ['pass', 'pass_not_allowed'],
    ['1:2:3', null],
    ['e5-', 'hole_missing'],
    ['x9-e5', 'no_such_hole'],
    ['e5-1x', 'bad_hole_name'],
  ]) {
    assertRefusal(session.playText(text), code, text);
  }
  assertRefusal(session.pass(), 'pass_not_allowed');
  assertRefusal(session.chainOptions([]), 'chain_empty');
  assertRefusal(session.chainOptions(['a']), 'path_not_holes');
  for (const [options, code, params] of [
    [{ players: 5 }, 'checkers_player_count', { players: '5' }],
    [{ winRule: 'nope' }, 'checkers_option_not_allowed', { option: 'winRule', value: 'nope', allowed: 'filled, strict' }],
    [{ goalLock: 'yes' }, 'checkers_option_not_boolean', { option: 'goalLock' }],
    [{ turnCap: -3 }, 'checkers_turn_cap', { turn_cap: '-3' }],
    [{ turnCap: 1.5 }, 'checkers_option_not_number', { option: 'turnCap' }],
    [{ parking: 3 }, 'checkers_option_not_text', { option: 'parking' }],
    [{ players: 1 }, 'checkers_player_count', { players: '1' }],
    [{ players: 3, first: 4 }, 'checkers_first_seat', { first: '4', players: '3' }],
    ['x', 'checkers_options_not_object', {}],
    [7, 'checkers_options_not_object', {}],
  ]) {
    const r = session.newGame(options);
    assertRefusal(r, code, JSON.stringify(options));
    assert.deepEqual(r.params, params);
  }
  for (const [text, code] of [
    ['', 'checkers_position_fields'],
    ['x 1 2', 'checkers_board_length'],
    ['2222222222 1 2', 'checkers_board_length'],
    [positionString(new Array(121).fill(0), 1, 2), 'checkers_piece_count'],
    [positionString(new Array(121).fill(0), 1, 5), 'checkers_player_count'],
  ]) {
    assertRefusal(startAt(session, text), code, text);
  }
  const badRecord = session.importRecord('1. 111-102 zz');
  assertRefusal(badRecord, 'checkers_record_move');
  assert.deepEqual(badRecord.params, { number: '2', move: 'zz' });
  assert.equal(badRecord.cause.code, 'checkers_not_a_move');
  assert.deepEqual(badRecord.cause.params, { text: 'zz' });
  const badLine = session.importRecord(`${'.'.repeat(121)} 1 2\n1. 111-102`);
  assertRefusal(badLine, 'checkers_record_position');
  assert.equal(badLine.cause.code, 'checkers_piece_count');
  assertRefusal(session.importRecord('rules: colour=red\n1. 111-102'), 'checkers_record_rules');
  assertRefusal(session.importRecord('1. 111-102', { players: 9 }), 'checkers_player_count');
  assertRefusal(session.truncate(99), 'checkers_ply_out_of_range');
  assert.deepEqual(session.truncate(99).params, { ply: '99', plies: String(before.plies) });
  const after = session.snapshot();
  assert.equal(after.positionText, before.positionText);
  assert.deepEqual(after.moves, before.moves);
  assert.equal(after.ply, before.ply);
  session.delete();
});

test('hop-by-hop chains: revisits and the start are refused, goal lock holds mid-chain', () => {
  const session = new engine.CheckersSession();
  // A ring of pieces around an empty centre lets a chain come back to its start.
  const board = new Array(121).fill(0);
  const C = (x, z) => REF.cells.findIndex((c) => c.x === x && c.z === z);
  const start = C(0, 2);
  board[start] = 1;
  for (const [x, z] of [
    [0, 1],
    [1, -1],
    [2, -2],
    [0, -1],
  ])
    board[C(x, z)] = 2;
  // Fill the rest of both armies far away so counts are right.
  let p1 = 1;
  let p2 = 4;
  for (let i = 0; i < 121 && (p1 < 10 || p2 < 10); i++) {
    if (board[i] || REF.arms[i] === -1) continue;
    if (REF.arms[i] === 4 && p1 < 10) {
      board[i] = 1;
      p1++;
    } else if (REF.arms[i] === 2 && p2 < 10) {
      board[i] = 2;
      p2++;
    }
  }
  assert.equal(startAt(session, positionString(board, 1, 2)).ok, true);
  const snap = session.snapshot();
  compare(snap, {}, 'ring', session);
  const first = session.chainOptions([start]);
  assert.equal(first.ok, true);
  for (const h of first.hops) {
    const again = session.chainOptions([start, h, start]);
    assertRefusal(again, 'chain_returns_to_start');
  }
  const loop = session.playPath([start, C(0, 0), start]);
  assertRefusal(loop, 'chain_returns_to_start');
  assert.equal(session.snapshot().positionText, snap.positionText);
  session.delete();
});

test('records round trip, undo and redo walk the same plies, browsing shows earlier positions', () => {
  for (const n of [2, 3, 4, 6]) {
    const session = new engine.CheckersSession();
    const rules = { players: n, multiplayerEnd: n > 2 ? 'playOn' : 'firstWins' };
    session.newGame(rules);
    const positions = [session.snapshot().positionText];
    for (let i = 0; i < 40; i++) {
      const snap = session.snapshot();
      if (snap.status.over) break;
      if (snap.mustPass) session.pass();
      else {
        const m = snap.legal[random(snap.legal.length)];
        session.playPath(session.pathFor(m.from, m.to));
      }
      positions.push(session.snapshot().positionText);
    }
    const record = session.exportRecord();
    // Options other than the defaults travel in a rules line.
    assert.match(record, n > 2 ? /^[.1-6]{121} 1 \d\nrules: end=play-on\n1\./ : /^[.1-6]{121} 1 \d\n1\./);
    const copy = new engine.CheckersSession();
    assert.deepEqual(copy.importRecord(record, { players: n }), { ok: true });
    const a = session.snapshot();
    const b = copy.snapshot();
    assert.equal(b.positionText, a.positionText);
    assert.deepEqual(b.moves, a.moves);
    assert.deepEqual(copy.rules(), session.rules());
    for (let ply = 0; ply < positions.length; ply++) {
      const shown = session.snapshotAt(ply);
      assert.equal(shown.positionText, positions[ply], `browsing ply ${ply}`);
      assert.equal(shown.live, ply === positions.length - 1);
    }
    let undone = 0;
    while (session.undo()) undone++;
    assert.equal(undone, positions.length - 1);
    assert.equal(session.snapshot().positionText, positions[0]);
    assert.equal(session.snapshot().canRedo, true);
    while (session.redo());
    assert.equal(session.snapshot().positionText, a.positionText);
    copy.delete();
    session.delete();
  }
});

test('a game to the end: places, finish order and the status text come from the engine', () => {
  const session = new engine.CheckersSession();
  // 3 players, play on: greedy movers until only one seat is left.
  session.newGame({ players: 3, multiplayerEnd: 'playOn' });
  let snap = session.snapshot();
  let guard = 0;
  while (!snap.status.over && guard++ < 3000) {
    if (snap.mustPass) session.pass();
    else {
      const n = snap.players;
      const best = snap.legal.reduce(
        (a, m) =>
          progress(m, n, snap.side + 1) * 10 + random(10) > a.s ? { m, s: progress(m, n, snap.side + 1) * 10 + random(10) } : a,
        { m: snap.legal[0], s: -1e9 },
      ).m;
      assert.equal(session.play(best.from, best.to).ok, true);
    }
    snap = session.snapshot();
  }
  assert.equal(snap.status.over, true);
  assert.ok(['places', 'draw'].includes(snap.status.kind), snap.status.kind);
  if (snap.status.kind === 'places') {
    assert.equal(snap.status.finishOrder.length, 2);
    assert.deepEqual([...snap.status.places].sort(), [1, 2, 3]);
    assert.equal(snap.status.winner, snap.status.finishOrder[0]);
    // finishOrder counts seats from 0; the board numbers players from 1.
    for (const seat of snap.status.finishOrder) assert.ok(finished(snap.board, 3, seat + 1, false));
    assert.ok(snap.seats.filter((s) => s.finished).length === 2);
  }
  assert.ok(snap.status.text.length > 3);
  assert.equal(snap.legal.length, 0);
  assertRefusal(session.play(0, 1), 'game_over');
  assertRefusal(session.chainOptions([0]), 'game_over');
  assert.deepEqual(session.pathFor(0, 1), []);
  session.delete();
});

test('the searcher plays legal moves along legal paths at each level, for 2, 3, 4 and 6 players', () => {
  const searcher = new engine.CheckersSearcher();
  const session = new engine.CheckersSession();
  for (const n of [2, 3, 4, 6]) {
    session.newGame({ players: n });
    for (let i = 0; i < 2 * n; i++) {
      const legal = session.snapshot().legal;
      const m = legal[random(legal.length)];
      session.play(m.from, m.to);
    }
    for (const level of [1, 2, 3, 4]) {
      const snap = session.snapshot();
      const infos = [];
      const result = searcher.search(session.searchRequest(), { level }, (info) => infos.push(info));
      assert.equal(result.ok, true, result.reason);
      const move = snap.legal.find((m) => m.from === result.from && m.to === result.to);
      assert.ok(move, `level ${level} (${n}p) played a legal move ${result.text}`);
      assert.deepEqual(result.path, session.pathFor(move.from, move.to));
      assert.equal(
        result.text,
        result.path.length === 2 && dist(move.from, move.to) === 1
          ? `${NAMES[move.from]}-${NAMES[move.to]}`
          : result.path.map((c) => NAMES[c]).join(':'),
      );
      assert.equal(typeof result.winPlies, 'number');
      if (level >= 3) {
        assert.ok(infos.length > 0 && typeof infos[0].scoreText === 'string', 'searching levels report iterations');
        assert.ok(infos.every((i) => Array.isArray(i.pv) && typeof i.winPlies === 'number'));
        assert.ok(infos[infos.length - 1].pv.length > 0, 'the thinking line has moves');
        assert.ok(
          infos[infos.length - 1].pv.every((t) => /^([a-q]\d{1,2}[-:])+[a-q]\d{1,2}$|^pass$/.test(t)),
          infos[infos.length - 1].pv.join(' '),
        );
      }
    }
  }
  assertRefusal(searcher.search({ record: '1. 0-1', rules: {} }, { level: 1 }, null), 'checkers_record_move');
  assertRefusal(searcher.search({ record: '', rules: { players: 7 } }, { level: 1 }, null), 'checkers_player_count');
  assertRefusal(searcher.search('1. d1-e5', { level: 1 }, null), 'bad_argument', {
    name: 'request',
    expected: '{record, rules}',
  });
  session.delete();
  searcher.delete();
});

test('hole names: one per hole, rows from the bottom tip; moves read back by name or number', () => {
  assert.equal(new Set(NAMES).size, 121);
  assert.equal(NAMES[120], 'a1');
  assert.equal(NAMES[60], 'i5');
  assert.equal(NAMES[0], 'q1');
  for (let i = 0; i < 121; i++) {
    const c = REF.cells[i];
    assert.equal(NAMES[i][0], String.fromCharCode(97 + 8 - c.z), `row letter of ${i}`);
    let first = i;
    while (first > 0 && REF.cells[first - 1].z === c.z) first--;
    assert.equal(Number(NAMES[i].slice(1)), i - first + 1, `position of ${i}`);
  }
  const session = new engine.CheckersSession();
  for (const text of ['d1-e5', '111-102', 'D1-E5', '111-e5', ' d1-e5 ']) {
    session.newGame({ players: 2 });
    assert.deepEqual(session.playText(text), { ok: true }, text);
    assert.equal(session.snapshot().moves[0].text, 'd1-e5');
  }
  session.delete();
});

test('records write hole names and read old numeric records; truncate and recordAt', () => {
  const session = new engine.CheckersSession();
  session.newGame({ players: 3, multiplayerEnd: 'playOn' });
  for (let i = 0; i < 30; i++) {
    const legal = session.snapshot().legal;
    const m = legal[random(legal.length)];
    assert.deepEqual(session.play(m.from, m.to), { ok: true });
  }
  const record = session.exportRecord();
  assert.match(record, /\n1\. [a-q]\d/);
  assert.doesNotMatch(record.split('\n').slice(2).join(' '), /(^|[ :-])\d{2,3}([ :-]|$)/, 'no hole numbers in the moves');
  // The same game written with numbers reads back to the same game.
  const numeric = record.replace(/\b([a-q])(\d{1,2})\b/g, (_, l, n) => String(NAMES.indexOf(`${l}${n}`)));
  const copy = new engine.CheckersSession();
  assert.deepEqual(copy.importRecord(numeric), { ok: true });
  assert.equal(copy.exportRecord(), record);
  // recordAt is the game up to a ply; truncate keeps exactly that.
  const at12 = session.recordAt(12);
  const position12 = session.snapshotAt(12).positionText;
  session.undo();
  assert.deepEqual(session.truncate(12), { ok: true });
  const after = session.snapshot();
  assert.equal(after.plies, 12);
  assert.equal(after.positionText, position12);
  assert.equal(after.canRedo, false, 'the redo list is gone');
  assert.equal(after.moves.length, 12);
  assert.equal(session.exportRecord(), at12);
  assert.equal(session.recordAt(99), session.exportRecord());
  copy.delete();
  session.delete();
});

test('snapshots are cheap: no paths, move objects made once per ply and frozen', () => {
  const session = new engine.CheckersSession();
  session.newGame({ players: 2 });
  for (let i = 0; i < 10; i++) {
    const m = session.snapshot().legal[0];
    session.play(m.from, m.to);
  }
  const a = session.snapshot();
  const b = session.snapshotAt(4);
  assert.ok(a.legal.every((m) => Object.keys(m).sort().join() === 'from,to'));
  assert.equal(a.moves.length, 10);
  assert.ok(
    a.moves.every((m, i) => m === b.moves[i]),
    'the same objects in every snapshot',
  );
  assert.ok(Object.isFrozen(a.moves[0]) && Object.isFrozen(a.moves[0].path));
  // After an undo and a different move the list follows the game.
  session.undo();
  const other = session.snapshot().legal.at(-1);
  session.play(other.from, other.to);
  const c = session.snapshot();
  assert.equal(c.moves.length, 10);
  assert.equal(c.moves[9].from, other.from);
  assert.equal(c.moves[9].to, other.to);
  assert.ok(c.moves[8] === a.moves[8]);
  assert.deepEqual(session.pathFor(0, 60), [], 'no path for an illegal move');
  session.delete();
});

test('results come from the engine: kind and reason codes; the AI plays on for places', () => {
  const session = new engine.CheckersSession();
  const searcher = new engine.CheckersSearcher();
  session.newGame({ players: 3, multiplayerEnd: 'playOn' });
  let snap = session.snapshot();
  assert.deepEqual([snap.status.kind, snap.status.reason], ['', '']);
  let afterFirst = 0;
  let guard = 0;
  while (!snap.status.over && guard++ < 3000) {
    // Greedy movers until the first seat is home; then the engine's AI for all.
    const first = snap.status.finishOrder.length > 0;
    if (first) {
      const result = searcher.search(session.searchRequest(), { level: 3, seed: 5 }, null);
      assert.equal(result.ok, true, `the AI moves on after a seat finished: ${result.reason}`);
      assert.ok(
        !snap.seats[result.from >= 0 ? session.snapshot().board[result.from] - 1 : 0].finished,
        'a finished seat does not move',
      );
      assert.deepEqual(result.pass ? session.pass() : session.playPath(result.path), { ok: true });
      afterFirst++;
    } else if (snap.mustPass) session.pass();
    else {
      const n = snap.players;
      const best = snap.legal.reduce(
        (a, m) =>
          progress(m, n, snap.side + 1) * 10 + random(10) > a.s ? { m, s: progress(m, n, snap.side + 1) * 10 + random(10) } : a,
        { m: snap.legal[0], s: -1e9 },
      ).m;
      session.play(best.from, best.to);
    }
    snap = session.snapshot();
  }
  assert.equal(snap.status.over, true);
  assert.ok(afterFirst > 0, 'plies were played after the first finish');
  if (snap.status.kind === 'places') {
    assert.equal(snap.status.reason, 'finished');
    assert.equal(snap.status.finishOrder.length, 2);
  } else {
    assert.deepEqual([snap.status.kind, snap.status.reason], ['draw', 'turn_cap']);
  }
  assertRefusal(searcher.search(session.searchRequest(), { level: 3 }, null), 'game_over');
  // Seeded searches repeat themselves.
  session.newGame({ players: 2 });
  const one = searcher.search(session.searchRequest(), { level: 4, seed: 9 }, null);
  const two = searcher.search(session.searchRequest(), { level: 4, seed: 9 }, null);
  assert.deepEqual([one.from, one.to], [two.from, two.to]);
  searcher.delete();
  session.delete();
});

test('every checkers refusal code is listed with the engines', () => {
  const listed = engine
    .refusalCodes()
    .filter((e) => e.game === 'checkers')
    .map((e) => e.code);
  assert.ok(listed.length >= 40);
  for (const code of ['too_far', 'checkers_record_move', 'parking_forbidden', 'checkers_ply_out_of_range'])
    assert.ok(listed.includes(code));
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
