// Account names (server/accounts/user_name.js): names in any script, the
// key that makes `Ｌｉ` and `li` one name, length counted in characters,
// characters refused with the one named, confusable script mixes and
// reserved names refused. A pure module: no server.
import { RESERVED, checkUserName, nameKey } from '../../server/accounts/user_name.js';
import { assert, run, test } from './harness.mjs';

function accepted(name) {
  const answer = checkUserName(name);
  assert.ok(answer.ok, `${JSON.stringify(name)} refused: ${answer.reason}`);
  return answer;
}

// Refused with bad_name and a reason matching `pattern`.
function refused(name, pattern) {
  const answer = checkUserName(name);
  assert.equal(answer.ok, false, `${JSON.stringify(name)} accepted`);
  assert.equal(answer.code, 'bad_name');
  assert.match(answer.reason, pattern, `${JSON.stringify(name)}: ${answer.reason}`);
}

test('names in Chinese, Japanese, Korean and other scripts, shown as chosen', () => {
  for (const name of [
    '小龙',
    '象棋大师_2',
    '棋王-1988',
    'たなか太郎',
    'サトウ',
    '김철수',
    '한국어漢字',
    'Ελληνικά',
    'Иван_Петров',
    'नमस्ते',
    'Zoë',
  ]) {
    assert.equal(accepted(name).name, name);
  }
  // Latin beside Han, kana or Hangul is how Chinese, Japanese and Korean players write.
  for (const name of ['Li小龙', 'taroたなか', 'kim김철수', 'x_ㄅㄆ象']) accepted(name);
  // A decomposed name is shown composed (NFC looks the same).
  const composed = accepted('Zoe\u0308');
  assert.equal(composed.name, 'Zoë');
  assert.equal(composed.key, nameKey('ZOË'));
});

test('the key: NFKC and lower case, so fullwidth and case make no other name', () => {
  assert.equal(accepted('Ｌｉ').key, accepted('li').key);
  assert.equal(accepted('Ｌｉ').name, 'Ｌｉ', 'shown as chosen');
  assert.equal(accepted('LI').key, 'li');
  assert.equal(accepted('𝐋𝐢_2').key, 'li_2', 'mathematical letters are letters too');
  assert.equal(accepted('ΟΔΟΣ').key, accepted('οδοσ').key, 'final sigma is sigma');
  assert.equal(accepted('οδος').key, 'οδοσ');
  assert.equal(accepted('ｶﾀｶﾅ').key, accepted('カタカナ').key, 'halfwidth kana');
  assert.notEqual(accepted('li').key, accepted('lj').key);
});

test('2 to 20 characters, counted as code points', () => {
  refused('a', /too short/);
  refused('', /too short/);
  refused('𠀀', /too short/); // one astral character is two UTF-16 units
  accepted('ab');
  accepted('𠀀𠀁');
  accepted('a'.repeat(20));
  accepted('𠀀'.repeat(20)); // 40 UTF-16 units
  refused('a'.repeat(21), /too long/);
  refused('𠀀'.repeat(21), /too long/);
  refused(42, /string/);
});

test('bad characters are refused and named', () => {
  refused('a b', /bad character ' ' \(U\+0020\)/);
  refused('a@b', /bad character '@'/);
  refused('ab😀', /U\+1F600/);
  refused('a.b', /bad character '\.'/);
  refused('a\u200db', /invisible character \(U\+200D\)/); // zero-width joiner
  refused('a\u200bb', /invisible/); // zero-width space
  refused('a\u3164b', /invisible character \(U\+3164\)/); // the Hangul filler is a letter that shows nothing
  refused('ab\ufe0f', /invisible/);
  refused('a\u20ddb', /bad character/); // an enclosing circle
  refused('ab\ud800', /lone surrogate/);
  refused('\u0301ab', /must follow a letter/);
  refused('1\u0301a', /must follow a letter/);
  accepted('ab\u0301\u0302\u0303\u0304');
  refused('ab\u0301\u0302\u0303\u0304\u0305', /at most 4 marks/);
  refused('_ab', /start or end/);
  refused('ab-', /start or end/);
  refused('1234', /needs a letter/);
  accepted('a_-_b');
  // A letter NFKC turns into words with spaces.
  refused('\ufdfa\ufdfa', /compares as one holding ' '/);
});

test('scripts that look alike do not mix', () => {
  refused('p\u0430ypal', /mixed scripts.*Latin and Cyrillic/); // a Cyrillic а
  refused('\u0391lice', /Greek and Latin|Latin and Greek/); // a Greek Α
  refused('ab\u0e01', /mixed scripts/); // Latin and Thai
  refused('김たなか', /mixed scripts/); // Hangul and kana
  // A mathematical letter has no script of its own, but its key is Latin.
  refused('𝐀дмин', /Latin and Cyrillic/);
  accepted('админ_7');
});

test('reserved names, compared by key', () => {
  for (const name of ['admin', 'ADMIN', 'ＡＤＭＩＮ', 'Ad_min', 'system', 'Root', 'qipan', 'guest', 'null', 'AI', 'Computer']) {
    refused(name, /reserved/);
  }
  for (const name of ['Computer_3', 'level8', 'ai-1', '电脑', '電腦3級', '3级', '管理员', '系统', '系統'])
    refused(name, /reserved/);
  accepted('admiral');
  accepted('level9');
  accepted('AI_fan');
  for (const name of RESERVED) assert.equal(name, nameKey(name).replace(/[_-]/g, ''), `${name} is written as a key`);
});

process.exit((await run()) ? 1 : 0);
