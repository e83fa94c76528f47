// A profile's rating history as a small line chart on the page's own canvas
// (no chart library): the rating after each rated game of one perf, oldest
// left, with the lowest and highest ratings and the first and last dates
// written on it. The canvas is an image to screen readers; its label (made
// by the profile) says the same in words. `chartPoints` and `chartLayout`
// are pure, for the tests.

// The history entries of one perf ({at, rating, perf}), oldest first, with
// a finite time and rating.
export function chartPoints(history, perf) {
  return (Array.isArray(history) ? history : [])
    .filter((h) => (!perf || h.perf === perf) && Number.isFinite(h.at) && Number.isFinite(h.rating))
    .map((h) => ({ at: h.at, rating: h.rating }))
    .sort((a, b) => a.at - b.at);
}

// Where each point goes in a width x height box with `pad` around the plot:
// {lo, hi (the rating axis, at least 100 apart, on 50s), xs, ys}.
export function chartLayout(points, width, height, pad = { left: 44, right: 10, top: 10, bottom: 22 }) {
  const ratings = points.map((p) => p.rating);
  let lo = Math.floor((Math.min(...ratings) - 20) / 50) * 50;
  let hi = Math.ceil((Math.max(...ratings) + 20) / 50) * 50;
  if (hi - lo < 100) {
    const mid = (hi + lo) / 2;
    lo = Math.floor((mid - 50) / 50) * 50;
    hi = lo + 100;
  }
  const first = points[0].at;
  const span = points[points.length - 1].at - first;
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  // One game, or all at one moment: spread evenly instead.
  const xs = points.map((p, i) =>
    span > 0
      ? pad.left + ((p.at - first) / span) * plotW
      : pad.left + (points.length > 1 ? (i / (points.length - 1)) * plotW : plotW / 2),
  );
  const ys = points.map((p) => pad.top + ((hi - p.rating) / (hi - lo)) * plotH);
  return { lo, hi, xs, ys, pad, plotW, plotH };
}

// Draws `points` on `canvas` at its CSS size, sharp on any pixel ratio.
// colors: {ink, muted, accent, line}; dateText(ms): a date in words.
export function drawRatingChart(canvas, points, { colors, dateText }) {
  const ratio = globalThis.devicePixelRatio || 1;
  const width = canvas.clientWidth || 320;
  const height = canvas.clientHeight || 160;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (points.length === 0) return;
  const { lo, hi, xs, ys, pad, plotW, plotH } = chartLayout(points, width, height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  // Grid: the axis's ends and its middle, labelled on the left.
  ctx.strokeStyle = colors.line;
  ctx.fillStyle = colors.muted;
  ctx.lineWidth = 1;
  for (const value of [lo, (lo + hi) / 2, hi]) {
    const y = Math.round(pad.top + ((hi - value) / (hi - lo)) * plotH) + 0.5;
    ctx.beginPath();
    ctx.moveTo(pad.left, y);
    ctx.lineTo(pad.left + plotW, y);
    ctx.stroke();
    ctx.textAlign = 'right';
    ctx.fillText(String(Math.round(value)), pad.left - 6, y);
  }
  // The first and last dates under the plot.
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillText(dateText(points[0].at), pad.left, height - 6);
  if (points.length > 1) {
    ctx.textAlign = 'right';
    ctx.fillText(dateText(points[points.length - 1].at), pad.left + plotW, height - 6);
  }
  // The line, and a dot on the latest rating.
  ctx.strokeStyle = colors.accent;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  xs.forEach((x, i) => (i === 0 ? ctx.moveTo(x, ys[i]) : ctx.lineTo(x, ys[i])));
  ctx.stroke();
  ctx.fillStyle = colors.accent;
  ctx.beginPath();
  ctx.arc(xs[xs.length - 1], ys[ys.length - 1], 3.5, 0, Math.PI * 2);
  ctx.fill();
}
