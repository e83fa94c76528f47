// The Chinese checkers page controller's side of docs/page-contract.md,
// with the real wasm engine: rematch, continueFromHere, analyse, thinkingText,
// playerCards, gameOverText (outcomeFor, places), recordFile / openFile and
// the worded refusals of imports. The DOM-bound parts (canvas, panels,
// worker) are replaced by small stand-ins; the session and searcher are the
// engine's own. The page itself is tested in tests/browser/checkers_page_test.mjs.
//   node --no-experimental-fetch tests/js/checkers_app_test.mjs
import assert from 'node:assert/strict';
import { finish, loadEngine, testAsync } from './harness.mjs';
import { CheckersApp } from '../../web/games/checkers/app.js';
import { I18n } from '../../web/app/i18n.js';
import { GAMES } from '../../web/games/index.js';
import { CHECKERS_SEATS } from '../../web/games/checkers/seats_and_rules.js';

const engine = await loadEngine();
const searcher = new engine.CheckersSearcher();

// Cases run one after another; a case may be async (analyse).
const cases = [];
const test = (name, body) => cases.push({ name, body });

// A controller without a page: the real session, the real words, a worker
// that runs the engine's searcher in place, and a log of what it would show.
function controller({ language = 'en', count = 2, players, levels, outcomeFor } = {}) {
  const app = Object.create(CheckersApp.prototype);
  const seats = structuredClone(CHECKERS_SEATS.defaults);
  seats.count = count;
  if (players)
    players.forEach((p, i) => {
      seats.players[i] = p;
    });
  if (levels)
    levels.forEach((l, i) => {
      seats.levels[i] = l;
    });
  Object.assign(app, {
    id: 'checkers',
    settings: { checkers: seats, language },
    i18n: new I18n(language, GAMES),
    session: new engine.CheckersSession(),
    browsePly: null,
    events: [],
    toasts: [],
    epoch: 0,
    view: { selected: -1, targets: [], chain: null, preview: null, hint: null, animation: null, entry: null },
    speed: { aiPauseMs: 0, animScale: 0 },
    reducedMotion: true,
    ai: { search: async (msg) => searcher[msg.method](msg.request, msg.limits, null), cancel() {} },
  });
  app.emit = (type, detail) => app.events.push({ type, detail });
  app.toast = (text) => app.toasts.push(text);
  for (const name of [
    'persist',
    'cancelAi',
    'afterPositionChange',
    'requestFrame',
    'clearSelection',
    'syncAria',
    'showGameOver',
  ]) {
    app[name] = () => {};
  }
  app.refresh = () => {
    app.current = app.snapshot();
  };
  app.snapshot = () => (app.browsePly === null ? app.session.snapshot() : app.session.snapshotAt(app.browsePly));
  if (outcomeFor) app.outcomeFor = outcomeFor;
  app.session.newGame({ players: count });
  app.refresh();
  return app;
}

function playSome(app, plies) {
  for (let i = 0; i < plies; i++) {
    const m = app.session.snapshot().legal[i % 3];
    assert.deepEqual(app.session.play(m.from, m.to), { ok: true });
  }
  app.refresh();
}

test('continueFromHere drops the moves after the position shown and plays on from it', () => {
  const app = controller();
  playSome(app, 10);
  const at4 = app.session.snapshotAt(4).positionText;
  app.continueFromHere(); // live: nothing to drop
  assert.equal(app.session.snapshot().plies, 10);
  app.browsePly = 4;
  app.continueFromHere();
  const snap = app.session.snapshot();
  assert.equal(snap.plies, 4);
  assert.equal(snap.positionText, at4);
  assert.equal(snap.canRedo, false);
  assert.equal(app.browsePly, null);
  assert.ok(app.events.some((e) => e.type === 'continue'));
  app.session.delete();
});

test('rematch: the same seats, or rotated with swap', () => {
  const app = controller({ count: 3, players: ['human', 'ai', 'ai'], levels: [3, 5, 7] });
  let started = 0;
  app.newGame = () => {
    started++;
  };
  app.rematch({ swap: false });
  assert.deepEqual(app.seats.players.slice(0, 3), ['human', 'ai', 'ai']);
  app.rematch({ swap: true });
  assert.deepEqual(app.seats.players.slice(0, 3), ['ai', 'human', 'ai']);
  assert.deepEqual(app.seats.levels.slice(0, 3), [7, 3, 5]);
  assert.equal(started, 2);
  const two = controller({ players: ['human', 'ai'], levels: [3, 6] });
  two.newGame = () => {};
  two.rematch({ swap: true });
  assert.deepEqual(two.seats.players.slice(0, 2), ['ai', 'human']);
  assert.deepEqual(two.seats.levels.slice(0, 2), [6, 3]);
  app.session.delete();
  two.session.delete();
});

