// Which rating a game counts for (../shared/ONLINE.md, "Protocol v3"): a
// perf is `<game>-<speed>`, one Glicko-2 rating per player and perf. The
// speed follows from the time control as lichess estimates a game's length:
// initial + 40 x increment, in seconds, under 180 bullet, under 480 blitz,
// under 1,500 rapid, else classical.

export const GAMES = Object.freeze(['xiangqi', 'reversi', 'checkers']); // the engine's names (bindings/games.cpp)
export const SPEEDS = Object.freeze(['bullet', 'blitz', 'rapid', 'classical']);
export const PERFS = Object.freeze(GAMES.flatMap((game) => SPEEDS.map((speed) => `${game}-${speed}`)));

// The estimated length below which a game has that speed (seconds).
const SPEED_LIMITS_S = [
  ['bullet', 180],
  ['blitz', 480],
  ['rapid', 1500],
];
const MOVES_COUNTED = 40;
const PERF_SET = new Set(PERFS);

export const isPerf = (text) => PERF_SET.has(text);

// The speed of a time control as the server keeps it (rooms/room_clock.js:
// {initialMs, incrementMs}, a room's `timeControl`, a seek's `clock`), or
// null for an untimed game (null or undefined).
export function speedOf(clock) {
  if (clock === null || clock === undefined) return null;
  const { initialMs, incrementMs } = clock;
  if (!Number.isFinite(initialMs) || !Number.isFinite(incrementMs)) throw new TypeError('a clock is {initialMs, incrementMs}');
  const estimatedMs = initialMs + MOVES_COUNTED * incrementMs;
  return SPEED_LIMITS_S.find(([, seconds]) => estimatedMs < seconds * 1000)?.[0] ?? 'classical';
}

// The perf a game is rated in, or null for a game that is casual whatever
// the players ask: a game we have no ratings for, not exactly two seats, an
// untimed one, one from a set-up position, one with an AI seat. Whether it
// is rated (a rated seek, both players signed in, both moved) is the
// caller's to decide.
// - game: the engine's game name (room.gameName, a seek's game);
// - clock: {initialMs, incrementMs} or null (room.timeControl, seek.clock);
// - seats: the seat count (room.seatCount; a seek's room has two);
// - options: the room's options as created (room.options, seek.options):
//   `ai` lists each seat's AI level or null, `position` a set-up start
//   (rooms refuse one today: games/room_game.js);
// - fromPosition: true for a game from a set-up position however it says so.
// The seats are judged as created, from options.ai, never from the seats at
// the end: an AI that took over an abandoned seat does not make the game
// casual, or leaving would save a player their loss.
export function perfOf({ game, clock = null, seats, options = {}, fromPosition = false }) {
  if (!GAMES.includes(game) || seats !== 2) return null;
  if (fromPosition || (options?.position ?? null) !== null) return null;
  if ((options?.ai ?? []).some((level) => level)) return null;
  const speed = speedOf(clock);
  return speed && `${game}-${speed}`;
}
