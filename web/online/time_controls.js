// The time controls the create-room dialog offers (server/PROTOCOL.md
// "Clocks": Fischer, minutes + seconds added per move) and their usual
// names. A room's clock is the server's; the page only names it.

const MINUTE = 60_000;
const SECOND = 1000;

// The dialog's choices, in its order; `untimed` is the default (a friendly
// game between two people who just opened a link should not end on time
// unless they ask for it).
export const TIME_CONTROLS = [
  { id: 'untimed', clock: null },
  { id: '1+0', clock: { initialMs: 1 * MINUTE, incrementMs: 0 } },
  { id: '3+2', clock: { initialMs: 3 * MINUTE, incrementMs: 2 * SECOND } },
  { id: '5+3', clock: { initialMs: 5 * MINUTE, incrementMs: 3 * SECOND } },
  { id: '10+5', clock: { initialMs: 10 * MINUTE, incrementMs: 5 * SECOND } },
  { id: '15+10', clock: { initialMs: 15 * MINUTE, incrementMs: 10 * SECOND } },
  { id: '30+20', clock: { initialMs: 30 * MINUTE, incrementMs: 20 * SECOND } },
];

export const DEFAULT_TIME_CONTROL = 'untimed';

// The time control of a dialog choice: {initialMs, incrementMs}, or null
// (untimed, or a choice this page does not offer).
export function timeControlClock(id) {
  return TIME_CONTROLS.find((c) => c.id === id)?.clock ?? null;
}

// The usual class of a time control, by the time a 40-move game takes a
// player (initial + 40 increments, as lichess counts): under 3 minutes
// bullet, under 8 blitz, under 25 rapid, else classical.
export function timeControlClass({ initialMs, incrementMs }) {
  const total = initialMs + 40 * incrementMs;
  if (total < 3 * MINUTE) return 'bullet';
  if (total < 8 * MINUTE) return 'blitz';
  if (total < 25 * MINUTE) return 'rapid';
  return 'classical';
}

// "10+5": minutes + seconds; a start that is no whole minute (a bot's
// control) as minutes:seconds, "0:25+0".
export function timeControlFigures({ initialMs, incrementMs }) {
  const seconds = Math.round(initialMs / SECOND);
  const shown =
    seconds % 60 === 0 ? String(seconds / 60) : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return `${shown}+${Math.round(incrementMs / SECOND)}`;
}

// "Rapid 10+5" / "快棋 10+5", or "Untimed" for null.
export function timeControlLabel(i18n, clock) {
  if (!clock) return i18n.t('timeUntimed');
  return i18n.t('timeControlNamed', {
    kind: i18n.t(`time_${timeControlClass(clock)}`),
    figures: timeControlFigures(clock),
  });
}
