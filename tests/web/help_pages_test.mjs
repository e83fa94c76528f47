// The help dialog's pages (each game's help.js and web/app/strings/help.js):
// a page for every game the page registers and for online play, in both languages, with the same
// sections in the same order; marks that open close; nothing English-only in
// the Chinese pages' prose nor Chinese in the English pages outside ‹…›.
//   node --test tests/web/   (or node tests/web/help_pages_test.mjs)
import test from 'node:test';
import assert from 'node:assert/strict';
import { helpTopics } from '../../web/app/help_dialog.js';
import { GAMES } from '../../web/games/index.js';
import { isChineseChar } from '../../web/fonts/ui_text.mjs';

const TOPICS = [...GAMES.map((g) => g.id), 'online'];
const HELP_TOPICS = helpTopics(GAMES);
// Each language's pages by topic.
const HELP_PAGES = Object.fromEntries(
  ['zh', 'en'].map((language) => [language, Object.fromEntries(HELP_TOPICS.map((t) => [t.id, t.pages[language]]))]),
);

test('a page for every game and for online play, in zh and en', () => {
  assert.deepEqual(
    HELP_TOPICS.map((t) => t.id),
    TOPICS,
  );
  for (const language of ['zh', 'en']) assert.deepEqual(Object.keys(HELP_PAGES[language]).sort(), [...TOPICS].sort(), language);
});

test('both languages have the same sections, lists and paragraphs, in the same order', () => {
  const shape = (lines) => lines.map((line) => (line.startsWith('# ') ? 'h' : line.startsWith('- ') ? 'li' : 'p'));
  for (const topic of TOPICS) {
    const zh = HELP_PAGES.zh[topic];
    const en = HELP_PAGES.en[topic];
    assert.deepEqual(shape(zh), shape(en), topic);
    assert.ok(zh[0].startsWith('# '), `${topic} starts with a heading`);
    assert.ok(shape(zh).filter((s) => s === 'h').length >= 4, `${topic} has sections`);
  }
});

test('every ‹ and ` closes on its line; Chinese in English only inside ‹…›', () => {
  for (const language of ['zh', 'en'])
    for (const [topic, lines] of Object.entries(HELP_PAGES[language]))
      for (const line of lines) {
        assert.equal(line.split('‹').length, line.split('›').length, `${language} ${topic}: ${line}`);
        assert.equal(line.split('`').length % 2, 1, `${language} ${topic}: ${line}`);
        if (language === 'en') {
          const outside = line.replace(/‹[^›]*›/g, '');
          assert.ok(![...outside].some(isChineseChar), `en ${topic}: ${line}`);
        }
      }
});
