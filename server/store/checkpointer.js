// The WAL checkpointer: a worker thread with its own connection that copies
// the write-ahead log into the database file. Checkpoints are where SQLite
// syncs to disk; doing them here keeps that wait off the event loop (the
// main connection's own automatic checkpoints are turned off).
//
// A PASSIVE checkpoint once a second never waits for the writer, but it
// never shortens the WAL file either, and under a flood of writes it does
// not catch up. So past `truncateBytes` a TRUNCATE checkpoint copies
// everything and cuts the file to zero. It needs a moment without a writer:
// the main thread asks for it ('truncate') and holds its writes until the
// answer ('truncated'); the watch here catches what the writer did not.
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

import Database from 'better-sqlite3';

const { path, everyMs, watchMs, truncateBytes, journalLimitBytes } = workerData;
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma(`journal_size_limit = ${journalLimitBytes}`);

function walBytes() {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

let sincePassive = 0;
const timer = setInterval(() => {
  sincePassive += watchMs;
  try {
    if (walBytes() > truncateBytes) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      sincePassive = 0;
    } else if (sincePassive >= everyMs) {
      db.pragma('wal_checkpoint(PASSIVE)');
      sincePassive = 0;
    }
  } catch {
    // busy or locked: the next turn tries again
  }
}, watchMs);

parentPort.on('message', (message) => {
  if (message === 'truncate') {
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // busy: the writer goes on, and asks again past the threshold
    }
    sincePassive = 0;
    parentPort.postMessage('truncated');
  }
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.postMessage('stopped');
  }
});
