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

finish();
