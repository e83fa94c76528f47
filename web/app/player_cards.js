// The player cards beside the board, one per seat, from the game's
// playerCards(snap): [{seat, name, role: 'human'|'ai', level, toMove,
// roleText?, detail?, pieces?: [{text, color, name?}], clock?: {text, state, title?}}],
// listed top of the board first (a piece's `name` is what screen readers say;
// its glyph otherwise; `roleText` says who plays the seat in place of the
// role's words: an online room's player; `clock` a timed room's clock as it
// reads now, which web/online/room_clock_view.js then keeps ticking).
// Rebuilt only when what they show changes.

const CHINESE = /[\u3400-\u9fff]/;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardNode(card, i18n) {
  const node = el('div', 'card' + (card.toMove ? ' to-move' : ''));
  node.dataset.seat = String(card.seat);
  node.dataset.role = card.role === 'ai' ? 'ai' : 'human';
  const head = el('div', 'card-head');
  head.appendChild(el('span', 'card-name', card.name));
  if (card.toMove) head.appendChild(el('span', 'card-badge', i18n.t('toMoveBadge')));
  node.appendChild(head);
  const role = card.roleText ?? (card.role === 'ai' ? i18n.t('cardAiLevel', { n: card.level }) : i18n.t('human'));
  node.appendChild(el('div', 'card-role', role));
  if (card.clock) {
    const clock = el('span', 'card-clock', card.clock.text);
    clock.dataset.clockSeat = String(card.seat);
    clock.dataset.state = card.clock.state;
    if (card.clock.title) clock.title = card.clock.title;
    clock.setAttribute('role', 'timer');
    node.appendChild(clock);
  }
  if (card.detail) node.appendChild(el('div', 'card-detail', card.detail));
  if (Array.isArray(card.pieces) && card.pieces.length > 0) {
    const pieces = el('div', 'card-pieces');
    pieces.setAttribute('role', 'img');
    pieces.setAttribute('aria-label', `${i18n.t('capturedLabel')}: ${card.pieces.map((p) => p.name || p.text).join(', ')}`);
    for (const piece of card.pieces) {
      const glyph = el('span', 'card-piece', piece.text);
      // A Chinese piece glyph is Chinese text whatever the page's language.
      if (CHINESE.test(piece.text)) glyph.lang = 'zh';
      if (piece.color) glyph.style.color = piece.color;
      glyph.setAttribute('aria-hidden', 'true');
      pieces.appendChild(glyph);
    }
    node.appendChild(pieces);
  }
  return node;
}

export function renderPlayerCards(host, cards, i18n) {
  const key = i18n.language + JSON.stringify(cards);
  if (host.dataset.key === key) return;
  host.dataset.key = key;
  host.replaceChildren(...cards.map((card) => cardNode(card, i18n)));
}