test("analyse gives the engine's move for the position shown, with a score and a line in hole names", async () => {
  const app = controller();
  playSome(app, 6);
  app.browsePly = 2;
  const text = await app.analyse();
  assert.ok(text && typeof text.score === 'string' && text.score.length > 0, JSON.stringify(text));
  assert.match(text.line, /^[a-q]\d{1,2}[-:]/);
  const event = app.events.find((e) => e.type === 'analysis');
  assert.equal(event.detail.ply, 2);
  // The move suggested is legal in the position shown, not the live one.
  const shown = new engine.CheckersSession();
  assert.deepEqual(shown.importRecord(app.session.recordAt(2)), { ok: true });
  assert.equal(shown.snapshot().positionText, app.session.snapshotAt(2).positionText);
  assert.ok(shown.snapshot().legal.some((m) => m.from === event.detail.from && m.to === event.detail.to));
  shown.delete();
  app.session.delete();
});

test("thinkingText words the engine's score and line", () => {
  const en = controller();
  assert.deepEqual(en.thinkingText({ score: 12, winPlies: 0, pv: ['d1-e5', 'n2-m5'] }), {
    score: 'Red +1.2',
    line: 'd1-e5 n2-m5',
  });
  assert.equal(en.thinkingText({ score: -35, winPlies: 0, pv: [] }).score, 'Red -3.5');
  assert.equal(en.thinkingText({ score: 29990, winPlies: 9, pv: [], seat: 1 }).score, 'Blue home in 5 moves');
  const zh = controller({ language: 'zh' });
  assert.equal(zh.thinkingText({ score: 12, winPlies: 0, pv: [] }).score, '红方 +1.2');
  en.session.delete();
  zh.session.delete();
});

