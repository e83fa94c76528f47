// The worker's AI: one XiangqiAi (searcher, table, opening book) behind
// JS-friendly calls. The page sends the game as the session's
// searchRequest() ({fen, moves: [ICCS], rules}); the searcher rebuilds it as
// an engine Game, so repetitions, their rule set and the move limit count as
// in the game.
#pragma once

#include <emscripten/val.h>

#include "engine/xiangqi/ai_levels.h"

namespace qipan::bindings {

class XiangqiSearcher {
 public:
  // limits: {level, seed} (an AI level's move: book, variety, budgets), or
  // {hint: level}, {analyse: true}, or explicit {depth, nodes, timeMs} (no
  // book, no randomness; timeMs spent whole), read as search_limits.h says.
  // onInfo(info) after every iteration. Returns a refusal on bad input or a
  // finished game, else {ok, from, to, bestIccs, book, candidates, depth,
  // nodes, timeMs, ...score fields, pv: {iccs, wxf, chinese}} (score fields:
  // score and scoreText for the side to move, redScore for red, mate: moves
  // to mate with red winning > 0, else 0).
  emscripten::val search(emscripten::val game, emscripten::val limits, emscripten::val onInfo);
  // The AI of {level} answers a draw offered to {answering} (0 red, 1 black):
  // {ok, answer: 'accept' | 'too_early' | 'ahead', accepted, score (the
  // answering side's), redScore, mate, depth}.
  emscripten::val answerDrawOffer(emscripten::val game, emscripten::val options);

 private:
  // The same table size as `qipan bench`; the network for level 8, hints,
  // analysis and explicit limits (ai_levels.h).
  xiangqi::XiangqiAi ai_{16, &xiangqi::network::kWeights};
};

// The level table (engine/xiangqi/ai_levels.h) for the page:
// [{level, name, depth, nodes, timeMs, margin, marginPlies}].
emscripten::val xiangqi_levels();

}  // namespace qipan::bindings
