// Persistence in localStorage: settings and the game in progress. Reads are
// defensive (a broken or foreign value falls back to defaults, never throws).

const SETTINGS_KEY = 'qipan.settings.v1';
const GAME_KEY = 'qipan.xiangqi.game.v1';

export const DEFAULT_SETTINGS = {
  language: 'zh',
  pieceStyle: 'chinese',
  sound: true,
  level: 3,
  notation: 'chinese',
  players: ['human', 'ai'], // red, black
  flipped: false,
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

export function loadSettings() {
  const saved = read(SETTINGS_KEY) || {};
  const settings = { ...DEFAULT_SETTINGS, ...saved };
  if (!Array.isArray(settings.players) || settings.players.length !== 2) settings.players = DEFAULT_SETTINGS.players;
  settings.level = Math.min(8, Math.max(1, Number(settings.level) || DEFAULT_SETTINGS.level));
  return settings;
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
}

// The game is stored as its record (start FEN + ICCS moves + redo tail), so
// the C++ session replays and re-validates it on load.
export function loadGame() {
  const saved = read(GAME_KEY);
  if (!saved || typeof saved.record !== 'string') return null;
  return saved;
}

export function saveGame(game) {
  write(GAME_KEY, game);
}
