// The game side of docs/page-contract.md played by a test double: the real
// xiangqi controller with its hooks replaced by ones that answer with plain,
// recognisable data (digits and signs, so it reads the same in both
// languages) and log each call as a 'hook' event. The shell tests
// (tests/browser/shell_*_test.mjs) run the shell against it, so the shell's
// side of each hook is tested apart from any game's; the games' own hooks
// have their own tests (tests/browser/<game>_page_test.mjs).
import { XiangqiApp } from '../../web/games/xiangqi/app.js';

export class ContractXiangqiApp extends XiangqiApp {
  hook(name, detail = {}) {
    this.emit('hook', { name, ...detail });
  }

  newGame({ players, levels }) {
    this.hook('newGame', { players, levels });
    super.newGame({ players, levels });
  }

  canResign() {
    const snap = this.session.snapshot();
    return !snap.status.over && this.hasHumanSeat();
  }

  resign() {
    this.hook('resign');
    super.resign();
  }

  canOfferDraw() {
    return this.canResign();
  }

  offerDraw() {
    this.hook('offerDraw');
  }

  async analyse() {
    const ply = this.current.ply;
    this.hook('analyse', { ply });
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { score: `+${ply}.5`, line: `#${ply} …` };
  }

  continueFromHere() {
    const ply = this.current.ply;
    this.hook('continueFromHere', { ply });
    while (this.session.snapshot().ply > ply && this.session.undo());
    this.browsePly = null;
    this.refresh();
    this.persist();
  }

  thinkingText(info) {
    return { score: `≈${info.scoreText}`, line: `${info.depth} …` };
  }

  // Top of the board first: black unless the board is flipped.
  playerCards(snap) {
    const card = (seat) => ({
      seat,
      name: this.i18n.side(seat),
      role: this.seats.players[seat],
      level: this.seats.levels[seat],
      toMove: snap.live && !snap.status.over && snap.side === seat,
      detail: `#${seat}`,
      pieces:
        seat === 0
          ? [{ text: '車', color: '#1f1a17', name: `${this.i18n.side(1)} ${this.i18n.language === 'zh' ? '车' : 'chariot'}` }]
          : [],
    });
    return this.settings.flipped ? [card(0), card(1)] : [card(1), card(0)];
  }

  gameOverText(status) {
    const neutral = super.gameOverText(status);
    return { ...neutral, outcome: this.outcomeFor(status.winner !== null ? [status.winner] : []) };
  }

  recordFile() {
    return { name: 'contract-game.txt', mime: 'text/plain', text: this.session.exportRecord('iccs') };
  }

  openFile(name, text) {
    this.hook('openFile', { name });
    return this.importRecord(text);
  }
}
