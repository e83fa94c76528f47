// The settings both stores share: the node's name and URL, the lease timings
// (options over QIPAN_LEASE_MS / QIPAN_HEARTBEAT_MS over the defaults) and
// the chat retention (QIPAN_CHAT_RETENTION_DAYS).
const DAY_MS = 24 * 3600_000;

function whole(name, value, fallback, min) {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, not '${value}'`);
  return n;
}

export function storeOptions(options = {}, env = process.env) {
  const name = options.node ?? 'local';
  // The name goes into HAProxy's configuration and the `moved` answer.
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) throw new Error(`bad node name '${name}'`);
  const leaseMs = whole('leaseMs', options.leaseMs ?? env.QIPAN_LEASE_MS, 6_000, 100);
  const heartbeatMs = whole('heartbeatMs', options.heartbeatMs ?? env.QIPAN_HEARTBEAT_MS, 1_000, 10);
  if (heartbeatMs * 2 > leaseMs)
    throw new Error(`the heartbeat (${heartbeatMs} ms) must be at most half the lease (${leaseMs} ms)`);
  const retentionDays = whole('QIPAN_CHAT_RETENTION_DAYS', options.chatRetentionDays ?? env.QIPAN_CHAT_RETENTION_DAYS, 30, 0);
  return {
    name,
    url: options.url ?? null,
    leaseMs,
    heartbeatMs,
    // An owner this long without a heartbeat is presumed dead: claims wait
    // for its lease instead of sending clients to it.
    staleMs: Math.max(2 * heartbeatMs, Math.floor(leaseMs / 2)),
    chatRetentionMs: retentionDays * DAY_MS,
    log: options.log ?? ((line) => console.error(`[qipan-store] ${line}`)),
  };
}
