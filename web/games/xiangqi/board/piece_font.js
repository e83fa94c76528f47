// Loads the embedded "Qipan Kai" subset (pieces, river, numerals) so the board looks
// the same everywhere without any network. Canvas text drawn before the font is ready
// falls back to system fonts; caches key on fontEpoch() so they redraw once it loads.
import { PIECE_FONT_FAMILY, PIECE_FONT_WOFF2_BASE64 } from './piece_font_data.js';

// The embedded face first, then common Kai/Song faces as fallbacks.
export const CJK_FONT_STACK =
  '"' +
  PIECE_FONT_FAMILY +
  '", "LXGW WenKai", KaiTi, STKaiti, "AR PL UKai CN", ' +
  '"Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", SimSun, serif';
export const LATIN_FONT_STACK = 'Georgia, "DejaVu Serif", "Times New Roman", serif';

const state = { epoch: 0, promise: null, settled: false };

function decodeBase64(text) {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

// Bumped when the embedded font becomes usable.
export function fontEpoch() {
  return state.epoch;
}

// Register the embedded font with `fonts` (document.fonts, or self.fonts in a worker).
// Resolves to true once it can be drawn; false where FontFace is missing or it fails.
// Safe to call many times; the work happens once.
export function loadPieceFont(fonts = globalThis.document && globalThis.document.fonts) {
  if (state.promise) return state.promise;
  if (!fonts || typeof FontFace !== 'function') {
    state.settled = true;
    state.promise = Promise.resolve(false);
    return state.promise;
  }
  const face = new FontFace(PIECE_FONT_FAMILY, decodeBase64(PIECE_FONT_WOFF2_BASE64), { weight: 'bold', style: 'normal' });
  state.promise = face.load().then(
    () => {
      fonts.add(face);
      state.epoch++;
      state.settled = true;
      return true;
    },
    () => {
      state.settled = true;
      return false;
    },
  );
  return state.promise;
}

// True between loadPieceFont() and its settling: a caller may want one more frame.
export function isPieceFontPending() {
  return state.promise !== null && !state.settled;
}
