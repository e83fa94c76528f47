// Page entry: start the engine inlined in the page, then the chosen game. The
// AI worker is built from the same inlined engine text plus the worker glue,
// so the page works opened from disk (no fetch, no module scripts).
/* global QipanEngine */
import { CheckersApp } from './app/checkers_app.js';
import { ReversiApp } from './app/reversi_app.js';
import { loadSettings } from './app/storage.js';
import { installTestHook } from './app/test_hook.js';
import { XiangqiApp } from './app/xiangqi_app.js';

const APPS = { xiangqi: XiangqiApp, reversi: ReversiApp, checkers: CheckersApp };

async function boot() {
  const engineSource = document.getElementById('engine-js').textContent;
  const workerSource = document.getElementById('worker-js').textContent;
  const engine = await QipanEngine();
  const game = loadSettings().game;
  document.body.dataset.game = game;
  const App = APPS[game] || XiangqiApp;
  const app = new App({ engine, workerSource: [engineSource, '\n', workerSource], root: document.getElementById('app') });
  installTestHook(app);
  app.start();
}

boot().catch((error) => {
  console.error(error);
  document.body.insertAdjacentHTML('afterbegin', `<p class="fatal">Qipan could not start: ${String(error.message || error)}</p>`);
});
