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
    this.$('#notation').addEventListener('change', (e) => {
      this.app.applySettings({ notation: e.target.value });
    });
    this.translate();
  }

  wireToolbar() {
    const actions = {
      new: () => this.openNewGame(),
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
      this.app.newGame([form.red.value, form.black.value], Number(form.level.value));
    });

    const settings = this.$('#settings-dialog');
    const settingsForm = settings.querySelector('form');
    level(settingsForm);
    settingsForm.addEventListener('change', () => {
      this.app.applySettings({
        language: settingsForm.language.value,
        pieceStyle: settingsForm.pieceStyle.value,
        sound: settingsForm.sound.value === 'on',
        level: Number(settingsForm.level.value),
      });
    });

    const over = this.$('#over-dialog');
    over.addEventListener('close', () => {
      if (over.returnValue === 'new') this.openNewGame();
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
      if (action === 'copy-fen') copy(recordForm.fen.value);
      if (action === 'copy-record') copy(recordForm.record.value);
      if (action === 'import-fen' || action === 'import-record') {
        const result = action === 'import-fen'
          ? this.app.importFen(recordForm.fen.value)
          : this.app.importRecord(recordForm.record.value);
        error.textContent = result.ok ? '' : result.error;
        if (result.ok) {
          record.close();
          this.toast(this.app.i18n.t('importDone'));
        }
      }
    });
  }

  openNewGame() {
    const form = this.$('#new-dialog form');
    form.red.value = this.app.settings.players[0];
    form.black.value = this.app.settings.players[1];
    form.level.value = this.app.settings.level;
    form.levelOut.value = this.app.settings.level;
    this.$('#new-dialog').showModal();
  }

  openSettings() {
    const form = this.$('#settings-dialog form');
    form.language.value = this.app.settings.language;
    form.pieceStyle.value = this.app.settings.pieceStyle;
    form.sound.value = this.app.settings.sound ? 'on' : 'off';
    form.level.value = this.app.settings.level;
    form.levelOut.value = this.app.settings.level;
    this.$('#settings-dialog').showModal();
  }

  openRecord() {
    const form = this.$('#record-dialog form');
    form.fen.value = this.app.current.fen;
    form.record.value = this.app.session.exportRecord(this.app.settings.notation);
    this.$('#record-error').textContent = '';
    this.$('#record-dialog').showModal();
  }

  showGameOver(status) {
    const i18n = this.app.i18n;
    this.$('#over-title').textContent = status.winner >= 0 ? i18n.t('wins', { side: i18n.side(status.winner) }) : i18n.t('draw');
    this.$('#over-reason').textContent = i18n.t('reason_' + status.reason);
    const dialog = this.$('#over-dialog');
    dialog.dataset.reason = status.reason;
    dialog.dataset.winner = String(status.winner);
    if (!dialog.open) dialog.showModal();
  }

  translate() {
    const i18n = this.app.i18n;
    document.documentElement.lang = i18n.language === 'zh' ? 'zh' : 'en';
    document.title = i18n.t('title');
    for (const el of this.root.querySelectorAll('[data-i18n]')) el.textContent = i18n.t(el.dataset.i18n);
  }

  render(snap) {
    const i18n = this.app.i18n;
    const status = this.$('#status');
    if (snap.status.over) {
      const who = snap.status.winner >= 0 ? i18n.t('wins', { side: i18n.side(snap.status.winner) }) : i18n.t('draw');
      status.textContent = `${who} · ${i18n.t('reason_' + snap.status.reason)}`;
    } else {
      status.textContent = i18n.t('toMove', { side: i18n.side(snap.side) }) + (snap.inCheck ? ' · ' + i18n.t('check') : '');
    }
    status.classList.toggle('red', snap.side === 0);
    status.classList.toggle('check', snap.inCheck);

    const browse = this.$('#browse');
    browse.hidden = snap.live;
    if (!snap.live) this.$('#browse-text').textContent = i18n.t('browsing', { n: snap.ply });

    const notation = this.app.settings.notation;
    const list = this.$('#moves');
    const items = [];
    for (let i = 0; i < snap.moves.length; i += 2) {
      const cell = (ply) => {
        const move = snap.moves[ply];
        if (!move) return '';
        const current = ply + 1 === snap.ply ? ' current' : '';
        return `<button class="move${current}" data-ply="${ply + 1}">${escapeHtml(move[notation])}</button>`;
      };
      items.push(`<li>${cell(i)}${cell(i + 1)}</li>`);
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
