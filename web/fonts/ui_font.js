// Loads the embedded "Qipan Sans" subset, the face of the page's Chinese UI
// text, so Chinese never shows as boxes on a machine without Chinese fonts.
// It claims only the characters it has (unicode-range), so Latin text keeps
// the system font. Done once at start, before the page shows any text.
import { UI_FONT_CHARS, UI_FONT_FAMILY, UI_FONT_WOFF2_BASE64 } from './ui_font_data.js';

const UNICODE_RANGE = [...UI_FONT_CHARS].map((ch) => 'U+' + ch.codePointAt(0).toString(16).toUpperCase()).join(', ');

function decodeBase64(text) {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

// Resolves true once the face is in document.fonts; false where FontFace is
// missing or the font fails (the system's fonts are used then).
export async function loadUiFont(fonts = globalThis.document && globalThis.document.fonts) {
  if (!fonts || typeof FontFace !== 'function') return false;
  try {
    const face = new FontFace(UI_FONT_FAMILY, decodeBase64(UI_FONT_WOFF2_BASE64), {
      style: 'normal',
      weight: '400',
      unicodeRange: UNICODE_RANGE,
    });
    await face.load();
    fonts.add(face);
    return true;
  } catch (error) {
    console.warn('the embedded UI font did not load:', error);
    return false;
  }
}
