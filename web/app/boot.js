// Page start: the embedded UI font and the appearance first (so the first
// paint has its colours and no boxes), then the engine inlined in the page,
// then the chosen game in the page's shell (page_shell.js, which switches
// games in place). The AI worker is built from the same inlined engine
// text plus the worker glue, so the page works opened from disk (no fetch,
// no module scripts). Over http(s) the page also becomes installable.
import { loadUiFont } from '../fonts/ui_font.js';
import { openRoomFromUrl } from '../online/online_entry.js';
import { registerOffline } from '../pwa/register.js';
import { startEngine } from '../worker/engine_loader.js';
import { I18n } from './i18n.js';
import { PageShell } from './page_shell.js';
import { loadSettings } from './storage.js';
import { Appearance } from './theme.js';

// games: the page's game definitions (web/games/index.js); the first is the
// default.
export async function bootPage(games) {
  const settings = loadSettings(games);
  new Appearance(() => {}).apply(settings);
  try {
    await bootGame(games, settings);
  } catch (error) {
    console.error(error);
    const p = document.createElement('p');
    p.className = 'fatal';
    const i18n = new I18n(settings.language, games);
    const reason = error.i18nKey ? i18n.t(error.i18nKey) : String(error.message || error);
    p.textContent = i18n.t('fatal', { reason });
    document.body.prepend(p);
  }
}

async function bootGame(games, settings) {
  const fontLoaded = loadUiFont();
  // An invite link (?room=ID) joins its room while the engine loads; the
  // page then starts that room's game (without changing the offline choice).
  const roomEntry = openRoomFromUrl().catch((error) => {
    console.error(error);
    return null;
  });
  const engineSource = document.getElementById('engine-js').textContent;
  const workerSource = document.getElementById('worker-js').textContent;
  const engine = await startEngine();
  await fontLoaded;
  const entry = await roomEntry;
  const roomGame = entry?.ack?.ok ? entry.ack.state.game : null;
  const shell = new PageShell(games, {
    engine,
    workerSource: [engineSource, '\n', workerSource],
    root: document.getElementById('app'),
  });
  const game = shell.has(roomGame) ? roomGame : shell.has(settings.game) ? settings.game : games[0].id;
  shell.start(game).onlineEntry.begin(entry);
  // Told to whichever game is shown by then.
  registerOffline({
    onUpdate: () => shell.app?.toast(shell.app.i18n.t('updateReady')),
    onEvent: (type, detail) => shell.app?.emit(type, detail),
  });
}
