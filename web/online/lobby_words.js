// The lobby's rows in the player's words: a seek (who, their rating in the
// seek's game and speed where they have an account, game, its rule set
// where the game names one, time control, rated or casual where the seeker
// could rate it, colour), a game to watch (players, game, time control, moves, watchers)
// and one of the player's own games (opponent, game, time control, outcome,
// date). Each is a list of parts the dialog shows side by side and joins
// into the label of the row's button or link, so a screen reader hears the
// whole row. Pure: an I18n in (which knows the page's games), texts out.

import { ratingText, seekRating } from './rating_text.js';
import { ruleSetName } from './rule_set_words.js';
import { timeControlLabel } from './time_controls.js';

const SHARED_ENDINGS = new Set(['timeout', 'timeout_draw', 'resignation', 'abandonment', 'agreement']);

export function gameName(i18n, game) {
  const known = i18n.games.find((g) => g.id === game);
  return known ? i18n.t(known.label) : String(game);
}

// A seat's name in its game (seats from 0), as the game registers it
// (its definition's seatWord); a game this page does not know numbers its seats.
export function seatWord(i18n, game, seat) {
  const known = i18n.games.find((g) => g.id === game);
  return known ? known.seatWord(i18n, seat) : String(seat + 1);
}

export function playerName(i18n, name) {
  return name || i18n.t('lobbyAnonymous');
}

// The seeker's wish, from the seeker's side: "Ann plays Red", or random.
export function colorWish(i18n, game, color) {
  if (color === 'first' || color === 'second')
    return i18n.t('lobbyPlays', { side: seatWord(i18n, game, color === 'first' ? 0 : 1) });
  return i18n.t('lobbyRandomColor');
}

// Rated or casual: said of a seek whose player has a rating (an account);
// an anonymous player's seek is casual as it always was, and says nothing.
export function seekMode(i18n, seek) {
  if (seek.rated === true) return i18n.t('rated');
  if (seek.rated === false && seekRating(seek)) return i18n.t('casual');
  return '';
}

export function seekParts(i18n, seek) {
  const rating = seekRating(seek);
  return [
    playerName(i18n, seek.player?.name),
    rating ? ratingText(rating.rating, rating.provisional) : '',
    gameName(i18n, seek.game),
    ruleSetName(i18n, seek.options),
    timeControlLabel(i18n, seek.clock),
    seekMode(i18n, seek),
    rangeText(i18n, seek.ratingRange),
    colorWish(i18n, seek.game, seek.color),
  ].filter(Boolean);
}

// The ratings a seek takes on (its range, when it has one).
function rangeText(i18n, range) {
  if (!range || !Number.isFinite(range.min) || !Number.isFinite(range.max)) return '';
  return i18n.t('lobbyRangeText', { min: Math.round(range.min), max: Math.round(range.max) });
}

// "Ann vs Bob": each seat's player, or its colour when it has no name.
export function playersText(i18n, game, players = []) {
  const names = players.map((name, seat) => name || seatWord(i18n, game, seat));
  return names.join(i18n.t('lobbyVs'));
}

export function movesText(i18n, step) {
  return i18n.t(step === 1 ? 'lobbyMovesOne' : 'lobbyMoves', { n: step ?? 0 });
}

export function gameParts(i18n, game) {
  return [
    playersText(i18n, game.game, game.players),
    gameName(i18n, game.game),
    timeControlLabel(i18n, game.clock),
    movesText(i18n, game.step),
    i18n.t('lobbyWatchers', { n: game.watchers ?? 0 }),
  ];
}

// The player's outcome of one of their games: 'won', 'lost', 'drawn',
// 'aborted', 'playing' (no result yet), or a place in a game with places.
export function outcomeOf(game) {
  const result = game.result;
  if (!result) return { kind: 'playing' };
  if (result.code === 'aborted') return { kind: 'aborted' };
  if (Array.isArray(result.places) && result.places.length > 2) {
    const place = result.places.indexOf(game.seat);
    if (place >= 0) return { kind: 'place', place: place + 1 };
  }
  if (result.winner === null || result.winner === undefined) return { kind: 'drawn', code: result.code };
  return { kind: result.winner === game.seat ? 'won' : 'lost', code: result.code };
}

export function outcomeText(i18n, game) {
  const outcome = outcomeOf(game);
  const word =
    outcome.kind === 'place'
      ? i18n.t('lobbyPlace', { n: outcome.place })
      : i18n.t(
          { won: 'lobbyWon', lost: 'lobbyLost', drawn: 'lobbyDrawn', aborted: 'lobbyAborted', playing: 'lobbyPlaying' }[
            outcome.kind
          ],
        );
  // How a shared ending came (on time, by resignation, ...); the board's own
  // endings (checkmate, a full board) need no word here.
  if (outcome.code && SHARED_ENDINGS.has(outcome.code))
    return i18n.t('lobbyOutcomeHow', { outcome: word, how: i18n.t(`lobbyHow_${outcome.code}`) });
  return word;
}

// The opponents of the player's seat: names, or their colours.
export function opponentsText(i18n, game) {
  const others = (game.players ?? [])
    .map((name, seat) => ({ name, seat }))
    .filter((p) => p.seat !== game.seat)
    .map((p) => p.name || seatWord(i18n, game.game, p.seat));
  return i18n.t('lobbyOpponent', { name: others.join(i18n.t('lobbyAnd')) });
}

export function dateText(i18n, ms) {
  if (!Number.isFinite(ms)) return '';
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

export function myGameParts(i18n, game) {
  return [
    opponentsText(i18n, game),
    gameName(i18n, game.game),
    timeControlLabel(i18n, game.clock),
    outcomeText(i18n, game),
    dateText(i18n, game.endedAt ?? game.startedAt),
  ].filter(Boolean);
}
