// Every game the page plays, in the order the game picker offers them: the
// key of its name, its words (strings/<game>.js, Chinese and English, with
// its refusal texts), its seats' names and the seats its settings keep (their defaults and how
// a saved value is read). With its controller in web/main.js, this is where
// a game registers in the page (docs/adding-a-game.md); the engine's own list
// is bindings/games.cpp.
import { CHECKERS_SEATS } from './checkers_rules.js';
import { twoSeatSettings } from './seat_settings.js';
import { CHECKERS, CHECKERS_REFUSALS } from './strings/checkers.js';
import { REVERSI, REVERSI_REFUSALS } from './strings/reversi.js';
import { XIANGQI, XIANGQI_REFUSALS } from './strings/xiangqi.js';

// `seatWord(i18n, seat)`: a seat's name (seats from 0) where the game is not
// on the board (the lobby's lists of any game).
export const GAMES = [
  {
    id: 'xiangqi',
    label: 'gameXiangqi',
    strings: XIANGQI,
    refusals: XIANGQI_REFUSALS,
    seats: twoSeatSettings(),
    seatWord: (i18n, seat) => i18n.t(seat === 0 ? 'red' : 'black'),
  },
  {
    id: 'reversi',
    label: 'gameReversi',
    strings: REVERSI,
    refusals: REVERSI_REFUSALS,
    seats: twoSeatSettings({ hints: false }),
    seatWord: (i18n, seat) => i18n.t(seat === 0 ? 'blackDisc' : 'whiteDisc'),
  },
  {
    id: 'checkers',
    label: 'gameCheckers',
    strings: CHECKERS,
    refusals: CHECKERS_REFUSALS,
    seats: CHECKERS_SEATS,
    seatWord: (i18n, seat) => i18n.t('seatName', { color: i18n.t(`seatColor_${seat + 1}`) }),
  },
];

export const GAME_IDS = GAMES.map((g) => g.id);
