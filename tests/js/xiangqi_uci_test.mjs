// `qipan uci` driven as a match referee drives it: real sessions over pipes,
// the next command only once the engine has answered the last one.
//   node tests/js/xiangqi_uci_test.mjs build/release/qipan
import assert from 'node:assert/strict';
import { finish, testAsync } from './harness.mjs';
import { refereedSession } from './refereed_session.mjs';

const qipan = process.argv[2];
if (!qipan) {
  console.error('usage: node tests/js/xiangqi_uci_test.mjs <path to native qipan>');
  process.exit(2);
}

// A short opening in UCI squares (ranks 1-10); the positions cycle through its prefixes.
const OPENING = ['h3e3', 'h8e8', 'b1c3', 'b10c8', 'a4a5', 'a7a6'];
const positionCommand = (k) => {
  const moves = OPENING.slice(0, k % (OPENING.length + 1));
  return moves.length ? `position startpos moves ${moves.join(' ')}` : 'position startpos';
};

const session = (searches) =>
  refereedSession({
    program: qipan,
    args: ['uci'],
    hello: 'uci\n',
    request: (k) => `${positionCommand(k)}\ngo depth 2\n`,
    isAnswer: (line) => line.startsWith('bestmove '),
    requests: searches,
    goodbye: 'isready\nquit\n',
  });

await testAsync('qipan uci: exactly one bestmove per go, with four sessions searching at once', async () => {
  // The search thread writes bestmove while the reading thread waits for the
  // next command. Reading used to flush stdout unguarded, and now and then a
  // line came out twice: the second bestmove was taken as the answer to the
  // next go (a referee saw an illegal move). Four sessions on two cores make
  // the threads interleave often; the fault showed in about half such sessions.
  const searches = 1500;
  const sessions = await Promise.all([1, 2, 3, 4].map(() => session(searches)));
  for (const { lines, answers: bestmoves } of sessions) {
    assert.equal(bestmoves.length, searches, 'one bestmove for each go');
    // Each answer is for its own position: from the start position red
    // moves, after one opening move black does (ranks 1-5 are red's side).
    bestmoves.forEach((line, k) => {
      const plies = k % (OPENING.length + 1);
      const fromRank = Number(line.split(' ')[1].slice(1).match(/^\d+/)[0]);
      assert.equal(fromRank <= 5, plies % 2 === 0, `search ${k} (${plies} plies): ${line}`);
    });
    assert.equal(lines.at(-1), 'readyok');
  }
});

// One session of steps, each a block of commands ending in one that the
// engine answers (`go` with bestmove, `isready` with readyok), sent once the
// last step is answered; resolves with the lines the engine wrote in answer
// to each step, the answer last (the first step's lines start with the
// engine's greeting to `hello`, which must not be answered itself).
const conversation = async (args, hello, steps) => {
  const { lines } = await refereedSession({
    program: qipan,
    args,
    hello,
    request: (k) => steps[k],
    isAnswer: (line) => /^(bestmove|nobestmove|readyok)\b/.test(line),
    requests: steps.length,
    goodbye: 'quit\n',
  });
  const replies = [[]];
  for (const line of lines) {
    replies.at(-1).push(line);
    if (/^(bestmove|nobestmove|readyok)\b/.test(line)) replies.push([]);
  }
  return replies;
};
const bestmove = (reply) => reply.at(-1).split(' ')[1];

// Two chase cycles (tests/xiangqi/search_rulings_test.cpp has them in ICCS,
// with the rulings): each history has gone round nearly twice, and the
// repeating move makes a position occur for the third time.
// Red, a cannon and an advisor down, chases the black cannon with its
// chariot: repeating the chase loses for red under the Asian and Chinese
// rules and draws under the simple ones.
const RED_CHASES = {
  fen: '4kr3/4a4/9/2c6/9/9/9/2R6/9/3K5 b - - 0 1',
  uci: ['c7b7', 'c3b3', 'b7c7', 'b3c3', 'c7b7', 'c3b3', 'b7c7'],
  ucci: ['c6b6', 'c2b2', 'b6c6', 'b2c2', 'c6b6', 'c2b2', 'b6c6'],
  repeat: { uci: 'b3c3', ucci: 'b2c2' },
};
// Black's chariot chases red's cannon; red, a cannon up, flees once more and
// black's perpetual chase loses (Asian, Chinese); under the simple rules the
// same flight is only a draw.
const BLACK_CHASES = {
  fen: '5k3/9/2r6/9/9/9/1C7/9/9/3K4R b - - 0 1',
  uci: ['c8b8', 'b4c4', 'b8c8', 'c4b4', 'c8b8', 'b4c4', 'b8c8'],
  ucci: ['c7b7', 'b3c3', 'b7c7', 'c3b3', 'c7b7', 'b3c3', 'b7c7'],
  repeat: { uci: 'c4b4', ucci: 'c3b3' },
};
const positionOf = (cycle, dialect) => `position fen ${cycle.fen} moves ${cycle[dialect].join(' ')}\n`;

