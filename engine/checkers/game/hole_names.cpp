#include "hole_names.h"

#include <array>

#include "../codes.h"

namespace qipan::checkers {
namespace {

// The first hole of each row (cell order runs row by row from the top) and
// its length.
struct RowTable {
  std::array<int, kRows> first{};
  std::array<int, kRows> length{};
};

constexpr RowTable build_rows() {
  RowTable t;
  for (int r = 0; r < kRows; ++r) t.first[r] = -1;
  for (Cell c = 0; c < kCells; ++c) {
    const int r = row_of(c);
    if (t.first[r] < 0) t.first[r] = c;
    ++t.length[r];
  }
  return t;
}

constexpr RowTable kRowTable = build_rows();

// Row letter index 0 (a) is the bottom row (row_of = 16).
constexpr int row_of_letter(int letter) { return kRows - 1 - letter; }

}  // namespace

std::string cell_name(Cell c) {
  if (!valid_cell(c)) return "?";
  const int row = row_of(c);
  const char letter = char('a' + (kRows - 1 - row));
  return letter + std::to_string(c - kRowTable.first[row] + 1);
}

std::string hole_param(int c) { return valid_cell(c) ? cell_name(c) : std::to_string(c); }

Result<Cell> parse_cell(std::string_view text) {
  const auto not_a_hole = [&] {
    return make_error(code::bad_hole_name, std::string("'").append(text) +
                                               "' is not a hole (write a row letter and a "
                                               "position, e.g. e5, or a number 0-120)")
        .with("text", std::string(text));
  };
  const auto no_such = [&] {
    return make_error(code::no_such_hole, "there is no hole " + std::string(text)).with("hole", std::string(text));
  };
  if (text.empty() || text.size() > 3) return not_a_hole();
  std::size_t at = 0;
  int letter = -1;
  if (const char ch = text[0]; (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
    letter = (ch >= 'a' ? ch - 'a' : ch - 'A');
    at = 1;
  }
  if (at == text.size()) return not_a_hole();
  int value = 0;
  for (std::size_t i = at; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return not_a_hole();
    value = value * 10 + (text[i] - '0');
  }
  if (letter < 0) {
    if (value >= kCells) return no_such();
    return Cell{value};
  }
  if (letter >= kRows) return no_such();
  const int row = row_of_letter(letter);
  if (value < 1 || value > kRowTable.length[row]) return no_such();
  return Cell{kRowTable.first[row] + value - 1};
}

}  // namespace qipan::checkers
