// Entry of the shell's contract test page (tests/web/contract_game.js):
// the real shell, with the xiangqi controller wrapped by the test double.
import { bootPage } from '../../web/app/boot.js';
import xiangqi from '../../web/games/xiangqi/index.js';
import { ContractXiangqiApp } from './contract_game.js';

bootPage([{ ...xiangqi, App: ContractXiangqiApp }]);
