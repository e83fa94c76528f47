// Reversi's game file: GGF with the players (the seats), the date and the
// result, written by the engine. What is opened is a .ggf record or a .txt
// transcript (with an optional board line): the engine tells them apart by
// their content.

import { fileDay } from '../../app/files.js';

// "Download". app: the Reversi controller (session, seats, online).
export function ggfFile(app) {
  const now = new Date();
  const two = (n) => String(n).padStart(2, '0');
  const date =
    `${now.getUTCFullYear()}.${two(now.getUTCMonth() + 1)}.${two(now.getUTCDate())}_` +
    `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}.UTC`;
  const text = app.session.exportGgf({ black: ggfPlayer(app, 0), white: ggfPlayer(app, 1), date });
  return { name: `qipan-reversi-${fileDay(now)}.ggf`, mime: 'application/x-ggf', text };
}

// GGF player names are plain ASCII by custom; an online room's players
// are named as they named themselves.
function ggfPlayer(app, seat) {
  const name = app.online?.playerName(seat);
  if (name) return name;
  return app.isAiSeat(seat) ? `Qipan AI level ${app.levelOf(seat)}` : 'Human';
}

// "Open file".
export function openGgfFile(app, text) {
  return app.importRecord(String(text));
}
