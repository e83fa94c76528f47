// Tic-tac-toe's page (the test game of scripts/prove-new-game), as the shell
// takes it (docs/page-contract.md).
import { twoSeatSettings } from '../../app/seat_settings.js';
import { TictactoeApp } from './app.js';
import { CONTROLS } from './controls.js';
import { HELP } from './help.js';
import { TICTACTOE, TICTACTOE_REFUSALS } from './strings.js';

export default {
  id: 'tictactoe',
  label: 'gameTictactoe',
  App: TictactoeApp,
  strings: TICTACTOE,
  refusals: TICTACTOE_REFUSALS,
  help: HELP,
  controls: CONTROLS,
  seats: twoSeatSettings(),
  seatWord: (i18n, seat) => i18n.t(seat === 0 ? 'sideX' : 'sideO'),
};
