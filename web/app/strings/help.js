// The help dialog's page on online play (web/app/help_dialog.js; its button,
// title and tab names are shell words, strings/common.js), in Chinese and
// English; each game's own page is its definition's `help`
// (web/games/<game>/help.js). Every rule stated here is the room server's,
// as server/PROTOCOL.md says ("Room rules", "Timings and limits"); a game's
// page states its engine's rules.
//
// A page is a list of lines: "# " starts a heading, "- " a list item (items
// in a row make one list), anything else is a paragraph. Inside a line,
// ‹text› is in the other language (lang set, so it is read right) and `key`
// is a key on the keyboard.

export const ONLINE_HELP = {
  zh: [
    '# 开始',
    '在大厅里按“邀请朋友”，为大厅里选的棋种创建房间（对话框里还可以换棋种）：选你执哪一方、其他座位由谁下（默认是玩家，也可以选电脑）和用时。把邀请链接发给对手，或让对手扫二维码，链接会占一个空位。观战链接只能观战，房间满了，用邀请链接进来的人也只能观战。观众也可以聊天。',
    '# 大厅',
    '在线大厅列出等人应战的对局和正在进行的公开对局。快速配对会和选了同样棋种、同样用时的人开局（颜色随机），没有人时等别人来。也可以发起对局（可选颜色）等人应战，或观看公开对局。',
    '# 账号与等级分',
    '可以注册账号（名字可以用中文，用通行密钥或密码，不需要邮箱），注册时显示的十个恢复码请保存好。登录后可以发起或快速配对计分对局：两个已登录的玩家从开局下的计时对局按 ‹Glicko-2› 计算等级分（每个棋种和用时各一个），结果里显示分数的变化，计分对局不能悔棋。等级分还不稳定时带“?”。个人页面在 /@/名字，有等级分、走势图和最近的对局；排行榜列出每一项的前 100 名。不登录也照样可以下棋。',
    '# 悔棋与和棋',
    '「请求悔棋」要对方同意，30 秒内不回答即为拒绝。同意后退回你上一步棋和它之后的应着。被拒绝后要过一会才能再请求。提和（两人对局）会保留到对方走棋或回答。',
    '# 断线与弃局',
    '断线后页面会自动重连并回到你的座位，重新打开页面也一样。座位保留 60 秒，之后：象棋和黑白棋里对方可以按「判对方弃局」（你先回来则不能判，对手是电脑时你马上判负），跳棋里由电脑接管你的座位。第一步之前离开，座位会让出。「离开房间」等于 60 秒马上用完。',
    '# 计时',
    '可以不计时，或选“分钟 + 每步加秒”（1+0 到 30+20）。第一步不计时，但须在 30 秒内走出，否则对局取消。断线时你的时间照走（页面上时钟暂停显示，重连后以服务器的时间为准；断线时走的棋会在重连后发出）。时间用完判负，对方已无法取胜时判和，三人以上的跳棋由电脑接管。测得的网络延时不计入你的用时：每步最多 0.5 秒，从 1 秒的额度里扣，每走一步补回 0.1 秒。悔棋不退还时间。只有玩家计时，电脑不计时。',
    '# 预走与取消对局',
    '对方思考时可以先走好一步（预走，象棋点棋子再点目标，黑白棋点格子），对方一走完就自动走出；那时不合法就取消并提示。再点一下棋盘取消预走。每一方都还没走第一步时可以「取消对局」，不算胜负。',
    '# 聊天',
    '点别人消息旁的 🔇 可以屏蔽这个人的聊天，只对你有效，再点一下恢复；也可以一次屏蔽所有观众。观战的人以名字列出。',
    '# 再来一局',
    '对局结束后，每一方都可以提议「再来一局」，全部同意后开始新局，座位轮换（两人则交换颜色），用时不变。',
  ],
  en: [
    '# Starting',
    'Invite a friend in the lobby makes a room for the game chosen there (the dialog can change it): your side, who plays each other seat (a person unless you pick the computer), and a time control. Send the invite link, or let a friend scan its QR code: it takes a free seat. The watch link only watches, and so does an invite to a full room. Watchers may chat.',
    '# The lobby',
    'The online lobby lists open seeks and public games in progress. Quick pairing starts a game with someone who picked the same game and time control (colours at random), or waits for one. You may also create a seek (with a colour if you like) for someone to accept, or watch a public game.',
    '# Accounts and ratings',
    'You may sign up (a name in any script, with a passkey or a password, no e-mail); keep the ten recovery codes it shows you. Signed in, you can seek or quick-pair rated games: a timed game of two signed-in players from the start changes both ratings (Glicko-2, one per game and speed), the result shows the change, and a rated game has no takebacks. A rating shows "?" while it is provisional. Your profile at /@/NAME has your ratings, their history and your recent games; the leaderboards list the top 100 of each. You can always play without an account.',
    '# Undo and draws',
    'Ask to undo asks your opponent; no answer within 30 seconds is a no. Yes takes back your last move and any reply to it. After a no you wait a little before asking again. A draw offer (two players) stands until the other side moves or answers.',
    '# Leaving and coming back',
    'If your connection drops, the page reconnects and takes your seat back, after a reload too. Your seat is kept for 60 seconds. After that, in xiangqi and Reversi your opponent may Claim the win unless you are back first (against the computer you lose at once); in Chinese checkers the computer takes your seat. A seat left before the first move is freed. Leave room is the 60 seconds running out at once.',
    '# Clocks',
    'Untimed, or minutes plus seconds added per move (1+0 to 30+20). Your first move is untimed but must come within 30 seconds, or the game is cancelled. Your clock runs while you are away (the page shows it paused until the room is back, then the server’s time; a move you make meanwhile is sent then). Out of time loses (a draw if the other side could not win anyway; in checkers with 3 or more players the computer takes the seat). Measured network delay is not charged: up to half a second a move, out of a 1-second allowance that grows back 0.1 s each move. Undo gives no time back. Only people are timed, not the computer.',
    '# Premoves and abort',
    'While your opponent thinks you may queue your next move (a premove: in xiangqi a piece then a square, in Reversi a square); it is played the moment their move arrives, or cancelled with a word if it is not legal then. A tap on the board cancels it. Until every player has made a first move, Abort ends the game with no result.',
    '# Chat',
    "The 🔇 beside someone's message mutes their chat for you alone (tap it again to unmute), and you may mute all spectators at once. Spectators are listed by name.",
    '# Rematch',
    'After the game any player may offer a Rematch; when everyone accepts, a new game starts with the seats moved along (two players swap colours) and the same clock.',
  ],
};
