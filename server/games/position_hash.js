// The position hash `pos` of docs/online-contract.md: the first 16 lowercase hex digits of
// SHA-256 of the game's canonical position text (UTF-8). Each game adapter
// says what that text is; any client can compute the same with WebCrypto.
import { createHash } from 'node:crypto';

export function positionHash(text) {
  // The first 8 bytes written out, not a slice of the 64-digit text: a slice
  // would keep the whole digest alive in every room's list of positions.
  return createHash('sha256').update(text, 'utf8').digest().toString('hex', 0, 8);
}
