// A private PostgreSQL server for the cluster launcher and the tests: one
// database cluster in a folder, reachable only through a Unix socket in a
// folder of our own (no TCP port to collide with), database `qipan`. Two
// roles: the servers connect as `qipan_server`, which owns the database and
// its tables and nothing more (no superuser, no role or database making),
// with a password (scram-sha-256); the superuser `qipan` (which sets that
// role up at every start) is reached only by the folder's owner on this
// machine (peer authentication). Nothing is trusted. initdb and pg_ctl
// refuse to run as root, so under root they run as the `postgres` user
// (Debian's packages create it), which then owns the folders.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';

// The superuser (initdb's), for setting up only.
export const PG_ADMIN = 'qipan';
// The role the servers connect as.
export const PG_USER = 'qipan_server';
export const PG_DATABASE = 'qipan';
// The server role's password, in libpq's password file format
// (`PGPASSFILE=... pg_dump`), readable by its owner only.
const PASSFILE = 'qipan_server.pgpass';
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

// Runs one of PostgreSQL's programs, as `postgres` under root; `input`: its stdin.
function runServerProgram(program, args, { quiet = false, input = undefined } = {}) {
  const path = join(postgresBin(), program);
  const [command, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  const outcome = spawnSync(command, argv, { encoding: 'utf8', input });
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

export function postgresUrl(socketDir, password = null) {
  const secret = password === null ? '' : `:${encodeURIComponent(password)}`;
  return `postgres://${PG_USER}${secret}@/${PG_DATABASE}?host=${socketDir}`;
}

// A file of the database's folder (owned by `postgres` under root).
function writeServerFile(path, text) {
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
  if (asRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(path, uid, gid);
  }
}

// Who may connect, how: the folder's owner as the superuser (peer, by the
// map below), the server role with its password, nobody else, and never
// over TCP (the server listens on no address).
function writeAccessRules(dataDir) {
  const owner = asRoot() ? 'postgres' : userInfo().username;
  writeServerFile(
    join(dataDir, 'pg_hba.conf'),
    [
      '# Written by server/cluster/postgres_server.js at every start.',
      '# TYPE DATABASE USER METHOD',
      `local all ${PG_ADMIN} peer map=owner`,
      `local ${PG_DATABASE} ${PG_USER} scram-sha-256`,
      '',
    ].join('\n'),
  );
  writeServerFile(join(dataDir, 'pg_ident.conf'), `# MAP SYSTEM-USER DATABASE-USER\nowner ${owner} ${PG_ADMIN}\n`);
}

// The server role's password: kept in the folder once made.
function serverPassword(dataDir) {
  const file = join(dataDir, PASSFILE);
  if (existsSync(file)) {
    const password = readFileSync(file, 'utf8').trim().split(':').pop();
    if (password) return password;
  }
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `*:*:${PG_DATABASE}:${PG_USER}:${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}

// As the superuser: the server role with only what it needs, owning the
// database and everything in it (also what an earlier version made as the
// superuser), with its password. Run at every start: it changes nothing
// when all is in order.
function setUpRoles(socketDir, password) {
  const sql = `
SELECT 'CREATE ROLE ${PG_USER}' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PG_USER}') \\gexec
ALTER ROLE ${PG_USER} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '${password}';
SELECT 'CREATE DATABASE ${PG_DATABASE} OWNER ${PG_USER}'
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '${PG_DATABASE}') \\gexec
ALTER DATABASE ${PG_DATABASE} OWNER TO ${PG_USER};
REVOKE ALL ON DATABASE ${PG_DATABASE} FROM PUBLIC;
\\connect ${PG_DATABASE}
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND pg_get_userbyid(c.relowner) <> '${PG_USER}' LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO ${PG_USER}', r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '${PG_USER}' LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO ${PG_USER}', r.name);
  END LOOP;
END $$;
`;
  runServerProgram('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', socketDir, '-U', PG_ADMIN, '-d', 'postgres'], {
    input: sql,
  });
}

// Starts (initialising on first use) the cluster in `dataDir`, its socket in
// `socketDir`. fsync=false suits tests that kill nodes, never the database.
// Resolves with {url, password, urlWithPassword, passfile, pid, socketDir,
// dataDir, logFile, restart(), stop({mode})}: `url` names no password (the
// servers get it as PGPASSWORD); `urlWithPassword` is for this process's own
// clients, never to be printed or put on a command line.
export async function startPostgres({ dataDir, socketDir, logFile = join(dataDir, 'postgres.log'), fsync = true }) {
  if (socketDir.length > SOCKET_DIR_MAX) throw new Error(`socket folder path too long for a Unix socket: ${socketDir}`);
  postgresBin(); // fails early with the installation hint
  serverFolder(socketDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    serverFolder(dataDir);
    runServerProgram('initdb', [
      '-D',
      dataDir,
      '--auth-local=peer',
      '--auth-host=reject',
      '-U',
      PG_ADMIN,
      '-N',
      '-E',
      'UTF8',
      '--no-locale',
    ]);
  }
  // Also for a folder made by an earlier version, which trusted everyone.
  writeAccessRules(dataDir);
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
  const password = serverPassword(dataDir);
  setUpRoles(socketDir, password);
  let stopped = false;
  return {
    url: postgresUrl(socketDir),
    password,
    urlWithPassword: postgresUrl(socketDir, password),
    passfile: join(dataDir, PASSFILE),
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
