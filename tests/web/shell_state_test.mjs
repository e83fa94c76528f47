// Unit tests of the shell's pure parts: settings storage (defaults from the
// browser's language, per-side levels, migration of old saves, defensive
// reads), the player's view of a result (GameApp.outcomeFor), the steps of
// move navigation, and the embedded UI font covering every Chinese UI string.
//   node --test tests/web/   (or node tests/web/shell_state_test.mjs)
import test from 'node:test';
import assert from 'node:assert/strict';
import { GameApp } from '../../web/app/game_app.js';
import { stepTarget } from '../../web/app/navigation.js';
import {
  browserLanguage,
  defaultNotation,
  discardBrokenSave,
  loadBrokenSave,
  loadGame,
  loadSettings,
  saveBrokenSave,
  saveSettings,
} from '../../web/app/storage.js';
import { missingUiGlyphs } from '../../scripts/build_page.mjs';
import { isChineseChar, uiChineseText } from '../../web/fonts/ui_text.mjs';
import { UI_FONT_CHARS } from '../../web/fonts/ui_font_data.js';
import { GAMES } from '../../web/games/index.js';

// A localStorage of this test's own.
function useStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  globalThis.localStorage = {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
  return map;
}

const nav = (language) => ({ language, languages: [language] });

test('the language follows the browser: zh* is Chinese, anything else English', () => {
  for (const [tag, language] of [
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['zh', 'zh'],
    ['ZH-hk', 'zh'],
    ['en-US', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ]) {
    assert.equal(browserLanguage(nav(tag)), language, tag);
  }
  assert.equal(browserLanguage(undefined), 'en');
  assert.deepEqual([defaultNotation('zh'), defaultNotation('en')], ['chinese', 'wxf']);
});

test("fresh settings: the browser's language and its notation, a level per side", () => {
  useStorage();
  const zh = loadSettings(GAMES, nav('zh-CN'));
  assert.deepEqual([zh.language, zh.notation, zh.languagePicked, zh.notationPicked], ['zh', 'chinese', false, false]);
  const en = loadSettings(GAMES, nav('en-GB'));
  assert.deepEqual([en.language, en.notation], ['en', 'wxf']);
  assert.deepEqual([en.xiangqi.levels, en.reversi.levels, en.checkers.levels.length], [[3, 3], [3, 3], 6]);
  assert.deepEqual([en.theme, en.animations, en.volume], ['system', true, 0.8]);
});

test('a picked language and notation stay, whatever the browser says', () => {
  useStorage();
  const s = loadSettings(GAMES, nav('zh-CN'));
  Object.assign(s, { language: 'en', languagePicked: true, notation: 'iccs', notationPicked: true });
  saveSettings(s);
  const back = loadSettings(GAMES, nav('zh-CN'));
  assert.deepEqual([back.language, back.notation], ['en', 'iccs']);
});

test("old settings (v2): one level becomes both sides' levels; only a non-default language counts as picked", () => {
  useStorage({
    'qipan.settings.v2': JSON.stringify({
      language: 'zh',
      notation: 'chinese',
      xiangqi: { players: ['human', 'ai'], level: 7 },
      reversi: { players: ['ai', 'ai'], level: 2, hints: true },
    }),
  });
  let s = loadSettings(GAMES, nav('en-US'));
  assert.deepEqual([s.language, s.notation], ['en', 'wxf']);
  assert.deepEqual(
    [s.xiangqi.players, s.xiangqi.levels],
    [
      ['human', 'ai'],
      [7, 7],
    ],
  );
  assert.deepEqual([s.reversi.levels, s.reversi.hints], [[2, 2], true]);
  useStorage({ 'qipan.settings.v2': JSON.stringify({ language: 'en', notation: 'iccs' }) });
  s = loadSettings(GAMES, nav('zh-CN'));
  assert.deepEqual([s.language, s.languagePicked, s.notation, s.notationPicked], ['en', true, 'iccs', true]);
});

test('bad saved values fall back to defaults and never throw', () => {
  for (const text of ['{not json', '[]', 'null', '42', JSON.stringify({ xiangqi: 'x', checkers: [], volume: {}, theme: 7 })]) {
    useStorage({ 'qipan.settings.v3': text });
    const s = loadSettings(GAMES, nav('en'));
    assert.deepEqual([s.xiangqi.levels, s.theme, s.volume, s.checkers.count], [[3, 3], 'system', 0.8, 2], text);
  }
  useStorage({ 'qipan.settings.v3': JSON.stringify({ volume: 7, xiangqi: { players: ['ai', 'ai'], levels: [0, '5', 12.4] } }) });
  const s = loadSettings(GAMES, nav('en'));
  assert.equal(s.volume, 1);
  assert.deepEqual(s.xiangqi.levels, [3, 5]);
  delete globalThis.localStorage; // storage disabled: defaults still come
  assert.equal(loadSettings(GAMES, nav('zh')).language, 'zh');
});

test('settings hold a level per side and no single level', () => {
  useStorage();
  const s = loadSettings(GAMES, nav('en'));
  assert.equal(s.xiangqi.levels.length, 2);
  assert.equal('level' in s.xiangqi, false);
  assert.equal('level' in JSON.parse(JSON.stringify(s)).xiangqi, false);
});

test('a broken save is kept until discarded', () => {
  useStorage();
  assert.equal(loadBrokenSave('xiangqi'), null);
  saveBrokenSave('xiangqi', { text: 'garbage', refusal: { code: 'x', params: {}, reason: 'r' }, noticed: false });
  assert.deepEqual(loadBrokenSave('xiangqi'), {
    text: 'garbage',
    refusal: { code: 'x', params: {}, reason: 'r' },
    noticed: false,
  });
  assert.equal(loadBrokenSave('reversi'), null);
  discardBrokenSave('xiangqi');
  assert.equal(loadBrokenSave('xiangqi'), null);
});

test('a saved game that is not a readable record is returned as its text, not dropped', () => {
  for (const text of ['{not json', '42', '[]', JSON.stringify({ moves: 'h2e2' }), JSON.stringify({ record: 7 })]) {
    useStorage({ 'qipan.xiangqi.game.v1': text });
    assert.deepEqual(loadGame('xiangqi'), { unreadable: true, text }, text);
  }
  useStorage({ 'qipan.reversi.game.v1': JSON.stringify({ record: 'f5d6' }) });
  assert.deepEqual(loadGame('reversi'), { record: 'f5d6' });
  assert.equal(loadGame('checkers'), null, 'nothing saved');
  delete globalThis.localStorage; // storage disabled: nothing saved either
  assert.equal(loadGame('xiangqi'), null);
});

test('outcomeFor: win, loss and draw for the one human seat, neutral otherwise', () => {
  const view = (players, count = players.length) => ({ seats: { players }, seatCount: () => count });
  const outcome = (players, winners, count) => GameApp.prototype.outcomeFor.call(view(players, count), winners);
  assert.equal(outcome(['human', 'ai'], [0]), 'win');
  assert.equal(outcome(['human', 'ai'], [1]), 'loss');
  assert.equal(outcome(['ai', 'human'], [1]), 'win');
  assert.equal(outcome(['human', 'ai'], []), 'draw');
  assert.equal(outcome(['human', 'human'], [0]), null);
  assert.equal(outcome(['ai', 'ai'], [1]), null);
  assert.equal(outcome(['ai', 'ai'], []), 'draw');
  // Six listed seats, three in play: only those count.
  assert.equal(outcome(['ai', 'human', 'ai', 'human', 'human', 'human'], [1], 3), 'win');
  assert.equal(outcome(['ai', 'human', 'ai', 'human', 'human', 'human'], [0, 2], 3), 'loss');
  assert.equal(outcome(['human', 'human', 'ai'], [2], 3), null);
});

test('navigation steps and their ends', () => {
  assert.deepEqual(
    ['first', 'prev', 'next', 'last'].map((s) => stepTarget(s, 3, 6)),
    [0, 2, 4, 6],
  );
  assert.deepEqual(
    ['first', 'prev', 'next', 'last'].map((s) => stepTarget(s, 0, 6)),
    [null, null, 1, 6],
  );
  assert.deepEqual(
    ['first', 'prev', 'next', 'last'].map((s) => stepTarget(s, 6, 6)),
    [0, 5, null, null],
  );
  assert.deepEqual(
    ['first', 'prev', 'next', 'last'].map((s) => stepTarget(s, 0, 0)),
    [null, null, null, null],
  );
  assert.equal(stepTarget('sideways', 2, 4), null);
});

test('the embedded UI font has every Chinese character of the UI strings', async () => {
  const text = uiChineseText();
  assert.ok(text.length > 200, `${text.length} characters`);
  assert.ok([...'新局悔棋认输你赢了和棋，：「」'].every((ch) => text.includes(ch)));
  assert.ok([...text].every(isChineseChar));
  assert.deepEqual(await missingUiGlyphs(), []);
  assert.ok([...text].every((ch) => UI_FONT_CHARS.includes(ch)));
});
