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
  'that square is taken': '这里已经有棋子了',
  "a disc must flip at least one of the opponent's discs": '落子必须能翻转对方的棋子',
  'the game is over': '对局已结束',
  // Chinese checkers (engine/checkers)
  'no piece on that hole': '那里没有棋子',
  'not your piece': '这不是你的棋子',
  'that hole is occupied': '那个孔已经有棋子了',
  'too far: not a step or a hop chain': '太远了：既不是走一步，也不是连跳',
  'a piece in its target arm must stay there': '进入目标区的棋子不能再离开',
  'a piece that enters its target arm during a chain must stay inside it': '连跳中进入目标区后不能再跳出去',
  "a move may not end in another player's home or target arm": '不能停在其他玩家的阵地里',
  'a chain may not land on the same hole twice': '连跳不能两次落在同一个孔',
  'a chain may not come back to its start': '连跳不能回到起点',
  'steps and hops cannot be mixed': '走一步和跳跃不能混用',
  'a pass is allowed only when no move is possible': '只有无棋可走时才能停一手',
  'the piece must move to another hole': '棋子必须移到别的孔',
  'that hole is not on the board': '棋盘上没有这个孔',
  'no piece selected': '没有选中棋子',
  'no such hole: holes are numbered 0 to 120': '没有这个孔（编号 0 到 120）',
};

// Engine reasons that carry details after a fixed start.
const REASON_PREFIXES_ZH = [
  ['nothing to hop over between', '中间没有可以跳过的棋子'],
  ['too far: a hop goes over one adjacent piece', '跳得太远：只能跳过相邻的一颗棋子'],
  ['a hop goes in a straight line', '跳跃必须沿直线'],
  ['a long jump needs one piece exactly halfway', '远跳需要正中间恰好有一颗棋子'],
];

export class I18n {
  constructor(language) {
    this.language = STRINGS[language] ? language : 'zh';
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
    if (text === undefined || refusal.code === 'unclassified') return this.reason(refusal.reason);
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
