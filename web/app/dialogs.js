// The page's dialogs: new game (a role and a level per seat), settings,
// import/export (clipboard, download, open file, a broken save), game over
// (from the player's view, with rematch), confirmation (resign) and the
// broken-save notice. They call the app's commands and hooks and word every
// refusal with i18n.refusal; they decide nothing.

import { downloadText, readPickedFile } from './files.js';
import { LEVEL_MAX, LEVEL_MIN } from './storage.js';

// The words of each outcome, the dialog's heading from the player's view.
export const OUTCOME_KEYS = { win: 'youWon', loss: 'youLost', draw: 'draw' };

const LEVELS = Array.from({ length: LEVEL_MAX - LEVEL_MIN + 1 }, (_, i) => LEVEL_MIN + i);

function option(value, text) {
  const node = document.createElement('option');
  node.value = String(value);
  node.textContent = text;
  return node;
}

function select(name, label, options) {
  const node = document.createElement('select');
  node.name = name;
  node.setAttribute('aria-label', label);
  node.append(...options);
  return node;
}

export class Dialogs {
  constructor(root, app, panels) {
    this.root = root;
    this.app = app;
    this.panels = panels;
    this.$ = (selector) => root.querySelector(selector);
    // The listeners end with the controller (GameApp.destroy()).
    this.listen = { signal: app.signal };
    this.wireNewGame();
    this.wireSettings();
    this.wireRecord();
    this.wireGameOver();
    this.wireConfirm();
    this.wireBrokenNotice();
  }

  get i18n() {
    return this.app.i18n;
  }

  // The controller goes (a switch of game): its dialogs close. Their close
  // listeners are gone already, so closing does nothing else.
  closeAll() {
    for (const dialog of this.root.querySelectorAll('dialog[open]')) dialog.close();
  }

  // Texts built here (not from data-i18n) follow a language change.
  translate() {
    if (this.$('#settings-dialog').open) this.fillSettings();
    if (this.$('#new-dialog').open) this.renderSeatRows(this.readSeatRows());
  }

  // ---- new game ------------------------------------------------------------

  // A game with its own new-game screen (openNewGame) opens it itself.
  newGame() {
    if (this.app.openNewGame) this.app.openNewGame();
    else this.openNewGame();
  }

  openNewGame() {
    this.renderSeatRows({ players: this.app.seats.players.slice(0, 2), levels: this.app.seats.levels.slice(0, 2) });
    // The game's own options under the seats (its `newGame` controls).
    this.app.showNewGameOptions?.(this.$('#new-dialog form'));
    this.$('#new-dialog').showModal();
  }

  // One row per seat: its name, human or computer, and the computer's level.
  renderSeatRows({ players, levels }) {
    const host = this.$('#new-seats');
    const t = (key, params) => this.i18n.t(key, params);
    const rows = this.app
      .seatNames()
      .slice(0, 2)
      .map((name, seat) => {
        const row = document.createElement('div');
        row.className = 'seat-row';
        row.dataset.seat = String(seat);
        const label = document.createElement('span');
        label.className = 'seat-name';
        label.textContent = name;
        const role = select(`seat${seat}`, t('roleFor', { side: name }), [option('human', t('human')), option('ai', t('ai'))]);
        const level = select(
          `level${seat}`,
          t('levelFor', { side: name }),
          LEVELS.map((n) => option(n, t('levelN', { n }))),
        );
        role.value = players[seat] === 'ai' ? 'ai' : 'human';
        level.value = String(levels[seat]);
        level.hidden = role.value !== 'ai';
        role.addEventListener('change', () => {
          level.hidden = role.value !== 'ai';
        });
        row.append(label, role, level);
        return row;
      });
    host.replaceChildren(...rows);
  }

  readSeatRows() {
    const form = this.$('#new-dialog form');
    const players = [0, 1].map((seat) => (form[`seat${seat}`]?.value === 'ai' ? 'ai' : 'human'));
    const levels = [0, 1].map((seat) => Number(form[`level${seat}`]?.value) || this.app.seats.levels[seat]);
    return { players, levels };
  }

  wireNewGame() {
    const dialog = this.$('#new-dialog');
    dialog.addEventListener(
      'close',
      () => {
        if (dialog.returnValue !== 'start') return;
        this.app.takeNewGameOptions?.(this.$('#new-dialog form')); // stored before the game starts
        this.app.startNewGame(this.readSeatRows());
      },
      this.listen,
    );
  }

  // ---- settings ------------------------------------------------------------

  openSettings() {
    this.fillSettings();
    this.$('#settings-dialog').showModal();
  }

