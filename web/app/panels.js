// Everything around the board that is plain DOM: toolbar, status line, AI
// thinking line, move list with notation switch and browsing, dialogs and the
// toast. It reads snapshots and calls the app's commands; it decides nothing.

export class Panels {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.$ = (selector) => root.querySelector(selector);
    this.toastTimer = 0;
    this.wireToolbar();
    this.wireDialogs();
    this.$('#notation').value = app.settings.notation;
    this.$('#game-picker').value = app.id;
    this.$('#game-picker').addEventListener('change', (e) => this.app.switchGame(e.target.value));
    this.$('#notation').addEventListener('change', (e) => {
      this.app.applySettings({ notation: e.target.value });
    });
    this.translate();
  }

  wireToolbar() {
    const actions = {
      new: () => this.newGameDialog(),
      undo: () => this.app.undo(),
      redo: () => this.app.redo(),
      flip: () => this.app.flip(),
      hint: () => this.app.hint(),
      resign: () => this.app.resign(),
      record: () => this.openRecord(),
      settings: () => this.openSettings(),
      live: () => this.app.browse(Infinity),
    };
    this.root.addEventListener('click', (e) => {
      const button = e.target.closest('[data-action]');
      if (button && actions[button.dataset.action]) {
        e.preventDefault();
        actions[button.dataset.action]();
      }
    });
    this.$('#moves').addEventListener('click', (e) => {
      const item = e.target.closest('[data-ply]');
      if (item) this.app.browse(Number(item.dataset.ply));
    });
  }

  wireDialogs() {
    const level = (form) => {
      form.level.addEventListener('input', () => { form.levelOut.value = form.level.value; });
    };
    const newDialog = this.$('#new-dialog');
    level(newDialog.querySelector('form'));
    newDialog.addEventListener('close', () => {
      if (newDialog.returnValue !== 'start') return;
      const form = newDialog.querySelector('form');
      this.app.newGame([form.seat0.value, form.seat1.value], Number(form.level.value));
    });

    const settings = this.$('#settings-dialog');
    const settingsForm = settings.querySelector('form');
    level(settingsForm);
    settingsForm.addEventListener('change', () => {
      this.app.seats.level = Number(settingsForm.level.value);
      this.app.applySettings({
        language: settingsForm.language.value,
        pieceStyle: settingsForm.pieceStyle.value,
        sound: settingsForm.sound.value === 'on',
      });
    });

    const over = this.$('#over-dialog');
    over.addEventListener('close', () => {
      if (over.returnValue === 'new') this.newGameDialog();
    });

    const record = this.$('#record-dialog');
    const recordForm = record.querySelector('form');
    const error = this.$('#record-error');
    const copy = async (text) => {
      try {
        await navigator.clipboard.writeText(text);
        this.toast(this.app.i18n.t('copied'));
      } catch {
        // Clipboard refused (file:// or no permission): the text stays selectable.
      }
    };
    record.addEventListener('click', (e) => {
      const action = e.target.closest('[data-action]')?.dataset.action;
      if (action === 'copy-position') copy(recordForm.position.value);
      if (action === 'copy-record') copy(recordForm.record.value);
      if (action === 'copy-ggf') copy(this.app.ggfText());
      if (action === 'import-position' || action === 'import-record') {
        const result = action === 'import-position'
          ? this.app.importPosition(recordForm.position.value)
          : this.app.importRecord(recordForm.record.value);
        error.textContent = result.ok ? '' : result.error;
        if (result.ok) {
          record.close();
          this.toast(this.app.i18n.t('importDone'));
        }
      }
    });
  }

  // A game with its own new-game screen (Chinese checkers) opens it itself.
  newGameDialog() {
    if (this.app.openNewGame) this.app.openNewGame();
    else this.openNewGame();
  }

  openNewGame() {
    const form = this.$('#new-dialog form');
    const [name0, name1] = this.app.seatNames();
    this.$('#seat0-name').textContent = name0;
    this.$('#seat1-name').textContent = name1;
    form.seat0.value = this.app.seats.players[0];
    form.seat1.value = this.app.seats.players[1];
    form.level.value = this.app.seats.level;
    form.levelOut.value = this.app.seats.level;
    this.$('#new-dialog').showModal();
  }

  openSettings() {
    const form = this.$('#settings-dialog form');
    form.language.value = this.app.settings.language;
    form.pieceStyle.value = this.app.settings.pieceStyle;
    form.sound.value = this.app.settings.sound ? 'on' : 'off';
    form.level.value = this.app.seats.level;
    form.levelOut.value = this.app.seats.level;
    this.$('#settings-dialog').showModal();
  }

  openRecord() {
    const form = this.$('#record-dialog form');
    this.$('#position-label').textContent = this.app.positionLabel();
    form.position.value = this.app.positionText();
    form.record.value = this.app.recordText();
    this.$('#record-error').textContent = '';
    this.$('#record-dialog').showModal();
  }

  showGameOver(status) {
    const text = this.app.gameOverText(status);
    this.$('#over-title').textContent = text.title;
    this.$('#over-reason').textContent = text.reason;
    // Places of a multi-player game, best first (text.places: [string]).
    const places = this.$('#over-places');
    places.hidden = !text.places;
    places.innerHTML = (text.places || []).map((line) => `<li>${escapeHtml(line)}</li>`).join('');
    const dialog = this.$('#over-dialog');
    dialog.dataset.reason = status.reason;
    dialog.dataset.winner = String(status.winner);
    if (!dialog.open) dialog.showModal();
  }

  translate() {
    const i18n = this.app.i18n;
    document.documentElement.lang = i18n.language === 'zh' ? 'zh' : 'en';
    document.title = this.app.title ? this.app.title() : i18n.t('title');
    for (const el of this.root.querySelectorAll('[data-i18n]')) el.textContent = i18n.t(el.dataset.i18n);
  }

  render(snap) {
    const i18n = this.app.i18n;
    const status = this.$('#status');
    status.textContent = this.app.statusLine(snap);
    status.classList.toggle('red', this.app.id === 'xiangqi' && snap.side === 0);
    status.classList.toggle('check', !!snap.inCheck);

    const browse = this.$('#browse');
    browse.hidden = snap.live;
    if (!snap.live) this.$('#browse-text').textContent = i18n.t('browsing', { n: snap.ply });

    const labels = this.app.moveLabels(snap);
    const list = this.$('#moves');
    const items = [];
    // One line per round of moves (two for two players); a game may tag moves.
    const perLine = this.app.movesPerLine ? this.app.movesPerLine(snap) : 2;
    for (let i = 0; i < labels.length; i += perLine) {
      const cell = (ply) => {
        if (ply >= labels.length) return '';
        const current = ply + 1 === snap.ply ? ' current' : '';
        const tag = this.app.moveClass ? ' ' + this.app.moveClass(snap, ply) : '';
        return `<button class="move${current}${tag}" data-ply="${ply + 1}">${escapeHtml(labels[ply])}</button>`;
      };
      let line = '';
      for (let k = 0; k < perLine; k++) line += cell(i + k);
      items.push(`<li>${line}</li>`);
    }
    list.innerHTML = items.join('');
    list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });

    for (const [action, enabled] of [['undo', snap.canUndo], ['redo', snap.canRedo]]) {
      this.root.querySelector(`[data-action="${action}"]`).disabled = !enabled;
    }
  }

  renderThinking() {
    const el = this.$('#thinking');
    const thinking = this.app.thinking;
    el.hidden = !thinking;
    el.classList.toggle('busy', !!thinking);
    if (!thinking) return;
    const i18n = this.app.i18n;
    const info = thinking.info;
    const elapsed = (performance.now() - thinking.started) / 1000;
    if (!info) {
      el.textContent = i18n.t('thinking');
      return;
    }
    const nps = info.timeMs > 0 ? info.nodes / info.timeMs / 1000 : 0;
    el.textContent = `${i18n.t('thinking')} ${i18n.t('depth')} ${info.depth} · ${i18n.t('score')} ${info.scoreText} · ` +
      `${nps.toFixed(1)} M/s · ${elapsed.toFixed(1)} s`;
  }

  toast(text) {
    const el = this.$('#toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { el.hidden = true; }, 2600);
  }
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}
