// A throw-away PostgreSQL server for tests (not a test itself): a fresh
// database cluster in a short temporary folder (`/tmp/qpg.XXXXXX`, owned by
// the `postgres` user under root), reachable only through a Unix socket in
// that folder, with fsync off (tests kill nodes, never the database). It is
// stopped with `-m immediate` and its folder removed when the process exits,
// a test failure and Ctrl-C included. Installs nothing: without PostgreSQL it
// fails with the command that installs it (scripts/setup does, as root).
import { mkdtempSync, rmSync } from 'node:fs';

import { postgresBin, startPostgres } from '../../server/cluster/postgres_server.js';

const started = [];

function stopAll() {
  while (started.length) {
    const { server, dir } = started.pop();
    try {
      server?.stop({ mode: 'immediate' });
    } catch {
      // exiting anyway; the folder goes below
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  if (!process.listenerCount(signal)) process.on(signal, () => process.exit(130));
}

// Resolves with {url, dir, pid, restart(), stop()}; `url` carries the
// server role's password, for this process's own clients.
export async function startTestPostgres() {
  postgresBin(); // the installation hint, before any folder is made
  const dir = mkdtempSync('/tmp/qpg.');
  const entry = { server: null, dir };
  started.push(entry);
  entry.server = await startPostgres({ dataDir: `${dir}/db`, socketDir: dir, logFile: `${dir}/db/postgres.log`, fsync: false });
  return {
    url: entry.server.urlWithPassword,
    dir,
    pid: entry.server.pid,
    restart: () => entry.server.restart(),
    stop() {
      const i = started.indexOf(entry);
      if (i >= 0) started.splice(i, 1);
      entry.server.stop({ mode: 'immediate' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
