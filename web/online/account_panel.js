// The signed-in player's own account (server/PROTOCOL.md "Accounts and
// ratings"), a dialog from the lobby's account line: the passkeys (and
// "add a passkey" where the browser has them), the password (changed with
// the current one, or set without for an account that signs in with
// passkeys only), the sessions (this one marked, each with its browser,
// when it signed in and was last seen; sign out of one, or of every other),
// the player's data as a JSON file, and deleting the account (the password
// asked where the account has one, then the page's own confirmation).
// Every answer the server refuses is worded by its code. What ends this
// browser's session (deleting the account, a route that finds it gone)
// calls `onSignedOut()`: the lobby then renews its connection.

import { downloadText } from '../app/files.js';
import { escapeHtml } from '../app/panels.js';
import { changePassword, deleteAccount, endSessions, exportAccount, fetchAccountDetails, fetchSessions } from './account.js';
import { accountRefusal, deviceText } from './account_words.js';
import { addPasskey } from './passkeys.js';
import { dayText } from './profile_view.js';

// A moment: "8 Dec 2026, 14:05", "2026/12/8 14:05" (figures in Chinese:
// the page's embedded font has no 年月日).
export function momentText(i18n, ms) {
  if (!Number.isFinite(ms)) return '?';
  const zh = i18n.language === 'zh';
  const style = zh
    ? { year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(zh ? 'zh-CN' : 'en-GB', style).format(new Date(ms));
}

export class AccountPanel {
  // app: words, root, emit, toast, panels (the confirmation); onSignedOut():
  // this browser's session is gone.
  constructor(app, { onSignedOut }) {
    this.app = app;
    this.onSignedOut = onSignedOut;
    this.el = null;
    this.details = null; // {name, hasPassword, passkeys}
    this.sessions = null;
    this.busy = false;
  }

  get t() {
    return (key, params) => this.app.i18n.t(key, params);
  }

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'account-panel';
    dialog.setAttribute('aria-labelledby', 'account-panel-title');
    dialog.innerHTML = `
      <div class="lobby-head"><h2 id="account-panel-title"></h2>
        <button type="button" class="lobby-close" data-panel="close">✕</button></div>
      <p class="lobby-status" id="account-panel-status" role="status"></p>
      <p class="error" id="account-panel-error" role="alert"><span id="account-panel-error-text"></span> <span class="account-detail" id="account-panel-error-detail"></span></p>
      <section aria-labelledby="account-passkeys-title" id="account-passkeys-box">
        <h3 id="account-passkeys-title" data-panel-text="accountPasskeys"></h3>
        <ul class="account-items" id="account-passkeys" aria-labelledby="account-passkeys-title"></ul>
        <p><button type="button" data-panel="add-passkey" id="account-add-passkey" data-panel-text="accountAddPasskey"></button></p>
      </section>
      <section aria-labelledby="account-password-title">
        <h3 id="account-password-title" data-panel-text="accountPasswordSection"></h3>
        <form id="account-password-form" novalidate>
          <p class="hint" id="account-no-password" data-panel-text="accountHasNoPassword"></p>
          <input type="text" name="username" autocomplete="username" class="account-panel-username" hidden>
          <label class="block" id="account-current-row"><span data-panel-text="accountCurrentPassword"></span>
            <input type="password" id="account-current" autocomplete="current-password" maxlength="200"></label>
          <label class="block"><span data-panel-text="accountNewPassword"></span>
            <input type="password" id="account-new-password" autocomplete="new-password" maxlength="200" aria-describedby="account-new-password-hint"></label>
          <p class="hint" id="account-new-password-hint" data-panel-text="accountPasswordHint"></p>
          <p><button type="submit" id="account-password-go"></button></p>
        </form>
      </section>
      <section aria-labelledby="account-sessions-title">
        <h3 id="account-sessions-title" data-panel-text="accountSessions" tabindex="-1"></h3>
        <ul class="account-items" id="account-sessions" aria-labelledby="account-sessions-title"></ul>
        <p><button type="button" data-panel="end-others" id="account-end-others" data-panel-text="accountSessionsEndOthers"></button></p>
      </section>
      <section aria-labelledby="account-data-title">
        <h3 id="account-data-title" data-panel-text="accountData"></h3>
        <p class="hint" data-panel-text="accountExportText"></p>
        <p><button type="button" data-panel="export" id="account-export" data-panel-text="accountExport"></button></p>
      </section>
      <section aria-labelledby="account-delete-title">
        <h3 id="account-delete-title" data-panel-text="accountDelete"></h3>
        <form id="account-delete-form" novalidate>
          <p class="hint" data-panel-text="accountDeleteText"></p>
          <input type="text" name="username" autocomplete="username" class="account-panel-username" hidden>
          <label class="block" id="account-delete-password-row"><span data-panel-text="accountDeletePassword"></span>
            <input type="password" id="account-delete-password" autocomplete="current-password" maxlength="200"></label>
          <p><button type="submit" class="danger" id="account-delete-go" data-panel-text="accountDelete"></button></p>
        </form>
      </section>`;
    this.app.root.appendChild(dialog);
    this.el = dialog;
    this.$ = (selector) => dialog.querySelector(selector);
    dialog.addEventListener('click', (e) => this.onClick(e));
    this.$('#account-password-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.savePassword();
    });
    this.$('#account-delete-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.deleteAccount();
    });
  }

  get open() {
    return !!this.el?.open;
  }

  close() {
    if (this.el?.open) this.el.close();
  }

  // server: the room server's address; name: who is signed in; passkeys:
  // whether to offer adding one (passkeys.js passkeysOffered).
  async show(server, { name, passkeys = false }) {
    if (!this.el) this.build();
    Object.assign(this, { server, name, passkeys, details: null, sessions: null });
    for (const el of this.el.querySelectorAll('[data-panel-text]')) el.textContent = this.t(el.dataset.panelText);
    const close = this.$('[data-panel="close"]');
    close.setAttribute('aria-label', this.t('accountClose'));
    close.title = this.t('accountClose');
    this.$('#account-panel-title').textContent = this.t('accountPanelTitle', { name });
    for (const el of this.el.querySelectorAll('.account-panel-username')) el.value = name;
    this.$('#account-add-passkey').hidden = !passkeys;
    for (const id of ['#account-current', '#account-new-password', '#account-delete-password']) this.$(id).value = '';
    this.setError(null);
    this.render();
    if (!this.el.open) this.el.showModal();
    this.$('[data-panel="close"]').focus();
    this.app.emit('account-panel', { name });
    await this.load();
  }

  // The account's passkeys and password, and its sessions, from the server.
  async load() {
    this.setStatus(this.t('profileLoading'));
    const [details, sessions] = await Promise.all([fetchAccountDetails(this.server), fetchSessions(this.server)]);
    if (!this.open) return;
    this.setStatus('');
    const failed = [details, sessions].find((answer) => !answer.ok);
    if (failed) {
      this.refused(failed);
      this.app.emit('account-panel-loaded', { ok: false, code: failed.code ?? null });
      return;
    }
    this.details = details;
    this.sessions = sessions.sessions;
    this.render();
    this.app.emit('account-panel-loaded', {
      ok: true,
      sessions: this.sessions.length,
      passkeys: details.passkeys.length,
      hasPassword: details.hasPassword,
    });
  }

  render() {
    const details = this.details;
    const i18n = this.app.i18n;
    const passkeys = details?.passkeys ?? [];
    this.$('#account-passkeys').innerHTML = details
      ? passkeys.length
        ? passkeys
            .map((p) => `<li>${escapeHtml(this.t('accountPasskeyItem', { date: dayText(i18n, p.createdAt) || '?' }))}</li>`)
            .join('')
        : `<li class="hint">${escapeHtml(this.t('accountPasskeyNone'))}</li>`
      : '';
    const hasPassword = details?.hasPassword ?? true;
    this.$('#account-no-password').hidden = !details || hasPassword;
    this.$('#account-current-row').hidden = !hasPassword;
    this.$('#account-password-go').textContent = this.t(hasPassword ? 'accountChangePassword' : 'accountSetPassword');
    this.$('#account-delete-password-row').hidden = !hasPassword;
    this.renderSessions();
    this.renderBusy();
  }

  // Each session: its browser ("This device" first for this one), when it
  // signed in and was last seen, and a sign-out for each other one.
  renderSessions() {
    const i18n = this.app.i18n;
    const list = [...(this.sessions ?? [])].sort((a, b) => (b.current ? 1 : 0) - (a.current ? 1 : 0));
    this.$('#account-sessions').innerHTML = list
      .map((s) => {
        const device = deviceText(i18n, s.userAgent);
        const seen = momentText(i18n, s.lastSeenAt ?? s.createdAt);
        const times = this.t('accountSessionTimes', { created: momentText(i18n, s.createdAt), seen });
        const end = s.current
          ? ''
          : `<button type="button" data-panel="end" data-session="${escapeHtml(String(s.id))}" aria-label="${escapeHtml(this.t('accountSessionEndLabel', { device, seen }))}">${escapeHtml(this.t('accountSessionEnd'))}</button>`;
        const mark = s.current ? `<strong class="account-this">${escapeHtml(this.t('accountSessionThis'))}</strong> ` : '';
        return (
          `<li class="account-session${s.current ? ' current' : ''}" data-session-id="${escapeHtml(String(s.id))}"${s.current ? ' aria-current="true"' : ''}>` +
          `<span class="account-session-text">${mark}<span class="account-device">${escapeHtml(device)}</span>` +
          `<span class="account-times">${escapeHtml(times)}</span></span>${end}</li>`
        );
      })
      .join('');
    this.$('#account-end-others').hidden = !list.some((s) => !s.current);
  }

  renderBusy() {
    for (const el of this.el.querySelectorAll('button:not([data-panel="close"])')) el.disabled = this.busy;
  }

  setStatus(text) {
    this.$('#account-panel-status').textContent = text;
  }

  // refusal: {code, reason} or null. `wrongPassword`: a bad_credentials
  // here is the password typed (to change it, or to delete the account).
  setError(refusal, { wrongPassword = false } = {}) {
    const code = refusal?.code ?? '';
    const worded = wrongPassword && code === 'bad_credentials' ? { ...refusal, code: 'wrong_password' } : refusal;
    const words = refusal ? accountRefusal(this.app.i18n, worded) : { text: '', detail: '' };
    // The server's reason speaks of a name and a password: not said beside a reworded code.
    if (worded !== refusal) words.detail = '';
    this.$('#account-panel-error-text').textContent = words.text;
    this.$('#account-panel-error-detail').textContent = words.detail;
    this.$('#account-panel-error').dataset.code = code;
    this.$('#account-panel-error').hidden = !words.text;
  }

  // A refusal shown; one that says the session is gone signs the page out.
  refused(ack, options) {
    this.setError(ack, options);
    if (ack.code === 'not_allowed') this.onSignedOut();
  }

  // One request at a time; its answer emitted as `account-panel-answer`.
  async run(action, request) {
    if (this.busy) return null;
    this.busy = true;
    this.setError(null);
    this.renderBusy();
    let ack;
    try {
      ack = await request();
    } finally {
      this.busy = false;
      if (this.el) this.renderBusy();
    }
    this.app.emit('account-panel-answer', { action, ok: !!ack.ok, code: ack.code ?? null });
    return ack;
  }

  onClick(e) {
    const target = e.target.closest('[data-panel]');
    if (!target || target.disabled) return;
    switch (target.dataset.panel) {
      case 'close':
        this.close();
        break;
      case 'add-passkey':
        this.addPasskey();
        break;
      case 'end':
        this.endSession(Number(target.dataset.session));
        break;
      case 'end-others':
        this.endSession(null);
        break;
      case 'export':
        this.exportData();
        break;
    }
  }

  async addPasskey() {
    this.setStatus(this.t('accountPasskeyWaiting'));
    const ack = await this.run('add-passkey', () => addPasskey(this.server));
    this.setStatus('');
    if (!ack) return;
    if (!ack.ok) {
      this.refused(ack);
      this.$('#account-add-passkey').focus();
      return;
    }
    this.setStatus(this.t('accountPasskeyAdded'));
    await this.reload();
  }

  async savePassword() {
    const hasPassword = this.details?.hasPassword ?? true;
    const current = this.$('#account-current');
    const next = this.$('#account-new-password');
    if (hasPassword && !current.value) {
      current.focus();
      return;
    }
    if (!next.value) {
      next.focus();
      return;
    }
    const ack = await this.run('password', () =>
      changePassword(this.server, { current: hasPassword ? current.value : null, password: next.value }),
    );
    if (!ack) return;
    current.setAttribute('aria-invalid', String(ack.code === 'bad_credentials'));
    next.setAttribute('aria-invalid', String(ack.code === 'weak_password'));
    if (!ack.ok) {
      this.refused(ack, { wrongPassword: true });
      (ack.code === 'bad_credentials' ? current : next).focus();
      return;
    }
    current.value = '';
    next.value = '';
    this.setStatus(this.t('accountPasswordSaved'));
    await this.reload();
  }

  // id: one session; null: every one but this.
  async endSession(id) {
    const ack = await this.run(id === null ? 'end-others' : 'end', () =>
      endSessions(this.server, id === null ? { others: true } : { id }),
    );
    if (!ack) return;
    if (!ack.ok) {
      this.refused(ack);
      return;
    }
    this.setStatus(this.t('accountSessionsEnded', { n: ack.ended ?? 0 }));
    await this.reload();
    // The button pressed is gone: the list's heading keeps the focus near.
    if (this.open) this.$('#account-sessions-title').focus();
  }

  async exportData() {
    const ack = await this.run('export', () => exportAccount(this.server));
    if (!ack) return;
    if (!ack.ok) {
      this.refused(ack);
      return;
    }
    downloadText({
      name: `qipan-account-${this.name}.json`,
      mime: 'application/json',
      text: `${JSON.stringify(ack.data, null, 2)}\n`,
    });
  }

  async deleteAccount() {
    const hasPassword = this.details?.hasPassword ?? true;
    const field = this.$('#account-delete-password');
    if (hasPassword && !field.value) {
      field.focus();
      return;
    }
    const yes = await this.app.panels.dialogs.confirm({
      title: this.t('accountDeleteConfirmTitle', { name: this.name }),
      text: this.t('accountDeleteConfirmText'),
      ok: this.t('accountDelete'),
    });
    if (!yes) {
      field.focus();
      return;
    }
    const ack = await this.run('delete', () => deleteAccount(this.server, { password: hasPassword ? field.value : null }));
    if (!ack) return;
    field.setAttribute('aria-invalid', String(ack.code === 'bad_credentials'));
    if (!ack.ok) {
      this.refused(ack, { wrongPassword: true });
      field.focus();
      return;
    }
    field.value = '';
    this.close();
    this.app.toast(this.t('accountDeleted'));
    this.onSignedOut();
  }

  // After a change: the lists again, keeping the status line.
  async reload() {
    const status = this.$('#account-panel-status').textContent;
    await this.load();
    if (this.open && !this.$('#account-panel-status').textContent) this.setStatus(status);
  }
}