  fillSettings() {
    const form = this.$('#settings-dialog form');
    const s = this.app.settings;
    form.language.value = s.language;
    form.theme.value = s.theme;
    if (form.pieceStyle) form.pieceStyle.value = s.pieceStyle; // a game's own setting (its controls)
    form.animations.value = s.animations ? 'on' : 'off';
    form.sound.value = s.sound ? 'on' : 'off';
    form.volume.value = String(Math.round(s.volume * 100));
    form.volumeOut.value = `${Math.round(s.volume * 100)}%`;
    form.hintStrength.replaceChildren(...LEVELS.map((n) => option(n, this.i18n.t('levelN', { n }))));
    form.hintStrength.value = String(s.hintStrength);
    this.renderLevelRows();
  }

  // A level for each computer seat of the game being played.
  renderLevelRows() {
    const host = this.$('#settings-levels');
    // A game with its own new-game screen sets its levels there.
    host.hidden = !!this.app.openNewGame;
    if (this.app.openNewGame) {
      host.replaceChildren();
      return;
    }
    const rows = [];
    this.app
      .seatNames()
      .slice(0, 2)
      .forEach((name, seat) => {
        if (this.app.seats.players[seat] !== 'ai') return;
        const label = document.createElement('label');
        const text = document.createElement('span');
        text.textContent = this.i18n.t('levelFor', { side: name });
        const level = select(
          `level${seat}`,
          this.i18n.t('levelFor', { side: name }),
          LEVELS.map((n) => option(n, this.i18n.t('levelN', { n }))),
        );
        level.value = String(this.app.seats.levels[seat]);
        level.dataset.seatLevel = String(seat);
        label.append(text, level);
        rows.push(label);
      });
    host.replaceChildren(...rows);
  }

  wireSettings() {
    const form = this.$('#settings-dialog form');
    form.volume.addEventListener(
      'input',
      () => {
        form.volumeOut.value = `${form.volume.value}%`;
      },
      this.listen,
    );
    form.addEventListener(
      'change',
      (e) => {
        const field = e.target;
        if (field.dataset.seatLevel !== undefined) {
          this.app.seats.levels[Number(field.dataset.seatLevel)] = Number(field.value);
          this.app.saveSettings();
          this.app.emit('levels', { levels: this.app.seats.levels.slice() });
          this.app.refresh();
          return;
        }
        const value = {
          language: () => field.value,
          theme: () => field.value,
          pieceStyle: () => field.value,
          animations: () => field.value === 'on',
          sound: () => field.value === 'on',
          volume: () => Number(field.value) / 100,
          hintStrength: () => Number(field.value),
        }[field.name];
        if (value) this.app.applySettings({ [field.name]: value() });
      },
      this.listen,
    );
  }

  // ---- import / export -----------------------------------------------------

  openRecord() {
    const form = this.$('#record-dialog form');
    this.$('#position-label').textContent = this.app.positionLabel();
    form.position.value = this.app.positionText();
    form.record.value = this.app.recordText();
    this.$('#record-error').textContent = '';
    this.$('#record-dialog [data-action="download"]').hidden = !this.app.hasHook('recordFile');
    this.$('#record-dialog [data-action="open-file"]').hidden = !this.app.hasHook('openFile');
    this.renderBrokenSave();
    this.$('#record-dialog').showModal();
  }

