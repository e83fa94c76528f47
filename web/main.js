// Page entry: the shell starts the chosen game (web/app/boot.js) from the
// registered games (web/games/index.js).
import { bootPage } from './app/boot.js';
import { GAMES } from './games/index.js';

bootPage(GAMES);
