// Passkeys on the page (WebAuthn through @simplewebauthn/browser; the
// server's side is server/accounts/passkeys.js): sign up with one instead of
// a password (a name only), sign in with one without a name (a discoverable
// credential), and add one to the signed-in account. Each is the server's
// options, the browser's own passkey prompt, and the answer sent back with
// the server's signed `ceremony`. Offered only where the browser has
// WebAuthn and the page can use accounts at all (account.js: served by the
// room server, whose host name is the relying party).
//
// Every call answers as the account routes do, {ok: true, ...} or {ok:
// false, code, reason?}, with the browser's own failures as codes of ours:
// `passkey_cancelled` (the player closed the prompt, or it timed out),
// `passkey_exists` (this authenticator holds a passkey of the account
// already), `passkey_domain` (WebAuthn refuses this address: an IP address,
// say), `passkey_unsupported`, `passkey_failed`; and the server's
// `bad_credentials` for a passkey is `passkey_refused`.

import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

import {
  accountsReachable,
  passkeyAddOptions,
  passkeyRegister,
  passkeySignIn,
  passkeySignInOptions,
  passkeySignUpOptions,
} from './account.js';
import { playerKey } from './player_identity.js';

// Whether this page offers passkeys on `server`.
export function passkeysOffered(server, location = globalThis.location) {
  return accountsReachable(server, location) && passkeysSupported();
}

export function passkeysSupported() {
  try {
    return browserSupportsWebAuthn() && globalThis.isSecureContext !== false;
  } catch {
    return false;
  }
}

// A failure of the browser's prompt as one of our codes.
export function passkeyErrorCode(error) {
  const code = error?.code ?? '';
  const name = error?.name ?? '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'passkey_exists';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') return 'passkey_cancelled';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') return 'passkey_domain';
  if (name === 'NotSupportedError' || /WebAuthn is not supported/i.test(String(error?.message))) return 'passkey_unsupported';
  return 'passkey_failed';
}

// The server's refusal of an authenticator's answer, in a passkey's words.
const refused = (ack) => (ack.code === 'bad_credentials' ? { ...ack, code: 'passkey_refused' } : ack);

async function prompt(run) {
  try {
    return { ok: true, response: await run() };
  } catch (error) {
    return { ok: false, code: passkeyErrorCode(error), reason: String(error?.message ?? '') };
  }
}

async function register(server, options) {
  if (!options.ok) return options;
  const made = await prompt(() => startRegistration({ optionsJSON: options.options }));
  if (!made.ok) return made;
  return refused(await passkeyRegister(server, { ceremony: options.ceremony, response: made.response, playerKey: playerKey() }));
}

// A new account named `name` with a passkey: {ok, name, recoveryCodes}; the
// session cookie is set, and the browser's player key (its games) goes with it.
export async function signUpWithPasskey(server, { name }) {
  if (!passkeysSupported()) return { ok: false, code: 'passkey_unsupported' };
  return register(server, await passkeySignUpOptions(server, { name }));
}

// Another passkey for the signed-in account: {ok, name}.
export async function addPasskey(server) {
  if (!passkeysSupported()) return { ok: false, code: 'passkey_unsupported' };
  return register(server, await passkeyAddOptions(server));
}

// Signs in with any passkey of this site the browser offers: {ok, name}.
export async function signInWithPasskey(server) {
  if (!passkeysSupported()) return { ok: false, code: 'passkey_unsupported' };
  const options = await passkeySignInOptions(server);
  if (!options.ok) return options;
  const got = await prompt(() => startAuthentication({ optionsJSON: options.options }));
  if (!got.ok) return got;
  return refused(await passkeySignIn(server, { ceremony: options.ceremony, response: got.response, playerKey: playerKey() }));
}