test('playerCards: one per seat with colour, role and level, the seat to move, places', () => {
  const app = controller({ count: 3, players: ['human', 'ai', 'ai'], levels: [3, 4, 8] });
  const cards = app.playerCards(app.current);
  assert.equal(cards.length, 3);
  assert.deepEqual(
    cards.map((c) => [c.seat, c.role, c.level, c.toMove]),
    [
      [0, 'human', null, true],
      [1, 'ai', 4, false],
      [2, 'ai', 8, false],
    ],
  );
  assert.deepEqual(
    cards.map((c) => c.name),
    ['Red', 'Blue', 'Yellow'],
  );
  assert.ok(cards.every((c) => /^#|^rgb/.test(c.color)));
  app.session.delete();
});

test("gameOverText: the engine's result from the human's view, places for play-on", () => {
  const seen = [];
  const app = controller({
    count: 3,
    players: ['ai', 'human', 'ai'],
    outcomeFor: (winners) => {
      seen.push(winners);
      return winners.includes(1) ? 'win' : 'loss';
    },
  });
  const places = app.gameOverText({
    over: true,
    kind: 'places',
    reason: 'finished',
    winner: 2,
    places: [3, 2, 1],
    finishOrder: [2, 1],
  });
  assert.equal(places.title, 'You finished 2nd');
  assert.equal(places.outcome, 'loss');
  assert.deepEqual(seen.at(-1), [2]);
  assert.equal(places.places.length, 3);
  assert.match(places.places[0], /^1\. Yellow/);
  const zh = controller({ language: 'zh', count: 3, players: ['ai', 'human', 'ai'] });
  const zhText = zh.gameOverText({
    over: true,
    kind: 'places',
    reason: 'finished',
    winner: 2,
    places: [3, 2, 1],
    finishOrder: [2, 1],
  });
  assert.equal(zhText.title, '你获得第 2 名');
  assert.equal(zhText.outcome, 'loss', "the shell's outcomeFor: second place is not a win");
  const two = controller({ outcomeFor: (winners) => (winners.length ? (winners[0] === 0 ? 'win' : 'loss') : 'draw') });
  assert.equal(
    two.gameOverText({ over: true, kind: 'win', reason: 'finished', winner: 0, places: [1, 2], finishOrder: [0] }).outcome,
    'win',
  );
  const draw = two.gameOverText({ over: true, kind: 'draw', reason: 'turn_cap', winner: null, places: [1, 1], finishOrder: [] });
  assert.equal(draw.outcome, 'draw');
  assert.equal(draw.title, 'Draw');
  // An aborted game (the engine's status): no result, neither a draw nor places.
  const aborted = controller({ language: 'zh', count: 3, players: ['ai', 'human', 'ai'] });
  aborted.session.startGame({ players: 3 });
  assert.equal(aborted.session.restoreEnding('aborted', -1).ok, true);
  const abortedText = aborted.gameOverText(aborted.session.status());
  assert.deepEqual(abortedText, { title: '对局结束', reason: '对局已取消：有一方未走第一步', outcome: null });
  for (const a of [app, zh, two, aborted]) a.session.delete();
});

test('recordFile and openFile: a .txt record with hole names; positions, numeric records and refusals', () => {
  const app = controller();
  playSome(app, 8);
  const file = app.recordFile();
  assert.match(file.name, /^qipan-checkers-\d{8}\.txt$/);
  assert.equal(file.mime, 'text/plain');
  assert.match(file.text, /\n1\. [a-q]\d/);
  const other = controller();
  let imported = 0;
  other.afterImport = () => {
    imported++;
  };
  assert.deepEqual(other.openFile(file.name, `\uFEFF${file.text}`), { ok: true });
  assert.equal(other.session.exportRecord(), file.text);
  const position = app.session.positionText();
  assert.deepEqual(other.openFile('x.txt', `${position}\n`), { ok: true });
  assert.equal(other.session.positionText(), position);
  assert.deepEqual(other.openFile('old.txt', '1. 111-102 6-15'), { ok: true }, 'numeric records still open');
  assert.equal(other.session.snapshot().moves[0].text, 'd1-e5');
  assert.equal(imported, 3);
  const bad = other.openFile('bad.txt', '1. d1-e5 q1-i5');
  assert.equal(bad.ok, false);
  assert.equal(bad.code, 'checkers_record_move');
  assert.equal(other.i18n.refusal(bad), 'move 2 (q1-i5): too far: q1 to i5 is neither a step nor a hop chain');
  assert.equal(other.session.snapshot().moves[0].text, 'd1-e5', 'a refused file changes nothing');
  const zh = controller({ language: 'zh' });
  zh.afterImport = () => {};
  assert.equal(zh.i18n.refusal(zh.importPosition('nonsense')), '局面应有三段，用空格分开（棋盘、走子方、人数），这里有 1 段');
  for (const a of [app, other, zh]) a.session.delete();
});

test("an online room's record names its players; such a file opens offline", () => {
  const app = controller({ players: ['human', 'ai'], levels: [3, 5] });
  playSome(app, 4);
  app.online = { seats: app.settings.checkers, playerName: (seat) => (seat === 0 ? 'Ann  Lee' : null) };
  const file = app.recordFile();
  assert.equal(file.text, `# p1: Ann Lee\n# p2: Qipan AI level 5\n${app.session.exportRecord()}`);
  const other = controller();
  other.afterImport = () => {};
  assert.deepEqual(other.openFile(file.name, `\uFEFF${file.text}`), { ok: true });
  assert.equal(other.session.exportRecord(), app.session.exportRecord(), "the comment lines are not the engine's");
  app.online = null;
  assert.equal(app.recordFile().text, app.session.exportRecord(), 'offline the file is the record alone');
  for (const a of [app, other]) a.session.delete();
});

test("a saved game that cannot be restored is kept for the shell's report", () => {
  const app = controller();
  app.reportBrokenSave = () => {};
  const original = globalThis.localStorage;
  globalThis.localStorage = { getItem: () => JSON.stringify({ record: '1. d1-e5 zz', rules: {} }), setItem() {} };
  try {
    assert.equal(app.restoreGame(), false);
  } finally {
    globalThis.localStorage = original;
  }
  // Kept until the shell is up, which then reports it (start()).
  assert.equal(app.restoreFailure.text, '1. d1-e5 zz');
  assert.equal(app.restoreFailure.refusal.code, 'checkers_record_move');
  app.session.delete();
});

test('reduced motion: no move or entry animation', () => {
  const app = controller();
  app.reducedMotion = true;
  assert.equal(app.animate([111, 102], 1), null);
  assert.equal(app.entry(app.current.seats), null);
  app.reducedMotion = false;
  app.speed.animScale = 1;
  assert.ok(app.animate([111, 102], 1).duration > 0);
  app.session.delete();
});

for (const { name, body } of cases) await testAsync(name, body);
searcher.delete();
finish();
