// Account passwords (server/accounts/password_policy.js): 8 to 256
// characters, not the account's name, not a common password from the
// shipped list. A pure module: no server.
import { readFileSync } from 'node:fs';

import { checkPassword, normalizePassword } from '../../server/accounts/password_policy.js';
import { assert, root, run, test } from './harness.mjs';

function accepted(password, context) {
  const answer = checkPassword(password, context);
  assert.deepEqual(answer, { ok: true }, `${JSON.stringify(password)} refused: ${answer.reason}`);
}

function refused(password, pattern, context) {
  const answer = checkPassword(password, context);
  assert.equal(answer.ok, false, `${JSON.stringify(password)} accepted`);
  assert.equal(answer.code, 'weak_password');
  assert.match(answer.reason, pattern, `${JSON.stringify(password)}: ${answer.reason}`);
}

test('8 to 256 characters, counted as code points', () => {
  refused('', /too short/);
  refused('xq7#vb2', /too short/);
  accepted('xq7#vb2k');
  refused('𠀀𠀁𠀂𠀃𠀄𠀅𠀆', /too short/); // 14 UTF-16 units, 7 characters
  accepted('𠀀𠀁𠀂𠀃𠀄𠀅𠀆𠀇');
  accepted('马'.repeat(256));
  refused('马'.repeat(257), /too long/);
  refused('𠀀'.repeat(257), /too long/);
  refused('xq7#vb2k\ud800', /lone surrogate/);
  refused(12345678, /string/);
});

test('common passwords are refused, whatever their case', () => {
  for (const common of [
    'password',
    'PASSWORD',
    'Password1',
    '12345678',
    'iloveyou',
    'qwertyuiop',
    'sunshine',
    'Ｐａｓｓｗｏｒｄ',
  ]) {
    refused(common, /too common/);
  }
  accepted('password-for-qipan');
  accepted('象棋是我最喜欢的棋');
});

test('the shipped list: lower case, 8 characters or more, and every entry refused', () => {
  const lines = readFileSync(`${root}/server/accounts/common_passwords.txt`, 'utf8').split('\n');
  const entries = lines.filter((line) => line && !line.startsWith('#'));
  assert.ok(entries.length > 2000, `${entries.length} entries`);
  assert.ok(
    lines.some((line) => line.startsWith('#') && /SecLists/.test(line)),
    'the source is named',
  );
  for (const entry of entries) {
    assert.equal(entry, entry.toLowerCase());
    assert.ok([...entry].length >= 8, entry);
    assert.equal(checkPassword(entry).ok, false, entry);
  }
});

test('a password may not be the name, compared as names are', () => {
  refused('BlackDragon', /the name/, { name: 'blackdragon' });
  refused('ｂｌａｃｋｄｒａｇｏｎ', /the name/, { name: 'BlackDragon' });
  refused('象棋大师象棋大师', /the name/, { name: '象棋大师象棋大师' });
  accepted('BlackDragon', { name: 'WhiteDragon' });
  accepted('BlackDragon');
});

test('a password is compared in NFKC', () => {
  assert.equal(normalizePassword('cafe\u0301'), normalizePassword('café'));
  assert.equal(normalizePassword('ｐａｓｓ'), 'pass');
});

process.exit((await run()) ? 1 : 0);
