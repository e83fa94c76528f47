// Renders every state of tests/web/renderer_harness.html to PNG with headless
// Chromium and measures drawBoard's frame cost.
//
//   node tests/web/renderer_screenshots.mjs [outDir]
//
// Serves the repository over http on 127.0.0.1 (random port) so the harness can load
// the real ES modules, checks that the renderer bundles with esbuild, and prints the
// geometry round trip and frame-cost figures. Exit code 1 on any page error.
import path from 'node:path';
import { bundleBytes, openHarness, outputDir, saveShot } from './screenshot_harness.mjs';

const bytes = await bundleBytes(
  ['web/games/xiangqi/board/board_renderer.js', 'web/games/xiangqi/board/board_geometry.js', 'web/common/canvas.js'],
  'qipanRenderer',
);
console.log(`esbuild bundle of the renderer: ${bytes} bytes minified`);

const outDir = outputDir('renderer');
const harness = await openHarness('renderer_harness.html');
const { openPage } = harness;

try {
  // State list and sizes come from the harness itself.
  const probe = await openPage(400, 400, 1, '?state=start&t=0');
  const states = await probe.page.evaluate(() => window.qipanHarness.states);
  // The embedded subset must be what draws the characters (not a system font).
  const embedded = await probe.page.evaluate(() =>
    [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Qipan Kai' && f.status === 'loaded'),
  );
  console.log(`embedded font "Qipan Kai" loaded: ${embedded}`);
  if (!embedded) harness.failures++;
  await probe.context.close();

  const sizes = {
    start: [760, 860, 1],
    middlegame: [760, 860, 2],
    check: [760, 860, 1],
    flipped: [760, 860, 1],
    western: [760, 860, 1],
    phone: [390, 844, 3],
    animation: [760, 860, 1],
    dragging: [760, 860, 1],
    landscape: [1100, 560, 1],
  };
  for (const name of states) {
    const [w, h, dpr] = sizes[name] || [760, 860, 1];
    // t=400 puts the breathing pulses near their bright phase.
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=400`);
    if (name === 'middlegame' || name === 'flipped') {
      const hit = await page.evaluate((n) => window.qipanHarness.hit(n, 22), name);
      console.log(
        `geometry ${name}: centerOf(e2)=(${hit.center.x.toFixed(1)},${hit.center.y.toFixed(1)})` +
          ` squareAt(center)=${hit.back} squareAt(+0.4 cell)=${hit.nearMiss} squareAt(cell corner)=${hit.gap}`,
      );
      if (hit.back !== 22 || hit.nearMiss !== 22 || hit.gap !== -1) harness.failures++;
    }
    await saveShot(page, path.join(outDir, `${name}.png`), `${w}x${h} @${dpr}x`);
    if (name === 'middlegame') {
      // A close-up at full resolution for judging the pieces and highlights.
      await saveShot(page, path.join(outDir, 'middlegame_detail.png'), 'close-up', { x: 150, y: 340, width: 420, height: 320 });
    }
    await context.close();
  }

  // Frame cost: a busy state (selection, targets, last move, pulses) at two densities,
  // timed with a one-pixel read-back so rasterization is inside the measurement.
  for (const [w, h, dpr, name] of [
    [760, 860, 1, 'middlegame'],
    [760, 860, 2, 'middlegame'],
    [390, 844, 3, 'phone'],
    [760, 860, 1, 'animation'],
  ]) {
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const r = await page.evaluate((n) => window.qipanHarness.bench(n, 200, true), name);
    console.log(
      `drawBoard ${r.state} ${r.width}x${r.height} @${r.dpr}x over ${r.frames} frames: ` +
        `median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(2)} ms`,
    );
    await context.close();
  }
} finally {
  await harness.close();
}
harness.finish();
