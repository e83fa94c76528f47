// The WAL checkpointer: a worker thread with its own connection that copies
// the write-ahead log into the database file once a second. Checkpoints are
// where SQLite syncs to disk; doing them here keeps that wait off the event
// loop (the main connection's own automatic checkpoints are turned off).
import { parentPort, workerData } from 'node:worker_threads';

import Database from 'better-sqlite3';

const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or locked: the next second tries again
  }
}, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
});
