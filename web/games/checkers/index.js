// Chinese checkers' page, as the shell takes it (docs/page-contract.md): its
// controller, its words and refusal texts, its help page, its own controls and its seats (up
// to six, with the rule options).
import { CheckersApp } from './app.js';
import { CONTROLS } from './controls.js';
import { HELP } from './help.js';
import { CHECKERS_SEATS } from './seats_and_rules.js';
import { CHECKERS, CHECKERS_REFUSALS } from './strings.js';

export default {
  id: 'checkers',
  label: 'gameCheckers',
  App: CheckersApp,
  strings: CHECKERS,
  refusals: CHECKERS_REFUSALS,
  help: HELP,
  controls: CONTROLS,
  seats: CHECKERS_SEATS,
  // A seat's name (seats from 0) where the game is not on the board (the lobby).
  seatWord: (i18n, seat) => i18n.t('seatName', { color: i18n.t(`seatColor_${seat + 1}`) }),
};
