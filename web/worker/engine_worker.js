// Worker glue: runs after the inlined engine script (the QipanEngine
// factory, started by engine_loader.js) in the same Blob. Each game's
// searcher is created on first use and lives as long as the worker; the page
// cancels a search by terminating the worker, so there is no stop message.
import { startEngine } from './engine_loader.js';

const ready = startEngine();
const searchers = {};

const CLASSES = { xiangqi: 'XiangqiSearcher', reversi: 'ReversiSearcher', checkers: 'CheckersSearcher' };

function searcherFor(engine, game) {
  if (!searchers[game]) {
    const Class = engine[CLASSES[game]];
    if (!Class) return null;
    searchers[game] = new Class();
  }
  return searchers[game];
}

// One request kind per game and purpose; each returns plain data.
const RUN = {
  // The game goes along as {fen, moves}; a draw offer is answered by the engine's rule.
  xiangqi: (searcher, msg, info) =>
    msg.kind === 'draw' ? searcher.answerDrawOffer(msg.request, msg.limits) : searcher.search(msg.request, msg.limits, info),
  reversi: (searcher, msg, info) =>
    msg.kind === 'hints' ? searcher.hints(msg.board, msg.limits, info)
      : msg.kind === 'evaluate' ? searcher.evaluate(msg.board, msg.limits) : searcher.search(msg.board, msg.limits, info),
  // The whole game (record and rules) goes along, so repetitions count.
  checkers: (searcher, msg, info) => searcher.search(msg.record, msg.rules, msg.limits, msg.kind === 'hint' ? null : info),
};

self.onmessage = async (event) => {
  const msg = event.data;
  const engine = await ready;
  const searcher = searcherFor(engine, msg.game);
  if (!searcher || !RUN[msg.game]) {
    self.postMessage({ id: msg.id, type: 'error', message: `no searcher for ${msg.game}` });
    return;
  }
  const started = performance.now();
  const result = RUN[msg.game](searcher, msg, (info) => self.postMessage({ id: msg.id, type: 'info', info }));
  result.elapsedMs = performance.now() - started;
  self.postMessage({ id: msg.id, type: 'result', result });
};
