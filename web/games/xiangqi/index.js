// Xiangqi's page, as the shell takes it (docs/page-contract.md): its
// controller, its words and refusal texts, its help page, its own controls and its seats.
import { XiangqiApp } from './app.js';
import { CONTROLS } from './controls.js';
import { HELP } from './help.js';
import { xiangqiSeats } from './rule_sets.js';
import { XIANGQI, XIANGQI_REFUSALS } from './strings.js';

export default {
  id: 'xiangqi',
  label: 'gameXiangqi',
  App: XiangqiApp,
  strings: XIANGQI,
  refusals: XIANGQI_REFUSALS,
  help: HELP,
  controls: CONTROLS,
  seats: xiangqiSeats(), // two seats and the rule set
  // A seat's name (seats from 0) where the game is not on the board (the lobby).
  seatWord: (i18n, seat) => i18n.t(seat === 0 ? 'red' : 'black'),
};
