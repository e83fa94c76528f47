// The position hash `pos` of ONLINE.md: the first 16 lowercase hex digits of
// SHA-256 of the game's canonical position text (UTF-8). Each game adapter
// says what that text is; any client can compute the same with WebCrypto.
import { createHash } from 'node:crypto';

export function positionHash(text) {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}
