// Passkeys (WebAuthn, through @simplewebauthn/server): sign up with one
// instead of a password, add more to an account, and sign in with one
// without typing a name (a discoverable credential). Each ceremony is two
// requests: options (a fresh challenge, carried signed by the client:
// ceremony_token.js) and the authenticator's answer, verified against the
// page's origin and its host as the relying party. Passkey sign-ins take
// nothing from the password budgets: guessing a password never locks a
// player out of their passkey.
import { randomBytes } from 'node:crypto';

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

import { refuse } from '../protocol/codes.js';
import { openCeremony, signCeremony } from './ceremony_token.js';
import { checkUserName } from './user_name.js';

const RP_NAME = 'Qipan 棋盘';
const TIMEOUT_MS = 60_000;

function badPasskey(reason = 'that passkey was not accepted') {
  refuse('bad_credentials', reason);
}

// Where the ceremony happens: the page's origin (checked by the routes) and
// its host name, the relying party id.
export function relyingParty(origin) {
  const url = new URL(origin);
  return { origin: url.origin, rpID: url.hostname };
}

export class Passkeys {
  // accounts: accounts/accounts.js (sessions, recovery codes, budgets);
  // secret: store.ownerSecret.
  constructor({ store, accounts, secret }) {
    Object.assign(this, { store, accounts, secret });
  }

  // Options to create a passkey: for a new account named `name`, or for the
  // signed-in account (`signedIn`). {options, ceremony}.
  async registrationOptions({ name = null, signedIn = null }, { origin, address }) {
    const { rpID } = relyingParty(origin);
    let state;
    let userName;
    let exclude = [];
    if (signedIn) {
      state = { kind: 'add', accountId: signedIn.id };
      userName = signedIn.name;
      exclude = (await this.store.passkeys(signedIn.id)).map((p) => ({ id: p.credentialId, transports: p.transports }));
    } else {
      await this.accounts.take(this.accounts.signUps, address, 'sign-ups from this address');
      const named = checkUserName(name);
      if (!named.ok) refuse('bad_name', named.reason);
      if (await this.store.accountByKey(named.key)) refuse('name_taken', `the name ${named.name} is taken`);
      state = { kind: 'signup', name: named.name };
      userName = named.name;
    }
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName,
      userID: randomBytes(16),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: exclude,
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { options, ceremony: signCeremony(this.secret, { ...state, challenge: options.challenge, rpID }) };
  }

  // The authenticator's answer to registrationOptions: a new account with
  // its session and recovery codes ({account, token, recoveryCodes}), or
  // the passkey added to the signed-in account ({account}).
  async register({ ceremony, response, playerId = null }, { origin, signedIn = null, userAgent = '' }) {
    const state = openCeremony(this.secret, ceremony);
    if (!state || (state.kind === 'add') !== !!signedIn || (signedIn && state.accountId !== signedIn.id))
      badPasskey('that passkey request expired or is not yours; start again');
    const party = relyingParty(origin);
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: state.challenge,
      expectedOrigin: party.origin,
      expectedRPID: state.rpID,
      requireUserVerification: false,
    }).catch(() => ({ verified: false }));
    if (!verified.verified) badPasskey();
    const { credential } = verified.registrationInfo;
    const passkey = {
      credentialId: credential.id,
      publicKey: credential.publicKey, // the COSE key's bytes, as the store keeps them
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: Date.now(),
    };
    if (state.kind === 'add') {
      await this.store.addPasskey(signedIn.id, passkey);
      return { account: signedIn };
    }
    const made = await this.accounts.createAccount({ name: state.name, passwordHash: null, playerId });
    await this.store.addPasskey(made.account.id, passkey);
    return { ...made, ...(await this.accounts.openSession(made.account.id, { userAgent })) };
  }

  // Options to sign in with any passkey of this site: {options, ceremony}.
  async authenticationOptions({ origin }) {
    const { rpID } = relyingParty(origin);
    const options = await generateAuthenticationOptions({ rpID, timeout: TIMEOUT_MS, userVerification: 'preferred' });
    return { options, ceremony: signCeremony(this.secret, { kind: 'signin', challenge: options.challenge, rpID }) };
  }

  // The authenticator's answer: {account, token}.
  async authenticate({ ceremony, response, playerId = null }, { origin, userAgent = '' }) {
    const state = openCeremony(this.secret, ceremony);
    if (!state || state.kind !== 'signin') badPasskey('that passkey request expired; start again');
    const stored = typeof response?.id === 'string' ? await this.store.passkey(response.id) : null;
    if (!stored) badPasskey();
    const party = relyingParty(origin);
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: state.challenge,
      expectedOrigin: party.origin,
      expectedRPID: state.rpID,
      credential: {
        id: stored.credentialId,
        publicKey: stored.publicKey,
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: false,
    }).catch(() => ({ verified: false }));
    if (!verified.verified) badPasskey();
    await this.store.setPasskeyCounter(stored.credentialId, verified.authenticationInfo.newCounter);
    const account = await this.store.accountById(stored.accountId);
    if (!account) badPasskey();
    if (playerId) await this.store.claimPlayer(account.id, playerId);
    return { account, ...(await this.accounts.openSession(account.id, { userAgent })) };
  }
}
