// How a clock reads: on screen mm:ss (h:mm:ss past an hour) and, under
// ten seconds, seconds and tenths ("9.4"); in words for screen readers.
// Time is rounded down, as chess clocks show it: a clock reads 0 only when
// the time is out.

export const LOW_TIME_MS = 10_000;

const pad = (n) => String(n).padStart(2, '0');

export function formatClock(ms) {
  const t = Math.max(0, Math.floor(ms));
  if (t < LOW_TIME_MS) {
    const tenths = Math.floor(t / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(t / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

// "4 分 12 秒" / "4 min 12 s": whole seconds, the minutes only when there are any.
export function spokenClock(i18n, ms) {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? i18n.t('clockMinSec', { m, s }) : i18n.t('clockSec', { s });
}
