// Reversi's words and its refusal texts (engine/reversi/codes.h).

export const REVERSI = {
  zh: {
    reversiTitle: '棋盘 · 黑白棋', boardString: '局面（64 格 + 走子方）', reversiBoardLabel: '黑白棋棋盘',
    blackDisc: '黑棋', whiteDisc: '白棋', passes: '{side}无处可下，停一手', discs: '{black} : {white}',
    reason_score: '比分 {black} : {white}', hints: '提示值',
  },
  en: {
    reversiTitle: 'Qipan · Reversi', boardString: 'Board (64 squares + side to move)', reversiBoardLabel: 'Reversi board',
    blackDisc: 'Black', whiteDisc: 'White', passes: '{side} has no move and passes', discs: '{black} : {white}',
    reason_score: 'score {black} : {white}', hints: 'Hint values',
  },
};

export const REVERSI_REFUSALS = {
  zh: {},
  en: {},
};
