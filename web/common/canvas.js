// Canvas sizing at device-pixel-ratio scale. The backing store holds CSS size × dpr
// pixels so lines and text stay sharp on high-density screens; drawing code works in
// CSS pixels and sets the transform from the returned dpr.

const MAX_DPR = 3; // beyond 3 the extra pixels cost frame time and nobody sees them

export function currentDpr(win = globalThis) {
  const dpr = (win && win.devicePixelRatio) || 1;
  return Math.min(MAX_DPR, Math.max(1, dpr));
}

// Give `canvas` a CSS size of width×height and a backing store of that times dpr.
// Returns {width, height, dpr, pixelWidth, pixelHeight}; width/height are CSS pixels.
export function sizeCanvas(canvas, width, height, dpr = currentDpr()) {
  const w = Math.max(1, Math.floor(width));
  const h = Math.max(1, Math.floor(height));
  const pw = Math.max(1, Math.round(w * dpr));
  const ph = Math.max(1, Math.round(h * dpr));
  if (canvas.width !== pw) canvas.width = pw;
  if (canvas.height !== ph) canvas.height = ph;
  if (canvas.style) {
    canvas.style.width = w + 'px';
    canvas.style.height = h + 'px';
  }
  return { width: w, height: h, dpr, pixelWidth: pw, pixelHeight: ph };
}

// Size `canvas` to fill `container` (its content box; give the container no padding).
export function fitCanvas(canvas, container = canvas.parentElement, dpr = currentDpr()) {
  const w = container ? container.clientWidth : canvas.clientWidth;
  const h = container ? container.clientHeight : canvas.clientHeight;
  return sizeCanvas(canvas, w, h, dpr);
}

// Keep `canvas` fitted to `container` across window resizes, layout changes and
// dpr changes (browser zoom, moving to another screen). Calls onResize(size) after
// every change, once right away. Returns a function that stops observing.
export function autoFitCanvas(canvas, container, onResize) {
  const win = (canvas.ownerDocument && canvas.ownerDocument.defaultView) || globalThis;
  let last = '';
  let stopped = false;
  let media = null;
  const update = () => {
    if (stopped) return;
    const size = fitCanvas(canvas, container, currentDpr(win));
    const key = size.width + 'x' + size.height + '@' + size.dpr;
    if (key !== last) {
      last = key;
      onResize(size);
    }
  };
  // A media query on the current resolution fires once when the dpr changes; re-arm it.
  const watchDpr = () => {
    if (!win.matchMedia) return;
    if (media) media.removeEventListener('change', onDpr);
    media = win.matchMedia('(resolution: ' + (win.devicePixelRatio || 1) + 'dppx)');
    media.addEventListener('change', onDpr);
  };
  function onDpr() {
    watchDpr();
    update();
  }
  let observer = null;
  if (typeof win.ResizeObserver === 'function') {
    observer = new win.ResizeObserver(update);
    observer.observe(container);
  } else {
    win.addEventListener('resize', update);
  }
  watchDpr();
  update();
  return () => {
    stopped = true;
    if (observer) observer.disconnect();
    else win.removeEventListener('resize', update);
    if (media) media.removeEventListener('change', onDpr);
  };
}

// An offscreen drawing surface of w×h device pixels (OffscreenCanvas where the browser
// has it, else a detached <canvas>). Used for cached layers and sprites.
export function createLayer(w, h) {
  const pw = Math.max(1, Math.ceil(w));
  const ph = Math.max(1, Math.ceil(h));
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(pw, ph);
  const c = globalThis.document.createElement('canvas');
  c.width = pw;
  c.height = ph;
  return c;
}

// The CSS-pixel size and device-pixel ratio a renderer draws at: the view's
// own figures, or else the canvas backing store (tests may pass a bare view).
export function viewFrame(canvas, view) {
  const dpr = view.dpr > 0 ? view.dpr : 1;
  return {
    dpr,
    width: view.width > 0 ? view.width : canvas.width / dpr,
    height: view.height > 0 ? view.height : canvas.height / dpr,
  };
}
