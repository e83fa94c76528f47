// Random but reachable-looking xiangqi endgame placements for the ffish
// differential test: two generals plus a few pieces, each on a square its type
// can reach in a real game (advisors and elephants on their points, soldiers
// not yet across the river only on their starting files).
const kFiles = 9;

function allowedSquares(type, red) {
  const squares = [];
  for (let rank = 0; rank < 10; ++rank)
    for (let file = 0; file < kFiles; ++file) {
      const r = red ? rank : 9 - rank; // rank counted from this side's back rank
      let ok = true;
      if (type === 'k') ok = file >= 3 && file <= 5 && r <= 2;
      else if (type === 'a') ok = file >= 3 && file <= 5 && r <= 2 && (file === 4) === (r === 1);
      else if (type === 'b') ok = ((r === 0 || r === 4) && (file === 2 || file === 6)) || (r === 2 && file % 4 === 0);
      else if (type === 'p') ok = r >= 5 || (r >= 3 && file % 2 === 0);
      if (ok) squares.push(rank * kFiles + file);
    }
  return squares;
}

const kMaxCount = { k: 1, a: 2, b: 2, n: 2, r: 2, c: 2, p: 5 };
// Soldiers and the strong pieces come up most, as in real endgames.
const kTypeBag = ['p', 'p', 'p', 'r', 'n', 'c', 'a', 'b'];

function toFen(board, side) {
  const rows = [];
  for (let rank = 9; rank >= 0; --rank) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < kFiles; ++file) {
      const p = board[rank * kFiles + file];
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += p;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${side} - - 0 1`;
}

// Generals on one file with nothing between: never legal, and ffish neither
// rejects it in validateFen nor reports it as check, so it is filtered here.
function generalsFace(board) {
  const red = board.indexOf('K'),
    black = board.indexOf('k');
  if (red % kFiles !== black % kFiles) return false;
  for (let s = red + kFiles; s < black; s += kFiles) if (board[s]) return false;
  return true;
}

function tryPlacement(rng) {
  const board = new Array(90).fill('');
  const counts = {};
  const place = (type, red) => {
    const letter = red ? type.toUpperCase() : type;
    if ((counts[letter] || 0) >= kMaxCount[type]) return;
    const free = allowedSquares(type, red).filter((s) => !board[s]);
    if (!free.length) return;
    board[rng.pick(free)] = letter;
    counts[letter] = (counts[letter] || 0) + 1;
  };
  place('k', true);
  place('k', false);
  const extra = 1 + rng.int(7);
  for (let i = 0; i < extra; ++i) place(rng.pick(kTypeBag), rng.chance(0.5));
  if (generalsFace(board)) return null;
  return toFen(board, rng.chance(0.5) ? 'w' : 'b');
}

// A FEN that ffish accepts and where the side not to move is not in check
// (otherwise the general could simply be taken), or null after many tries.
export function randomEndgameFen(ffish, rng) {
  for (let attempt = 0; attempt < 100; ++attempt) {
    const fen = tryPlacement(rng);
    if (!fen) continue;
    if (ffish.validateFen(fen, 'xiangqi') !== 1) continue;
    const flipped = fen.replace(/ ([wb]) /, (_, s) => (s === 'w' ? ' b ' : ' w '));
    const board = new ffish.Board('xiangqi', flipped);
    const opponentInCheck = board.isCheck();
    board.delete();
    if (!opponentInCheck) return fen;
  }
  return null;
}
