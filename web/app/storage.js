// Persistence in localStorage: settings and each game in progress. Reads are
// defensive (a broken or foreign value falls back to defaults, never throws).

const SETTINGS_KEY = 'qipan.settings.v2';
const gameKey = (game) => `qipan.${game}.game.v1`;

export const GAMES = ['xiangqi', 'reversi', 'checkers'];

const DEFAULT_SEATS = { players: ['human', 'ai'], level: 3 };

export const DEFAULT_SETTINGS = {
  game: 'xiangqi',
  language: 'zh',
  pieceStyle: 'chinese',
  sound: true,
  notation: 'chinese',
  flipped: false,
  xiangqi: { ...DEFAULT_SEATS },
  reversi: { ...DEFAULT_SEATS, hints: false },
  // Chinese checkers: up to six seats (the first `count` play), each human or
  // AI with its own level, and the rule options the new-game screen offers.
  checkers: {
    count: 2,
    players: ['human', 'ai', 'ai', 'ai', 'ai', 'ai'],
    levels: [3, 3, 3, 3, 3, 3],
    level: 3,
    rules: { multiplayerEnd: 'firstWins', winRule: 'filled', goalLock: true, parking: 'allowed', firstPlayer: 'p1', longJumps: false, equalTurns: false },
    gameIndex: 0,
  },
};

function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the game still plays.
  }
}

function validSeats(saved, defaults) {
  const seats = { ...defaults, ...(saved && typeof saved === 'object' ? saved : {}) };
  const players = Array.isArray(seats.players) && seats.players.length === 2 ? seats.players : defaults.players;
  seats.players = players.map((p) => (p === 'ai' ? 'ai' : 'human'));
  seats.level = Math.min(8, Math.max(1, Math.round(Number(seats.level)) || defaults.level));
  return seats;
}

const CHECKERS_RULES = {
  multiplayerEnd: ['firstWins', 'playOn'], winRule: ['filled', 'strict'], parking: ['allowed', 'passThrough'],
  firstPlayer: ['p1', 'random', 'alternate'],
};

function validCheckersSeats(saved, defaults) {
  const s = saved && typeof saved === 'object' ? saved : {};
  const level = (v, d) => Math.min(8, Math.max(1, Math.round(Number(v)) || d));
  const players = defaults.players.map((d, i) => (Array.isArray(s.players) ? (s.players[i] === 'human' ? 'human' : s.players[i] === 'ai' ? 'ai' : d) : d));
  const levels = defaults.levels.map((d, i) => (Array.isArray(s.levels) ? level(s.levels[i], d) : d));
  const rules = { ...defaults.rules };
  const savedRules = s.rules && typeof s.rules === 'object' ? s.rules : {};
  for (const [key, values] of Object.entries(CHECKERS_RULES)) if (values.includes(savedRules[key])) rules[key] = savedRules[key];
  for (const key of ['goalLock', 'longJumps', 'equalTurns']) if (typeof savedRules[key] === 'boolean') rules[key] = savedRules[key];
  return {
    ...defaults,
    count: [2, 3, 4, 6].includes(s.count) ? s.count : defaults.count,
    players,
    levels,
    level: level(s.level, defaults.level),
    rules,
    gameIndex: Number.isInteger(s.gameIndex) && s.gameIndex >= 0 ? s.gameIndex : 0,
  };
}

export function loadSettings() {
  const saved = read(SETTINGS_KEY) || {};
  const settings = { ...DEFAULT_SETTINGS, ...saved };
  if (!GAMES.includes(settings.game)) settings.game = DEFAULT_SETTINGS.game;
  for (const game of GAMES) {
    settings[game] = game === 'checkers' ? validCheckersSeats(saved[game], DEFAULT_SETTINGS[game])
      : validSeats(saved[game], DEFAULT_SETTINGS[game]);
  }
  return settings;
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
}

// A game is stored as its record, so the C++ session replays and re-validates
// it on load.
export function loadGame(game) {
  const saved = read(gameKey(game));
  if (!saved || typeof saved.record !== 'string') return null;
  return saved;
}

export function saveGame(game, data) {
  write(gameKey(game), data);
}
