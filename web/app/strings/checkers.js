// Chinese checkers' words and its refusal texts (engine/checkers/codes.h).

export const CHECKERS = {
  zh: {
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
    passMove: '停一手', placesLine: '第 {n} 名：{side}', drawShared: '和棋（未到达者并列）',
  },
  en: {
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
    passMove: 'pass', placesLine: '{n}. {side}', drawShared: 'Draw (unfinished players share the place)',
  },
};

export const CHECKERS_REFUSALS = {
  zh: {},
  en: {},
};
