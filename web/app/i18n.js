// UI strings in Chinese and English. Engine reasons arrive in English and are
// translated here when a Chinese text is known.

const STRINGS = {
  zh: {
    title: '棋盘 · 象棋',
    newGame: '新局', undo: '悔棋', redo: '重做', flip: '翻转', resign: '认输', hint: '提示',
    settings: '设置', importExport: '导入/导出', red: '红方', black: '黑方', human: '玩家', ai: '电脑',
    level: '难度', start: '开始', cancel: '取消', close: '关闭', copy: '复制', paste: '导入',
    language: '语言', pieceStyle: '棋子', chinese: '汉字', western: '符号', sound: '声音', on: '开', off: '关',
    notation: '记谱', moves: '着法', live: '回到当前', browsing: '正在查看第 {n} 步',
    toMove: '{side}走棋', thinking: '电脑思考中…', check: '将军！', yourTurn: '轮到你了',
    wins: '{side}胜', draw: '和棋', gameOver: '对局结束',
    reason_checkmate: '将死', reason_stalemate: '困毙（无子可动）', reason_perpetual_check: '长将判负',
    reason_repetition: '重复局面判和', reason_move_limit: '六十回合无吃子判和',
    reason_insufficient_material: '双方均无进攻子力', reason_resignation: '认输',
    fen: '局面 (FEN)', record: '棋谱', exportTitle: '导出 / 导入', importDone: '已导入',
    copied: '已复制到剪贴板', hintIs: '提示：{move}', depth: '深度', score: '评分', speed: '速度', time: '用时',
    illegal: '不能这样走：{reason}', boardLabel: '象棋棋盘', emptySquare: '空',
    position: '局面', boardString: '局面（64 格 + 走子方）', reversiBoardLabel: '黑白棋棋盘',
    blackDisc: '黑棋', whiteDisc: '白棋', passes: '{side}无处可下，停一手', discs: '{black} : {white}',
    reason_score: '比分 {black} : {white}', hints: '提示值', reversiTitle: '棋盘 · 黑白棋',
    checkersTitle: '棋盘 · 跳棋', checkersBoardLabel: '跳棋棋盘', seatColor_1: '红', seatColor_2: '蓝',
    seatColor_3: '黄', seatColor_4: '绿', seatColor_5: '紫', seatColor_6: '白', seatName: '{color}方',
    players: '人数', playersN: '{n} 人', endTurn: '结束回合', multiplayerEnd: '多人对局', firstWins: '先到者胜，对局结束',
    playOn: '继续下完，排出名次', moreRules: '更多规则', winRule: '到达条件', winFilled: '目标区填满（至少一颗己方）',
    winStrict: '十颗己方棋子全部到达', goalLock: '进入目标区后不能离开', parking: '停在他人阵地', parkAllowed: '允许',
    parkPass: '只能路过', firstPlayer: '先手', firstP1: '红方（下方）', firstRandom: '随机', firstAlternate: '轮流',
    longJumps: '远跳（超级跳棋）', equalTurns: '双人平等回合', you: '你', aiLevel: '电脑 {n}级', place: '第 {n} 名',
    placesTitle: '名次', reason_finished: '全部到达对面', reason_turn_cap: '回合数已到上限，判和',
    reason_equal_turns: '平等回合：对方也能在下一步到达，判和', checkersPosition: '局面（121 孔 + 走子方 + 人数）',
    hopOrEnd: '请跳到标出的孔，或按「结束回合」', chainGoing: '连跳中：继续跳，或按「结束回合」',
    ccPasses: '{side}无棋可走，停一手', seatHome: '{side}已全部到达：第 {n} 名', pieceOf: '{side}棋子', hole: '孔',
    passMove: '停一手', placesLine: '第 {n} 名：{side}', drawShared: '和棋（未到达者并列）', on2: '开', off2: '关',
  },
  en: {
    title: 'Qipan · Xiangqi',
    newGame: 'New game', undo: 'Undo', redo: 'Redo', flip: 'Flip', resign: 'Resign', hint: 'Hint',
    settings: 'Settings', importExport: 'Import/Export', red: 'Red', black: 'Black', human: 'Human', ai: 'Computer',
    level: 'Level', start: 'Start', cancel: 'Cancel', close: 'Close', copy: 'Copy', paste: 'Import',
    language: 'Language', pieceStyle: 'Pieces', chinese: 'Chinese', western: 'Symbols', sound: 'Sound', on: 'On', off: 'Off',
    notation: 'Notation', moves: 'Moves', live: 'Back to game', browsing: 'Viewing move {n}',
    toMove: '{side} to move', thinking: 'Computer is thinking…', check: 'Check!', yourTurn: 'Your move',
    wins: '{side} wins', draw: 'Draw', gameOver: 'Game over',
    reason_checkmate: 'checkmate', reason_stalemate: 'stalemate (no legal move)', reason_perpetual_check: 'perpetual check loses',
    reason_repetition: 'draw by repetition', reason_move_limit: 'draw: 60 moves without a capture',
    reason_insufficient_material: 'neither side can attack', reason_resignation: 'resignation',
    fen: 'Position (FEN)', record: 'Move list', exportTitle: 'Export / Import', importDone: 'Imported',
    copied: 'Copied to the clipboard', hintIs: 'Hint: {move}', depth: 'depth', score: 'score', speed: 'speed', time: 'time',
    illegal: 'Illegal move: {reason}', boardLabel: 'Xiangqi board', emptySquare: 'empty',
    position: 'Position', boardString: 'Board (64 squares + side to move)', reversiBoardLabel: 'Reversi board',
    blackDisc: 'Black', whiteDisc: 'White', passes: '{side} has no move and passes', discs: '{black} : {white}',
    reason_score: 'score {black} : {white}', hints: 'Hint values', reversiTitle: 'Qipan · Reversi',
    checkersTitle: 'Qipan · Chinese checkers', checkersBoardLabel: 'Chinese checkers board', seatColor_1: 'Red',
    seatColor_2: 'Blue', seatColor_3: 'Yellow', seatColor_4: 'Green', seatColor_5: 'Purple', seatColor_6: 'White',
    seatName: '{color}', players: 'Players', playersN: '{n} players', endTurn: 'End turn', multiplayerEnd: 'With 3+ players',
    firstWins: 'First to finish wins', playOn: 'Play on for places', moreRules: 'More rules', winRule: 'Finishing',
    winFilled: 'Target full, one of them yours', winStrict: 'All ten of yours in the target', goalLock: 'Goal lock (no leaving the target)',
    parking: "Stopping in others' arms", parkAllowed: 'Allowed', parkPass: 'Pass through only', firstPlayer: 'First player',
    firstP1: 'Red (bottom)', firstRandom: 'Random', firstAlternate: 'Alternate', longJumps: 'Long jumps (Super)',
    equalTurns: 'Equal turns (2 players)', you: 'You', aiLevel: 'AI {n}', place: 'Place {n}', placesTitle: 'Places',
    reason_finished: 'all pieces across', reason_turn_cap: 'draw: the turn limit was reached',
    reason_equal_turns: 'draw: the other side could finish on its reply', checkersPosition: 'Position (121 holes, side, players)',
    hopOrEnd: 'Hop to a marked hole, or press End turn', chainGoing: 'Chain: hop again or press End turn',
    ccPasses: '{side} has no move and passes', seatHome: '{side} is home: place {n}', pieceOf: '{side} piece', hole: 'hole',
    passMove: 'pass', placesLine: '{n}. {side}', drawShared: 'Draw (unfinished players share the place)', on2: 'On', off2: 'Off',
  },
};

// Engine reasons (English, from C++) with their Chinese wording.
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
    const text = STRINGS[this.language][key] ?? STRINGS.en[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
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
