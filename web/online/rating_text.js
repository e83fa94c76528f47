// A rating and a rating change as the page shows them, with no imports (the
// lobby's words and the account's both use them): rounded, `1500?` while
// provisional, `+12` / `−12` (U+2212, the minus sign).

const MINUS = '\u2212';

// A rating as shown: rounded, with `?` while provisional; '' for none.
export function ratingText(rating, provisional = false) {
  if (!Number.isFinite(rating)) return '';
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

// A perf entry of GET /api/user/NAME ({rating, rd, games, provisional}) as shown.
export function perfRatingText(entry) {
  if (!entry) return '';
  return ratingText(entry.rating, entry.provisional ?? (Number.isFinite(entry.rd) && entry.rd >= 110));
}

// A rating change: "+12", "−12" (the minus sign, not a hyphen), "±0"; '' for none.
export function diffText(diff) {
  if (!Number.isFinite(diff)) return '';
  const n = Math.round(diff);
  if (n === 0) return '±0';
  return n > 0 ? `+${n}` : `${MINUS}${-n}`;
}

// 'up', 'down' or 'same': the class a change is drawn with.
export function diffKind(diff) {
  const n = Math.round(diff);
  return n > 0 ? 'up' : n < 0 ? 'down' : 'same';
}

// The seek's player's rating in the seek's perf, as the server lists it
// (`seek.player.rating`, `seek.player.provisional`; `seek.rating` too), or null.
export function seekRating(seek) {
  const rating = seek?.player?.rating ?? seek?.rating;
  if (!Number.isFinite(rating)) return null;
  return { rating, provisional: !!(seek.player?.provisional ?? seek.provisional) };
}

// A room seat's player's rating ({rating, provisional}) as the room's state
// lists it (`seats[i].rating`, `seats[i].provisional`), or null.
export function seatRating(seat) {
  if (!Number.isFinite(seat?.rating)) return null;
  return { rating: seat.rating, provisional: !!seat.provisional };
}
