// Which passwords an account may have (server/PROTOCOL.md, "Accounts"):
// NIST SP 800-63B's rules, no composition rules. At least MIN_CHARS and at
// most MAX_CHARS characters, not the account's own name, and not one of the
// common passwords in common_passwords.txt (the list ships with the server;
// README.md says where it comes from).
import { readFileSync } from 'node:fs';

import { nameKey } from './user_name.js';

export const MIN_CHARS = 8;
// Long enough for any passphrase; argon2 hashes the whole of it, so a
// megabyte of password is work nobody should be able to ask for.
export const MAX_CHARS = 256;

// One per line, lower case; '#' starts a comment line.
const COMMON = new Set(
  readFileSync(new URL('./common_passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

// The form a password is counted, compared and hashed in: NFKC, as SP
// 800-63B advises, so the same password typed on two keyboards (composed or
// not, fullwidth or not) is the same password. Whoever hashes or verifies
// one hashes this.
export function normalizePassword(password) {
  return password.normalize('NFKC');
}

const refusal = (reason) => ({ ok: false, code: 'weak_password', reason });

// {ok: true} or {ok: false, code: 'weak_password', reason}. `name`: the
// account's name, as the player typed it (compared by key).
export function checkPassword(password, { name = null } = {}) {
  if (typeof password !== 'string') return refusal('a password is a string');
  if (!password.isWellFormed()) return refusal('a password may not hold a lone surrogate');
  const normal = normalizePassword(password);
  const chars = [...normal].length;
  if (chars < MIN_CHARS) return refusal(`too short: a password has at least ${MIN_CHARS} characters`);
  if (chars > MAX_CHARS) return refusal(`too long: a password has at most ${MAX_CHARS} characters`);
  if (typeof name === 'string' && nameKey(normal) === nameKey(name)) return refusal('a password may not be the name');
  if (COMMON.has(normal.toLowerCase())) return refusal('too common: this password is in lists that attackers try first');
  return { ok: true };
}
