// What one Searcher owns and both of its algorithms (two-player alpha-beta in
// search.cpp, multi-player search in multi_search.cpp) share: the
// transposition table, history and killers, the path of keys for
// repetitions, the triangular PV, node counter, clock and stop checks, and
// move ordering. Internal to the searcher.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>

#include "../core/search_budget.h"
#include "../core/transposition_table.h"
#include "race.h"
#include "search.h"

namespace qipan::checkers {

constexpr int kMaxPly = 64;
constexpr int kMaxHistoryKeys = 640;  // a capped game has at most 600 plies
constexpr int kInfinity = kWinScore + 1;

constexpr std::uint16_t move_code(Move m) { return m.is_pass() ? 0xFFFF : std::uint16_t(m.from << 8 | m.to); }
constexpr Move move_of_code(std::uint16_t code) {
  return code == 0xFFFF ? Move::pass() : Move::of(code >> 8, code & 0xFF);
}

// Win scores are stored relative to the node, not the root.
constexpr int score_to_tt(int score, int ply) {
  return score > kWinThreshold ? score + ply : score < -kWinThreshold ? score - ply : score;
}
constexpr int score_from_tt(int score, int ply) {
  return score > kWinThreshold ? score - ply : score < -kWinThreshold ? score + ply : score;
}

struct OrderedMove {
  Move move;
  int score;
  std::int8_t seat;  // the mover (multi-player replies mix seats)
};
using OrderedList = FixedList<OrderedMove, kMaxMoves>;

struct SearchContext {
  explicit SearchContext(std::size_t tt_megabytes) : tt(tt_megabytes) {}

  TranspositionTable tt;
  // history[seat][from * kCells + to]: cutoffs weighted by depth squared.
  std::array<std::array<std::int32_t, kCells * kCells>, kMaxPlayers> history{};
  std::array<std::array<Move, 2>, kMaxPly + 1> killers{};
  std::array<Line, kMaxPly + 1> pv{};
  // Per-ply move buffers: kept here rather than on the stack (about 11 KB a
  // ply), so deep searches stay small on wasm's stack.
  std::array<MoveList, kMaxPly + 1> move_buffers{};
  std::array<OrderedList, kMaxPly + 1> ordered_buffers{};

  // Keys of earlier positions: the game history, then the search path.
  std::array<std::uint64_t, kMaxHistoryKeys + kMaxPly + 2> keys{};
  int key_count = 0;

  const SearchOptions* options = nullptr;
  std::uint64_t nodes = 0;
  // Everything, the node limit included, is checked every 1024 nodes: one
  // test per node on the hot path, and a node limit may run 1023 nodes over.
  SearchBudget budget{1024, NodeLimitCheck::kWhenPolling};

  void reset_tables() {
    tt.clear();
    for (auto& h : history) h.fill(0);
    for (auto& k : killers) k = {Move::pass(), Move::pass()};
  }
  void age_history() {
    for (auto& h : history)
      for (auto& v : h) v /= 8;
    for (auto& k : killers) k = {Move::pass(), Move::pass()};
  }

  // Counts a node; true when the search must unwind now.
  bool tick() { return budget.exhausted(++nodes); }

  bool repeated(std::uint64_t key) const {
    for (int i = key_count - 1; i >= 0; --i)
      if (keys[i] == key) return true;
    return false;
  }

  // Looks `key` up: sets `tt_move` to the stored move (left alone when there
  // is none) and, when `may_cut` and the entry is deep enough, returns a
  // score that settles the node inside the window (alpha, beta).
  std::optional<int> probe(std::uint64_t key, int depth, int alpha, int beta, int ply, bool may_cut,
                           Move& tt_move) const {
    const TTEntry* e = tt.probe(key);
    if (!e) return std::nullopt;
    if (e->move) tt_move = move_of_code(e->move);
    if (!may_cut || e->depth < depth) return std::nullopt;
    const int s = score_from_tt(e->score, ply);
    if (e->bound == Bound::kExact || (e->bound == Bound::kLower && s >= beta) ||
        (e->bound == Bound::kUpper && s <= alpha))
      return s;
    return std::nullopt;
  }

