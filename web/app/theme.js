// Appearance: the colour theme (system, light or dark) and reduced motion.
// Both follow the system (prefers-color-scheme, prefers-reduced-motion) and
// the player's settings, stay current through matchMedia listeners, and are
// written onto <html> (data-theme, data-motion) for the style sheet.

const THEME_COLORS = { dark: '#2b1d14', light: '#f4ead8' };

function query(win, text) {
  return win.matchMedia ? win.matchMedia(text) : { matches: false, addEventListener() {} };
}

export class Appearance {
  // onChange() runs after the system changes its preference, until `signal`
  // (the controller's lifetime) aborts.
  constructor(onChange, win = globalThis, signal = undefined) {
    this.win = win;
    this.dark = query(win, '(prefers-color-scheme: dark)');
    this.light = query(win, '(prefers-color-scheme: light)');
    this.reduce = query(win, '(prefers-reduced-motion: reduce)');
    this.settings = { theme: 'system', animations: true };
    const changed = () => {
      this.apply(this.settings);
      onChange();
    };
    for (const q of [this.dark, this.light, this.reduce]) q.addEventListener('change', changed, { signal });
  }

  // The theme shown: the player's choice, or the system's (dark when the
  // system states no preference, the page's original look).
  get theme() {
    if (this.settings.theme === 'light' || this.settings.theme === 'dark') return this.settings.theme;
    return this.light.matches && !this.dark.matches ? 'light' : 'dark';
  }

  get reducedMotion() {
    return this.reduce.matches || this.settings.animations === false;
  }

  apply(settings) {
    this.settings = { theme: settings.theme, animations: settings.animations };
    const doc = this.win.document;
    if (!doc) return;
    const html = doc.documentElement;
    html.dataset.theme = this.theme;
    html.dataset.motion = this.reducedMotion ? 'reduced' : 'full';
    const meta = doc.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = THEME_COLORS[this.theme];
  }
}
