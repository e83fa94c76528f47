// Tic-tac-toe's words and its refusal texts (engine/tictactoe/codes.h).

export const TICTACTOE = {
  zh: {
    gameTictactoe: '三子棋',
    tictactoeTitle: '棋盘 · 三子棋',
    tictactoeBoardLabel: '三子棋棋盘',
    tictactoePosition: '局面（9 格 + 走子方）',
    sideX: '黑方',
    sideO: '白方',
    reason_three_in_row: '三子连成一线',
    reason_board_full: '棋盘下满',
  },
  en: {
    gameTictactoe: 'Tic-tac-toe',
    tictactoeTitle: 'Qipan · Tic-tac-toe',
    tictactoeBoardLabel: 'Tic-tac-toe board',
    tictactoePosition: 'Position (9 squares + side to move)',
    sideX: 'X',
    sideO: 'O',
    reason_three_in_row: 'three in a row',
    reason_board_full: 'board full',
  },
};

// By code; {cause} is the wrapped refusal's own text.
export const TICTACTOE_REFUSALS = {
  zh: {
    tictactoe_square_count: '局面有 {count} 格，应为 9 格',
    tictactoe_bad_character: '{square} 格的“{character}”不是 X、O 或 -',
    tictactoe_no_side: '局面缺少走子方',
    tictactoe_bad_side: '走子方应为 x 或 o，而不是“{side}”',
    tictactoe_bad_counts: '局面有误：X {x} 子，O {o} 子',
    tictactoe_not_a_square: '“{text}”不是格子（如 b2）',
    tictactoe_square_taken: '{square} 已经有棋子了',
    tictactoe_record_bad_move: '第 {index} 手（{text}）：{cause}',
    tictactoe_record_bad_ending: '棋谱的结局行有误：{text}',
  },
  en: {
    tictactoe_square_count: 'the position has {count} squares; it needs 9',
    tictactoe_bad_character: '“{character}” on {square} is not X, O or -',
    tictactoe_no_side: 'the position has no side to move',
    tictactoe_bad_side: 'the side to move is x or o, not “{side}”',
    tictactoe_bad_counts: 'no game reaches {x} X and {o} O marks',
    tictactoe_not_a_square: '“{text}” is not a square (such as b2)',
    tictactoe_square_taken: '{square} is taken',
    tictactoe_record_bad_move: 'move {index} ({text}): {cause}',
    tictactoe_record_bad_ending: 'the record’s ending line is wrong: {text}',
  },
};
