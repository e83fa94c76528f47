// Passkeys and the account panel in headless Chromium against a real room
// server (server/PROTOCOL.md "Accounts and ratings"), each browser context
// with a CDP virtual authenticator (WebAuthn: resident keys, user
// verification). WebAuthn needs a host name as its relying party (an IP
// address is none), so the page is opened at http://localhost:PORT/ (the
// server listens on 127.0.0.1, and takes an Origin whose host is the
// request's Host).
//
// A (English, desktop) first starts a game as a guest, so the browser's
// player key has one; then signs up with a passkey (a name, no password),
// sees the recovery codes once, and the server holds the key as the
// account's (in its store). B (Chinese, phone), another context whose
// authenticator holds a copy of A's credential, signs in with the passkey
// without a name and finds A's guest game among the account's games.
// Neither page can read the session cookie. A's panel: adding a passkey from the same
// authenticator is refused by code (`passkey_exists`), from a new one it is
// added; a password is set (no current one: a passkey-only account), which
// signs B out. B signs in again and signs A's session out from its panel;
// A's page, reloaded, is signed out. A signs in with a recovery code and a
// new password (a wrong code refused first), changes the password (a wrong
// current one refused first), downloads its data, and deletes the account
// after the page's own confirmation; B's passkey is refused then.
// Screenshots in build/screenshots/online (passkeys-*).
//   node tests/browser/online_passkeys_test.mjs   (after dist/index.html is built)
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

import Database from 'better-sqlite3';

import { playerSecrets } from '../../server/rooms/player_secrets.js';
import { fetchText } from '../server/http_clients.mjs';
import { openGame, watchErrors } from './page_harness.mjs';
import {
  createRoom,
  eventCount,
  openBrowser,
  openLobby,
  player,
  runAndExit,
  shotOnline,
  startServer,
  unexpectedProblems,
  waitEvent,
} from './online_harness.mjs';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const NAME = '棋友_lin';
const PASSWORD = 'lantern river 2291 plum';
const RECOVERED = 'moon gate 7713 kettle';
const CHANGED = 'pine needle 5820 orchard';

const server = await startServer();
// WebAuthn's relying party is the page's host name: localhost, not 127.0.0.1.
const url = server.url.replace('//127.0.0.1:', '//localhost:');
const browser = await openBrowser();

// A virtual authenticator on `page` (before it loads): a phone's or a
// laptop's built-in one, holding discoverable credentials.
async function authenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const add = async () =>
    (
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      })
    ).authenticatorId;
  const device = { cdp, id: await add() };
  device.credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id })).credentials;
  device.addCredential = (credential) => cdp.send('WebAuthn.addCredential', { authenticatorId: device.id, credential });
  // Another authenticator instead (a new security key): none of the old credentials.
  device.replace = async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: device.id });
    device.id = await add();
  };
  return device;
}

// The refusals this test asks for: a recovery, a password or a passkey sign-in refused.
const unexpected = (problems) => unexpectedProblems(problems, /^(recover|password|passkey\/login)$/);

const lastEvent = (page, type) =>
  page.evaluate(
    (t) =>
      window.qipan
        .events()
        .filter((e) => e.type === t)
        .at(-1)?.detail ?? null,
    type,
  );

// Runs `act` and resolves with the detail of the next `type` event it causes.
async function answerOf(page, type, act) {
  const before = await eventCount(page, type);
  await act();
  await waitEvent(page, type, before);
  return lastEvent(page, type);
}

const sessionCookieReadable = (page) => page.evaluate(() => document.cookie.includes('qipan_session'));

async function waitSignedIn(page, name) {
  await page.waitForFunction((n) => document.querySelector('#lobby-account-name')?.textContent === n, name, {
    timeout: 30000,
  });
  await waitEvent(page, 'lobby-ready');
}

async function waitSignedOut(page) {
  await page.waitForSelector('#lobby-dialog [data-lobby="signin"]:not([hidden])', { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.querySelector('#lobby-account-name')), null);
}

// The page again from its address, with the lobby open.
async function reopen(page) {
  await openGame(page, url);
  await openLobby(page);
}

// The account panel from the lobby, loaded: the load's detail.
async function openPanel(page) {
  return answerOf(page, 'account-panel-loaded', () => page.click('#lobby-dialog [data-lobby="manage"]'));
}

