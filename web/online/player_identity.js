// Who this browser is to the room server: a player key made once per browser
// (128 random bits, base64url) and kept in localStorage, sent as `hello
// {playerKey, name}` on every connection (room_client.js) before anything
// else. The server turns it into a public playerId and the seat tokens of
// the player's rooms, so any tab of this browser takes the player's seat
// back, seeks belong to the player and `games:mine` lists their games
// (server/PROTOCOL.md). The key is a secret like a token: it is sent to the
// server only, never shown or put in a link.

import { storedName } from './room_storage.js';

const KEY_STORAGE = 'qipan.online.player';
const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

// Bytes as base64url without padding (16 bytes: 22 characters).
export function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function isPlayerKey(text) {
  return typeof text === 'string' && KEY_PATTERN.test(text);
}

export function newPlayerKey(random = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  return base64url(random(16));
}

// The browser's key, made and kept the first time. Where storage refuses
// (private mode) the key lasts as long as the page: the player is still one
// player for this visit.
let unsaved = null;
export function playerKey(storage = globalThis.localStorage) {
  let kept;
  try {
    kept = storage.getItem(KEY_STORAGE);
  } catch {
    kept = null;
  }
  if (isPlayerKey(kept)) return kept;
  const key = unsaved ?? newPlayerKey();
  try {
    storage.setItem(KEY_STORAGE, key);
  } catch {
    unsaved = key;
  }
  return key;
}

// The `hello` payload: the key and the name the browser remembers, if any.
export function helloPayload() {
  const name = storedName().trim();
  return { playerKey: playerKey(), ...(name ? { name } : {}) };
}
