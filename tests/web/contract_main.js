// Entry of the shell's contract test page (tests/web/contract_game.js):
// the real shell and games, with the xiangqi controller wrapped by the test
// double.
import { bootPage } from '../../web/app/boot.js';
import { GAMES } from '../../web/games/index.js';
import { ContractXiangqiApp } from './contract_game.js';

bootPage(GAMES.map((game) => (game.id === 'xiangqi' ? { ...game, App: ContractXiangqiApp } : game)));
