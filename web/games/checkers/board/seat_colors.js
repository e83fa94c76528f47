// The six seat colours, by player number 1..6. Chosen to stay apart for the
// common colour-vision deficiencies (after the Okabe-Ito palette): they differ
// in lightness as well as hue (red mid-dark, yellow and white light, blue and
// purple mid, green dark-ish), and they read on the deep blue board.

export const SEAT_COLORS = Object.freeze({
  1: { name: 'red', light: '#ffb0a3', mid: '#ee4d3b', dark: '#8f1a10', rgb: '238,77,59', css: '#ff6a57' },
  2: { name: 'blue', light: '#bfe6ff', mid: '#3d9ef2', dark: '#0f4a8f', rgb: '61,158,242', css: '#5cb3ff' },
  3: { name: 'yellow', light: '#fff6c2', mid: '#f4c02c', dark: '#9c6a00', rgb: '244,192,44', css: '#ffd24a' },
  4: { name: 'green', light: '#9df3cf', mid: '#14a878', dark: '#064f37', rgb: '20,168,120', css: '#2fd19a' },
  5: { name: 'purple', light: '#f3c4ff', mid: '#b95ee0', dark: '#57187a', rgb: '185,94,224', css: '#d07bf5' },
  6: { name: 'white', light: '#ffffff', mid: '#dfe5ee', dark: '#6e7890', rgb: '223,229,238', css: '#eef2f8' },
});

export function seatColor(player) {
  return SEAT_COLORS[player] || SEAT_COLORS[6];
}

// CSS custom properties that colour a seat's dot and chip in the page.
export function seatDotStyle(player) {
  const c = seatColor(player);
  return `--light:${c.light};--mid:${c.mid};--dark:${c.dark};--seat:${c.css};--seat-glow:rgba(${c.rgb},0.45)`;
}
