#include "xiangqi_pgn_samples.h"

#include "engine/xiangqi/game/pgn.h"

namespace qipan::lab {

using namespace qipan::xiangqi;

std::vector<std::string_view> split_pgn_games(std::string_view text) {
  std::vector<std::string_view> games;
  std::size_t start = 0, at = 0;
  bool in_tags = false, seen_moves = false;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    const bool tag = !line.empty() && line.front() == '[';
    if (tag && !in_tags && seen_moves) {
      games.push_back(text.substr(start, at - start));
      start = at;
      seen_moves = false;
    }
    if (tag) in_tags = true;
    if (!tag && !line.empty() && line.front() != '\r') {
      in_tags = false;
      seen_moves = true;
    }
    at = end + 1;
  }
  if (seen_moves) games.push_back(text.substr(start));
  return games;
}

PgnSamples samples_from_pgn(std::string_view text, int skip_plies) {
  PgnSamples out;
  for (std::string_view chunk : split_pgn_games(text)) {
    auto parsed = parse_pgn(chunk);
    if (!parsed || !parsed->game.over()) {
      ++out.unreadable;
      continue;
    }
    const Game& game = parsed->game;
    const auto winner = game.status().winner();
    const char* result = !winner ? "0.5" : *winner == kRed ? "1" : "0";
    const std::vector<Move> moves = game.moves();
    Position pos = game.start_position();
    for (int ply = 0; ply < int(moves.size()); ++ply) {
      const Move m = moves[std::size_t(ply)];
      if (ply >= skip_plies && !pos.in_check() && pos.at(m.to()) == kEmpty)
        out.lines.push_back(pos.fen() + "|" + result + "|0|" + std::to_string(ply));
      Undo undo;
      pos.make(m, undo);
    }
    ++out.games;
  }
  return out;
}

}  // namespace qipan::lab
