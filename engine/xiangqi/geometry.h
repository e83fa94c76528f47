// Precomputed board geometry: rays for rooks and cannons, the leg of every
// horse move, the eye of every elephant move, and the palace and pawn steps.
// Built at compile time, so move generation only reads tables.
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace qipan::xiangqi {

// A destination and the square that must be empty on the way (horse leg or
// elephant eye), or kNoSquare when nothing can block.
struct Step {
  std::int8_t to = 0;
  std::int8_t via = -1;
};

struct StepList {
  std::array<Step, 8> steps{};
  std::int8_t count = 0;
  constexpr void add(int to, int via) { steps[count++] = Step{std::int8_t(to), std::int8_t(via)}; }
  constexpr const Step* begin() const { return steps.data(); }
  constexpr const Step* end() const { return steps.data() + count; }
};

// Squares along one direction, nearest first.
struct Ray {
  std::array<std::int8_t, 9> squares{};
  std::int8_t length = 0;
  constexpr const std::int8_t* begin() const { return squares.data(); }
  constexpr const std::int8_t* end() const { return squares.data() + length; }
};

enum Direction { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };  // up = towards rank 9

struct Geometry {
  std::array<std::array<Ray, 4>, kSquares> rays{};
  std::array<StepList, kSquares> horse_moves{};      // to = destination, via = leg
  std::array<StepList, kSquares> horse_attackers{};  // to = horse square, via = leg
  std::array<std::array<StepList, kSquares>, 2> elephant_moves{};
  std::array<std::array<StepList, kSquares>, 2> advisor_moves{};
  std::array<std::array<StepList, kSquares>, 2> king_moves{};
  std::array<std::array<StepList, kSquares>, 2> pawn_moves{};
  // Squares from which a pawn of the given colour attacks the square.
  std::array<std::array<StepList, kSquares>, 2> pawn_attackers{};
};

namespace detail {

constexpr int forward(Color c) { return c == kRed ? 1 : -1; }

constexpr Geometry build_geometry() {
  Geometry g{};
  constexpr int dfile[4] = {0, 0, -1, 1};
  constexpr int drank[4] = {1, -1, 0, 0};
  for (Square s = 0; s < kSquares; ++s) {
    const int f = file_of(s), r = rank_of(s);
    for (int d = 0; d < 4; ++d) {
      Ray& ray = g.rays[s][d];
      for (int nf = f + dfile[d], nr = r + drank[d]; on_board(nf, nr); nf += dfile[d], nr += drank[d])
        ray.squares[ray.length++] = std::int8_t(make_square(nf, nr));
    }
    // Horse: two steps straight (the leg is the first of them), one sideways.
    constexpr int hf[8] = {1, -1, 1, -1, 2, 2, -2, -2};
    constexpr int hr[8] = {2, 2, -2, -2, 1, -1, 1, -1};
    for (int i = 0; i < 8; ++i) {
      const int tf = f + hf[i], tr = r + hr[i];
      if (!on_board(tf, tr)) continue;
      const int leg_f = f + (hf[i] == 2 || hf[i] == -2 ? hf[i] / 2 : 0);
      const int leg_r = r + (hr[i] == 2 || hr[i] == -2 ? hr[i] / 2 : 0);
      g.horse_moves[s].add(make_square(tf, tr), make_square(leg_f, leg_r));
      // Seen from the target: a horse on s attacks the target through that leg.
      g.horse_attackers[make_square(tf, tr)].add(s, make_square(leg_f, leg_r));
    }
    for (Color c : {kRed, kBlack}) {
      // Elephants: two diagonal steps, never across the river, eye in between.
      for (int df : {-2, 2})
        for (int dr : {-2, 2}) {
          const int tf = f + df, tr = r + dr;
          if (!on_board(tf, tr)) continue;
          const Square t = make_square(tf, tr);
          if (crossed_river(c, s) || crossed_river(c, t)) continue;
          g.elephant_moves[c][s].add(t, make_square(f + df / 2, r + dr / 2));
        }
      // Advisors: one diagonal step inside the palace.
      if (in_palace(c, s))
        for (int df : {-1, 1})
          for (int dr : {-1, 1}) {
            const int tf = f + df, tr = r + dr;
            if (on_board(tf, tr) && in_palace(c, make_square(tf, tr)))
              g.advisor_moves[c][s].add(make_square(tf, tr), kNoSquare);
          }
      // Generals: one orthogonal step inside the palace.
      if (in_palace(c, s))
        for (int d = 0; d < 4; ++d) {
          const int tf = f + dfile[d], tr = r + drank[d];
          if (on_board(tf, tr) && in_palace(c, make_square(tf, tr)))
            g.king_moves[c][s].add(make_square(tf, tr), kNoSquare);
        }
      // Pawns: forward, and sideways once across the river.
      const int fr = r + forward(c);
      if (on_board(f, fr)) g.pawn_moves[c][s].add(make_square(f, fr), kNoSquare);
      if (crossed_river(c, s))
        for (int df : {-1, 1})
          if (on_board(f + df, r)) g.pawn_moves[c][s].add(make_square(f + df, r), kNoSquare);
    }
  }
  for (Color c : {kRed, kBlack})
    for (Square s = 0; s < kSquares; ++s)
      for (const Step& st : g.pawn_moves[c][s]) g.pawn_attackers[c][st.to].add(s, kNoSquare);
  return g;
}

}  // namespace detail

inline constexpr Geometry kGeometry = detail::build_geometry();

// Diagonal neighbours of a square: the only squares that can be the leg of a
// horse attacking it, so a piece leaving one may expose the general.
constexpr bool diagonal_neighbours(Square a, Square b) {
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return (df == 1 || df == -1) && (dr == 1 || dr == -1);
}

}  // namespace qipan::xiangqi
