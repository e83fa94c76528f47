// Xiangqi's page, as the shell takes it (docs/page-contract.md): its
// controller, its words and refusal texts, its help page, its own controls and its seats.
import { twoSeatSettings } from '../../app/seat_settings.js';
import { XiangqiApp } from './app.js';
import { CONTROLS } from './controls.js';
import { HELP } from './help.js';
import { XIANGQI, XIANGQI_REFUSALS } from './strings.js';

export default {
  id: 'xiangqi',
  label: 'gameXiangqi',
  App: XiangqiApp,
  strings: XIANGQI,
  refusals: XIANGQI_REFUSALS,
  help: HELP,
  controls: CONTROLS,
  seats: twoSeatSettings(),
  // A seat's name (seats from 0) where the game is not on the board (the lobby).
  seatWord: (i18n, seat) => i18n.t(seat === 0 ? 'red' : 'black'),
};
