// Shared by the renderer harness pages (tests/web/*renderer_harness.html):
// the URL contract with the screenshot scripts, the #pick state menu, frame
// statistics and the start of drawing.
import { autoFitCanvas, sizeCanvas } from '../../web/common/canvas.js';

// ?state=NAME picks the state (else `fallback`); ?t=MS asks for one frame at
// that time for a screenshot (fixedTime null: a live loop).
export function harnessParams(fallback) {
  const params = new URLSearchParams(location.search);
  return { state: params.get('state') || fallback, fixedTime: params.has('t') ? +params.get('t') : null };
}

// Fills the #pick menu with the state names; onPick(name) when one is chosen.
export function statePicker(names, current, onPick) {
  const pick = document.getElementById('pick');
  for (const name of names) pick.add(new Option(name, name, false, name === current));
  pick.onchange = () => onPick(pick.value);
}

// Median, p95 and max of frame times in ms (sorts `times`).
export function frameStats(times) {
  times.sort((x, y) => x - y);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { median: q(0.5), p95: q(0.95), max: times[times.length - 1] };
}

// With a fixed time: hides the menu, sizes the canvas to the window and draws
// the current state once, at its own `time` if it has one. Otherwise: fits the
// canvas to #stage and draws every animation frame with liveExtra(state, t)
// as view extras. Then marks body[data-ready] for the screenshot script.
// current() is the state name; draw(name, timeMs, extra); setSize(size).
export function startDrawing({ canvas, fixedTime, states, current, draw, setSize, liveExtra }) {
  if (fixedTime !== null) {
    document.body.classList.add('shot');
    const state = states[current()];
    setSize(sizeCanvas(canvas, innerWidth, innerHeight, devicePixelRatio || 1));
    draw(current(), state.time !== undefined ? state.time : fixedTime);
  } else {
    autoFitCanvas(canvas, document.getElementById('stage'), setSize);
    const loop = (t) => {
      draw(current(), t, liveExtra(states[current()], t));
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }
  document.body.dataset.ready = '1';
}
