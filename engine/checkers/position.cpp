#include "position.h"

#include <array>

#include "codes.h"
#include "game/hole_names.h"

namespace qipan::checkers {

Position::Position(int players, Player side) {
  assert(valid_player_count(players) && side >= 0 && side < players);
  owner_.fill(kNoPlayer);
  players_ = static_cast<std::int8_t>(players);
  side_ = static_cast<std::int8_t>(side);
  key_ = compute_key();
}

Position Position::start(int players, Player first) {
  Position pos(players, first);
  for (Player p = 0; p < players; ++p)
    for (std::uint8_t c : kGeometry.arm_cells[home_arm(players, p)]) pos.put(c, p);
  return pos;
}

void Position::put(Cell c, Player p) {
  assert(valid_cell(c) && p >= 0 && p < players_);
  remove(c);
  owner_[c] = static_cast<std::int8_t>(p);
  pieces_[p].set(c);
  occupied_.set(c);
  key_ ^= kZobrist.piece[p][c];
}

void Position::remove(Cell c) {
  assert(valid_cell(c));
  const Player p = owner_[c];
  if (p == kNoPlayer) return;
  owner_[c] = kNoPlayer;
  pieces_[p].reset(c);
  occupied_.reset(c);
  key_ ^= kZobrist.piece[p][c];
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = kZobrist.players[players_] ^ kZobrist.side[side_];
  for (Cell c = 0; c < kCells; ++c)
    if (owner_[c] != kNoPlayer) k ^= kZobrist.piece[owner_[c]][c];
  return k;
}

bool Position::invariants_hold() const {
  if (!valid_player_count(players_) || side_ < 0 || side_ >= players_) return false;
  Bits all;
  std::array<Bits, kMaxPlayers> mine{};
  for (Cell c = 0; c < kCells; ++c) {
    const Player p = owner_[c];
    if (p == kNoPlayer) continue;
    if (p < 0 || p >= players_) return false;
    mine[p].set(c);
    all.set(c);
  }
  if (!(all == occupied_)) return false;
  for (Player p = 0; p < kMaxPlayers; ++p)
    if (!(mine[p] == pieces_[p])) return false;
  if ((occupied_ & ~board_mask()).any()) return false;
  return key_ == compute_key();
}

std::string Position::board_string() const {
  std::string s(kCells, '.');
  for (Cell c = 0; c < kCells; ++c)
    if (owner_[c] != kNoPlayer) s[c] = static_cast<char>('1' + owner_[c]);
  return s;
}

std::string Position::to_string() const {
  return board_string() + ' ' + static_cast<char>('1' + side_) + ' ' + static_cast<char>('0' + players_);
}

Result<Position> Position::from_string(std::string_view text) {
  // Exactly three fields separated by single spaces (§5.3); a trailing
  // newline from a pasted line is forgiven.
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  std::array<std::string_view, 3> fields;
  std::size_t count = 0, start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ' ') {
      if (count < 3) fields[count] = text.substr(start, i - start);
      ++count;
      start = i + 1;
    }
  }
  if (count != 3)
    return make_error(code::checkers_position_fields,
                      "a position string has 3 fields separated by single spaces (board, side to move, "
                      "player count); found " +
                          std::to_string(count))
        .with("found", count);
  const std::string_view board = fields[0], side = fields[1], players = fields[2];
  if (board.size() != std::size_t(kCells))
    return make_error(code::checkers_board_length,
                      "the board must have 121 characters, found " + std::to_string(board.size()))
        .with("found", board.size());
  if (players.size() != 1 || !valid_player_count(players[0] - '0'))
    return make_error(code::checkers_player_count,
                      "the player count must be 2, 3, 4 or 6 (or 1), found '" + std::string(players.substr(0, 8)) + "'")
        .with("players", std::string(players.substr(0, 8)));
  const int n = players[0] - '0';
  if (side.size() != 1 || side[0] < '1' || side[0] > '0' + n)
    return make_error(code::checkers_side_to_move, "the side to move must be a player number from 1 to " +
                                                       std::to_string(n) + ", found '" +
                                                       std::string(side.substr(0, 8)) + "'")
        .with("found", std::string(side.substr(0, 8)))
        .with("players", n);
  Position pos(n, side[0] - '1');
  std::array<int, kMaxPlayers> counts{};
  for (Cell c = 0; c < kCells; ++c) {
    const char ch = board[c];
    if (ch == '.') continue;
    if (ch < '1' || ch > '6')
      return make_error(code::checkers_board_character, "unknown character '" + std::string(1, ch) + "' at hole " +
                                                            cell_name(c) + " (use '.' for an empty hole and 1-" +
                                                            std::to_string(n) + " for pieces)")
          .with("character", std::string(1, ch))
          .with("hole", cell_name(c));
    const int p = ch - '1';
    if (p >= n)
      return make_error(code::checkers_absent_player, "piece of player " + std::string(1, ch) + " at hole " +
                                                          cell_name(c) + ", but there are only " + std::to_string(n) +
                                                          " players")
          .with("player", p + 1)
          .with("hole", cell_name(c))
          .with("players", n);
    ++counts[p];
    pos.put(c, p);
  }
  for (Player p = 0; p < n; ++p)
    if (counts[p] != kArmCells)
      return make_error(code::checkers_piece_count, "player " + std::to_string(p + 1) + " has " +
                                                        std::to_string(counts[p]) +
                                                        " pieces; every player has exactly 10")
          .with("player", p + 1)
          .with("count", counts[p]);
  return pos;
}

}  // namespace qipan::checkers
