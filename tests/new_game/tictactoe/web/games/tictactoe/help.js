// The help dialog's page for tic-tac-toe (the test game): how to play, in
// Chinese and English. Every rule stated here is the engine's.

export const HELP = {
  zh: ['# 落子', '黑方先下，双方轮流在空格上落子。', '# 终局', '三子连成一线者胜；棋盘下满则和棋。'],
  en: [
    '# Placing',
    'X moves first; the sides take turns to mark an empty square.',
    '# The end',
    'Three in a row (across, down or diagonal) wins; a full board without one is a draw.',
  ],
};