  void update_pv(int ply, Move m) {
    Line& line = pv[ply];
    line.clear();
    line.push(m);
    if (ply + 1 <= kMaxPly)
      for (Move x : pv[ply + 1]) {
        if (line.size() >= 63) break;
        line.push(x);
      }
  }

  void reward(Player seat, Move m, int depth, int ply) {
    if (m.is_pass()) return;
    std::int32_t& h = history[seat][m.from * kCells + m.to];
    h += depth * depth;
    if (h > (1 << 20))
      for (auto& v : history[seat]) v /= 2;
    if (ply <= kMaxPly && !(killers[ply][0] == m)) {
      killers[ply][1] = killers[ply][0];
      killers[ply][0] = m;
    }
  }

  // Scores moves for ordering: the TT move, then the gain towards the goal,
  // then killers and history inside the same gain.
  // Appends (the caller clears `out`; a full list drops the rest, which only
  // multi-player replies of five rivals could ever reach).
  void order(const MoveList& moves, Player seat, int target, Move tt_move, int ply, OrderedList& out) const {
    for (Move m : moves) {
      if (out.size() == kMaxMoves) return;
      int s;
      if (m == tt_move) {
        s = 1 << 30;
      } else if (m.is_pass()) {
        s = 0;
      } else {
        const int gain = kGoal.goal[target][m.from] - kGoal.goal[target][m.to];
        s = gain * (1 << 16);
        if (ply <= kMaxPly && (m == killers[ply][0] || m == killers[ply][1])) s += 1 << 15;
        s += std::min<std::int32_t>(history[seat][m.from * kCells + m.to] >> 4, (1 << 15) - 1);
      }
      out.push({m, s, std::int8_t(seat)});
    }
  }
  // Moves the best remaining entry to position i (selection sort on demand:
  // most nodes cut after a few moves).
  static void pick(OrderedList& list, std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < list.size(); ++j)
      if (list[j].score > list[best].score) best = j;
    if (best != i) std::swap(list[i], list[best]);
  }
};

// The searcher's state and algorithms: two-player alpha-beta in
// search.cpp, multi-player search in multi_search.cpp.
class Searcher::Impl {
 public:
  explicit Impl(std::size_t tt_megabytes) : ctx(tt_megabytes) {}

  SearchResult run(const Position& root, const SearchOptions& options, const Searcher::InfoCallback& info);

  SearchContext ctx;
  RaceSolver race;

 private:
  // Two players (search.cpp).
  int alpha_beta(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node);
  bool race_root(const Position& root, const SearchOptions& options, SearchResult& result);
  // Three or more players (multi_search.cpp); scores are the root seat's view.
  int brs(Position& pos, int depth, int alpha, int beta, int ply, bool root_turn);
  int paranoid(Position& pos, int depth, int alpha, int beta, int ply);
  int greedy_round(Position& pos, int depth, int alpha, int beta, int ply);
  int multi_terminal(const Position& pos, int ply) const;
  std::uint64_t multi_key(const Position& pos, bool root_turn) const;

  // Two players: the seat facing `side` (in a play-on game, the other seat
  // still playing).
  Player opponent(Player side) const { return side == pair_[0] ? pair_[1] : pair_[0]; }
  // Plays m for the side to move and hands the turn to its opponent (the
  // next seat already, unless retired seats sit between them).
  void make_pair(Position& pos, Move m, Undo& undo) const {
    pos.make(m, undo);
    if (skip_retired_) pos.set_side_to_move(opponent(undo.side));
  }
  bool retired(Player p) const { return retired_ >> p & 1; }
  // The seats still playing other than p (the rivals of the evaluation).
  std::uint8_t rivals_of(const Position& pos, Player p) const { return std::uint8_t(all_rivals(pos, p) & ~retired_); }

  Player root_seat_ = 0;
  WinRule win_rule_ = WinRule::filled;
  std::uint8_t retired_ = 0;          // seats out of play (play on for places)
  bool skip_retired_ = false;         // retired_ != 0
  std::array<Player, 2> pair_{0, 1};  // the two seats of a 2-player search
};

}  // namespace qipan::checkers
