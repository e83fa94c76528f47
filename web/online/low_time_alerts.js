// When the player's own running clock passes 60, 30 and 10 seconds: each
// threshold is told once as the clock goes down through it, and told again
// only after the clock has been back above twice the threshold (increments
// in a time scramble would otherwise repeat it every move).

export const ALERT_THRESHOLDS_MS = [60_000, 30_000, 10_000];

export class LowTimeAlerts {
  constructor(thresholds = ALERT_THRESHOLDS_MS) {
    this.thresholds = thresholds;
    this.armed = new Set();
    this.last = null; // the own clock as last seen, ms
  }

  // The own clock as seen now, while it runs (null otherwise: nothing
  // changes). Returns the thresholds it went down through since it was last
  // seen running, highest first.
  observe(ms) {
    const passed = [];
    if (ms === null) return passed;
    for (const t of this.thresholds) {
      // First sight arms what is still ahead; later, being well above re-arms.
      if (this.last === null ? ms > t : ms > 2 * t) this.armed.add(t);
      if (this.armed.has(t) && this.last !== null && this.last > t && ms <= t) {
        this.armed.delete(t);
        passed.push(t);
      }
    }
    this.last = ms;
    return passed;
  }
}
