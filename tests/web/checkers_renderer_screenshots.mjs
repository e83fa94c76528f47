// Renders every state of tests/web/checkers_renderer_harness.html to PNG with
// headless Chromium and measures the frame cost of drawBoard.
//
//   node tests/web/checkers_renderer_screenshots.mjs [outDir]
//
// Serves the repository over http on 127.0.0.1 so the harness loads the real
// ES modules; exit code 1 on any page error or hit-test miss.
import path from 'node:path';
import { openHarness, outputDir, saveShot } from './screenshot_harness.mjs';

const outDir = outputDir('checkers-renderer');
// This script has never counted failed requests; kept so.
const harness = await openHarness('checkers_renderer_harness.html', { watchRequests: false });
const { openPage } = harness;

const only = process.env.STATES ? process.env.STATES.split(',') : null;
try {
  const probe = await openPage(400, 400, 1, '?state=start2&t=0');
  const { states, sizes } = await probe.page.evaluate(() => ({
    states: window.qipanHarness.states,
    sizes: window.qipanHarness.sizes,
  }));
  const hit = await probe.page.evaluate(() => window.qipanHarness.hit());
  console.log(`hit test: ${hit.bad} misses at unit ${hit.unit.toFixed(1)}`);
  if (hit.bad) harness.failures++;
  await probe.context.close();
  for (const name of states) {
    if (only && !only.includes(name)) continue;
    const [w, h, dpr] = sizes[name];
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    await saveShot(page, path.join(outDir, `${name}.png`), `${w}x${h} @${dpr}x`);
    await context.close();
  }
  for (const [w, h, dpr, name] of [
    [900, 760, 1, 'start6'],
    [900, 760, 2, 'selected'],
    [390, 468, 3, 'phone'],
  ]) {
    if (only) break;
    const { context, page } = await openPage(w, h, dpr, `?state=${name}&t=0`);
    const r = await page.evaluate((n) => window.qipanHarness.bench(n, 120), name);
    console.log(
      `drawBoard ${r.state} ${r.width}x${r.height} @${r.dpr}x: median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`,
    );
    await context.close();
  }
} finally {
  await harness.close();
}
harness.finish();
