// Accounts (server/PROTOCOL.md "Accounts"): sign-up with a name and a
// password, sign-in, sessions, recovery codes, and what a profile and a
// leaderboard show. The HTTP side (net/account_routes.js) only parses and
// answers; every rule is here, every record in the store.
//
// Sign-in answers are the same for an unknown name and a wrong password,
// in content (`bad_credentials`) and in time: an unknown name is checked
// against a throw-away hash with the same cost as a real one.
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

import { AddressBuckets } from '../protocol/address_buckets.js';
import { refuse } from '../protocol/codes.js';
import { ACCOUNT_LIMITS } from '../protocol/limits.js';
import { isPerf } from '../ratings/perf.js';
import { idleRd, isProvisional, DEFAULT_RATING } from '../ratings/glicko2.js';
import { checkPassword, normalizePassword } from './password_policy.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery_codes.js';
import { newSessionToken, sessionTokenHash } from './session_cookie.js';
import { checkUserName } from './user_name.js';

const DAY_MS = 86_400_000;
const RECENT_GAMES = 20; // a profile's list of games (its chart has them all)
// argon2id with OWASP's second configuration (19 MiB, 2 passes, 1 lane):
// about 25 ms here, so guessing is slow and sign-in is not.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

function badCredentials(reason = 'that name and password do not match an account') {
  refuse('bad_credentials', reason);
}

// A perf as shown: rounded, with the deviation grown by the idle time since
// its last game, and provisional while that deviation is high.
export function shownPerf(row, now = Date.now()) {
  const rd = idleRd(row.rd, row.vol, Math.max(0, now - row.lastAt) / DAY_MS);
  return { rating: Math.round(row.rating), rd: Math.round(rd), vol: row.vol, games: row.games, provisional: isProvisional(rd) };
}

export class Accounts {
  // store: the store (accounts part of its contract); shared:
  // store.addressBudgets or null; log: one line per problem.
  constructor({ store, shared = null, log = () => {} }) {
    this.store = store;
    const buckets = (rule) => new AddressBuckets({ ...rule, shared, log });
    this.signIns = buckets(ACCOUNT_LIMITS.signInsPerAddress);
    this.signInsByName = buckets(ACCOUNT_LIMITS.signInsPerName);
    this.recoveriesByName = buckets(ACCOUNT_LIMITS.recoveriesPerName);
    this.signUps = buckets(ACCOUNT_LIMITS.signUpsPerAddress);
    this.dummyHash = argon2Hash('no account has this password', ARGON2);
  }

  async take(buckets, key, what) {
    const taken = await buckets.take(key);
    if (!taken.ok)
      refuse('rate_limited', `too many ${what}; wait a little`, { retryAfterMs: Math.max(1000, Math.ceil(taken.waitMs)) });
  }

  // A new session for the account: its token (for the cookie) and id.
  async openSession(accountId, { userAgent = '' } = {}) {
    const token = newSessionToken();
    const { id } = await this.store.createSession({
      tokenHash: sessionTokenHash(token),
      accountId,
      createdAt: Date.now(),
      userAgent: String(userAgent).slice(0, 200),
    });
    return { token, sessionId: id };
  }

  // {name, password, playerId?}: the account, a session, and the recovery
  // codes (shown once). The browser's player key, when it sent one, makes
  // its games the account's.
  async signUp({ name, password, playerId = null }, { address, userAgent }) {
    await this.take(this.signUps, address, 'sign-ups from this address');
    const named = checkUserName(name);
    if (!named.ok) refuse('bad_name', named.reason);
    const strong = checkPassword(password, { name: named.name });
    if (!strong.ok) refuse('weak_password', strong.reason);
    const passwordHash = await argon2Hash(normalizePassword(password), ARGON2);
    const made = await this.createAccount({ name: named.name, passwordHash, playerId });
    return { ...made, ...(await this.openSession(made.account.id, { userAgent })) };
  }