const panelAnswer = (page, act) => answerOf(page, 'account-panel-answer', act);

async function passkeys() {
  const a = await player(browser, url, { locale: 'en-US', viewport: DESKTOP });
  const aKey = await authenticator(a.page);
  assert.equal(new URL(a.page.url()).hostname, 'localhost');

  // ---- a guest game first: the browser's player key has a game --------------------
  const guest = await a.context.newPage();
  const guestProblems = watchErrors(guest);
  await openGame(guest, url);
  const room = await createRoom(guest);
  assert.ok(room.roomId, 'a guest room');
  await guest.close();
  assert.deepEqual(guestProblems, []);
  const playerKey = await a.page.evaluate(() => localStorage.getItem('qipan.online.player'));
  const playerId = playerSecrets(playerKey).playerId;

  // ---- A signs up with a passkey: a name, no password ------------------------------
  await openLobby(a.page);
  await a.page.click('#lobby-dialog [data-lobby="signup"]');
  await a.page.waitForSelector('#account-dialog[open]');
  assert.equal(await a.page.isVisible('#account-passkey'), true, 'passkeys offered: WebAuthn at localhost');
  assert.equal(await a.page.textContent('#account-passkey'), 'Sign up with a passkey');
  await a.page.fill('#account-name', NAME);
  await shotOnline(a.page, 'passkeys-signup-desktop');
  const made = await answerOf(a.page, 'account-answer', () => a.page.click('#account-passkey'));
  assert.deepEqual(made, { mode: 'passkey-signup', ok: true, code: null });
  await a.page.waitForSelector('#account-recovery:not([hidden])');
  const codes = await a.page.$$eval('#account-codes li', (items) => items.map((li) => li.textContent));
  assert.equal(codes.length, 10, 'ten recovery codes, shown once');
  await shotOnline(a.page, 'passkeys-recovery-codes-desktop');
  await a.page.click('#account-dialog [data-account="done"]');
  await waitSignedIn(a.page, NAME);
  assert.equal(await sessionCookieReadable(a.page), false, 'the session cookie is HttpOnly (A)');
  const [credential] = await aKey.credentials();
  assert.ok(credential?.isResidentCredential, 'a discoverable credential');
  assert.equal(credential.rpId, 'localhost');

  // The claim: the server holds the browser's key as the account's (read
  // from its store here; B's page shows it below).
  const db = new Database(server.db, { readonly: true, fileMustExist: true });
  const owner = db
    .prepare('SELECT a.name FROM account_players p JOIN accounts a ON a.id = p.account_id WHERE p.player_id = ?')
    .pluck()
    .get(playerId);
  db.close();
  assert.equal(owner, NAME, "the guest key's games are the account's");

  // ---- password guesses lock the name's password sign-in, never its passkey ---------
  const guesses = [];
  for (let i = 0; i < 12; i++) {
    const answer = await fetchText(new URL('api/account/login', url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(url).origin },
      body: JSON.stringify({ name: NAME, password: `guess number ${i}` }),
      from: `127.0.0.${20 + i}`,
    });
    guesses.push(JSON.parse(answer.body).code);
  }
  assert.equal(guesses.at(-1), 'rate_limited', `the name's password budget ran out: ${guesses.join(' ')}`);

  // ---- B signs in with the passkey, no name ----------------------------------------
  const b = await player(browser, url, {
    locale: 'zh-CN',
    viewport: PHONE,
    beforeOpen: async (page) => {
      const device = await authenticator(page);
      await device.addCredential({
        credentialId: credential.credentialId,
        isResidentCredential: true,
        rpId: credential.rpId,
        privateKey: credential.privateKey,
        userHandle: credential.userHandle,
        signCount: credential.signCount,
      });
    },
  });
  await openLobby(b.page);
  await b.page.click('#lobby-dialog [data-lobby="signin"]');
  await b.page.waitForSelector('#account-dialog[open]');
  assert.equal(await b.page.textContent('#account-passkey'), '用通行密钥登录');
  await shotOnline(b.page, 'passkeys-signin-phone-zh');
  const inB = await answerOf(b.page, 'account-answer', () => b.page.click('#account-passkey'));
  assert.deepEqual(inB, { mode: 'passkey-signin', ok: true, code: null });
  await waitSignedIn(b.page, NAME);
  assert.equal(await sessionCookieReadable(b.page), false, 'the session cookie is HttpOnly (B)');
  // B's browser has a key of its own, and never played: the guest game A's
  // browser played before signing up is among the account's games.
  const mine = await answerOf(b.page, 'lobby-mine', () => b.page.click('#lobby-tab-mine'));
  await shotOnline(b.page, 'passkeys-signed-in-mine-phone-zh');
  assert.ok(mine.games >= 1, 'the account has games');
  assert.equal(await b.page.isVisible(`#lobby-mine-list [data-room-id="${room.roomId}"]`), true, 'the claimed guest game');
  await b.page.click('#lobby-tab-play');

  // ---- A's panel: passkeys, a password set, sessions ---------------------------------
  let loaded = await openPanel(a.page);
  assert.deepEqual(loaded, { ok: true, sessions: 2, passkeys: 1, hasPassword: false });
  assert.equal(await a.page.textContent('#account-panel-title'), `Your account: ${NAME}`);
  const current = await a.page.textContent('#account-sessions li.current');
  assert.ok(current.startsWith('This device'), current);
  assert.ok(current.includes('Chrome on Linux'), `the user agent, short: ${current}`);
  assert.equal(await a.page.$$eval('#account-sessions li:not(.current) [data-panel="end"]', (bs) => bs.length), 1);
  // The same authenticator again: it holds this account's passkey already.
  const twice = await panelAnswer(a.page, () => a.page.click('#account-add-passkey'));
  assert.deepEqual(twice, { action: 'add-passkey', ok: false, code: 'passkey_exists' });
  assert.equal(await a.page.textContent('#account-panel-error-text'), 'This device already holds a passkey of this account');
  await aKey.replace();
  const added = await panelAnswer(a.page, () => a.page.click('#account-add-passkey'));
  assert.deepEqual(added, { action: 'add-passkey', ok: true, code: null });
  await a.page.waitForFunction(() => document.querySelectorAll('#account-passkeys li').length === 2);
  // A passkey-only account sets its first password without a current one.
  assert.equal(await a.page.isVisible('#account-current'), false);
  assert.equal(await a.page.textContent('#account-password-go'), 'Set a password');
  assert.equal(await a.page.isVisible('#account-delete-password'), false);
  await a.page.fill('#account-new-password', PASSWORD);
  const set = await panelAnswer(a.page, () => a.page.click('#account-password-go'));
  assert.deepEqual(set, { action: 'password', ok: true, code: null });
  await a.page.waitForFunction(() => document.querySelector('#account-password-go').textContent === 'Change password');
  assert.equal(await a.page.isVisible('#account-current'), true);
  assert.equal(
    await a.page.$$eval('#account-sessions li', (items) => items.length),
    1,
    'a new password signs every other session out',
  );
  await shotOnline(a.page, 'passkeys-account-panel-desktop');
  await a.page.keyboard.press('Escape');
  await a.page.waitForSelector('#account-panel', { state: 'hidden' });

  // ---- B, signed out by it, signs in again and signs A out ---------------------------
  await reopen(b.page);
  await waitSignedOut(b.page);
  await b.page.click('#lobby-dialog [data-lobby="signin"]');
  await b.page.waitForSelector('#account-dialog[open]');
  assert.equal((await answerOf(b.page, 'account-answer', () => b.page.click('#account-passkey'))).ok, true);
  await waitSignedIn(b.page, NAME);
  loaded = await openPanel(b.page);
  assert.deepEqual(loaded, { ok: true, sessions: 2, passkeys: 2, hasPassword: true });
  assert.equal(await b.page.textContent('#account-password-go'), '更改密码');
  assert.ok((await b.page.textContent('#account-sessions li.current')).startsWith('本机'));
  await shotOnline(b.page, 'passkeys-account-panel-phone-zh');
  const ended = await panelAnswer(b.page, () => b.page.click('#account-sessions li:not(.current) [data-panel="end"]'));
  assert.deepEqual(ended, { action: 'end', ok: true, code: null });
  await b.page.waitForFunction(() => document.querySelectorAll('#account-sessions li').length === 1);
  assert.equal(await b.page.evaluate(() => document.activeElement.id), 'account-sessions-title', 'the focus stays in the list');
  await b.page.keyboard.press('Escape');

  await reopen(a.page);
  await waitSignedOut(a.page);

  // ---- A: a recovery code and a new password -----------------------------------------
  await a.page.click('#lobby-dialog [data-lobby="signin"]');
  await a.page.waitForSelector('#account-dialog[open]');
  await a.page.click('#account-forgot');
  assert.equal(await a.page.textContent('#account-title'), 'Sign in with a recovery code');
  assert.equal(await a.page.isVisible('#account-passkey'), false);
  await a.page.fill('#account-name', NAME);
  await a.page.fill('#account-code', 'aaaaa-bbbbb');
  await a.page.fill('#account-password', RECOVERED);
  const wrongCode = await answerOf(a.page, 'account-answer', () => a.page.click('#account-go'));
  assert.deepEqual(wrongCode, { mode: 'recover', ok: false, code: 'bad_credentials' });
  assert.equal(await a.page.textContent('#account-error-text'), 'Wrong user name or recovery code');
  assert.equal(await a.page.evaluate(() => document.activeElement.id), 'account-code');
  await a.page.fill('#account-code', codes[0]);
  await a.page.fill('#account-password', RECOVERED);
  await shotOnline(a.page, 'passkeys-recover-desktop');
  const recovered = await answerOf(a.page, 'account-answer', () => a.page.click('#account-go'));
  assert.deepEqual(recovered, { mode: 'recover', ok: true, code: null });
  await waitSignedIn(a.page, NAME);

  // ---- A changes the password, downloads the data, deletes the account ---------------
  loaded = await openPanel(a.page);
  assert.deepEqual(loaded, { ok: true, sessions: 1, passkeys: 2, hasPassword: true });
  await a.page.fill('#account-current', 'not my password at all');
  await a.page.fill('#account-new-password', CHANGED);
  const wrong = await panelAnswer(a.page, () => a.page.click('#account-password-go'));
  assert.deepEqual(wrong, { action: 'password', ok: false, code: 'bad_credentials' });
  assert.equal(await a.page.textContent('#account-panel-error-text'), 'Wrong password');
  assert.equal(await a.page.getAttribute('#account-current', 'aria-invalid'), 'true');
  await a.page.fill('#account-current', RECOVERED);
  assert.equal((await panelAnswer(a.page, () => a.page.click('#account-password-go'))).ok, true);

  const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.click('#account-export')]);
  assert.equal(download.suggestedFilename(), `qipan-account-${NAME}.json`);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(data.account.name, NAME);
  assert.equal(data.account.hasPassword, true);
  assert.equal(data.passkeys.length, 2);
  assert.equal(data.sessions.length, 1);

  await a.page.fill('#account-delete-password', CHANGED);
  await a.page.click('#account-delete-go');
  await a.page.waitForSelector('#confirm-dialog[open]');
  assert.equal(await a.page.textContent('#confirm-title'), `Delete the account ${NAME}?`);
  const deleted = await answerOf(a.page, 'account-panel-answer', () => a.page.click('#confirm-ok'));
  assert.deepEqual(deleted, { action: 'delete', ok: true, code: null });
  await a.page.waitForSelector('#account-panel', { state: 'hidden' });
  await waitSignedOut(a.page);
  const profile = await fetch(new URL(`api/user/${encodeURIComponent(NAME)}`, server.url));
  assert.equal(profile.status, 404, 'the account is gone');

  // B's passkey is no account's any more.
  await reopen(b.page);
  await waitSignedOut(b.page);
  await b.page.click('#lobby-dialog [data-lobby="signin"]');
  await b.page.waitForSelector('#account-dialog[open]');
  const gone = await answerOf(b.page, 'account-answer', () => b.page.click('#account-passkey'));
  assert.deepEqual(gone, { mode: 'passkey-signin', ok: false, code: 'passkey_refused' });
  assert.equal(await b.page.textContent('#account-error-text'), '这个通行密钥不被接受');

  for (const [who, problems] of [
    ['A', a.problems],
    ['B', b.problems],
  ])
    assert.deepEqual(unexpected(problems), [], `${who}'s page had errors`);
  await a.context.close();
  await b.context.close();
  console.log(
    'ok - a passkey sign-up (the guest key claimed), a passkey sign-in from another context (password guesses ' +
      'having locked the name), a passkey added ' +
      '(the same one refused), a password set and changed, a session ended, a recovery code, the data, the account deleted',
  );
}

await runAndExit(browser, server, async () => {
  await passkeys();
  console.log('1 passed, 0 failed');
});
