// One AI worker thread: its own engine instance and a searcher per game (the
// engine's own search, levels and limits), answering one search at a time.
// Messages in: {id, game, request (the session's searchRequest()), limits};
// out: {id, ok, move (the step's text), nodes, timeMs} or {id, ok: false,
// error}. Nothing here knows a game: the engine lists its searchers.
import { parentPort } from 'node:worker_threads';

import { loadEngine } from '../engine/engine.js';

const engine = await loadEngine();
const searchers = new Map();

function searcherFor(game) {
  if (!searchers.has(game)) {
    const entry = engine.games().find((g) => g.game === game);
    if (!entry) return null;
    searchers.set(game, new engine[entry.searcher]());
  }
  return searchers.get(game);
}

parentPort.on('message', (message) => {
  try {
    const searcher = searcherFor(message.game);
    if (!searcher) {
      parentPort.postMessage({ id: message.id, ok: false, error: `no searcher for ${message.game}` });
      return;
    }
    const found = searcher.search(message.request, message.limits);
    if (!found.ok) {
      parentPort.postMessage({ id: message.id, ok: false, error: found.reason || 'no move' });
      return;
    }
    parentPort.postMessage({ id: message.id, ok: true, move: found.move, nodes: found.nodes, timeMs: found.timeMs });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
