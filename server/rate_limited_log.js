// A log that reports one kind of fault at most once per interval: a fault
// that repeats (a worker that cannot start, a rejection on every request)
// must not fill the disk or the terminal. The first line goes out at once;
// the ones after it within the interval are only counted, and the count
// rides on the next line of that kind.
export function rateLimitedLog(log, intervalMs = 10_000) {
  const kinds = new Map(); // kind -> {lastAt, suppressed}
  return (kind, line, now = Date.now()) => {
    let entry = kinds.get(kind);
    if (!entry) {
      entry = { lastAt: -Infinity, suppressed: 0 };
      kinds.set(kind, entry);
    }
    if (now - entry.lastAt < intervalMs) {
      entry.suppressed++;
      return false;
    }
    const more = entry.suppressed ? ` (${entry.suppressed} more like it since the last report)` : '';
    entry.lastAt = now;
    entry.suppressed = 0;
    log(`${line}${more}`);
    return true;
  };
}
