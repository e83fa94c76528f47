// The checkers board's frosted info bar: one chip per seat (colour, human
// or AI and its level, place once home), the seat to move lit. Rebuilt only
// when seats, roles or places change; a turn just moves the light. The star
// is drawn below the bar, whose height changes when it wraps: the bar's size
// is observed (no layout is forced on the way) and the app told the inset.

import { seatDotStyle } from './board/seat_colors.js';

export class InfoBar {
  // app: the checkers controller (i18n, seats, isAi, sideName); onInset(px)
  // gets the board's top inset when it changes.
  constructor(app, element, onInset) {
    this.app = app;
    this.element = element;
    this.onInset = onInset;
    this.html = '';
    this.inset = 0;
  }

  observe(signal) {
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(() => this.measure());
      observer.observe(this.element);
      signal.addEventListener('abort', () => observer.disconnect());
    } else {
      addEventListener('resize', () => this.measure(), { signal });
    }
  }

  render(snap) {
    const { app, element } = this;
    if (!element || !snap) return;
    const t = (key, params) => app.i18n.t(key, params);
    const html = snap.seats
      .map((seat) => {
        const p = seat.player;
        const place = seat.finished && seat.place ? `<span class="place">${t('place', { n: seat.place })}</span>` : '';
        const role = app.isAiSeat(p - 1) ? t('aiLevel', { n: app.seats.levels[p - 1] }) : t('human');
        return (
          `<span class="cc-chip${seat.finished ? ' done' : ''}" data-player="${p}" style="${seatDotStyle(p)}" title="${app.sideName(p)} · ${role}">` +
          `<span class="cc-dot"></span><span class="label">${app.sideName(p)} · ${role}</span>${place}</span>`
        );
      })
      .join('');
    if (html !== this.html) {
      element.innerHTML = html;
      this.html = html;
    }
    for (const chip of element.children) {
      chip.classList.toggle('turn', !snap.status.over && snap.side + 1 === Number(chip.dataset.player));
    }
  }

  measure() {
    const bar = this.element;
    const inset = bar.offsetHeight ? bar.offsetTop + bar.offsetHeight + 4 : 0;
    if (inset !== this.inset) {
      this.inset = inset;
      this.onInset(inset);
    }
  }
}
