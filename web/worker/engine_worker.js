// Worker glue: runs after the inlined engine script (QipanEngine factory) in
// the same Blob. One searcher lives here; the page cancels a search by
// terminating this worker, so there is no stop message.
/* global QipanEngine */

const ready = QipanEngine().then((engine) => {
  const searchers = { xiangqi: new engine.XiangqiSearcher() };
  return { engine, searchers };
});

self.onmessage = async (event) => {
  const { id, game, fen, history, limits } = event.data;
  const { searchers } = await ready;
  const searcher = searchers[game];
  if (!searcher) {
    self.postMessage({ id, type: 'error', message: `no searcher for ${game}` });
    return;
  }
  const started = performance.now();
  const result = searcher.search(fen, history, limits, (info) => {
    self.postMessage({ id, type: 'info', info });
  });
  result.elapsedMs = performance.now() - started;
  self.postMessage({ id, type: 'result', result });
};
