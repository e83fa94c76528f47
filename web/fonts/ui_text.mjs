// The Chinese characters the page shows as DOM text: every string of
// web/app/strings/*.js, of each game's words and help page
// (web/games/<game>/strings.js and help.js) and of shell.html, the xiangqi piece glyphs (captured
// pieces on the player cards) and the characters of the engine's Chinese
// move notation (the move list, the thinking line). make_ui_font.py embeds
// exactly these; scripts/build_page.mjs fails when the embedded font lacks one.
//   node web/fonts/ui_text.mjs        prints them
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Chinese (CJK ideographs, CJK punctuation, full-width forms): the
// characters a Latin system font cannot be trusted to have.
export function isChineseChar(ch) {
  const c = ch.codePointAt(0);
  return (
    (c >= 0x3000 && c <= 0x303f) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xff00 && c <= 0xffef)
  );
}

export function uiTextSources(root = repo) {
  const strings = join(root, 'web/app/strings');
  const games = join(root, 'web/games');
  const gameWords = readdirSync(games, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((game) => ['strings.js', 'help.js'].map((f) => join(games, game, f)))
    .filter((file) => existsSync(file));
  return [
    ...readdirSync(strings)
      .filter((f) => f.endsWith('.js'))
      .sort()
      .map((f) => join(strings, f)),
    ...gameWords,
    join(root, 'shell.html'),
    join(root, 'web/games/xiangqi/board/pieces.js'),
    join(root, 'engine/xiangqi/game/chinese.cpp'),
  ];
}

// The sorted, distinct Chinese characters of the sources, as one string.
export function uiChineseText(root = repo) {
  const chars = new Set();
  for (const file of uiTextSources(root)) {
    for (const ch of readFileSync(file, 'utf8')) if (isChineseChar(ch)) chars.add(ch);
  }
  return [...chars].sort((a, b) => a.codePointAt(0) - b.codePointAt(0)).join('');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(uiChineseText());
}
