// Regenerates the app icons web/pwa/icon-192.png, icon-512.png and
// icon-maskable-512.png: a red general (帥) in the board's piece font, drawn
// by headless Chromium. Run only when the design changes; the PNGs are
// committed and scripts/build_page.mjs copies them into dist/.
//   node web/pwa/make_icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PIECE_FONT_FAMILY, PIECE_FONT_WOFF2_BASE64 } from '../xiangqi/piece_font_data.js';

const here = dirname(fileURLToPath(import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
await page.setContent('<canvas></canvas>');
// size: pixels; inset: the share of the radius kept clear (maskable icons
// are cropped to a circle of 80% of their size).
const draw = (options) =>
  page.evaluate(
    async ({ size, maskable, family, font }) => {
      const bytes = Uint8Array.from(atob(font), (c) => c.charCodeAt(0));
      const face = new FontFace(family, bytes, { weight: 'bold' });
      await face.load();
      document.fonts.add(face);
      const canvas = document.querySelector('canvas');
      canvas.width = canvas.height = size;
      const ctx = canvas.getContext('2d');
      const c = size / 2;
      if (maskable) {
        ctx.fillStyle = '#2b1d14';
        ctx.fillRect(0, 0, size, size);
      }
      const r = size * (maskable ? 0.34 : 0.46);
      const body = ctx.createRadialGradient(c - r * 0.3, c - r * 0.35, r * 0.1, c, c, r);
      body.addColorStop(0, '#fff4dc');
      body.addColorStop(0.7, '#efd3a0');
      body.addColorStop(1, '#c9a26a');
      ctx.fillStyle = body;
      ctx.beginPath();
      ctx.arc(c, c, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#a0301f';
      ctx.lineWidth = r * 0.07;
      ctx.beginPath();
      ctx.arc(c, c, r * 0.84, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = '#b01e16';
      ctx.font = `bold ${Math.round(r * 1.1)}px "${family}"`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('帥', c, c + r * 0.04);
      return canvas.toDataURL('image/png').split(',')[1];
    },
    { ...options, family: PIECE_FONT_FAMILY, font: PIECE_FONT_WOFF2_BASE64 },
  );

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  const png = Buffer.from(await draw({ size, maskable }), 'base64');
  writeFileSync(join(here, name), png);
  console.log(`${name}: ${png.length} bytes`);
}
await browser.close();
