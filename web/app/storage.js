// Persistence in localStorage: settings and each game in progress. Reads are
// defensive (a broken or foreign value falls back to defaults, never throws).

const SETTINGS_KEY = 'qipan.settings.v2';
const gameKey = (game) => `qipan.${game}.game.v1`;

export const GAMES = ['xiangqi', 'reversi'];

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

export function loadSettings() {
  const saved = read(SETTINGS_KEY) || {};
  const settings = { ...DEFAULT_SETTINGS, ...saved };
  if (!GAMES.includes(settings.game)) settings.game = DEFAULT_SETTINGS.game;
  for (const game of GAMES) settings[game] = validSeats(saved[game], DEFAULT_SETTINGS[game]);
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