  renderBrokenSave() {
    const broken = this.app.brokenSave;
    const box = this.$('#broken-save');
    box.hidden = !broken;
    if (!broken) return;
    this.$('#broken-reason').textContent = this.i18n.t('brokenReason', { reason: this.i18n.refusal(broken.refusal) });
    this.$('#record-dialog textarea[name="broken"]').value = broken.text;
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.panels.toast(this.i18n.t('copied'));
    } catch {
      // Clipboard refused (file:// or no permission): the text stays selectable.
      this.panels.toast(this.i18n.t('copyFailed'));
    }
  }

  // A refusal from the engine, or success: closes the dialog.
  importResult(result) {
    this.$('#record-error').textContent = result.ok ? '' : this.i18n.refusal(result);
    if (result.ok) {
      this.$('#record-dialog').close();
      this.panels.toast(this.i18n.t('importDone'));
    }
    return result.ok;
  }

  wireRecord() {
    const record = this.$('#record-dialog');
    const form = record.querySelector('form');
    const input = this.$('#open-file');
    const actions = {
      'copy-position': () => this.copy(form.position.value),
      'copy-record': () => this.copy(form.record.value),
      'import-position': () => this.importResult(this.app.importPosition(form.position.value)),
      'import-record': () => this.importResult(this.app.importRecord(form.record.value)),
      download: () => {
        const file = this.app.recordFile();
        if (file) {
          downloadText(file);
          this.app.emit('download', { name: file.name });
        }
      },
      'open-file': () => {
        input.value = '';
        input.click();
      },
      'copy-broken': () => this.copy(this.app.brokenSave?.text ?? ''),
      'download-broken': () => {
        if (this.app.brokenSave)
          downloadText({ name: `qipan-${this.app.id}-unrestored.txt`, mime: 'text/plain', text: this.app.brokenSave.text });
      },
      'discard-broken': () => {
        this.app.discardBrokenSave();
        this.renderBrokenSave();
      },
    };
    record.addEventListener(
      'click',
      (e) => {
        const action = e.target.closest('[data-action]')?.dataset.action;
        if (actions[action]) actions[action]();
      },
      this.listen,
    );
    input.addEventListener(
      'change',
      async () => {
        let file;
        try {
          file = await readPickedFile(input);
        } catch {
          this.$('#record-error').textContent = this.i18n.t('fileUnreadable', { name: input.files[0]?.name ?? '' });
          return;
        }
        if (!file) return;
        const result = this.app.openFile(file.name, file.text);
        this.app.emit('openfile', { name: file.name, ok: !!result?.ok, code: result?.code });
        if (result && this.importResult(result)) this.panels.toast(this.i18n.t('fileOpened', { name: file.name }));
      },
      this.listen,
    );
  }

  // ---- game over -----------------------------------------------------------

  // The heading says what the result means to the player ("You won"); the
  // game's own title ("Red wins") and reason follow.
  showGameOver(status) {
    const text = this.app.gameOverText(status);
    const outcome = text.outcome ?? null;
    const heading = outcome ? this.i18n.t(OUTCOME_KEYS[outcome]) : text.title;
    const detail = [heading === text.title ? '' : text.title, text.reason].filter(Boolean).join(' · ');
    this.$('#over-title').textContent = heading;
    this.$('#over-reason').textContent = detail;
    // Places of a multi-player game, best first (text.places: [string]).
    const places = this.$('#over-places');
    places.hidden = !text.places;
    places.replaceChildren(
      ...(text.places || []).map((line) => {
        const item = document.createElement('li');
        item.textContent = line;
        return item;
      }),
    );
    this.$('#over-dialog button[value="swap"]').hidden = this.app.seatCount() !== 2;
    const dialog = this.$('#over-dialog');
    dialog.dataset.reason = status.reason;
    dialog.dataset.winner = String(status.winner);
    dialog.dataset.outcome = outcome ?? 'neutral';
    if (!dialog.open) dialog.showModal();
  }

  wireGameOver() {
    const over = this.$('#over-dialog');
    over.addEventListener(
      'close',
      () => {
        const choice = over.returnValue;
        if (choice === 'new') this.newGame();
        else if (choice === 'rematch' || choice === 'swap') {
          this.app.rematch({ swap: choice === 'swap' });
          this.app.emit('rematch', { swap: choice === 'swap' });
        }
      },
      this.listen,
    );
  }

  // ---- confirmation --------------------------------------------------------

  // Resolves true when the player confirms.
  confirm({ title, text, ok }) {
    const dialog = this.$('#confirm-dialog');
    this.$('#confirm-title').textContent = title;
    this.$('#confirm-text').textContent = text;
    this.$('#confirm-ok').textContent = ok;
    // A question closed in this same task has its close event still queued:
    // answer it now, with the button that closed it, before asking anew.
    this.settleConfirm(dialog.returnValue === 'ok');
    dialog.returnValue = '';
    dialog.showModal();
    return new Promise((resolve) => {
      this.confirmResolve = resolve;
    });
  }

  settleConfirm(answer) {
    const resolve = this.confirmResolve;
    this.confirmResolve = null;
    if (resolve) resolve(answer);
  }

  wireConfirm() {
    const dialog = this.$('#confirm-dialog');
    dialog.addEventListener(
      'close',
      () => {
        // A close event delivered after the dialog opened again belongs to
        // the question before (settled when this one was asked).
        if (!dialog.open) this.settleConfirm(dialog.returnValue === 'ok');
      },
      this.listen,
    );
  }

  async confirmResign() {
    if (!this.app.canResign?.()) return;
    const t = (key) => this.i18n.t(key);
    const yes = await this.confirm({ title: t('resignTitle'), text: t('resignText'), ok: t('resign') });
    this.app.emit('resignconfirm', { confirmed: yes });
    if (yes && this.app.canResign?.()) this.app.resign();
  }

  // ---- a saved game that could not be restored ------------------------------

  showBrokenSave(broken) {
    this.$('#broken-notice-reason').textContent = this.i18n.t('brokenReason', { reason: this.i18n.refusal(broken.refusal) });
    const dialog = this.$('#broken-dialog');
    if (!dialog.open) dialog.showModal();
  }

  wireBrokenNotice() {
    const dialog = this.$('#broken-dialog');
    dialog.addEventListener(
      'close',
      () => {
        if (dialog.returnValue === 'open') this.openRecord();
      },
      this.listen,
    );
  }
}