  // A new account (with a password hash, or null for a passkey's) and its
  // recovery codes: {account, recoveryCodes}.
  async createAccount({ name, passwordHash, playerId = null }) {
    const named = checkUserName(name);
    if (!named.ok) refuse('bad_name', named.reason);
    const recoveryCodes = newRecoveryCodes();
    let account;
    try {
      account = await this.store.createAccount({
        name: named.name,
        nameKey: named.key,
        passwordHash,
        recoveryHashes: recoveryCodes.map(recoveryCodeHash),
        createdAt: Date.now(),
      });
    } catch (error) {
      if (error.code === 'name_taken') refuse('name_taken', `the name ${named.name} is taken`);
      throw error;
    }
    if (playerId) await this.store.claimPlayer(account.id, playerId);
    return { account, recoveryCodes };
  }

  async signIn({ name, password, playerId = null }, { address, userAgent }) {
    await this.take(this.signIns, address, 'sign-in attempts from this address');
    const named = checkUserName(name);
    // The name's budget is taken for names that exist and names that do not.
    await this.take(this.signInsByName, named.ok ? `name:${named.key}` : 'name:?', 'sign-in attempts for this name');
    const account = named.ok ? await this.store.accountByKey(named.key) : null;
    const stored = account?.passwordHash ?? (await this.dummyHash);
    const matches = await argon2Verify(stored, normalizePassword(String(password ?? ''))).catch(() => false);
    if (!account?.passwordHash || !matches) badCredentials();
    if (playerId) await this.store.claimPlayer(account.id, playerId);
    return { account, ...(await this.openSession(account.id, { userAgent })) };
  }

  // The signed-in account of a session token: {id, name, sessionId} or null.
  async sessionAccount(token) {
    if (!token) return null;
    const session = await this.store.sessionByToken(sessionTokenHash(token), { now: Date.now() });
    if (!session) return null;
    const account = await this.store.accountById(session.accountId);
    return account ? { id: account.id, name: account.name, sessionId: session.id } : null;
  }

  async signOut(signedIn) {
    if (signedIn) await this.store.endSessions(signedIn.id, { id: signedIn.sessionId });
  }

  async sessions(signedIn) {
    const list = await this.store.sessions(signedIn.id);
    return list.map((s) => ({ ...s, current: s.id === signedIn.sessionId }));
  }

  // {id}: that session; {others: true}: all but this one; {all: true}: every one.
  async endSessions(signedIn, { id = null, others = false, all = false }) {
    if (id !== null) return this.store.endSessions(signedIn.id, { id });
    if (others) return this.store.endSessions(signedIn.id, { except: signedIn.sessionId });
    if (all) return this.store.endSessions(signedIn.id, {});
    refuse('bad_request', 'say which sessions to end: id, others or all');
  }

  async changePassword(signedIn, { current, password }) {
    const account = await this.store.accountById(signedIn.id);
    if (
      account.passwordHash &&
      !(await argon2Verify(account.passwordHash, normalizePassword(String(current ?? ''))).catch(() => false))
    )
      badCredentials('that is not the current password');
    const strong = checkPassword(password, { name: account.name });
    if (!strong.ok) refuse('weak_password', strong.reason);
    await this.store.setPassword(account.id, await argon2Hash(normalizePassword(password), ARGON2));
    await this.store.endSessions(account.id, { except: signedIn.sessionId });
  }

  // A recovery code and a new password: every other session ends, the code
  // is spent, and this browser is signed in. The same answer as sign-in for
  // an unknown name or a wrong code.
  async recover({ name, code, password }, { address, userAgent }) {
    await this.take(this.signIns, address, 'sign-in attempts from this address');
    const named = checkUserName(name);
    await this.take(this.recoveriesByName, named.ok ? `name:${named.key}` : 'name:?', 'recovery attempts for this name');
    const account = named.ok ? await this.store.accountByKey(named.key) : null;
    const strong = checkPassword(password, { name: named.ok ? named.name : '' });
    if (!strong.ok) refuse('weak_password', strong.reason);
    if (!account || !(await this.store.useRecoveryCode(account.id, recoveryCodeHash(code))))
      badCredentials('that name and recovery code do not match an account (or the code was used)');
    await this.store.setPassword(account.id, await argon2Hash(normalizePassword(password), ARGON2));
    await this.store.endSessions(account.id, {});
    return { account, ...(await this.openSession(account.id, { userAgent })) };
  }

