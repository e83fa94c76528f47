// The sign-in and sign-up dialog (account.js's routes): a user name and a
// password, the server's refusal worded by its code with its reason beside
// it, and after a sign-up the one-time recovery codes, shown once with a
// download. One form for both: a button switches between signing in and
// signing up, and the password field's autocomplete follows (the browser's
// password manager offers to save a new one, or fills the saved one).
// Signing in or up ends in `onDone(name)`: the lobby then renews its
// connection, whose hello says who the page is now.

import { downloadText } from '../app/files.js';
import { escapeHtml } from '../app/panels.js';
import { signIn, signUp } from './account.js';
import { accountRefusal } from './account_words.js';

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
        <p class="hint" data-account-text="accountWhy"></p>
        <label class="block"><span data-account-text="accountName"></span>
          <input name="name" id="account-name" autocomplete="username" autocapitalize="off" spellcheck="false" maxlength="40" required aria-describedby="account-name-hint"></label>
        <p class="hint" id="account-name-hint" data-account-text="accountNameHint"></p>
        <label class="block"><span data-account-text="accountPassword"></span>
          <input name="password" id="account-password" type="password" maxlength="200" required aria-describedby="account-password-hint"></label>
        <p class="hint" id="account-password-hint" data-account-text="accountPasswordHint"></p>
        <p class="error" id="account-error" role="alert"><span id="account-error-text"></span> <span class="account-detail" id="account-error-detail"></span></p>
        <menu><button type="button" data-account="cancel" data-account-text="cancel"></button>
          <button type="submit" class="primary" id="account-go"></button></menu>
        <p class="account-switch"><button type="button" class="linkish" data-account="switch" id="account-switch"></button></p>
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

  // mode: 'signin' or 'signup'; server: the room server's address.
  open(mode, server) {
    if (!this.el) this.build();
    this.server = server;
    this.codes = [];
    this.$('#account-form').hidden = false;
    this.$('#account-recovery').hidden = true;
    this.el.setAttribute('aria-labelledby', 'account-title');
    this.$('#account-password').value = '';
    this.setError(null);
    this.setMode(mode);
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
    for (const el of this.el.querySelectorAll('[data-account-text]')) el.textContent = this.t(el.dataset.accountText);
    this.$('#account-title').textContent = this.t(signUp ? 'accountSignUpTitle' : 'accountSignInTitle');
    this.$('#account-go').textContent = this.t(signUp ? 'accountSignUpGo' : 'accountSignInGo');
    this.$('#account-switch').textContent = this.t(signUp ? 'accountSwitchToSignIn' : 'accountSwitchToSignUp');
    this.$('#account-password').autocomplete = signUp ? 'new-password' : 'current-password';
    // The rules of a name and a password matter when choosing them.
    this.$('#account-name-hint').hidden = !signUp;
    this.$('#account-password-hint').hidden = !signUp;
    this.setError(null);
  }

  setError(refusal) {
    const words = refusal ? accountRefusal(this.app.i18n, refusal) : { text: '', detail: '' };
    this.$('#account-error-text').textContent = words.text;
    this.$('#account-error-detail').textContent = words.detail;
    this.$('#account-error').dataset.code = refusal?.code ?? '';
    const invalid = refusal?.code;
    this.$('#account-name').setAttribute('aria-invalid', String(invalid === 'name_taken' || invalid === 'bad_name'));
    this.$('#account-password').setAttribute('aria-invalid', String(invalid === 'weak_password'));
  }

  async submit() {
    if (this.busy) return;
    const form = this.$('#account-form');
    const name = form.name.value.trim();
    const password = form.password.value;
    if (!name) {
      form.name.focus();
      return;
    }
    if (!password) {
      form.password.focus();
      return;
    }
    this.busy = true;
    const go = this.$('#account-go');
    go.disabled = true;
    this.$('#account-error-text').textContent = this.t('accountWorking');
    this.$('#account-error-detail').textContent = '';
    const mode = this.mode;
    let ack;
    try {
      ack = await (mode === 'signup' ? signUp : signIn)(this.server, { name, password });
    } finally {
      this.busy = false;
      go.disabled = false;
    }
    this.app.emit('account-answer', { mode, ok: !!ack.ok, code: ack.code ?? null });
    if (!ack.ok) {
      this.setError(ack);
      // Where the refusal is about: the name, or the password.
      (ack.code === 'weak_password' || ack.code === 'bad_credentials' ? form.password : form.name).focus();
      return;
    }
    form.password.value = '';
    this.setError(null);
    const signedIn = typeof ack.name === 'string' && ack.name ? ack.name : name;
    const codes = Array.isArray(ack.recoveryCodes) ? ack.recoveryCodes.filter((c) => typeof c === 'string') : [];
    this.onDone(signedIn);
    if (mode === 'signup' && codes.length) this.showCodes(signedIn, codes);
    else this.close();
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
