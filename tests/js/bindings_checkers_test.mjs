// The Chinese checkers Embind surface as the page uses it, checked against an
// independent move generator written here (a BFS over the board graph built
// from cube coordinates, straight from the rules document): legal (from, to)
// sets, shortest hop paths and hop-by-hop choices on random positions and
// random games for 2, 3, 4 and 6 players under several rule options;
// rejections with reasons that leave the game unchanged; records round trip;
// the drawing geometry matches the engine's cell order; no leaked handle.
//   node --no-experimental-fetch tests/js/bindings_checkers_test.mjs
import assert from 'node:assert/strict';
import { finish, loadEngine, test, testNoLeakedHandles } from './harness.mjs';
import { CELL_LIST } from '../../web/checkers/board_geometry.js';

const engine = await loadEngine();

let seed = 2024;
const random = (n) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n);
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
  const dirs = [[1, -1, 0], [1, 0, -1], [0, 1, -1], [-1, 1, 0], [-1, 0, 1], [0, -1, 1]];
  // ray[c][d]: the holes in a straight line from c, nearest first.
  const ray = cells.map((c) => dirs.map(([dx, dy, dz]) => {
    const out = [];
    for (let k = 1; ; k++) {
      const i = at.get(`${c.x + k * dx},${c.y + k * dy},${c.z + k * dz}`);
      if (i === undefined) return out;
      out.push(i);
    }
  }));
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
  for (let q = 1; q <= n; q++) { used.add(homeArm(n, q)); used.add(targetArm(n, q)); }
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