  // Deletes the signed-in account after its password (when it has one):
  // credentials, sessions and passkeys go and the name is free again; the
  // results stay, so opponents' ratings and histories keep their games.
  async deleteAccount(signedIn, { password = null }) {
    const account = await this.store.accountById(signedIn.id);
    if (
      account.passwordHash &&
      !(await argon2Verify(account.passwordHash, normalizePassword(String(password ?? ''))).catch(() => false))
    )
      badCredentials('that is not the password of this account');
    await this.store.deleteAccount(account.id);
  }

  // Everything the server keeps about the signed-in account, as one JSON
  // value (the player's copy of their data).
  async exportData(signedIn) {
    const account = await this.store.accountById(signedIn.id);
    const [ratings, history, sessions, passkeys] = await Promise.all([
      this.store.ratings(account.id),
      this.store.ratingHistory(account.id, { limit: 1_000_000 }),
      this.store.sessions(account.id),
      this.store.passkeys(account.id),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      account: { name: account.name, createdAt: account.createdAt, hasPassword: account.passwordHash !== null },
      ratings,
      ratedGames: history,
      sessions,
      passkeys: passkeys.map((p) => ({ credentialId: p.credentialId, transports: p.transports, createdAt: p.createdAt ?? null })),
    };
  }

  async perfs(accountId, now = Date.now()) {
    const rows = await this.store.ratings(accountId);
    return Object.fromEntries(Object.entries(rows).map(([perf, row]) => [perf, shownPerf(row, now)]));
  }

  // The seeker's rating in a perf, as a seek shows it: {rating, provisional}.
  async seekRating(accountId, perf) {
    const row = (await this.store.ratings(accountId))[perf];
    return row
      ? { rating: Math.round(row.rating), provisional: shownPerf(row).provisional }
      : { rating: DEFAULT_RATING, provisional: true };
  }

  async me(signedIn) {
    const account = await this.store.accountById(signedIn.id);
    const passkeys = await this.store.passkeys(account.id);
    return {
      name: account.name,
      createdAt: account.createdAt,
      perfs: await this.perfs(account.id),
      hasPassword: account.passwordHash !== null,
      passkeys: passkeys.map((p) => ({ credentialId: p.credentialId, createdAt: p.createdAt, transports: p.transports })),
    };
  }

  // GET /api/user/NAME: the public profile, or null for no such account.
  // `viewer`: the signed-in account looking ({id, name}) or null: another
  // player sees their head-to-head record against this one.
  async profile(nameText, { viewer = null } = {}) {
    const named = checkUserName(nameText);
    const account = named.ok ? await this.store.accountByKey(named.key) : null;
    if (!account) return null;
    const [history, perfs] = await Promise.all([this.store.ratingHistory(account.id, { limit: 200 }), this.perfs(account.id)]);
    // Every opponent's name in one query (one each made a heavy player's
    // profile take 200 round trips).
    const names = await this.store.accountNames(history.map((h) => h.opponentId).filter((id) => id !== null));
    const games = history.map((h) => ({
      roomId: h.roomId,
      perf: h.perf,
      at: h.at,
      rating: Math.round(h.rating),
      diff: h.diff,
      score: h.score,
      opponent: names.get(h.opponentId) ?? null,
    }));
    // `recent`: the latest games for the list; `history`: the chart's points.
    return {
      name: account.name,
      createdAt: account.createdAt,
      perfs,
      recent: games.slice(0, RECENT_GAMES),
      history: games,
      ...(viewer &&
        viewer.id !== account.id && {
          headToHead: { opponent: viewer.name, ...(await this.store.headToHead(account.id, viewer.id)) },
        }),
    };
  }

  async leaderboard(perf) {
    if (!isPerf(perf)) return null;
    const players = await this.store.leaderboard(perf, { limit: 100, maxRd: 75, minGames: 10 });
    return {
      perf,
      players: players.map((p) => ({
        ...p,
        rating: Math.round(p.rating),
        rd: Math.round(p.rd),
        provisional: isProvisional(p.rd),
      })),
    };
  }
}
