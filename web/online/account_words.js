// Ratings and accounts in words (server/PROTOCOL.md "Accounts and ratings"):
// a perf (`<game>-<speed>`, one rating per game and speed class) and its
// name, a rating as shown (rounded, `1500?` while provisional), a rating
// change (`+12`, `−12` with U+2212), and an account route's refusal by its
// code with the server's reason as detail. No DOM: the lobby, the room, the
// profile and the tests share these.

import { ACCOUNT_REFUSALS } from '../app/strings/account.js';
import { gameName } from './lobby_words.js';
import { timeControlClass } from './time_controls.js';

export { diffKind, diffText, perfRatingText, ratingText, seatRating, seekRating } from './rating_text.js';

export const PERF_GAMES = ['xiangqi', 'reversi', 'checkers'];
export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical'];

// The perf a timed game of `game` is rated in, or null (untimed: casual).
export function perfOf(game, clock) {
  if (!clock || !PERF_GAMES.includes(game)) return null;
  return `${game}-${timeControlClass(clock)}`;
}

// {game, speed} of a perf name, or null when it is none.
export function parsePerf(perf) {
  const m = /^([a-z]+)-([a-z]+)$/.exec(String(perf ?? ''));
  if (!m || !PERF_GAMES.includes(m[1]) || !SPEEDS.includes(m[2])) return null;
  return { game: m[1], speed: m[2] };
}

// "Xiangqi Blitz" / "象棋 超快棋"; an unknown perf as it is.
export function perfName(i18n, perf) {
  const parsed = parsePerf(perf);
  if (!parsed) return String(perf ?? '');
  return i18n.t('perfName', { game: gameName(i18n, parsed.game), speed: i18n.t(`time_${parsed.speed}`) });
}

// The words of an account route's refusal {code, reason, retryAfterMs?}:
// {text, detail} with the code's words and the server's own reason beside
// them (it may say more: which rule a name broke).
export function accountRefusal(i18n, ack) {
  const table = ACCOUNT_REFUSALS[i18n.language] ?? ACCOUNT_REFUSALS.en;
  const s = ack?.retryAfterMs > 0 ? Math.ceil(ack.retryAfterMs / 1000) : 60;
  const text = (table[ack?.code] ?? table.server_error).replace('{s}', String(s));
  const reason = typeof ack?.reason === 'string' ? ack.reason.trim() : '';
  return { text, detail: reason && reason !== text ? reason : '' };
}

// The same as one line: "Wrong user name or password (reason)".
export function accountRefusalText(i18n, ack) {
  const { text, detail } = accountRefusal(i18n, ack);
  return detail ? i18n.t('accountRefusedDetail', { text, detail }) : text;
}

// A session's browser and system from its user agent, short: "Chrome on
// Linux", "Safari on iPhone", "Linux 上的 Chrome"; "Unknown browser" when
// it says nothing we know.
const BROWSERS = [
  [/\bEdgA?\/|\bEdg\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(MicroMessenger)\//, 'WeChat'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^node\b|\bnode-fetch\b|\bundici\b/i, 'Node.js'],
];
const SYSTEMS = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceText(i18n, userAgent) {
  const ua = String(userAgent ?? '');
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  if (browser && os) return i18n.t('accountDeviceOn', { browser, os });
  return browser ?? os ?? i18n.t('accountUnknownDevice');
}
