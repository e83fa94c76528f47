// Chinese checkers' game file: the engine's record, and before it, for a
// game whose players have names (an online room), one comment line per seat
// naming who played it (`# p2: Ann`, the record's own seat names). The
// engine's record has no place for names, so reading a file drops the
// comment lines (and a byte-order mark) before the engine reads the rest.

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
