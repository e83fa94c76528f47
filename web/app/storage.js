// Persistence in localStorage: settings, each game in progress, and a saved
// game that could not be restored (kept for export until the player discards
// it). Reads are defensive: a broken or foreign setting falls back to its
// default, never throws; a broken saved game is handed back as its text.

import { clampLevel, isObject } from './seat_settings.js';

export { clampLevel, LEVEL_MAX, LEVEL_MIN } from './seat_settings.js';

const SETTINGS_KEY = 'qipan.settings.v3';
const OLD_SETTINGS_KEY = 'qipan.settings.v2';
const gameKey = (game) => `qipan.${game}.game.v1`;
const brokenKey = (game) => `qipan.${game}.broken.v1`;

export const DEFAULT_SETTINGS = {
  game: '', // the game shown, one of the page's games (the first when none)
  // language and notation follow the browser until the player picks one
  // (languagePicked / notationPicked); see resolveDefaults().
  language: 'zh',
  languagePicked: false,
  notation: 'chinese',
  notationPicked: false,
  pieceStyle: 'chinese',
  theme: 'system', // 'system' | 'light' | 'dark'
  animations: true, // false: no animations even when the system allows them
  sound: true,
  volume: 0.8, // 0..1
  // How strong the hints are, 1..8: each engine turns it into its own hint
  // search (ai_levels.h), strong enough to be worth following.
  hintStrength: 6,
  flipped: false,
  // Each game's seats follow under its id (its definition's `seats`).
};

const CHOICES = {
  language: ['zh', 'en'],
  notation: ['chinese', 'wxf', 'iccs'],
  pieceStyle: ['chinese', 'western'],
  theme: ['system', 'light', 'dark'],
};

// The text stored under `key`, or null (nothing stored, storage disabled).
function readText(key) {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function parse(text) {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return undefined; // not JSON
  }
}

function read(key) {
  return parse(readText(key)) ?? null;
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the game still plays.
  }
}

function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

// The language a browser asks for: Chinese for any zh* locale, else English.
export function browserLanguage(nav = globalThis.navigator) {
  const wanted = nav && (nav.languages && nav.languages[0] ? nav.languages[0] : nav.language);
  return /^zh\b/i.test(String(wanted || '')) ? 'zh' : 'en';
}

// The notation a language reads best until the player picks one.
export function defaultNotation(language) {
  return language === 'zh' ? 'chinese' : 'wxf';
}

// Settings of the previous format (v2) always stored a language and a
// notation, picked or not; only a value other than the old default can have
// been picked.
function fromV2(old) {
  const out = { ...old };
  out.languagePicked = old.language === 'en';
  out.notationPicked = CHOICES.notation.includes(old.notation) && old.notation !== 'chinese';
  return out;
}

// games: the page's game definitions (web/games/index.js), whose seats the
// settings keep under each game's id.
export function loadSettings(games, nav = globalThis.navigator) {
  let saved = read(SETTINGS_KEY);
  if (!isObject(saved)) {
    const old = read(OLD_SETTINGS_KEY);
    saved = isObject(old) ? fromV2(old) : {};
  }
  const settings = { ...DEFAULT_SETTINGS };
  settings.game = games.some((g) => g.id === saved.game) ? saved.game : (games[0]?.id ?? '');
  for (const [key, values] of Object.entries(CHOICES)) if (values.includes(saved[key])) settings[key] = saved[key];
  for (const key of ['languagePicked', 'notationPicked', 'animations', 'sound', 'flipped']) {
    if (typeof saved[key] === 'boolean') settings[key] = saved[key];
  }
  settings.hintStrength = clampLevel(saved.hintStrength, DEFAULT_SETTINGS.hintStrength);
  const volume = Number(saved.volume);
  if (saved.volume !== undefined && Number.isFinite(volume)) settings.volume = Math.min(1, Math.max(0, volume));
  if (!settings.languagePicked) settings.language = browserLanguage(nav);
  if (!settings.notationPicked) settings.notation = defaultNotation(settings.language);
  for (const game of games) settings[game.id] = game.seats.read(saved[game.id]);
  return settings;
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
}

// A game is stored as its record, so the C++ session replays and re-validates
// it on load: the saved object, null when nothing is saved, or
// {unreadable: true, text} when what is stored is no saved game (not JSON,
// no record), so the player hears of it and keeps the text (reportBrokenSave).
export function loadGame(game) {
  const text = readText(gameKey(game));
  if (text === null) return null;
  const saved = parse(text);
  if (!isObject(saved) || typeof saved.record !== 'string') return { unreadable: true, text };
  return saved;
}

export function saveGame(game, data) {
  write(gameKey(game), data);
}

// A saved game the engine refused to restore: {text, refusal, noticed}.
export function loadBrokenSave(game) {
  const saved = read(brokenKey(game));
  if (!isObject(saved) || typeof saved.text !== 'string') return null;
  return { text: saved.text, refusal: isObject(saved.refusal) ? saved.refusal : null, noticed: saved.noticed === true };
}

export function saveBrokenSave(game, broken) {
  write(brokenKey(game), broken);
}

export function discardBrokenSave(game) {
  remove(brokenKey(game));
}
