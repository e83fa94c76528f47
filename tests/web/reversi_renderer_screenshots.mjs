// Renders every state of tests/web/reversi_renderer_harness.html to PNG with headless
// Chromium and measures the frame cost of drawBoard and drawEvalGraph.
//
//   node tests/web/reversi_renderer_screenshots.mjs [outDir]
//
// Serves the repository over http on 127.0.0.1 (random port) so the harness can load
// the real ES modules, checks that the renderer bundles with esbuild, and prints the
// geometry round trip and frame-cost figures. Exit code 1 on any page error.
import path from 'node:path';
import { bundleBytes, openHarness, outputDir, saveShot } from './screenshot_harness.mjs';

const bytes = await bundleBytes(
  [
    'web/games/reversi/board/board_renderer.js',
    'web/games/reversi/board/board_geometry.js',
    'web/games/reversi/board/animation.js',
    'web/games/reversi/board/eval_graph.js',
  ],
  'qipanReversi',
);
console.log(`esbuild bundle of the Reversi renderer: ${bytes} bytes minified`);

const outDir = outputDir('reversi-renderer');
const harness = await openHarness('reversi_renderer_harness.html');
const { openPage } = harness;

// Close-ups at full resolution for judging discs, flips and hint text: state -> clip.
const DETAILS = {
  hints: { x: 190, y: 120, width: 420, height: 330 },
  flip_middle: { x: 330, y: 60, width: 420, height: 420 },
  middlegame: { x: 100, y: 120, width: 420, height: 420 },
  endgame_hints: { x: 300, y: 0, width: 460, height: 400 },
  phone: { x: 0, y: 220, width: 230, height: 200 },
};

try {
  const probe = await openPage(400, 400, 1, '?state=start&t=0');
  const { states, kinds, sizes } = await probe.page.evaluate(() => ({
    states: window.qipanHarness.states,
    kinds: window.qipanHarness.kinds,
    sizes: window.qipanHarness.sizes,
  }));
  await probe.context.close();

  for (const name of states) {
    const [w, h, dpr] = sizes[name];
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    if (name === 'middlegame' || name === 'phone' || name === 'landscape') {
      const hit = await page.evaluate(() => window.qipanHarness.hit());
      console.log(
        `geometry ${name}: cell ${hit.cell.toFixed(2)}, a1 at (${hit.a1.x.toFixed(1)},${hit.a1.y.toFixed(1)}),` +
          ` h8 at (${hit.h8.x.toFixed(1)},${hit.h8.y.toFixed(1)}), round-trip misses ${hit.bad}, outside -> ${hit.outside}`,
      );
      if (hit.bad !== 0 || hit.outside !== -1 || !(hit.a1.x < hit.h8.x && hit.a1.y < hit.h8.y)) harness.failures++;
    }
    if (kinds[name] === 'graph') {
      const plies = await page.evaluate((n) => window.qipanHarness.graphHit(n), name);
      console.log(`eval graph ${name}: plyAt(x of 0, 10, 36, last, 1000) = ${plies.join(', ')}`);
    }
    await saveShot(page, path.join(outDir, `${name}.png`), `${w}x${h} @${dpr}x`);
    if (DETAILS[name]) {
      await saveShot(page, path.join(outDir, `${name}_detail.png`), 'close-up', DETAILS[name]);
    }
    await context.close();
  }

  // Frame cost, timed with a one-pixel read-back so rasterization is inside the
  // measurement: a static busy state at two densities, the phone, the flip animation
  // (frames spread over the whole animation) and the graph.
  for (const [w, h, dpr, name] of [
    [760, 760, 1, 'hints'],
    [760, 760, 2, 'hints'],
    [390, 844, 3, 'phone'],
    [760, 760, 1, 'flip_middle'],
    [760, 760, 2, 'flip_middle'],
    [300, 140, 2, 'graph'],
  ]) {
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const r = await page.evaluate((n) => window.qipanHarness.bench(n, 200, true), name);
    const what = name === 'graph' ? 'drawEvalGraph' : 'drawBoard';
    console.log(
      `${what} ${r.state} ${r.width}x${r.height} @${r.dpr}x over ${r.frames} frames: ` +
        `median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(2)} ms`,
    );
    if (name === 'hints' || name === 'phone') {
      const c = await page.evaluate(() => window.qipanHarness.layerCost(5));
      console.log(`board layer (once per size/dpr) ${c.width}x${c.height} @${c.dpr}x: median ${c.median.toFixed(1)} ms`);
    }
    await context.close();
  }
} finally {
  await harness.close();
}
harness.finish();
