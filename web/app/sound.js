// Move, capture and check sounds, and the low-time warning, synthesised
// with WebAudio: no files, no network.

export class Sound {
  // volume: 0 (silent) to 1 (full).
  constructor(enabled, volume = 0.8) {
    this.enabled = enabled;
    this.volume = volume;
    this.context = null;
    this.last = null; // {kind, peak}: the latest sound and its loudness (test hook)
  }

  ensureContext() {
    if (!this.context) {
      const AudioContextClass = globalThis.AudioContext || globalThis.webkitAudioContext;
      if (!AudioContextClass) return null;
      this.context = new AudioContextClass();
    }
    if (this.context.state === 'suspended') this.context.resume();
    return this.context;
  }

  // The controller goes: its audio context is given back (browsers keep
  // only a few).
  close() {
    this.context?.close?.().catch(() => {}); // already closed: nothing to give back
    this.context = null;
    this.enabled = false;
  }

  // A short percussive "clack": filtered noise burst plus a low thump; the
  // low-time warning is two short beeps instead (nothing like a move).
  play(kind) {
    const volume = Math.min(1, Math.max(0, Number(this.volume) || 0));
    if (!this.enabled || volume === 0) return;
    const ctx = this.ensureContext();
    if (!ctx) return;
    const now = ctx.currentTime;
    if (kind === 'lowtime') return this.beeps(ctx, now, 0.3 * volume);
    const peak = (kind === 'check' ? 0.25 : 0.4) * volume;
    this.last = { kind, peak };
    const tone = { move: [520, 0.08], capture: [330, 0.14], check: [880, 0.22], end: [440, 0.5] }[kind] || [520, 0.08];
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(peak, now + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + tone[1]);
    gain.connect(ctx.destination);

    const length = Math.floor(ctx.sampleRate * tone[1]);
    const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 4);
    const noise = ctx.createBufferSource();
    noise.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = tone[0] * 3;
    noise.connect(filter).connect(gain);
    noise.start(now);

    const osc = ctx.createOscillator();
    osc.frequency.setValueAtTime(tone[0], now);
    osc.frequency.exponentialRampToValueAtTime(tone[0] * 0.6, now + tone[1]);
    osc.connect(gain);
    osc.start(now);
    osc.stop(now + tone[1]);
    if (kind === 'check' || kind === 'end') {
      const second = ctx.createOscillator();
      second.frequency.setValueAtTime(tone[0] * 1.5, now + 0.08);
      second.connect(gain);
      second.start(now + 0.08);
      second.stop(now + tone[1]);
    }
  }

  // Two 70 ms sine beeps, 1.2 kHz, 120 ms apart.
  beeps(ctx, now, peak) {
    this.last = { kind: 'lowtime', peak };
    for (const start of [now, now + 0.12]) {
      const gain = ctx.createGain();
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(peak, start + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.07);
      gain.connect(ctx.destination);
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(1200, start);
      osc.connect(gain);
      osc.start(start);
      osc.stop(start + 0.08);
    }
  }
}
