// Every game the page plays, in the order the game picker offers them: each
// game's definition (web/games/<game>/index.js, docs/page-contract.md). This
// is where a game registers in the page (docs/adding-a-game.md); the shell
// (web/app/) takes the list from the page's entry (web/main.js) and names no
// game itself. The engine's own list is bindings/games.cpp.
import checkers from './checkers/index.js';
import reversi from './reversi/index.js';
import xiangqi from './xiangqi/index.js';

export const GAMES = [xiangqi, reversi, checkers];
