// The help dialog's page for Reversi (web/app/help_dialog.js shows it; the
// line format is web/app/strings/help.js's): how to play, in Chinese and
// English. Every rule stated here is the engine's.

export const HELP = {
  zh: [
    '# 落子与翻转',
    '黑方先下。新子和己方一颗棋子之间（同一横线、直线或斜线上）连着的对方棋子全部翻成己方颜色。每步至少要翻转一颗，可以下的格子有标记。',
    '# 停一手',
    '无处可下时必须停一手，页面会替你停并提示。有处可下时不能停。',
    '# 终局与计数',
    '棋盘下满或双方都无处可下时对局结束，子多者胜，剩下的空格归胜方。',
    '# 难度',
    '1 级随机下，2 到 8 级一级比一级看得深，8 级在最后 22 个空格时下得完全正确。每个电脑方的级别分开设置。“提示”在每个可下的格子上显示分值（按子数）。',
    '# 记谱',
    '列 a 到 h 从左数，行 1 到 8 从上数，如 f5。棋谱可以用 GGF 或 f5d6c3 这样的写法导入导出。',
  ],
  en: [
    '# Placing and flipping',
    'Black moves first. Place a disc so that it closes one or more straight lines (across, down or diagonal) of the other side’s discs against a disc of yours: all of them flip to your colour. A move must flip at least one disc; the squares you can play are marked.',
    '# Passing',
    'With no such square you must pass: the page passes for you and says so. You may not pass otherwise.',
    '# The end and the count',
    'The game ends when the board is full or neither side can move. More discs wins; empty squares left over go to the winner.',
    '# Levels',
    'Level 1 plays a random move; 2 to 8 search deeper and deeper, and level 8 plays the last 22 empty squares perfectly. Each computer side has its own level. Hint shows a value (in discs) on every square you can play.',
    '# Notation',
    'Columns a to h from the left, rows 1 to 8 from the top: f5. Records open and save as GGF or as move lists like f5d6c3.',
  ],
};
