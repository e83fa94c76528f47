// The three games a room can hold, by the name clients use.
import { CheckersGame } from './checkers.js';
import { ReversiGame } from './reversi.js';
import { XiangqiGame } from './xiangqi.js';

XiangqiGame.gameName = 'xiangqi';
ReversiGame.gameName = 'reversi';
CheckersGame.gameName = 'checkers';

export const GAMES = Object.freeze({ xiangqi: XiangqiGame, reversi: ReversiGame, checkers: CheckersGame });
export const GAME_NAMES = Object.freeze(Object.keys(GAMES));

export function createGame(engine, name, options) {
  return new GAMES[name](engine, options);
}
