// A WebAuthn ceremony's state carried by the client between the options and
// the answer, signed with the database's own secret (store.ownerSecret, the
// same on every node): whichever node the answer reaches can check it, and
// no node keeps a table of open challenges. It expires after two minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';

const LIFETIME_MS = 120_000;

function mac(secret, body) {
  return createHmac('sha256', secret).update(`qipan ceremony ${body}`, 'utf8').digest('base64url');
}

// `state`: a JSON object (the challenge, what the ceremony is for).
export function signCeremony(secret, state, now = Date.now()) {
  const body = Buffer.from(JSON.stringify({ ...state, expires: now + LIFETIME_MS }), 'utf8').toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

// The state a token carries, or null when it is forged, damaged or old.
export function openCeremony(secret, token, now = Date.now()) {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return state.expires > now ? state : null;
  } catch {
    return null;
  }
}
