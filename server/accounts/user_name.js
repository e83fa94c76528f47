// Account names (server/PROTOCOL.md, "Accounts"): what a player may sign up
// as, and the key two names are compared by. A name is shown as it was
// chosen (in NFC, which looks the same); two names with the same key are the
// same name, for sign-up, sign-in and /@/NAME alike.
//
// Rules, each refused with its reason:
// - 2 to 20 characters, counted as code points of the NFC form (an astral
//   Han character is one, not two UTF-16 units);
// - letters of any script (\p{L}) with their combining marks (\p{Mn},
//   \p{Mc}: Devanagari, Thai, Tibetan need them; not the enclosing \p{Me}),
//   decimal digits (\p{Nd}), `_` and `-`; no `_` or `-` first or last; a
//   mark only on a letter and at most MAX_MARKS on one (stacked marks draw
//   over the names around them); no invisible character (default-ignorable
//   ones: variation selectors, Hangul fillers); at least one letter;
// - scripts as Unicode's "highly restrictive" profile (UTS #39) lets them
//   mix: one script, or Latin, Han and kana (Japanese), Latin, Han and
//   Bopomofo (Chinese), Latin, Han and Hangul (Korean). `Li小龙` passes;
//   Latin with Cyrillic or Greek (`pаypal` with a Cyrillic а) does not, nor
//   Latin with any other script. Common and Inherited characters (digits,
//   `_`, `-`, shared marks) belong to none;
// - not a reserved name (RESERVED), compared by key with `_` and `-` left
//   out, so `ad_min` is reserved too.

export const MIN_CHARS = 2;
export const MAX_CHARS = 20;
// Marks on one letter: Tibetan stacks three or four, Vietnamese two (NFC
// composes most of them); more is decoration that spills over its line.
const MAX_MARKS = 4;
// The AI levels the page names (server/protocol/schemas.js allows 1-8).
const AI_LEVELS = 8;

const ALLOWED = /^[\p{L}\p{Mn}\p{Mc}\p{Nd}_-]$/u;
const LETTER = /\p{L}/u;
const MARK = /[\p{Mn}\p{Mc}]/u;
const SEPARATOR = /[_-]/;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

// The scripts a name's characters are told apart by; any other is 'other'.
const SCRIPTS = ['Latin', 'Han', 'Hiragana', 'Katakana', 'Bopomofo', 'Hangul', 'Cyrillic', 'Greek'].map((name) => ({
  name,
  pattern: new RegExp(`\\p{Script=${name}}`, 'u'),
}));
// UTS #39's highly restrictive sets: a name's scripts must all be in one.
const TOGETHER = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((set) => new Set(set));

// Reserved names, as keys less `_` and `-`: staff and the site, words that
// mean nobody, and the names the page gives the computer's seats ("Computer",
// "电脑", checkers' "AI", "Level 3", "电脑 3 级", "3级").
const WORDS = [
  'admin',
  'administrator',
  'system',
  'root',
  'moderator',
  'mod',
  'support',
  'staff',
  'official',
  'qipan',
  'anonymous',
  'guest',
  'nobody',
  'null',
  'undefined',
  'ai',
  'computer',
  'bot',
  'engine',
  '管理员',
  '管理員',
  '系统',
  '系統',
  '版主',
  '客服',
  '官方',
  '棋盘',
  '棋盤',
  '匿名',
  '游客',
  '访客',
  '訪客',
  '电脑',
  '電腦',
  '计算机',
  '人机',
];
const LEVEL_NAMES = Array.from({ length: AI_LEVELS }, (_, i) => i + 1).flatMap((n) => [
  `ai${n}`,
  `computer${n}`,
  `level${n}`,
  `${n}级`,
  `${n}級`,
  `电脑${n}`,
  `电脑${n}级`,
  `電腦${n}`,
  `電腦${n}級`,
]);
export const RESERVED = Object.freeze([...WORDS, ...LEVEL_NAMES]);
const RESERVED_KEYS = new Set(RESERVED);

// The key two names are compared by: NFKC (fullwidth, ligature and
// mathematical letters become plain ones: `Ｌｉ` is `Li`), lower case, NFKC
// again (lower-casing can undo a normalisation), and Greek final sigma as
// sigma. JavaScript has no Unicode case folding; toLowerCase is what RFC 8265
// (PRECIS user names) maps case with, and differs from folding only in
// letters a name seldom holds (`ß` stays `ß`, Cherokee goes to lower case).
export function nameKey(name) {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC').replaceAll('ς', 'σ');
}

const hex = (char) => `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
const shown = (char) => `'${char}' (${hex(char)})`;

const refusal = (reason) => ({ ok: false, code: 'bad_name', reason });

// The first character of `chars` that breaks a character rule, as a reason.
function characterProblem(chars) {
  let marks = null; // on the letter before (null: no letter before)
  for (const char of chars) {
    if (!char.isWellFormed()) return `a name may not hold a lone surrogate (${hex(char)})`;
    if (INVISIBLE.test(char)) return `a name may not hold an invisible character (${hex(char)})`;
    if (!ALLOWED.test(char)) return `bad character ${shown(char)}: a name holds letters, digits, _ and - only`;
    if (!MARK.test(char)) marks = LETTER.test(char) ? 0 : null;
    else if (marks === null) return `a combining mark (${hex(char)}) must follow a letter`;
    else if (++marks > MAX_MARKS) return `a name may put at most ${MAX_MARKS} marks on one letter`;
  }
  if (SEPARATOR.test(chars[0]) || SEPARATOR.test(chars.at(-1))) return 'a name may not start or end with _ or -';
  if (!chars.some((char) => LETTER.test(char))) return 'a name needs a letter';
  return null;
}

function scriptsOf(chars) {
  const found = new Set();
  for (const char of chars) {
    if (NO_SCRIPT.test(char)) continue;
    found.add(SCRIPTS.find((s) => s.pattern.test(char))?.name ?? 'other');
  }
  return found;
}

function mixProblem(chars) {
  const scripts = [...scriptsOf(chars)];
  if (scripts.length <= 1 || TOGETHER.some((set) => scripts.every((s) => set.has(s)))) return null;
  const named = scripts.map((s) => (s === 'other' ? "another script's" : s)).join(' and ');
  return `mixed scripts: a name may not mix ${named} letters, which can look alike`;
}

// {ok: true, name, key}: the name to show (NFC) and its key (nameKey); or
// {ok: false, code: 'bad_name', reason} with the first rule it breaks.
export function checkUserName(raw) {
  if (typeof raw !== 'string') return refusal('a name is a string');
  const name = raw.normalize('NFC');
  const chars = [...name];
  if (chars.length < MIN_CHARS) return refusal(`too short: a name has at least ${MIN_CHARS} characters`);
  if (chars.length > MAX_CHARS) return refusal(`too long: a name has at most ${MAX_CHARS} characters`);
  const problem = characterProblem(chars) ?? mixProblem(chars);
  if (problem) return refusal(problem);
  const key = nameKey(name);
  // NFKC can turn a letter into others (U+FDFA into Arabic words and spaces).
  const keyChars = [...key];
  const bad = keyChars.find((char) => !ALLOWED.test(char));
  if (bad) return refusal(`bad character: the name compares as one holding ${shown(bad)}`);
  const keyProblem = mixProblem(keyChars);
  if (keyProblem) return refusal(keyProblem);
  if (RESERVED_KEYS.has(key.replace(/[_-]/g, ''))) return refusal(`'${name}' is a reserved name`);
  return { ok: true, name, key };
}
