// A private PostgreSQL server for the cluster launcher and the tests: one
// database cluster in a folder, reachable only through a Unix socket in a
// folder of our own (no TCP port to collide with), user `qipan` trusted,
// database `qipan`. initdb and pg_ctl refuse to run as root, so under root
// they run as the `postgres` user (Debian's packages create it), which then
// owns the folders.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const PG_USER = 'qipan';
export const PG_DATABASE = 'qipan';
// A socket path stops at about 107 bytes: the folder, '/', '.s.PGSQL.5432'.
const SOCKET_DIR_MAX = 90;

// The folder of initdb and pg_ctl: QIPAN_PG_BIN, else Debian's newest
// /usr/lib/postgresql/N/bin, else whatever is on the PATH.
export function postgresBin() {
  if (process.env.QIPAN_PG_BIN) return process.env.QIPAN_PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return join(base, versions[0], 'bin');
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return dirname(found.stdout.trim());
  throw new Error(
    'PostgreSQL is not installed (no initdb): run `scripts/setup --cluster` as root, or `apt-get install postgresql`',
  );
}

const asRoot = () => process.getuid?.() === 0;

function postgresIds() {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

// Runs one of PostgreSQL's server programs, as `postgres` under root.
function runServerProgram(program, args, { quiet = false } = {}) {
  const path = join(postgresBin(), program);
  const [command, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  const outcome = spawnSync(command, argv, { encoding: 'utf8' });
  if (outcome.error) throw outcome.error;
  if (outcome.status !== 0 && !quiet) {
    throw new Error(`${program} failed (${outcome.status}): ${outcome.stderr || outcome.stdout}`);
  }
  return outcome;
}

// A folder the server programs may write to (owned by `postgres` under root).
export function serverFolder(path, mode = 0o700) {
  mkdirSync(path, { recursive: true, mode });
  if (asRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(path, uid, gid);
    const reach = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', path]);
    if (reach.status !== 0) {
      throw new Error(`the postgres user cannot reach ${path} (a parent folder is closed to it)`);
    }
  }
  return path;
}

export function postgresUrl(socketDir) {
  return `postgres://${PG_USER}@/${PG_DATABASE}?host=${socketDir}`;
}

// Starts (initialising on first use) the cluster in `dataDir`, its socket in
// `socketDir`. fsync=false suits tests that kill nodes, never the database.
// Resolves with {url, pid, socketDir, dataDir, logFile, stop({mode})}.
export async function startPostgres({ dataDir, socketDir, logFile = join(dataDir, 'postgres.log'), fsync = true }) {
  if (socketDir.length > SOCKET_DIR_MAX) throw new Error(`socket folder path too long for a Unix socket: ${socketDir}`);
  postgresBin(); // fails early with the installation hint
  serverFolder(socketDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    serverFolder(dataDir);
    runServerProgram('initdb', ['-D', dataDir, '-A', 'trust', '-U', PG_USER, '-N', '-E', 'UTF8', '--no-locale']);
  }
  // A server left running by a launcher that was killed: stopped cleanly first.
  if (
    existsSync(join(dataDir, 'postmaster.pid')) &&
    runServerProgram('pg_ctl', ['-D', dataDir, 'status'], { quiet: true }).status === 0
  ) {
    runServerProgram('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'], { quiet: true });
  }
  const options = [`-c listen_addresses=''`, `-k ${socketDir}`, `-c unix_socket_permissions=0770`, '-c max_connections=200'];
  if (!fsync) options.push('-c fsync=off');
  runServerProgram('pg_ctl', ['-D', dataDir, '-w', '-t', '60', '-l', logFile, '-o', options.join(' '), 'start']);
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // The database, unless a previous start made it already.
  const made = spawnSync(join(postgresBin(), 'createdb'), ['-h', socketDir, '-U', PG_USER, PG_DATABASE], { encoding: 'utf8' });
  if (made.status !== 0 && !/already exists/.test(made.stderr)) throw new Error(`createdb failed: ${made.stderr}`);
  let stopped = false;
  return {
    url: postgresUrl(socketDir),
    pid,
    // Ends every session (as a crash or an upgrade would) and starts again.
    restart({ mode = 'fast' } = {}) {
      runServerProgram('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', '-l', logFile, 'restart']);
      this.pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    },
    socketDir,
    dataDir,
    logFile,
    // 'fast' ends the sessions and shuts down cleanly; 'immediate' is for
    // throw-away clusters (tests).
    stop({ mode = 'fast' } = {}) {
      if (stopped) return;
      stopped = true;
      runServerProgram('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop'], { quiet: true });
    },
  };
}
