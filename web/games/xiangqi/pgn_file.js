// Xiangqi's game file: PGN in the player's notation. An imported game keeps
// its tags; a game played here names its players (the seats' roles) and the
// date; an online game also its room's address (Site), its time control and
// the players' public ids. The engine writes the PGN (its moves, result and FEN).

// A PGN date, YYYY.MM.DD.
export function pgnDate(date) {
  const two = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())}`;
}

// app: the xiangqi controller (session, settings, playerLabel).
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
  add('Red', app.playerLabel(0));
  add('Black', app.playerLabel(1));
  if (online) {
    add('TimeControl', online.timeControl);
    if (online.playerIds[0]) add('RedPlayerId', online.playerIds[0]);
    if (online.playerIds[1]) add('BlackPlayerId', online.playerIds[1]);
  }
  return app.session.exportPgn(app.settings.notation, tags);
}
