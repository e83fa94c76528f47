// A repetition ruling (the session's snapshot.ruling, the engine's
// ruling_json: engine/xiangqi/game/ruling_record.h) in the player's words and
// on the board: "黑方长捉红马，判负（亚洲规则 第N条）" / "Black loses: perpetual
// chase of the red horse (Asian rules, article N)", the cycle's moves, and
// the chasing and chased pieces to mark. The engine decides; this only words
// and places what it decided.

import { FILES } from './board/board_geometry.js';
import { ruleSetOf } from './rule_sets.js';

// FEN letters (upper case red) to the page's piece codes (board/pieces.js):
// red 1..7 general, advisor, elephant, horse, chariot, cannon, soldier;
// black the same plus 8.
const PIECE_CODES = { k: 1, a: 2, b: 3, e: 3, n: 4, h: 4, r: 5, c: 6, p: 7 };

export function pieceCodeOf(letter) {
  const code = PIECE_CODES[String(letter).toLowerCase()];
  if (!code) return 0;
  return letter === letter.toUpperCase() ? code : code + 8;
}

// An ICCS square ("d0") to the board's square index.
export function squareOfIccs(name) {
  return Number(name[1]) * FILES + (name.charCodeAt(0) - 97);
}

// A move's ICCS text ("d0c2") from its squares.
export function iccsOf(from, to) {
  const name = (square) => `${'abcdefghi'[square % FILES]}${Math.floor(square / FILES)}`;
  return name(from) + name(to);
}

// The books the engine's rule texts name ("Asian rules, article 6", "WXF
// rules, general rule 3", "Chinese rules (CXA), ...": ruling_record.cpp's
// rule_article), by the words they start with.
const BOOKS = [
  [/^asian rules/i, 'asian'],
  [/^wxf rules/i, 'wxf'],
  [/^chinese rules/i, 'chinese'],
  [/^simple rules/i, 'simple'],
];

// The rule the engine applied ("Asian rules, article 6", English): in
// English as it is, in Chinese its book and its number; the rule set's name
// when the engine names no rule.
export function articleText(i18n, ruling) {
  const name = i18n.t(`xq_rules_${ruleSetOf(ruling.rules)}`);
  const rule = ruling.rule || '';
  if (!rule) return name;
  if (i18n.language === 'en') return rule;
  const book = BOOKS.find(([pattern]) => pattern.test(rule));
  const bookName = book ? i18n.t(`xq_rules_${book[1]}`) : name;
  const article = /\barticle\s+(\d+)/i.exec(rule);
  const general = /\bgeneral rule\s+(\d+)/i.exec(rule);
  if (article) return i18n.t('xq_article', { rules: bookName, n: article[1] });
  if (general) return i18n.t('xq_generalRule', { rules: bookName, n: general[1] });
  return bookName;
}

// The sentence for the game's result: who loses and why, or the draw.
export function rulingText(i18n, ruling) {
  const rule = articleText(i18n, ruling);
  if (ruling.side === null || ruling.reason === 'repetition') return i18n.t('xq_ruling_repetition', { rule });
  const pieces = [...new Set(ruling.chased.map((c) => c.piece))]
    .map((letter) => i18n.t(`xq_piece_${pieceCodeOf(letter)}`))
    .join(i18n.t('xq_pieceJoin'));
  return i18n.t(`xq_ruling_${ruling.reason}`, { side: i18n.side(ruling.side === 'red' ? 0 : 1), pieces, rule });
}

// The cycle's plies in the game, from 1 (the move list's numbering): it is
// the game's last `cycle.length` moves.
export function cyclePlies(snap) {
  const ruling = snap?.ruling;
  if (!ruling || !ruling.cycle.length) return null;
  return { first: snap.plies - ruling.cycle.length + 1, last: snap.plies };
}

// The pieces to mark in the position shown, {chasing: [squares], chased:
// [squares]}, or null: at the end of the game the loser's chases, and while
// stepping through the cycle the chases of the move just played.
export function rulingMarks(snap) {
  const plies = cyclePlies(snap);
  if (!plies) return null;
  let pairs = [];
  if (snap.ply === snap.plies) {
    pairs = snap.ruling.chased.map((c) => ({ by: c.by, target: c.square }));
  } else if (snap.ply >= plies.first) {
    pairs = snap.ruling.cycle[snap.ply - plies.first].chases;
  }
  if (!pairs.length) return null;
  return { chasing: pairs.map((p) => squareOfIccs(p.by)), chased: pairs.map((p) => squareOfIccs(p.target)) };
}
