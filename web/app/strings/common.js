// The shell's own words (toolbar, dialogs, move list, thinking line) and the
// refusals every game shares (engine/core/codes.h), in Chinese and English.
// Keys are the same in both languages; {name} marks a parameter.

export const COMMON = {
  zh: {
    newGame: '新局', undo: '悔棋', redo: '重做', flip: '翻转', resign: '认输', hint: '提示',
    settings: '设置', importExport: '导入/导出', human: '玩家', ai: '电脑',
    level: '难度', start: '开始', cancel: '取消', close: '关闭', copy: '复制', paste: '导入',
    language: '语言', sound: '声音', on: '开', off: '关', on2: '开', off2: '关',
    notation: '记谱', moves: '着法', live: '回到当前', browsing: '正在查看第 {n} 步',
    toMove: '{side}走棋', thinking: '电脑思考中…', yourTurn: '轮到你了',
    wins: '{side}胜', draw: '和棋', gameOver: '对局结束',
    record: '棋谱', exportTitle: '导出 / 导入', importDone: '已导入', position: '局面',
    copied: '已复制到剪贴板', hintIs: '提示：{move}', depth: '深度', score: '评分', speed: '速度', time: '用时',
    illegal: '不能这样走：{reason}', emptySquare: '空',
  },
  en: {
    newGame: 'New game', undo: 'Undo', redo: 'Redo', flip: 'Flip', resign: 'Resign', hint: 'Hint',
    settings: 'Settings', importExport: 'Import/Export', human: 'Human', ai: 'Computer',
    level: 'Level', start: 'Start', cancel: 'Cancel', close: 'Close', copy: 'Copy', paste: 'Import',
    language: 'Language', sound: 'Sound', on: 'On', off: 'Off', on2: 'On', off2: 'Off',
    notation: 'Notation', moves: 'Moves', live: 'Back to game', browsing: 'Viewing move {n}',
    toMove: '{side} to move', thinking: 'Computer is thinking…', yourTurn: 'Your move',
    wins: '{side} wins', draw: 'Draw', gameOver: 'Game over',
    record: 'Move list', exportTitle: 'Export / Import', importDone: 'Imported', position: 'Position',
    copied: 'Copied to the clipboard', hintIs: 'Hint: {move}', depth: 'depth', score: 'score', speed: 'speed', time: 'time',
    illegal: 'Illegal move: {reason}', emptySquare: 'empty',
  },
};

// Refusal texts by code (engine/core/codes.h). {cause} is the wrapped
// refusal's own text.
export const COMMON_REFUSALS = {
  zh: {
    game_over: '对局已结束',
    empty_move: '没有输入着法',
    text_too_long: '输入太长（最多 {max} 个字符）',
    bad_argument: '参数 {name} 不对：应为 {expected}',
    no_legal_move: '没有可走的棋',
    unclassified: '{reason}',
  },
  en: {
    game_over: 'the game is over',
    empty_move: 'no move was given',
    text_too_long: 'the text is too long (at most {max} characters)',
    bad_argument: 'bad {name}: expected {expected}',
    no_legal_move: 'there is no legal move',
    unclassified: '{reason}',
  },
};
