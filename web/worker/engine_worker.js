// Worker glue: runs after the inlined engine script (the QipanEngine
// factory, started by engine_loader.js) in the same Blob. Each game's
// searcher (named by the engine's games() list) is created on first use and
// lives as long as the worker; the page cancels a search by terminating the
// worker, so there is no stop message.
//
// A request is {id, game, method, request, limits}: `request` is the
// session's searchRequest(), `method` one of the searcher's calls (search,
// hints, evaluate, answerDrawOffer); every game's searcher takes the same
// arguments, so nothing here knows a game.
import { startEngine } from './engine_loader.js';

const ready = startEngine();
const searchers = {};
// The calls that report each iteration (onInfo) as they search.
const REPORTING = new Set(['search', 'hints']);

function searcherFor(engine, game) {
  if (!searchers[game]) {
    const entry = engine.games().find((g) => g.game === game);
    if (!entry) return null;
    searchers[game] = new engine[entry.searcher]();
  }
  return searchers[game];
}

self.onmessage = async (event) => {
  const msg = event.data;
  const engine = await ready;
  const searcher = searcherFor(engine, msg.game);
  const method = msg.method ?? 'search';
  if (!searcher || typeof searcher[method] !== 'function') {
    self.postMessage({ id: msg.id, type: 'error', message: `no searcher call ${msg.game}.${method}` });
    return;
  }
  const started = performance.now();
  const info = (data) => self.postMessage({ id: msg.id, type: 'info', info: data });
  const result = REPORTING.has(method)
    ? searcher[method](msg.request, msg.limits, info)
    : searcher[method](msg.request, msg.limits);
  result.elapsedMs = performance.now() - started;
  self.postMessage({ id: msg.id, type: 'result', result });
};
