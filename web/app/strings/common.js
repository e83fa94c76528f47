// The shell's own words (toolbar, dialogs, move list, thinking line, player
// cards) and the refusals every game shares (engine/core/codes.h), in Chinese
// and English. Keys are the same in both languages; {name} marks a parameter.
// Each text is a whole phrase in its language's word order ('复制局面' /
// 'Copy position'), never built from pieces.

export const COMMON = {
  zh: {
    brand: '棋盘', toolbarLabel: '对局操作', gamePicker: '棋类', gameXiangqi: '象棋', gameReversi: '黑白棋', gameCheckers: '跳棋',
    newGame: '新局', undo: '悔棋', redo: '重做', flip: '翻转棋盘', resign: '认输', offerDraw: '提和', hint: '提示',
    settings: '设置', importExport: '导入/导出', moreActions: '更多操作', human: '玩家', ai: '电脑',
    level: '难度', levelN: '{n} 级', levelFor: '{side}难度', roleFor: '{side}由谁下', start: '开始', cancel: '取消', close: '关闭',
    language: '语言', sound: '声音', volume: '音量', hintStrength: '提示强度', on: '开', off: '关', on2: '开', off2: '关',
    theme: '外观', themeSystem: '跟随系统', themeLight: '浅色', themeDark: '深色', animations: '动画',
    notation: '记谱方式', notationChinese: '中文', notationWxf: 'WXF', notationIccs: 'ICCS',
    moves: '着法', live: '回到当前', browsing: '正在查看第 {n} 步', browsingStart: '正在查看开局',
    navLabel: '浏览着法', navFirst: '到开局', navPrev: '上一步', navNext: '下一步', navLast: '到最新一步',
    analyse: '分析', analysing: '分析中…', analysisNone: '这个局面没有分析结果', continueHere: '从这里继续',
    analysisBusy: '电脑正在思考，稍后再分析', continued: '从第 {n} 步继续',
    toMove: '{side}走棋', thinking: '电脑思考中…', yourTurn: '轮到你了',
    reason_resignation: '认输', reason_agreement: '双方议和', reason_abandonment: '一方离开后未回来，判负',
    reason_timeout: '超时判负', reason_timeout_draw: '超时，但对方已无法取胜，判和', reason_recorded: '棋谱记录的结果',
    wins: '{side}胜', draw: '和棋', gameOver: '对局结束', youWon: '你赢了', youLost: '你输了',
    rematch: '再来一局', swapSides: '交换先后手再来',
    resignTitle: '确定认输吗？', resignText: '这一局将记为你输。',
    playersLabel: '棋手', toMoveBadge: '走棋', capturedLabel: '吃掉的棋子', cardAiLevel: '电脑 {n} 级',
    record: '棋谱', exportTitle: '导出 / 导入', importDone: '已导入', position: '局面',
    copyPosition: '复制局面', copyRecord: '复制棋谱', copyGgf: '复制 GGF 棋谱', importPosition: '导入局面', importRecord: '导入棋谱',
    download: '下载棋谱文件', openFile: '打开棋谱文件', fileOpened: '已打开 {name}', fileUnreadable: '无法读取文件 {name}',
    copied: '已复制到剪贴板', copyFailed: '无法写入剪贴板，请手动选择文本复制', hintIs: '提示：{move}',
    depth: '深度 {n}', seconds: '{s} 秒', score: '评分',
    illegal: '不能这样走：{reason}', emptySquare: '空',
    brokenTitle: '存档无法恢复', brokenReason: '原因：{reason}', unknownRefusal: '无法执行（代码 {code}）',
    brokenKept: '存档的文本保留在「导入/导出」里，可以复制或下载，直到你丢弃它。', brokenText: '无法恢复的存档',
    copyBroken: '复制存档', downloadBroken: '下载存档', discardBroken: '丢弃存档', openImportExport: '打开导入/导出',
    updateReady: '新版本已下载，重新打开页面即可使用', fatal: '棋盘无法启动：{reason}',
  },
  en: {
    brand: 'Qipan', toolbarLabel: 'Game actions', gamePicker: 'Game', gameXiangqi: 'Xiangqi', gameReversi: 'Reversi', gameCheckers: 'Chinese checkers',
    newGame: 'New game', undo: 'Undo', redo: 'Redo', flip: 'Flip board', resign: 'Resign', offerDraw: 'Offer draw', hint: 'Hint',
    settings: 'Settings', importExport: 'Import/Export', moreActions: 'More actions', human: 'Human', ai: 'Computer',
    level: 'Level', levelN: 'Level {n}', levelFor: '{side} level', roleFor: '{side} played by', start: 'Start', cancel: 'Cancel', close: 'Close',
    language: 'Language', sound: 'Sound', volume: 'Volume', hintStrength: 'Hint strength', on: 'On', off: 'Off', on2: 'On', off2: 'Off',
    theme: 'Theme', themeSystem: 'System', themeLight: 'Light', themeDark: 'Dark', animations: 'Animations',
    notation: 'Notation', notationChinese: 'Chinese', notationWxf: 'WXF', notationIccs: 'ICCS',
    moves: 'Moves', live: 'Back to game', browsing: 'Viewing move {n}', browsingStart: 'Viewing the start position',
    navLabel: 'Move navigation', navFirst: 'Go to the start', navPrev: 'Previous move', navNext: 'Next move', navLast: 'Go to the latest move',
    analyse: 'Analyse', analysing: 'Analysing…', analysisNone: 'No analysis for this position', continueHere: 'Continue from here',
    analysisBusy: 'The computer is thinking; analyse afterwards', continued: 'Continuing from move {n}',
    toMove: '{side} to move', thinking: 'Computer is thinking…', yourTurn: 'Your move',
    reason_resignation: 'resignation', reason_agreement: 'draw agreed', reason_abandonment: 'a player left and did not come back',
    reason_timeout: 'lost on time', reason_timeout_draw: 'time ran out, but the other side could not win: a draw', reason_recorded: 'the result as recorded',
    wins: '{side} wins', draw: 'Draw', gameOver: 'Game over', youWon: 'You won', youLost: 'You lost',
    rematch: 'Rematch', swapSides: 'Swap sides',
    resignTitle: 'Resign this game?', resignText: 'The game will count as a loss for you.',
    playersLabel: 'Players', toMoveBadge: 'to move', capturedLabel: 'Captured pieces', cardAiLevel: 'Computer, level {n}',
    record: 'Move list', exportTitle: 'Export / Import', importDone: 'Imported', position: 'Position',
    copyPosition: 'Copy position', copyRecord: 'Copy move list', copyGgf: 'Copy GGF', importPosition: 'Import position', importRecord: 'Import move list',
    download: 'Download file', openFile: 'Open file', fileOpened: 'Opened {name}', fileUnreadable: 'Could not read {name}',
    copied: 'Copied to the clipboard', copyFailed: 'The clipboard refused: select the text and copy it by hand', hintIs: 'Hint: {move}',
    depth: 'depth {n}', seconds: '{s} s', score: 'score',
    illegal: 'Illegal move: {reason}', emptySquare: 'empty',
    brokenTitle: 'The saved game could not be restored', brokenReason: 'Reason: {reason}', unknownRefusal: 'refused (code {code})',
    brokenKept: 'Its text is kept in Import/Export, where you can copy or download it until you discard it.', brokenText: 'Saved game that could not be restored',
    copyBroken: 'Copy saved game', downloadBroken: 'Download saved game', discardBroken: 'Discard saved game', openImportExport: 'Open Import/Export',
    updateReady: 'A new version has been downloaded: reopen the page to use it', fatal: 'Qipan could not start: {reason}',
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
    pass_not_allowed: '还有棋可走，不能停一手',
  },
  en: {
    game_over: 'the game is over',
    empty_move: 'no move was given',
    text_too_long: 'the text is too long (at most {max} characters)',
    bad_argument: 'bad {name}: expected {expected}',
    no_legal_move: 'there is no legal move',
    pass_not_allowed: 'a pass is allowed only when no move is possible',
  },
};

// Refusals the page makes itself (not the engine's codes, which
// tests/js/refusal_codes_test.mjs keeps in step with the engines): worded by
// i18n.refusal() the same way.
export const PAGE_REFUSALS = {
  zh: {
    saved_game_unreadable: '存档的文本无法读取，不是本页保存的格式',
  },
  en: {
    saved_game_unreadable: 'the saved game\'s text cannot be read: it is not in the form this page saves',
  },
};