// Compares the engine's snapshot with the reference on one position.
function compare(snap, rules, label) {
  const n = snap.players;
  const p = snap.side;
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
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${label}: ${snap.positionString}`);
  for (const [key, move] of got) {
    assert.equal(move.path[0], move.from);
    assert.equal(move.path[move.path.length - 1], move.to);
    checkPath(snap.board, n, p, move.path, rules, expected.get(key));
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
      if (board[c] === 0) { board[c] = p; placed++; }
    }
  }
  return board;
}

// A cramped position: each army packed near its target (goal lock, hop ladders).
function packedPosition(n) {
  const board = new Array(121).fill(0);
  for (let p = 1; p <= n; p++) {
    const holes = armHoles(targetArm(n, p));
    const near = REF.cells.map((_, i) => i).filter((i) => board[i] === 0 && !holes.includes(i))
      .sort((a, b) => dist(a, holes[0]) - dist(b, holes[0]));
    let placed = 0;
    for (const c of holes) if (placed < 6 && board[c] === 0 && random(3)) { board[c] = p; placed++; }
    for (const c of near) if (placed < 10 && random(2)) { board[c] = p; placed++; }
    for (const c of near) if (placed < 10 && board[c] === 0) { board[c] = p; placed++; }
  }
  return board;
}

function dist(a, b) {
  const p = REF.cells[a];
  const q = REF.cells[b];
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z));
}

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
    assert.deepEqual(session.newGame({ players: n }), { ok: true, error: '' });
    const snap = session.snapshot();
    assert.equal(snap.players, n);
    assert.equal(snap.side, 1);
    assert.deepEqual(snap.seats.map((s) => s.homeArm), HOMES[n]);
    assert.deepEqual(snap.seats.map((s) => s.targetArm), HOMES[n].map((a) => (a + 3) % 6));
    for (const s of snap.seats) for (const c of armHoles(s.homeArm)) assert.equal(snap.board[c], s.player);
    assert.equal(compare(snap, {}, `start ${n}`), 14);
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
        const loaded = session.loadPosition(text);
        assert.equal(loaded.ok, true, loaded.error);
        const snap = session.snapshot();
        assert.equal(snap.positionString, text);
        assert.deepEqual(snap.board, board);
        moves += compare(snap, { ...rules }, `${JSON.stringify(rules)} ${n}p #${i}`);
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
        compare(snap, rules, `game ${JSON.stringify(rules)} ${n}p ply ${ply}`);
        if (snap.status.over) break;
        if (snap.mustPass) {
          assert.equal(session.pass().ok, true);
          continue;
        }
        // Prefer forward moves so games reach crowded middle games.
        const scored = snap.legal.map((m) => ({ m, gain: progress(m, n, snap.side) + random(3) }));
        scored.sort((a, b) => b.gain - a.gain);
        const move = scored[random(Math.min(4, scored.length))].m;
        if (move.path.length >= 3 || (move.path.length === 2 && dist(move.from, move.to) === 2)) {
          // Hop by hop: each landing is offered, the end may stop.
          for (let k = 1; k < move.path.length; k++) {
            const options = session.chainOptions(move.path.slice(0, k));
            assert.equal(options.ok, true, options.reason);
            assert.ok(options.hops.includes(move.path[k]), `hop ${move.path[k - 1]} -> ${move.path[k]} is offered`);
            const reference = oneHop(snap.board, move.path[k - 1], move.from, rules)
              .filter((c) => !move.path.slice(0, k).includes(c))
              .filter((c) => rules.goalLock === false || REF.arms[move.path[k - 1]] !== targetArm(n, snap.side) ||
                REF.arms[c] === targetArm(n, snap.side));
            assert.deepEqual([...options.hops].sort((a, b) => a - b), reference.sort((a, b) => a - b));
          }
          const end = session.chainOptions(move.path);
          assert.equal(end.ok && end.canStop, true, 'a chain may stop on a legal destination');
          assert.deepEqual(session.playPath(move.path), { ok: true });
          chains++;
        } else {
          assert.deepEqual(session.play(move.from, move.to), { ok: true });
        }
        const after = session.snapshot();
        assert.deepEqual(after.lastMove, { from: move.from, to: move.to, path: move.path, player: snap.side });
        assert.equal(after.board[move.to], snap.side);
        assert.equal(after.board[move.from], 0);
        assert.equal(after.moves.length, after.ply);
        assert.equal(after.moves[after.ply - 1].text, move.path.length === 2 && dist(move.from, move.to) === 1 ? `${move.from}-${move.to}` : move.path.join(':'));
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
  for (const [f, t] of [[111, 102], [8, 21], [112, 103]]) {
    const r = session.play(f, t);
    if (!r.ok) session.play(session.snapshot().legal[0].from, session.snapshot().legal[0].to);
  }
  const before = session.snapshot();
  const legal = new Set(before.legal.map((m) => `${m.from}-${m.to}`));
  const attempts = [];
  for (let i = 0; i < 300; i++) attempts.push([random(121), random(121)]);
  attempts.push([-1, 5], [0, 500], [60, 60]);
  let refused = 0;
  for (const [from, to] of attempts) {
    if (legal.has(`${from}-${to}`)) continue;
    const result = session.play(from, to);
    assert.equal(result.ok, false, `${from}-${to}`);
    assert.ok(typeof result.reason === 'string' && result.reason.length > 3, `a reason for ${from}-${to}`);
    if (from >= 0 && from < 121 && to >= 0 && to < 121) assert.equal(session.reasonFor(from, to), result.reason);
    refused++;
  }
  assert.ok(refused > 250);
  const badPaths = [[], [111], 'text', [111, 'x'], [111, 1000], [1.5, 3], null, undefined, {}, [111, 102, 111]];
  for (const path of badPaths) {
    const r = session.playPath(path);
    assert.equal(r.ok, false, JSON.stringify(path));
    assert.ok(r.reason.length > 3);
  }
  for (const text of ['', 'hello', '999-1', 'pass', '1:2:3']) assert.equal(session.playText(text).ok, false, text);
  assert.equal(session.pass().ok, false, 'no pass while a move exists');
  assert.equal(session.chainOptions([]).ok, false);
  assert.equal(session.chainOptions(['a']).ok, false);
  for (const options of [{ players: 5 }, { winRule: 'nope' }, { goalLock: 'yes' }, { turnCap: -3 }, { players: 1 }, 'x', 7]) {
    const r = session.newGame(options);
    assert.equal(r.ok, false, JSON.stringify(options));
    assert.ok(r.error.length > 3);
  }
  for (const text of ['', 'x 1 2', '2222222222 1 2', positionString(new Array(121).fill(0), 1, 2)]) {
    assert.equal(session.loadPosition(text).ok, false, text);
  }
  assert.equal(session.importRecord('1. 111-102 zz').ok, false);
  assert.equal(session.importRecord('1. 111-102', { players: 9 }).ok, false);
  const after = session.snapshot();
  assert.equal(after.positionString, before.positionString);
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
  for (const [x, z] of [[0, 1], [1, -1], [2, -2], [0, -1]]) board[C(x, z)] = 2;
  // Fill the rest of both armies far away so counts are right.
  let p1 = 1;
  let p2 = 4;
  for (let i = 0; i < 121 && (p1 < 10 || p2 < 10); i++) {
    if (board[i] || REF.arms[i] === -1) continue;
    if (REF.arms[i] === 4 && p1 < 10) { board[i] = 1; p1++; } else if (REF.arms[i] === 2 && p2 < 10) { board[i] = 2; p2++; }
  }
  assert.equal(session.loadPosition(positionString(board, 1, 2)).ok, true);
  const snap = session.snapshot();
  compare(snap, {}, 'ring');
  const first = session.chainOptions([start]);
  assert.equal(first.ok, true);
  for (const h of first.hops) {
    const again = session.chainOptions([start, h, start]);
    assert.equal(again.ok, false, 'a chain may not come back to its start');
    assert.ok(again.reason.length > 3);
  }
  const loop = session.playPath([start, C(0, 0), start]);
  assert.equal(loop.ok, false);
  assert.equal(session.snapshot().positionString, snap.positionString);
  session.delete();
});

