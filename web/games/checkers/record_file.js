// Chinese checkers' game file: the engine's record, and before it, for a
// game whose players have names (an online room), one comment line per seat
// naming who played it (`# p2: Ann`, the record's own seat names). The
// engine's record has no place for names, so reading a file drops the
// comment lines (and a byte-order mark) before the engine reads the rest.

import { fileDay } from '../../app/files.js';

// record: the engine's exportRecord(); names: a name or null per seat.
export function recordFileText(record, names) {
  const lines = names.map((name, seat) => (name ? `# p${seat + 1}: ${name.replace(/\s+/g, ' ')}\n` : '')).join('');
  return lines + record;
}

// The record in a file's text, for the engine.
export function recordOfFileText(text) {
  return String(text)
    .replace(/^\uFEFF/, '')
    .replace(/^(?:[ \t]*#[^\n]*(?:\n|$))+/, '');
}

// "Download": the record as a .txt file (the position line, rules, moves),
// an online room's with its players' names. app: the checkers controller.
export function checkersRecordFile(app) {
  const record = app.session.exportRecord();
  const names = app.online
    ? Array.from({ length: app.seatCount() }, (_, seat) => app.online.playerName(seat) ?? aiPlayerName(app, seat))
    : [];
  const text = names.some(Boolean) ? recordFileText(record, names) : record;
  return { name: `qipan-checkers-${fileDay(new Date())}.txt`, mime: 'text/plain', text };
}

function aiPlayerName(app, seat) {
  return app.isAiSeat(seat) ? `Qipan AI level ${app.levelOf(seat)}` : null;
}

// "Open file": a record, or a lone position line (a record without moves:
// the engine reads both); the players' comment lines are not the engine's.
export function openCheckersFile(app, text) {
  return app.importRecord(recordOfFileText(text));
}
