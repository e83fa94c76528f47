// Every refusal code the engines can return (the bindings' refusalCodes(),
// built from the engines' codes.h lists) has its Chinese and English text in
// web/app/strings/, the two languages use the same parameters, no text is
// left for a code that no longer exists, and no engine or binding source
// refuses anything without a code.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finish, loadEngine, test } from './harness.mjs';
import { I18n, LANGUAGES, wordTables } from '../../web/app/i18n.js';
import { GAMES } from '../../web/games/index.js';

const REFUSALS = wordTables(GAMES).refusals;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const engine = await loadEngine();
const listed = engine.refusalCodes();
const codes = listed.map((entry) => entry.code);

const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('the engines list their refusal codes', () => {
  for (const game of ['core', ...engine.games().map((g) => g.game)])
    assert.ok(
      listed.some((e) => e.game === game),
      `no codes for ${game}`,
    );
  assert.ok(
    codes.every((c) => /^[a-z][a-z0-9_]*$/.test(c)),
    'codes are snake_case',
  );
});

test('each code is listed once: one meaning everywhere', () => {
  const seen = new Map();
  for (const { code, game } of listed) {
    assert.ok(!seen.has(code), `${code} is listed by ${seen.get(code)} and ${game}`);
    seen.set(code, game);
  }
});

test('every code has a Chinese and an English text', () => {
  const missing = [];
  for (const language of LANGUAGES) {
    for (const code of codes) {
      const text = REFUSALS[language][code];
      if (typeof text !== 'string' || !text.trim()) missing.push(`${language}:${code}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('Chinese and English texts take the same parameters', () => {
  const differ = [];
  for (const code of codes) {
    const zh = placeholders(REFUSALS.zh[code]),
      en = placeholders(REFUSALS.en[code]);
    if (zh.join() !== en.join()) differ.push(`${code}: zh {${zh}} en {${en}}`);
  }
  assert.deepEqual(differ, []);
});

test('no text is kept for a code the engines do not have', () => {
  const known = new Set(codes);
  for (const language of LANGUAGES) {
    const stale = Object.keys(REFUSALS[language]).filter((c) => !known.has(c));
    assert.deepEqual(stale, [], `${language} has texts for unknown codes`);
  }
});

test('a refusal is worded from its code and parameters, with its cause', () => {
  const i18n = { zh: new I18n('zh', GAMES), en: new I18n('en', GAMES) };
  const refusal = { code: 'horse_leg_blocked', params: { square: 'c0' }, reason: 'horse leg blocked' };
  for (const language of LANGUAGES) {
    const text = i18n[language].refusal(refusal);
    assert.ok(text && !text.includes('{'), `${language}: ${text}`);
  }
  assert.notEqual(i18n.zh.refusal(refusal), refusal.reason, 'Chinese does not fall back to the English sentence');
  // A code the page does not know (say, from a newer server) is named, never
  // shown as the English sentence in Chinese.
  const unknown = { code: 'some_future_code', params: {}, reason: 'an English sentence' };
  for (const language of LANGUAGES) {
    const text = i18n[language].refusal(unknown);
    assert.ok(text.includes('some_future_code') && !text.includes('English sentence'), `${language}: ${text}`);
  }
});

// Sources under engine/ and bindings/ (not the tools' terminal messages).
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!path.endsWith('/tools')) out.push(...sources(path));
    } else if (/\.(cpp|h)$/.test(name)) {
      out.push(path);
    }
  }
  return out;
}

test('no engine or binding refusal is made without a code', () => {
  const uncoded = [];
  for (const file of [...sources(join(root, 'engine')), ...sources(join(root, 'bindings'))]) {
    if (file.endsWith('engine/core/result.h')) continue; // where make_error is defined
    const text = readFileSync(file, 'utf8');
    const where = (index) => `${file.slice(root.length + 1)}:${text.slice(0, index).split('\n').length}`;
    // make_error(<code>, ...) must name a code constant first (or pass on a
    // parameter named code, as move_reason.cpp's helpers do).
    for (const m of text.matchAll(/\bmake_error\((?!\s*(?:\w+::)*code(?:::|\s*,))/g))
      uncoded.push(`${where(m.index)} make_error without a code`);
    // The bindings' old failed("key", sentence) carried no code.
    for (const m of text.matchAll(/\bfailed\(\s*"/g)) uncoded.push(`${where(m.index)} failed() without a code`);
  }
  assert.deepEqual(uncoded, []);
});

finish();