await testAsync('qipan uci: the Repetition Rules option is listed, taken, and a bad value reported', async () => {
  const uciOption = (value) => `setoption name Repetition Rules value ${value}\n`;
  const search = `${positionOf(RED_CHASES, 'uci')}go depth 5\n`;
  const replies = await conversation(['uci'], 'uci\n', [
    search, // the default: Asian
    `${uciOption('simple')}${search}`,
    `${uciOption('fide')}isready\n`,
    search, // still simple
    `${uciOption('chinese')}${search}`,
  ]);
  assert.ok(
    replies[0].includes('option name Repetition Rules type combo default asian var asian var chinese var simple'),
    replies[0].join('\n'),
  );
  assert.notEqual(bestmove(replies[0]), RED_CHASES.repeat.uci, 'Asian: the perpetual chase loses');
  assert.equal(bestmove(replies[1]), RED_CHASES.repeat.uci, 'simple: the repeat draws, a cannon down');
  assert.ok(replies[2].includes('info string unknown or bad option: Repetition Rules = fide'), replies[2].join('\n'));
  assert.equal(bestmove(replies[3]), RED_CHASES.repeat.uci, 'a bad value leaves the rules as they were');
  assert.notEqual(bestmove(replies[4]), RED_CHASES.repeat.uci, 'Chinese: the perpetual chase loses');
  for (const reply of [replies[0], replies[1], replies[3], replies[4]])
    assert.ok(!reply.some((line) => line.startsWith('info string')), reply.join('\n'));
});

await testAsync('qipan ucci: repetitionrules, and banmoves honoured until the next position', async () => {
  const search = `${positionOf(BLACK_CHASES, 'ucci')}go depth 5\n`;
  const replies = await conversation(['ucci'], 'ucci\n', [
    search,
    `${positionOf(BLACK_CHASES, 'ucci')}banmoves ${BLACK_CHASES.repeat.ucci}\ngo depth 5\n`,
    'go depth 5\n', // the same position: still banned
    search, // a new position: no ban
    `setoption repetitionrules simple\n${search}`,
    `setoption repetitionrules chinese\n${search}`,
    'setoption repetitionrules none\nisready\n',
  ]);
  assert.ok(
    replies[0].includes('option repetitionrules type combo default asian var asian var chinese var simple'),
    replies[0].join('\n'),
  );
  // Black's perpetual chase: fleeing once more wins at once (a mate score).
  assert.equal(bestmove(replies[0]), BLACK_CHASES.repeat.ucci);
  assert.ok(
    replies[0].some((line) => / score 29999 /.test(line)),
    replies[0].join('\n'),
  );
  assert.notEqual(bestmove(replies[1]), BLACK_CHASES.repeat.ucci, 'banned');
  assert.notEqual(bestmove(replies[2]), BLACK_CHASES.repeat.ucci, 'banned until the next position');
  assert.equal(bestmove(replies[3]), BLACK_CHASES.repeat.ucci, 'the next position lifts the ban');
  assert.notEqual(bestmove(replies[4]), BLACK_CHASES.repeat.ucci, 'simple: only a draw, a cannon up');
  assert.equal(bestmove(replies[5]), BLACK_CHASES.repeat.ucci, 'Chinese: the chase loses too');
  assert.ok(replies[6].includes('info string unknown or bad option: repetitionrules = none'), replies[6].join('\n'));
});

finish();
