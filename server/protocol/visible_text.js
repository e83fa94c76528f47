// What text a client may show to others (names and chat), one rule for both
// (schemas.js applies it):
// - any string of any payload must be well-formed Unicode: a lone UTF-16
//   surrogate cannot be stored as it was sent (PostgreSQL refuses it,
//   SQLite writes U+FFFD instead), so the payload is refused;
// - control characters (Cc), the bidirectional controls that can reorder
//   what follows them on screen (U+202A-202E, U+2066-2069, U+200E, U+200F,
//   U+061C) and the zero-width ones (U+200B-200D, U+2060, U+FEFF) are
//   removed from names and chat before anything is counted;
// - a chat message loses every other invisible character too (Unicode's
//   default-ignorable ones: Hangul fillers, tag characters, soft hyphens,
//   ...), but the variation selectors that make an emoji an emoji;
// - a name must show what it is: one with an invisible character left
//   (U+115F, U+1160, U+3164, U+FFA0, tag characters U+E0000-E007F, U+2800,
//   any other default-ignorable one), one with nothing visible, or one that
//   mixes scripts whose letters look alike (Latin with Cyrillic or Greek, as
//   in "Аlice" with a Cyrillic А) is refused with the reason. Scripts mix as
//   Unicode's moderately restrictive profile (UTS #39) lets them: Latin,
//   Han and kana (Japanese), Latin, Han and Bopomofo (Chinese), Latin, Han
//   and Hangul (Korean), or Latin with one other script but Cyrillic or
//   Greek; digits, punctuation and symbols belong to none.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const REMOVED = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// Invisible: default-ignorable, and the blank Braille pattern (U+2800),
// which shows as a space; but variation selectors 15 and 16 after a
// pictograph, or in a keycap (1️⃣), are an emoji's own (the first two
// alternatives, kept whole).
const INVISIBLE = /(\p{Extended_Pictographic}[\ufe0e\ufe0f])|([0-9#*]\ufe0f\u20e3)|[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export const removeInvisible = (text) => text.replace(REMOVED, '');

// Chat: the text less every invisible character (an emoji keeps its selectors).
export const cleanChat = (text) => removeInvisible(text).replace(INVISIBLE, (all, emoji, keycap) => emoji ?? keycap ?? '');

// The first invisible character of `text`, or null.
function firstInvisible(text) {
  for (const [all, emoji, keycap] of text.matchAll(INVISIBLE)) if (!emoji && !keycap) return all;
  return null;
}

const hex = (text) => `U+${text.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

// The scripts a name's letters are told apart by; any other script is 'other'.
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
  'Arabic',
  'Armenian',
  'Bengali',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Gujarati',
  'Gurmukhi',
  'Hebrew',
  'Kannada',
  'Khmer',
  'Lao',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
// Scripts that go together in one name (besides one script alone).
const TOGETHER = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((set) => new Set(set));
const LOOK_ALIKE = new Set(['Cyrillic', 'Greek', 'other']);

function scriptsOf(text) {
  const found = new Set();
  for (const char of text) {
    if (NO_SCRIPT.test(char)) continue;
    found.add(SCRIPTS.find((s) => s.pattern.test(char))?.name ?? 'other');
  }
  return found;
}

function scriptsMix(scripts) {
  if (scripts.size <= 1) return true;
  if (TOGETHER.some((set) => [...scripts].every((s) => set.has(s)))) return true;
  return scripts.size === 2 && scripts.has('Latin') && ![...scripts].some((s) => LOOK_ALIKE.has(s));
}

// A name as everyone will see it: {ok: true, text} (removed characters
// gone, trimmed), or {ok: false, reason}. Its length is the caller's to check.
export function checkName(raw) {
  const text = removeInvisible(raw).trim();
  const invisible = firstInvisible(text);
  if (invisible) return { ok: false, reason: `a name may not hold invisible characters (${hex(invisible)})` };
  if (text && !VISIBLE.test(text)) return { ok: false, reason: 'a name needs a letter, digit or symbol that shows' };
  const scripts = scriptsOf(text);
  if (!scriptsMix(scripts)) {
    const named = [...scripts].map((s) => (s === 'other' ? "another script's" : s)).join(' and ');
    return { ok: false, reason: `a name may not mix ${named} letters: they can look alike` };
  }
  return { ok: true, text };
}

// Whether every string in a payload (keys too) is well-formed Unicode.
export function wellFormed(value, depth = 0) {
  if (typeof value === 'string') return value.isWellFormed();
  if (value === null || typeof value !== 'object' || depth > 32) return true;
  for (const [key, inner] of Object.entries(value)) if (!key.isWellFormed() || !wellFormed(inner, depth + 1)) return false;
  return true;
}
