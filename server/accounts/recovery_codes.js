// Recovery codes: ten one-time codes shown once at sign-up, the way back into
// an account without e-mail. Each is 50 random bits in Crockford's base32
// ("k3x9q-7mfa2"); only a SHA-256 of its normalised form is stored, which is
// enough for codes this random (no password-style slow hash needed).
import { createHash, randomBytes } from 'node:crypto';

import { ROOM_ID_ALPHABET } from '../net/ids.js';

export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT) {
  return Array.from({ length: count }, () => {
    let code = '';
    for (const b of randomBytes(10)) code += ROOM_ID_ALPHABET[b & 31];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

// The stored form of a code as a player types it: case, spaces and dashes
// do not matter.
export function recoveryCodeHash(code) {
  const plain = String(code).toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`qipan recovery ${plain}`, 'utf8').digest('hex');
}
