// Page entry: the shell starts the chosen game's controller (web/app/boot.js).
import { bootPage } from './app/boot.js';
import { CheckersApp } from './app/checkers_app.js';
import { ReversiApp } from './app/reversi_app.js';
import { XiangqiApp } from './app/xiangqi_app.js';

bootPage({ xiangqi: XiangqiApp, reversi: ReversiApp, checkers: CheckersApp });
