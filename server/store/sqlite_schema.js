// The SQLite store's tables, and the upgrade of a database written before
// rooms had owners or creators (the columns are added in place; the events
// and their append-only triggers stay as they are) or before accounts (their
// tables are added, and the seeks' rating columns; every other table and
// row stays).
import { randomBytes } from 'node:crypto';

const TABLES = `
CREATE TABLE IF NOT EXISTS rooms (
  room_id     TEXT PRIMARY KEY,
  game        TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  last_v      INTEGER NOT NULL,
  finished    INTEGER NOT NULL DEFAULT 0,
  owner_epoch INTEGER,
  request_key TEXT,
  timed       INTEGER NOT NULL DEFAULT 0,
  -- The keyed hash of the address that created it (net/address_owner.js),
  -- while it is unfinished: what it counts for when it is taken back.
  creator     TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events (
  room_id TEXT NOT NULL,
  v       INTEGER NOT NULL,
  type    TEXT NOT NULL,
  step    INTEGER NOT NULL,
  pos     TEXT NOT NULL,
  at      INTEGER NOT NULL,
  data    TEXT NOT NULL,
  secret  TEXT,
  PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
-- The log is append-only: the database itself refuses to change an event.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
-- One row per process that opened the store; AUTOINCREMENT never reuses an epoch.
CREATE TABLE IF NOT EXISTS epochs (
  epoch      INTEGER PRIMARY KEY AUTOINCREMENT,
  node       TEXT NOT NULL,
  url        TEXT,
  started_at INTEGER NOT NULL,
  seen_at    INTEGER NOT NULL,
  stopped    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS epochs_node ON epochs (node, stopped);
-- Chat texts, deleted after the retention period (chat_text.js).
CREATE TABLE IF NOT EXISTS chat (
  room_id TEXT NOT NULL,
  v       INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  text    TEXT NOT NULL,
  PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS chat_at ON chat (at);
-- The seats each player took (store/player_seats.js).
CREATE TABLE IF NOT EXISTS player_rooms (
  player_id TEXT NOT NULL,
  room_id   TEXT NOT NULL,
  seat      INTEGER NOT NULL,
  at        INTEGER NOT NULL,
  PRIMARY KEY (player_id, room_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_rooms_at ON player_rooms (player_id, at);
-- The lobby (lobby_tables.js): open seeks, one per player, each held by the
-- epoch whose socket made it; the public games in progress.
CREATE TABLE IF NOT EXISTS seeks (
  seek_id    TEXT PRIMARY KEY,
  player_id  TEXT NOT NULL UNIQUE,
  match_key  TEXT NOT NULL, -- game, clock and options: what quick pairing matches
  epoch      INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  data       TEXT NOT NULL,
  secret     TEXT NOT NULL,
  -- What quick pairing orders and filters by (lobby/pairing.js): the
  -- seeker's rating (a guest's 1500), the range a taker's must be in, the
  -- seeker's account.
  rating     REAL NOT NULL DEFAULT 1500,
  range_min  REAL,
  range_max  REAL,
  account_id INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seeks_match ON seeks (match_key, created_at);
CREATE TABLE IF NOT EXISTS live_games (
  room_id    TEXT PRIMARY KEY,
  updated_at INTEGER NOT NULL,
  data       TEXT NOT NULL
) WITHOUT ROWID;
-- The database's own secrets, made once (the key of net/address_owner.js).
CREATE TABLE IF NOT EXISTS secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
-- Accounts (v3, sqlite_accounts.js). A deleted account keeps its row, the
-- id its ratings and rating changes name, without name, key or credentials;
-- a name key is unique among live accounts only.
CREATE TABLE IF NOT EXISTS accounts (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  name          TEXT NOT NULL,
  name_key      TEXT,
  password_hash TEXT,
  created_at    INTEGER NOT NULL,
  deleted_at    INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS accounts_name_key ON accounts (name_key) WHERE deleted_at IS NULL;
CREATE TABLE IF NOT EXISTS recovery_codes (
  account_id INTEGER NOT NULL,
  code_hash  TEXT NOT NULL,
  used_at    INTEGER,
  PRIMARY KEY (account_id, code_hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash   TEXT NOT NULL UNIQUE,
  account_id   INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS passkeys (
  credential_id TEXT PRIMARY KEY,
  account_id    INTEGER NOT NULL,
  public_key    BLOB NOT NULL,
  counter       INTEGER NOT NULL,
  transports    TEXT NOT NULL, -- JSON array
  created_at    INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys (account_id);
-- Player keys (anonymous players) claimed by an account, each by one.
CREATE TABLE IF NOT EXISTS account_players (
  player_id  TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_players_account ON account_players (account_id);
-- Glicko-2 ratings per account and perf (ratings/glicko2.js, as stored after
-- the account's last rated game in that perf), and each rated game's change,
-- written once per room in the transaction of the game's result.
CREATE TABLE IF NOT EXISTS ratings (
  account_id INTEGER NOT NULL,
  perf       TEXT NOT NULL,
  rating     REAL NOT NULL,
  rd         REAL NOT NULL,
  vol        REAL NOT NULL,
  games      INTEGER NOT NULL,
  last_at    INTEGER,
  PRIMARY KEY (account_id, perf)
) WITHOUT ROWID;
-- The leaderboard's scan, covering its filter (as in postgres_schema.js).
CREATE INDEX IF NOT EXISTS ratings_board_cover ON ratings (perf, rating DESC, account_id, games, rd, vol, last_at);
DROP INDEX IF EXISTS ratings_board;
CREATE TABLE IF NOT EXISTS rating_changes (
  room_id         TEXT PRIMARY KEY,
  perf            TEXT NOT NULL,
  account_a       INTEGER NOT NULL,
  account_b       INTEGER NOT NULL,
  score_a         REAL NOT NULL,
  score_b         REAL NOT NULL,
  rating_a_before REAL NOT NULL,
  rd_a_before     REAL NOT NULL,
  vol_a_before    REAL NOT NULL,
  rating_b_before REAL NOT NULL,
  rd_b_before     REAL NOT NULL,
  vol_b_before    REAL NOT NULL,
  rating_a        REAL NOT NULL,
  rd_a            REAL NOT NULL,
  vol_a           REAL NOT NULL,
  rating_b        REAL NOT NULL,
  rd_b            REAL NOT NULL,
  vol_b           REAL NOT NULL,
  diff_a          INTEGER NOT NULL,
  diff_b          INTEGER NOT NULL,
  at              INTEGER NOT NULL
) WITHOUT ROWID;
-- An account's changes newest first, in ratingHistory's order (as in
-- postgres_schema.js).
CREATE INDEX IF NOT EXISTS rating_changes_a_recent ON rating_changes (account_a, at DESC, room_id);
CREATE INDEX IF NOT EXISTS rating_changes_b_recent ON rating_changes (account_b, at DESC, room_id);
-- Head to head (a profile seen by a signed-in player): one pair of accounts.
CREATE INDEX IF NOT EXISTS rating_changes_pair ON rating_changes (account_a, account_b);
DROP INDEX IF EXISTS rating_changes_a;
DROP INDEX IF EXISTS rating_changes_b;
`;

