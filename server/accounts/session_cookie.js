// The session cookie (server/PROTOCOL.md "Accounts"): an opaque random token
// of 256 bits, HttpOnly (no script reads it), SameSite=Lax (another site's
// form posts go without it), Secure where the site is served over HTTPS.
// Only the token's SHA-256 is stored (store.createSession), so a copy of
// the database signs nobody in.
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'qipan_session';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_S = 365 * 24 * 3600;

export function newSessionToken() {
  return randomBytes(32).toString('base64url');
}

export function sessionTokenHash(token) {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// The session token a Cookie header carries, or null (absent or malformed).
export function sessionTokenOf(cookieHeader) {
  if (typeof cookieHeader !== 'string') return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

// Set-Cookie for a new session (token) or for signing out (null).
export function sessionCookie(token, { secure = false } = {}) {
  const parts = [`${SESSION_COOKIE}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${token ? MAX_AGE_S : 0}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
