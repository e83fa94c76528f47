// One AI worker thread: its own engine instance and CheckersSearcher (the
// engine's own search, levels and limits), answering one search at a time.
// Messages in: {id, game: 'checkers', record, rules, level}; out: {id, ok,
// text, pass, nodes, timeMs} or {id, ok: false, error}.
import { parentPort } from 'node:worker_threads';

import { loadEngine } from '../engine/engine.js';

const engine = await loadEngine();
const searcher = new engine.CheckersSearcher();

parentPort.on('message', (request) => {
  try {
    const found = searcher.search(request.record, request.rules, { level: request.level }, undefined);
    if (!found.ok) {
      parentPort.postMessage({ id: request.id, ok: false, error: found.reason || 'no move' });
      return;
    }
    parentPort.postMessage({ id: request.id, ok: true, text: found.text, pass: found.pass, nodes: found.nodes, timeMs: found.timeMs });
  } catch (error) {
    parentPort.postMessage({ id: request.id, ok: false, error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
