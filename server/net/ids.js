// Room ids and seat tokens (server/PROTOCOL.md "Seats" and "Timings and limits").
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Crockford's base32 alphabet, lower case: 32 letters, no i, l, o or u, so an
// id read aloud or copied by hand is not mistaken.
export const ROOM_ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const ROOM_ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{10,32}$/;

// 10 letters of 5 random bits each (50 bits).
export function newRoomId(length = 10) {
  const bytes = randomBytes(length);
  let id = '';
  for (const b of bytes) id += ROOM_ID_ALPHABET[b & 31];
  return id;
}

// 128 random bits, base64url (22 characters). Only its hash is stored.
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export function newToken() {
  return randomBytes(16).toString('base64url');
}

export function tokenHash(token) {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// Compares a presented token with a stored hash in constant time.
export function tokenMatches(token, hash) {
  if (typeof token !== 'string' || typeof hash !== 'string') return false;
  const a = Buffer.from(tokenHash(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
