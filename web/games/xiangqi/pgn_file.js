// Xiangqi's game file: PGN in the player's notation. An imported game keeps
// its tags; a game played here names its players (the seats' roles) and the
// date; an online game also its room's address (Site), its time control and
// the players' public ids. The engine writes the PGN (its moves, result and
// FEN) and reads what is opened (a PGN or record, or a lone FEN line).

// A PGN date, YYYY.MM.DD.
export function pgnDate(date) {
  const two = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())}`;
}

// app: the xiangqi controller (session, settings, seats, online).
export function pgnText(app, date = pgnDate(new Date())) {
  const have = new Set(app.session.tags().map(([name]) => name));
  const tags = {};
  const add = (name, value) => {
    if (!have.has(name)) tags[name] = value;
  };
  const online = app.online?.recordFacts() ?? null;
  add('Event', 'Qipan');
  if (online?.site) add('Site', online.site);
  add('Date', date);
  add('Red', pgnPlayer(app, 0));
  add('Black', pgnPlayer(app, 1));
  if (online) {
    add('TimeControl', online.timeControl);
    if (online.playerIds[0]) add('RedPlayerId', online.playerIds[0]);
    if (online.playerIds[1]) add('BlackPlayerId', online.playerIds[1]);
  }
  return app.session.exportPgn(app.settings.notation, tags);
}

// A seat's player for the PGN: the room's player by name while online.
function pgnPlayer(app, seat) {
  const name = app.online?.playerName(seat);
  if (name) return name;
  return app.isAiSeat(seat) ? app.i18n.t('xq_aiLevel', { n: app.levelOf(seat) }) : app.i18n.t('xq_human');
}

// "Download": the game as PGN in the player's notation, named by today.
export function pgnFile(app) {
  const date = pgnDate(new Date());
  return { name: `qipan-${date.replaceAll('.', '')}.pgn`, mime: 'application/x-chess-pgn', text: pgnText(app, date) };
}

// "Open file": a PGN or record, or a lone FEN line.
export function openGameFile(app, name, text) {
  const lines = String(text)
    .trim()
    .split(/\r?\n/)
    .filter((l) => l.trim());
  const lone = lines.length === 1 && lines[0].split(/\s+/)[0].split('/').length === 10;
  return lone && !/\.pgn$/i.test(name || '') ? app.importPosition(lines[0]) : app.importRecord(text);
}