test('records round trip, undo and redo walk the same plies, browsing shows earlier positions', () => {
  for (const n of [2, 3, 4, 6]) {
    const session = new engine.CheckersSession();
    const rules = { players: n, multiplayerEnd: n > 2 ? 'playOn' : 'firstWins' };
    session.newGame(rules);
    const positions = [session.snapshot().positionString];
    for (let i = 0; i < 40; i++) {
      const snap = session.snapshot();
      if (snap.status.over) break;
      if (snap.mustPass) session.pass();
      else {
        const m = snap.legal[random(snap.legal.length)];
        session.playPath(m.path);
      }
      positions.push(session.snapshot().positionString);
    }
    const record = session.exportRecord();
    // Options other than the defaults travel in a rules line.
    assert.match(record, n > 2 ? /^[.1-6]{121} 1 \d\nrules: end=play-on\n1\./ : /^[.1-6]{121} 1 \d\n1\./);
    const copy = new engine.CheckersSession();
    assert.deepEqual(copy.importRecord(record, { players: n }), { ok: true, error: '' });
    const a = session.snapshot();
    const b = copy.snapshot();
    assert.equal(b.positionString, a.positionString);
    assert.deepEqual(b.moves, a.moves);
    assert.deepEqual(copy.rules(), session.rules());
    for (let ply = 0; ply < positions.length; ply++) {
      const shown = session.snapshotAt(ply);
      assert.equal(shown.positionString, positions[ply], `browsing ply ${ply}`);
      assert.equal(shown.live, ply === positions.length - 1);
    }
    let undone = 0;
    while (session.undo()) undone++;
    assert.equal(undone, positions.length - 1);
    assert.equal(session.snapshot().positionString, positions[0]);
    assert.equal(session.snapshot().canRedo, true);
    while (session.redo());
    assert.equal(session.snapshot().positionString, a.positionString);
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
      const best = snap.legal.reduce((a, m) => (progress(m, n, snap.side) * 10 + random(10) > a.s ? { m, s: progress(m, n, snap.side) * 10 + random(10) } : a), { m: snap.legal[0], s: -1e9 }).m;
      assert.equal(session.playPath(best.path).ok, true);
    }
    snap = session.snapshot();
  }
  assert.equal(snap.status.over, true);
  assert.ok(['places', 'draw'].includes(snap.status.kind), snap.status.kind);
  if (snap.status.kind === 'places') {
    assert.equal(snap.status.finishOrder.length, 2);
    assert.deepEqual([...snap.status.places].sort(), [1, 2, 3]);
    assert.equal(snap.status.winner, snap.status.finishOrder[0]);
    for (const p of snap.status.finishOrder) assert.ok(finished(snap.board, 3, p, false));
    assert.ok(snap.seats.filter((s) => s.finished).length === 2);
  }
  assert.ok(snap.status.text.length > 3);
  assert.equal(snap.legal.length, 0);
  assert.equal(session.play(0, 1).ok, false);
  session.delete();
});

test('the searcher plays legal moves along legal paths at each level, for 2, 3, 4 and 6 players', () => {
  const searcher = new engine.CheckersSearcher();
  const session = new engine.CheckersSession();
  for (const n of [2, 3, 4, 6]) {
    session.newGame({ players: n });
    for (let i = 0; i < 2 * n; i++) session.playPath(session.snapshot().legal[random(session.snapshot().legal.length)].path);
    for (const level of [1, 2, 3, 4]) {
      const snap = session.snapshot();
      const infos = [];
      const result = searcher.search(session.exportRecord(), session.rules(), { level }, (info) => infos.push(info));
      assert.equal(result.ok, true, result.error);
      const move = snap.legal.find((m) => m.from === result.from && m.to === result.to);
      assert.ok(move, `level ${level} (${n}p) played a legal move ${result.text}`);
      assert.deepEqual(result.path, move.path);
      if (level >= 3) assert.ok(infos.length > 0 && typeof infos[0].scoreText === 'string', 'searching levels report iterations');
    }
  }
  assert.equal(searcher.search('1. 0-1', {}, { level: 1 }, null).ok, false);
  assert.equal(searcher.search('', { players: 7 }, { level: 1 }, null).ok, false);
  session.delete();
  searcher.delete();
});

testNoLeakedHandles(engine, handlesAtStart);
finish();
