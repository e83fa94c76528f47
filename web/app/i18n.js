// UI strings and refusal texts in Chinese and English. The engine names every
// refusal with a code and parameters ({code, params, reason, cause}); the page
// words it from the code (strings/*.js), never from the English sentence.

import { CHECKERS, CHECKERS_REFUSALS } from './strings/checkers.js';
import { COMMON, COMMON_REFUSALS } from './strings/common.js';
import { REVERSI, REVERSI_REFUSALS } from './strings/reversi.js';
import { XIANGQI, XIANGQI_REFUSALS } from './strings/xiangqi.js';

export const LANGUAGES = ['zh', 'en'];

function merge(...tables) {
  const out = {};
  for (const language of LANGUAGES) out[language] = Object.assign({}, ...tables.map((t) => t[language]));
  return out;
}

export const STRINGS = merge(COMMON, XIANGQI, REVERSI, CHECKERS);
export const REFUSALS = merge(COMMON_REFUSALS, XIANGQI_REFUSALS, REVERSI_REFUSALS, CHECKERS_REFUSALS);

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

// Engine reasons (English, from C++) with their Chinese wording.
// Transitional: English reasons of refusals that have no code yet.
const REASONS_ZH = {
  'no piece there': '那里没有棋子',
  'not your turn': '还没轮到这一方',
  'cannot capture your own piece': '不能吃自己的棋子',
  'horse leg blocked': '蹩马腿',
  'elephant eye blocked': '塞象眼',
  'elephants cannot cross the river': '象不能过河',
  'elephants move exactly two steps diagonally': '象走田字',
  'horses move one step straight and one diagonally': '马走日字',
  'advisors must stay in the palace': '士不能出九宫',
  'advisors move one step diagonally': '士走斜线一步',
  'the general must stay in the palace': '将帅不能出九宫',
  'the general moves one step along a line': '将帅每次走一步',
  'rooks move along ranks and files': '车走直线',
  "the rook's path is blocked": '车的路线被挡住了',
  'cannons move along ranks and files': '炮走直线',
  "the cannon's path is blocked (it needs a screen only to capture)": '炮的路线被挡住了（隔子才能吃）',
  'a cannon captures by jumping over exactly one piece': '炮吃子必须隔一个子',
  'soldiers move one step at a time': '兵卒每次走一步',
  'soldiers cannot move backward': '兵卒不能后退',
  'soldiers move sideways only after crossing the river': '兵卒过河后才能横走',
  'would leave your general in check': '走后己方将帅被将军',
  'your general is in check and this move does not answer it': '正被将军，必须应将',
  'the generals would face each other': '将帅不能照面',
  'the game is over': '对局已结束',
};

// Engine reasons that carry details after a fixed start.
const REASON_PREFIXES_ZH = [
];

export class I18n {
  constructor(language) {
    this.language = STRINGS[language] ? language : 'en';
  }

  // Words every element of `root` that names a key: data-i18n (its text),
  // data-i18n-aria (aria-label) and data-i18n-title (title).
  translateTree(root) {
    for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = this.t(el.dataset.i18n);
    for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', this.t(el.dataset.i18nAria));
    for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = this.t(el.dataset.i18nTitle);
  }

  t(key, params = {}) {
    return fill(STRINGS[this.language][key] ?? STRINGS.en[key] ?? key, params);
  }

  // The player's wording of an engine refusal {code, params, reason, cause}:
  // the code's text with its parameters, the wrapped refusal as {cause}.
  refusal(refusal) {
    if (!refusal) return '';
    if (typeof refusal === 'string') return this.reason(refusal);
    const text = REFUSALS[this.language][refusal.code];
    // Transitional: a call not yet converted gives {error} or {reason} alone.
    if (text === undefined || refusal.code === 'unclassified') return this.reason(refusal.reason ?? refusal.error ?? '');
    const params = { ...(refusal.params || {}), reason: refusal.reason };
    params.cause = refusal.cause ? this.refusal(refusal.cause) : '';
    return fill(text, params);
  }

  reason(englishReason) {
    if (this.language === 'zh' && REASONS_ZH[englishReason]) return REASONS_ZH[englishReason];
    if (this.language === 'zh') {
      for (const [prefix, text] of REASON_PREFIXES_ZH) if (String(englishReason).startsWith(prefix)) return text;
    }
    return englishReason;
  }

  side(color) {
    return this.t(color === 0 ? 'red' : 'black');
  }
}
