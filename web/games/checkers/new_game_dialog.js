// The checkers new-game dialog (#cc-new-dialog in shell.html): the player
// count, one row per seat (colour, human or AI, the AI's level) and the rule
// choices, read from and written back to the app's seat settings; "start"
// begins the new game through the app.

import { seatDotStyle } from './board/seat_colors.js';

export class CheckersNewGameDialog {
  // app: the checkers app (root, seats, i18n, sideName, newGame).
  constructor(app) {
    this.app = app;
    this.dialog = app.root.querySelector('#cc-new-dialog');
    this.form = this.dialog.querySelector('form');
  }

  open() {
    const form = this.form;
    const s = this.app.seats;
    form.count.value = String(s.count);
    form.multiplayerEnd.value = s.rules.multiplayerEnd;
    form.winRule.value = s.rules.winRule;
    form.goalLock.value = s.rules.goalLock ? 'on' : 'off';
    form.parking.value = s.rules.parking;
    form.firstPlayer.value = s.rules.firstPlayer;
    form.longJumps.value = s.rules.longJumps ? 'on' : 'off';
    form.equalTurns.value = s.rules.equalTurns ? 'on' : 'off';
    this.renderSeatRows();
    this.dialog.showModal();
  }

  // One row per seat of the chosen player count: colour, human/AI, AI level.
  renderSeatRows() {
    const { app, form } = this;
    const count = Number(form.count.value);
    const host = app.root.querySelector('#cc-seats');
    const t = (k, p) => app.i18n.t(k, p);
    const levels = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<option value="${n}">${t('aiLevel', { n })}</option>`).join('');
    let html = '';
    for (let p = 1; p <= count; p++) {
      html +=
        `<div class="cc-seat" data-player="${p}"><span class="cc-dot" style="${seatDotStyle(p)}"></span>` +
        `<span class="cc-seat-name">${app.sideName(p)}</span>` +
        `<select name="seat${p}" aria-label="${app.sideName(p)}"><option value="human">${t('human')}</option><option value="ai">${t('ai')}</option></select>` +
        `<select name="level${p}" aria-label="${app.sideName(p)} ${t('level')}">${levels}</select></div>`;
    }
    host.innerHTML = html;
    for (let p = 1; p <= count; p++) {
      form[`seat${p}`].value = app.seats.players[p - 1];
      form[`level${p}`].value = String(app.seats.levels[p - 1]);
      form[`level${p}`].disabled = app.seats.players[p - 1] !== 'ai';
      form[`seat${p}`].addEventListener('change', () => {
        form[`level${p}`].disabled = form[`seat${p}`].value !== 'ai';
      });
    }
    form.querySelector('.cc-multi').hidden = count === 2;
    form.querySelector('.cc-two').hidden = count !== 2;
  }

  // `signal` ends the listeners (the controller's lifetime).
  wire(signal) {
    const { dialog, form } = this;
    form.count.addEventListener(
      'change',
      () => {
        // Keep what was chosen for the seats shown so far.
        this.readSeatRows();
        this.renderSeatRows();
      },
      { signal },
    );
    dialog.addEventListener(
      'close',
      () => {
        if (dialog.returnValue !== 'start') return;
        this.readSeatRows();
        const s = this.app.seats;
        s.count = Number(form.count.value);
        s.rules = {
          multiplayerEnd: form.multiplayerEnd.value,
          winRule: form.winRule.value,
          goalLock: form.goalLock.value === 'on',
          parking: form.parking.value,
          firstPlayer: form.firstPlayer.value,
          longJumps: form.longJumps.value === 'on',
          equalTurns: form.equalTurns.value === 'on',
        };
        this.app.newGame();
      },
      { signal },
    );
  }

  readSeatRows() {
    const form = this.form;
    for (let p = 1; p <= 6; p++) {
      if (!form[`seat${p}`]) continue;
      this.app.seats.players[p - 1] = form[`seat${p}`].value === 'ai' ? 'ai' : 'human';
      this.app.seats.levels[p - 1] = Number(form[`level${p}`].value) || 3;
    }
  }
}
