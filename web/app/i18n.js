// UI strings and refusal texts in Chinese and English. The engine names every
// refusal with a code and parameters ({code, params, reason, cause}); the page
// words it from the code (strings/*.js), never from the English sentence.

import { ACCOUNT } from './strings/account.js';
import { COMMON, COMMON_REFUSALS, PAGE_REFUSALS } from './strings/common.js';
import { LOBBY } from './strings/lobby.js';
import { ONLINE, ONLINE_REFUSALS } from './strings/online.js';

export const LANGUAGES = ['zh', 'en'];

function merge(...tables) {
  const out = {};
  for (const language of LANGUAGES) out[language] = Object.assign({}, ...tables.map((t) => t[language]));
  return out;
}

const OWN_REFUSALS = merge(PAGE_REFUSALS);

// The words of a page with these games (their definitions' strings and
// refusals beside the shell's): {strings, refusals}, each by language.
const tablesOf = new WeakMap();
export function wordTables(games) {
  if (!tablesOf.has(games)) {
    tablesOf.set(games, {
      strings: merge(COMMON, ...games.map((g) => g.strings), ONLINE, LOBBY, ACCOUNT),
      refusals: merge(COMMON_REFUSALS, ...games.map((g) => g.refusals)),
    });
  }
  return tablesOf.get(games);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

export class I18n {
  // games: the page's game definitions (web/games/index.js), whose words
  // (and seats' names, the lobby's) this speaks too.
  constructor(language, games = []) {
    this.games = games;
    const { strings, refusals } = wordTables(games);
    this.strings = strings;
    this.refusals = refusals;
    this.language = strings[language] ? language : 'en';
  }

  // Words every element of `root` that names a key: data-i18n (its text),
  // data-i18n-aria (aria-label) and data-i18n-title (title).
  translateTree(root) {
    for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = this.t(el.dataset.i18n);
    for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', this.t(el.dataset.i18nAria));
    for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = this.t(el.dataset.i18nTitle);
  }

  t(key, params = {}) {
    return fill(this.strings[this.language][key] ?? this.strings.en[key] ?? key, params);
  }

  // The player's wording of an engine refusal {code, params, reason, cause}:
  // the code's text with its parameters, the wrapped refusal as {cause}.
  // A code this page does not know (a newer server) is named as it is.
  refusal(refusal) {
    if (!refusal) return '';
    const text = this.refusals[this.language][refusal.code] ?? OWN_REFUSALS[this.language][refusal.code];
    if (text === undefined)
      return fill(this.strings[this.language].unknownRefusal ?? this.strings.en.unknownRefusal, { code: String(refusal.code) });
    const params = { ...(refusal.params || {}), reason: refusal.reason };
    params.cause = refusal.cause ? this.refusal(refusal.cause) : '';
    return fill(text, params);
  }

  // The player's wording of a room server refusal {code, reason, detail?,
  // retryAfterMs?, retryAt?} (server/PROTOCOL.md): `illegal` is the engine's
  // own refusal (detail), the others the room's codes; never the English reason.
  roomRefusal(ack, serverNow = Date.now()) {
    if (!ack) return '';
    if (ack.code === 'illegal' && ack.detail) return this.refusal(ack.detail);
    const table = ONLINE_REFUSALS[this.language];
    const waitMs = ack.retryAfterMs ?? (ack.retryAt ? ack.retryAt - serverNow : null);
    const s = waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
    if (ack.code === 'not_allowed' && s) return fill(table.not_allowed_wait, { s });
    return fill(table[ack.code] ?? table.server_error, { s: s ?? 1 });
  }

  side(color) {
    return this.t(color === 0 ? 'red' : 'black');
  }
}
