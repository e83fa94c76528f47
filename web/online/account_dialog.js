// The sign-in and sign-up dialog (account.js's routes): a user name and a
// password, the server's refusal worded by its code with its reason beside
// it, and after a sign-up the one-time recovery codes, shown once with a
// download. One form for both: a button switches between signing in and
// signing up, and the password field's autocomplete follows (the browser's
// password manager offers to save a new one, or fills the saved one).
// Where the browser has passkeys (passkeys.js), the form offers one too:
// "sign in with a passkey" needs no name (a discoverable credential), "sign
// up with a passkey" only the name. "Forgot your password?" turns the form
// into a recovery: the name, a recovery code and a new password.
// Signing in or up ends in `onDone(name)`: the lobby then renews its
// connection, whose hello says who the page is now.

import { downloadText } from '../app/files.js';
import { escapeHtml } from '../app/panels.js';
import { recover, signIn, signUp } from './account.js';
import { accountRefusal } from './account_words.js';
import { signInWithPasskey, signUpWithPasskey } from './passkeys.js';

const MODES = ['signin', 'signup', 'recover'];

export class AccountDialog {
  // app: words, root, emit; onDone(name): signed in (or up).
  constructor(app, onDone) {
    this.app = app;
    this.onDone = onDone;
    this.el = null;
    this.mode = 'signin';
    this.busy = false;
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'account-dialog';
    dialog.setAttribute('aria-labelledby', 'account-title');
    dialog.innerHTML = `
      <form id="account-form" novalidate>
        <h2 id="account-title"></h2>
        <p class="hint" id="account-why" data-account-text="accountWhy"></p>
        <p class="hint" id="account-recover-text" data-account-text="accountRecoverText"></p>
        <label class="block"><span data-account-text="accountName"></span>
          <input name="name" id="account-name" autocomplete="username" autocapitalize="off" spellcheck="false" maxlength="40" required aria-describedby="account-name-hint"></label>
        <p class="hint" id="account-name-hint" data-account-text="accountNameHint"></p>
        <label class="block" id="account-code-row"><span data-account-text="accountRecoveryCode"></span>
          <input id="account-code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="40"></label>
        <label class="block"><span id="account-password-label"></span>
          <input name="password" id="account-password" type="password" maxlength="200" required aria-describedby="account-password-hint"></label>
        <p class="hint" id="account-password-hint" data-account-text="accountPasswordHint"></p>
        <p class="error" id="account-error" role="alert"><span id="account-error-text"></span> <span class="account-detail" id="account-error-detail"></span></p>
        <menu><button type="button" data-account="cancel" data-account-text="cancel"></button>
          <button type="submit" class="primary" id="account-go"></button></menu>
        <div class="account-passkey" id="account-passkey-box" hidden>
          <p class="account-or"><span data-account-text="accountOr"></span></p>
          <button type="button" data-account="passkey" id="account-passkey" aria-describedby="account-passkey-hint"></button>
          <p class="hint" id="account-passkey-hint"></p>
        </div>
        <p class="account-switch"><button type="button" class="linkish" data-account="forgot" id="account-forgot" data-account-text="accountForgot"></button>
          <button type="button" class="linkish" data-account="switch" id="account-switch"></button></p>
      </form>
      <section id="account-recovery" hidden aria-labelledby="account-recovery-title">
        <h2 id="account-recovery-title" data-account-text="accountRecoveryTitle"></h2>
        <p data-account-text="accountRecoveryText"></p>
        <ol class="account-codes" id="account-codes"></ol>
        <menu><button type="button" data-account="download" data-account-text="accountRecoveryDownload"></button>
          <button type="button" class="primary" data-account="done" data-account-text="accountRecoveryDone"></button></menu>
      </section>`;
    this.app.root.appendChild(dialog);
    this.el = dialog;
    this.$ = (selector) => dialog.querySelector(selector);
    this.$('#account-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    dialog.addEventListener('click', (e) => {
      const target = e.target.closest('[data-account]');
      if (!target || target.disabled) return;
      switch (target.dataset.account) {
        case 'cancel':
          dialog.close();
          break;
        case 'switch':
          this.setMode(this.mode === 'signin' ? 'signup' : 'signin');
          this.$('#account-name').focus();
          break;
        case 'forgot':
          this.setMode('recover');
          this.$('#account-name').focus();
          break;
        case 'passkey':
          this.passkey();
          break;
        case 'download':
          downloadText({
            name: `qipan-recovery-${this.signedUpName}.txt`,
            mime: 'text/plain',
            text: `${this.codes.join('\n')}\n`,
          });
          break;
        case 'done':
          dialog.close();
          break;
      }
    });
  }

  // mode: 'signin', 'signup' or 'recover'; server: the room server's
  // address; passkeys: whether to offer them (passkeys.js passkeysOffered).
  open(mode, server, { passkeys = false } = {}) {
    if (!this.el) this.build();
    this.server = server;
    this.passkeys = passkeys;
    this.codes = [];
    this.$('#account-form').hidden = false;
    this.$('#account-recovery').hidden = true;
    this.el.setAttribute('aria-labelledby', 'account-title');
    this.$('#account-password').value = '';
    this.$('#account-code').value = '';
    this.setError(null);
    this.setMode(MODES.includes(mode) ? mode : 'signin');
    if (!this.el.open) this.el.showModal();
    this.$('#account-name').focus();
    this.app.emit('account-dialog', { mode });
  }

  close() {
    if (this.el?.open) this.el.close();
  }

  setMode(mode) {
    this.mode = mode;
    const signUp = mode === 'signup';
    const recovering = mode === 'recover';
    const title = { signin: 'accountSignInTitle', signup: 'accountSignUpTitle', recover: 'accountRecoverTitle' };
    const go = { signin: 'accountSignInGo', signup: 'accountSignUpGo', recover: 'accountRecoverGo' };
    for (const el of this.el.querySelectorAll('[data-account-text]')) el.textContent = this.t(el.dataset.accountText);
    this.$('#account-title').textContent = this.t(title[mode]);
    this.$('#account-go').textContent = this.t(go[mode]);
    this.$('#account-switch').textContent = this.t(
      signUp ? 'accountSwitchToSignIn' : recovering ? 'accountBackToSignIn' : 'accountSwitchToSignUp',
    );
    this.$('#account-password-label').textContent = this.t(recovering ? 'accountNewPassword' : 'accountPassword');
    this.$('#account-password').autocomplete = mode === 'signin' ? 'current-password' : 'new-password';
    this.$('#account-why').hidden = recovering;
    this.$('#account-recover-text').hidden = !recovering;
    this.$('#account-code-row').hidden = !recovering;
    this.$('#account-forgot').hidden = mode !== 'signin';
    // The rules of a name and a password matter when choosing them.
    this.$('#account-name-hint').hidden = !signUp;
    this.$('#account-password-hint').hidden = mode === 'signin';
    // A passkey instead of a password: to sign in (no name) or up (the name above).
    this.$('#account-passkey-box').hidden = !this.passkeys || recovering;
    this.$('#account-passkey').textContent = this.t(signUp ? 'accountPasskeySignUp' : 'accountPasskeySignIn');
    this.$('#account-passkey-hint').textContent = this.t(signUp ? 'accountPasskeyHintSignUp' : 'accountPasskeyHintSignIn');
    this.setError(null);
  }

  // refusal: the answer {code, reason} to show, or null; its words are
  // those of `code`, or of the context's own code where one says it better
  // (a recovery's bad_credentials is the name or the code).
  setError(refusal) {
    const code = refusal?.code ?? '';
    const worded = code === 'bad_credentials' && this.mode === 'recover' ? { ...refusal, code: 'bad_recovery' } : refusal;
    const words = refusal ? accountRefusal(this.app.i18n, worded) : { text: '', detail: '' };
    // The server's reason speaks of a name and a password: not said beside a reworded code.
    if (worded !== refusal) words.detail = '';
    this.$('#account-error-text').textContent = words.text;
    this.$('#account-error-detail').textContent = words.detail;
    this.$('#account-error').dataset.code = code;
    this.$('#account-name').setAttribute('aria-invalid', String(code === 'name_taken' || code === 'bad_name'));
    this.$('#account-password').setAttribute('aria-invalid', String(code === 'weak_password'));
    this.$('#account-code').setAttribute('aria-invalid', String(code === 'bad_credentials' && this.mode === 'recover'));
  }

  // What is under way, in the error line (a live region).
  working(text) {
    this.$('#account-error-text').textContent = text;
    this.$('#account-error-detail').textContent = '';
    this.$('#account-error').dataset.code = '';
  }

  // The buttons that send, off while one request is under way.
  setBusy(busy) {
    this.busy = busy;
    this.$('#account-go').disabled = busy;
    this.$('#account-passkey').disabled = busy;
  }

  async submit() {
    if (this.busy) return;
    const form = this.$('#account-form');
    const mode = this.mode;
    const name = form.name.value.trim();
    const code = this.$('#account-code').value.trim();
    const password = form.password.value;
    const empty = [
      [form.name, name],
      [this.$('#account-code'), mode !== 'recover' || code],
      [form.password, password],
    ].find(([, value]) => !value);
    if (empty) {
      empty[0].focus();
      return;
    }
    this.setBusy(true);
    this.working(this.t('accountWorking'));
    let ack;
    try {
      if (mode === 'recover') ack = await recover(this.server, { name, code, password });
      else ack = await (mode === 'signup' ? signUp : signIn)(this.server, { name, password });
    } finally {
      this.setBusy(false);
    }
    this.app.emit('account-answer', { mode, ok: !!ack.ok, code: ack.code ?? null });
    if (!ack.ok) {
      this.setError(ack);
      // Where the refusal is about: the name, the code, or the password.
      const at =
        ack.code === 'weak_password' || (ack.code === 'bad_credentials' && mode === 'signin')
          ? form.password
          : ack.code === 'bad_credentials' && mode === 'recover'
            ? this.$('#account-code')
            : form.name;
      at.focus();
      return;
    }
    form.password.value = '';
    this.$('#account-code').value = '';
    this.finish(mode, ack, name);
  }

  // Signed in or up: who, and after a sign-up the recovery codes once.
  finish(mode, ack, name) {
    this.setError(null);
    const signedIn = typeof ack.name === 'string' && ack.name ? ack.name : name;
    const codes = Array.isArray(ack.recoveryCodes) ? ack.recoveryCodes.filter((c) => typeof c === 'string') : [];
    this.onDone(signedIn);
    if (codes.length) this.showCodes(signedIn, codes);
    else this.close();
  }

  // The passkey button: sign up with the name typed (no password), or sign
  // in with no name at all; the browser asks for the passkey in between.
  async passkey() {
    if (this.busy || !this.passkeys) return;
    const mode = this.mode === 'signup' ? 'passkey-signup' : 'passkey-signin';
    const name = this.$('#account-name').value.trim();
    if (mode === 'passkey-signup' && !name) {
      this.$('#account-name').focus();
      return;
    }
    this.setBusy(true);
    this.working(this.t('accountPasskeyWaiting'));
    let ack;
    try {
      ack = await (mode === 'passkey-signup' ? signUpWithPasskey(this.server, { name }) : signInWithPasskey(this.server));
    } finally {
      this.setBusy(false);
    }
    this.app.emit('account-answer', { mode, ok: !!ack.ok, code: ack.code ?? null });
    if (!ack.ok) {
      this.setError(ack);
      (ack.code === 'name_taken' || ack.code === 'bad_name' ? this.$('#account-name') : this.$('#account-passkey')).focus();
      return;
    }
    this.finish(mode, ack, name);
  }

  // The recovery codes, once: the player saves them, then closes.
  showCodes(name, codes) {
    this.signedUpName = name;
    this.codes = codes;
    this.$('#account-form').hidden = true;
    this.$('#account-recovery').hidden = false;
    this.$('#account-codes').innerHTML = codes.map((c) => `<li><code>${escapeHtml(c)}</code></li>`).join('');
    this.el.setAttribute('aria-labelledby', 'account-recovery-title');
    this.$('[data-account="done"]').focus();
  }
}
