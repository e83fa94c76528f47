// Budgets per client address that every node sharing the database takes
// from (protocol/address_buckets.js uses them when the store is
// PostgreSQL): a client may reach any node (the proxy balances it, and
// `?node=NAME` picks one), so a budget each node kept alone would give an
// address one budget per node. Each (address, kind) is one row holding a
// token bucket, taken in one statement on PostgreSQL's clock; two nodes
// taking at once are serialised by the row's lock. A row whose bucket would
// be full again is swept away.

// $1 address, $2 kind, $3 burst, $4 tokens per ms. The first row is `ok`
// when a token was taken; `tokens` is what the bucket held before (for the
// wait when it was not).
const TAKE = `
WITH clock AS (
  SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms
), before AS (
  SELECT least($3::float8, b.tokens + greatest(0, clock.ms - b.at) * $4::float8) AS tokens
  FROM address_budgets b, clock WHERE b.address = $1 AND b.kind = $2
), taken AS (
  INSERT INTO address_budgets AS b (address, kind, tokens, at, full_at)
  SELECT $1, $2, $3::float8 - 1, clock.ms, clock.ms + 1 / $4::float8 FROM clock
  ON CONFLICT (address, kind) DO UPDATE
    SET tokens = least($3::float8, b.tokens + greatest(0, excluded.at - b.at) * $4::float8) - 1,
        at = greatest(b.at, excluded.at),
        full_at = greatest(b.at, excluded.at)
          + ($3::float8 - least($3::float8, b.tokens + greatest(0, excluded.at - b.at) * $4::float8) + 1) / $4::float8
    WHERE least($3::float8, b.tokens + greatest(0, excluded.at - b.at) * $4::float8) >= 1
  RETURNING 1
)
SELECT (SELECT count(*) FROM taken)::int AS ok, (SELECT tokens FROM before) AS tokens`;

const SWEEP = 'DELETE FROM address_budgets WHERE full_at < extract(epoch FROM clock_timestamp()) * 1000';
const SWEEP_EVERY_MS = 60_000;

export class PostgresBudgets {
  constructor(pool, log) {
    this.pool = pool;
    this.log = log;
    this.sweptAt = Date.now();
  }

  // Takes a token of `kind` for `address` ({perSecond, burst}): {ok: true},
  // or {ok: false, waitMs}.
  async take(address, kind, { perSecond, burst }) {
    if (Date.now() - this.sweptAt > SWEEP_EVERY_MS) this.sweep();
    const perMs = perSecond / 1000;
    const { rows } = await this.pool.query(TAKE, [address, kind, burst, perMs]);
    if (rows[0].ok) return { ok: true };
    return { ok: false, waitMs: Math.max(1, Math.ceil((1 - (rows[0].tokens ?? 0)) / perMs)) };
  }

  sweep() {
    this.sweptAt = Date.now();
    this.pool.query(SWEEP).catch((error) => this.log(`address budgets sweep: ${error.message}`));
  }
}
