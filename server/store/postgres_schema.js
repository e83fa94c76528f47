// The PostgreSQL store's tables: the same as SQLite's (sqlite_schema.js),
// with PostgreSQL's clock in the epochs (timestamptz) and the events' JSON
// as `json`, which keeps the text as written (jsonb would reorder keys).
// Nodes starting together create them under one advisory lock.
import { randomBytes } from 'node:crypto';

const SCHEMA_LOCK = 0x71_69_70_61; // any constant; "qipa"

const SCHEMA = `
CREATE TABLE IF NOT EXISTS epochs (
  epoch      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  node       text NOT NULL,
  url        text,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at    timestamptz NOT NULL DEFAULT now(),
  stopped    boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS epochs_node ON epochs (node, stopped);
CREATE TABLE IF NOT EXISTS rooms (
  room_id     text PRIMARY KEY,
  game        text NOT NULL,
  created_at  bigint NOT NULL,
  updated_at  bigint NOT NULL,
  last_v      integer NOT NULL,
  finished    boolean NOT NULL DEFAULT false,
  owner_epoch bigint,
  -- The owner before the last claim, set by the claim itself so the claim
  -- can return it from the row it actually replaced.
  prev_epoch  bigint,
  request_key text UNIQUE
);
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS timed boolean NOT NULL DEFAULT false;
-- The keyed hash of the address that created it (net/address_owner.js),
-- while it is unfinished: what it counts for when it is taken back.
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS creator text;
CREATE INDEX IF NOT EXISTS rooms_owner ON rooms (owner_epoch);
-- The timed games still going (orphanedTimedRooms).
CREATE INDEX IF NOT EXISTS rooms_timed ON rooms (owner_epoch) WHERE timed AND NOT finished;
CREATE TABLE IF NOT EXISTS events (
  room_id text NOT NULL,
  v       integer NOT NULL,
  type    text NOT NULL,
  step    integer NOT NULL,
  pos     text NOT NULL,
  at      bigint NOT NULL,
  data    json,
  secret  json,
  PRIMARY KEY (room_id, v)
);
CREATE TABLE IF NOT EXISTS chat (
  room_id text NOT NULL,
  v       integer NOT NULL,
  at      bigint NOT NULL,
  text    text NOT NULL,
  PRIMARY KEY (room_id, v)
);
CREATE INDEX IF NOT EXISTS chat_at ON chat (at);
-- The seats each player took (store/player_seats.js).
CREATE TABLE IF NOT EXISTS player_rooms (
  player_id text NOT NULL,
  room_id   text NOT NULL,
  seat      integer NOT NULL,
  at        bigint NOT NULL,
  PRIMARY KEY (player_id, room_id, seat)
);
CREATE INDEX IF NOT EXISTS player_rooms_at ON player_rooms (player_id, at);
-- The lobby (lobby_tables.js): open seeks, one per player, each held by the
-- epoch whose socket made it; the public games in progress.
CREATE TABLE IF NOT EXISTS seeks (
  seek_id    text PRIMARY KEY,
  player_id  text NOT NULL UNIQUE,
  match_key  text NOT NULL, -- game, clock and options: what quick pairing matches
  epoch      bigint NOT NULL,
  created_at bigint NOT NULL,
  data       json NOT NULL,
  secret     json NOT NULL
);
-- What quick pairing orders and filters by (lobby/pairing.js): the seeker's
-- rating (a guest's 1500), the range a taker's must be in, the seeker's account.
ALTER TABLE seeks ADD COLUMN IF NOT EXISTS rating float8 NOT NULL DEFAULT 1500;
ALTER TABLE seeks ADD COLUMN IF NOT EXISTS range_min float8;
ALTER TABLE seeks ADD COLUMN IF NOT EXISTS range_max float8;
ALTER TABLE seeks ADD COLUMN IF NOT EXISTS account_id bigint;
CREATE INDEX IF NOT EXISTS seeks_match ON seeks (match_key, created_at);
CREATE TABLE IF NOT EXISTS live_games (
  room_id    text PRIMARY KEY,
  updated_at bigint NOT NULL,
  data       json NOT NULL
);
-- Budgets per client address every node takes from (postgres_budgets.js):
-- a token bucket per address and kind, times in ms of PostgreSQL's clock.
CREATE TABLE IF NOT EXISTS address_budgets (
  address text NOT NULL,
  kind    text NOT NULL,
  tokens  float8 NOT NULL,
  at      float8 NOT NULL,
  full_at float8 NOT NULL, -- the bucket is full again: the row may go
  PRIMARY KEY (address, kind)
);
CREATE INDEX IF NOT EXISTS address_budgets_full ON address_budgets (full_at);
-- The database's own secrets, made once (the key of net/address_owner.js).
CREATE TABLE IF NOT EXISTS secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);
-- Accounts (v3, postgres_accounts.js). A deleted account keeps its row, the
-- id its ratings and rating changes name, without name, key or credentials;
-- a name key is unique among live accounts only.
CREATE TABLE IF NOT EXISTS accounts (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL,
  name_key      text,
  password_hash text,
  created_at    bigint NOT NULL,
  deleted_at    bigint
);
CREATE UNIQUE INDEX IF NOT EXISTS accounts_name_key ON accounts (name_key) WHERE deleted_at IS NULL;
CREATE TABLE IF NOT EXISTS recovery_codes (
  account_id bigint NOT NULL,
  code_hash  text NOT NULL,
  used_at    bigint,
  PRIMARY KEY (account_id, code_hash)
);
CREATE TABLE IF NOT EXISTS sessions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash   text NOT NULL UNIQUE,
  account_id   bigint NOT NULL,
  created_at   bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  user_agent   text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);
CREATE TABLE IF NOT EXISTS passkeys (
  credential_id text PRIMARY KEY,
  account_id    bigint NOT NULL,
  public_key    bytea NOT NULL,
  counter       bigint NOT NULL,
  transports    json NOT NULL,
  created_at    bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys (account_id);
-- Player keys (anonymous players) claimed by an account, each by one.
CREATE TABLE IF NOT EXISTS account_players (
  player_id  text PRIMARY KEY,
  account_id bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS account_players_account ON account_players (account_id);
-- Glicko-2 ratings per account and perf (ratings/glicko2.js, as stored after
-- the account's last rated game in that perf), and each rated game's change,
-- written once per room in the transaction of the game's result.
CREATE TABLE IF NOT EXISTS ratings (
  account_id bigint NOT NULL,
  perf       text NOT NULL,
  rating     float8 NOT NULL,
  rd         float8 NOT NULL,
  vol        float8 NOT NULL,
  games      integer NOT NULL,
  last_at    bigint,
  PRIMARY KEY (account_id, perf)
);
-- The leaderboard reads a perf's ratings best first and filters them by
-- games and deviation: with those in the index, the rows it passes over
-- (a perf where few played ten games) cost no reads of the table.
CREATE INDEX IF NOT EXISTS ratings_board_cover ON ratings (perf, rating DESC, account_id) INCLUDE (games, rd, vol, last_at);
DROP INDEX IF EXISTS ratings_board;
CREATE TABLE IF NOT EXISTS rating_changes (
  room_id         text PRIMARY KEY,
  perf            text NOT NULL,
  account_a       bigint NOT NULL,
  account_b       bigint NOT NULL,
  score_a         float8 NOT NULL,
  score_b         float8 NOT NULL,
  rating_a_before float8 NOT NULL,
  rd_a_before     float8 NOT NULL,
  vol_a_before    float8 NOT NULL,
  rating_b_before float8 NOT NULL,
  rd_b_before     float8 NOT NULL,
  vol_b_before    float8 NOT NULL,
  rating_a        float8 NOT NULL,
  rd_a            float8 NOT NULL,
  vol_a           float8 NOT NULL,
  rating_b        float8 NOT NULL,
  rd_b            float8 NOT NULL,
  vol_b           float8 NOT NULL,
  diff_a          integer NOT NULL,
  diff_b          integer NOT NULL,
  at              bigint NOT NULL
);
-- An account's changes newest first, in ratingHistory's order, so a profile
-- reads its latest 200 games and no more (the first indexes, on (account,
-- at), made it read and sort all of a player's games).
CREATE INDEX IF NOT EXISTS rating_changes_a_recent ON rating_changes (account_a, at DESC, room_id);
CREATE INDEX IF NOT EXISTS rating_changes_b_recent ON rating_changes (account_b, at DESC, room_id);
-- Head to head (a profile seen by a signed-in player): one pair of accounts.
CREATE INDEX IF NOT EXISTS rating_changes_pair ON rating_changes (account_a, account_b);
DROP INDEX IF EXISTS rating_changes_a;
DROP INDEX IF EXISTS rating_changes_b;
-- The log is append-only: the database itself refuses to change an event.
CREATE OR REPLACE FUNCTION qipan_events_append_only() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN RAISE EXCEPTION 'events are append-only'; END $$;
CREATE OR REPLACE TRIGGER events_no_change BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION qipan_events_append_only();
CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION qipan_events_append_only();
`;

// Creates or upgrades the tables; resolves with the database's owner secret.
export async function applyPostgresSchema(client) {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(SCHEMA);
    await client.query("INSERT INTO secrets (name, value) VALUES ('owner', $1) ON CONFLICT DO NOTHING", [
      randomBytes(32).toString('base64url'),
    ]);
    const { rows } = await client.query("SELECT value FROM secrets WHERE name = 'owner'");
    await client.query('COMMIT');
    return rows[0].value;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
