// The browser tests' own Chinese checkers player (not the page's AI): forward
// progress towards the far apex, stragglers first, chosen among the engine's
// legal moves in a snapshot, never back into an army it has made before (so
// its games do not draw by repetition). Each player keeps its own memory.
import { armCells, CELL_LIST } from '../../web/games/checkers/board/board_geometry.js';

const dist = (a, b) => {
  const p = CELL_LIST[a];
  const q = CELL_LIST[b];
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y), Math.abs(p.z - q.z));
};

export function greedyCheckersPlayer() {
  const made = new Set();
  return (snap) => {
    const seat = snap.seats.find((s) => s.player === snap.side + 1);
    const apex = armCells(seat.targetArm)[0];
    const target = new Set(armCells(seat.targetArm));
    let best = null;
    let bestScore = -Infinity;
    for (const m of snap.legal) {
      const gain = dist(m.from, apex) - dist(m.to, apex);
      // The mover's own army after the move: never the same twice.
      const board = snap.board.map((v) => (v === snap.side + 1 ? 1 : 0));
      board[m.from] = 0;
      board[m.to] = 1;
      const key = `${snap.side}:${board.join('')}`;
      // Inside the target only deeper moves count; prefer moving the rearmost.
      const score =
        gain * 100 +
        dist(m.from, apex) +
        (target.has(m.to) ? 5 : 0) -
        (target.has(m.from) && gain <= 0 ? 500 : 0) -
        (made.has(key) ? 10000 : 0);
      if (score > bestScore) {
        bestScore = score;
        best = { ...m, key };
      }
    }
    made.add(best.key);
    return best;
  };
}
