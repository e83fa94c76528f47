// Page entry: start the engine inlined in the page, then the xiangqi app. The
// AI worker is built from the same inlined engine text plus the worker glue,
// so the page works opened from disk (no fetch, no module scripts).
/* global QipanEngine */
import { XiangqiApp } from './app/xiangqi_app.js';
import { installTestHook } from './app/test_hook.js';

async function boot() {
  const engineSource = document.getElementById('engine-js').textContent;
  const workerSource = document.getElementById('worker-js').textContent;
  const engine = await QipanEngine();
  const app = new XiangqiApp({ engine, workerSource: [engineSource, '\n', workerSource], root: document.getElementById('app') });
  installTestHook(app);
  app.start();
}

boot().catch((error) => {
  console.error(error);
  document.body.insertAdjacentHTML('afterbegin', `<p class="fatal">Qipan could not start: ${String(error.message || error)}</p>`);
});