// Columns added since the table was first made, per table.
const ADDED_COLUMNS = {
  rooms: {
    owner_epoch: 'INTEGER',
    request_key: 'TEXT',
    timed: 'INTEGER NOT NULL DEFAULT 0',
    creator: 'TEXT',
  },
  seeks: {
    rating: 'REAL NOT NULL DEFAULT 1500',
    range_min: 'REAL',
    range_max: 'REAL',
    account_id: 'INTEGER',
  },
};

const INDEXES = `
CREATE UNIQUE INDEX IF NOT EXISTS rooms_request ON rooms (request_key);
CREATE INDEX IF NOT EXISTS rooms_owner ON rooms (owner_epoch);
-- The timed games still going (orphanedTimedRooms).
CREATE INDEX IF NOT EXISTS rooms_timed ON rooms (owner_epoch) WHERE timed = 1 AND finished = 0;
-- Served the start-up replay of every active room, which is gone.
DROP INDEX IF EXISTS rooms_active;
`;

// Creates or upgrades the tables; returns the database's owner secret.
export function applySqliteSchema(db) {
  return db
    .transaction(() => {
      db.exec(TABLES);
      for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
        const have = new Set(db.pragma(`table_info(${table})`).map((c) => c.name));
        for (const [name, type] of Object.entries(columns)) {
          if (!have.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
        }
      }
      db.exec(INDEXES);
      db.prepare("INSERT OR IGNORE INTO secrets (name, value) VALUES ('owner', ?)").run(randomBytes(32).toString('base64url'));
      return db.prepare("SELECT value FROM secrets WHERE name = 'owner'").pluck().get();
    })
    .immediate();
}
