// `qipan moves xiangqi`: a batch oracle for differential tests. Reads one FEN
// per input line and prints, per line,
//   <sorted ICCS legal moves> | check=<0|1> | status=<ongoing|checkmate|stalemate>
// or `error: <message>` for a FEN that does not parse (and keeps going), so an
// independent implementation can compare whole move sets position by position.
// With --fen each answer also ends in ` | fen=<our FEN of the position>`, so
// the test can check that both programs read the board the same way.
// It is fed tens of thousands of positions, so output goes through one buffer.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>

#include "commands.h"
#include "engine/xiangqi/game/iccs.h"
#include "engine/xiangqi/movegen.h"

namespace qipan::tools {
namespace {

// Appends the answer for one input line to `out`.
void describe(std::string_view line, bool with_fen, std::string& out) {
  auto parsed = xiangqi::Position::from_fen(line);
  if (!parsed) {
    out += "error: ";
    out += parsed.error();
    out += '\n';
    return;
  }
  const xiangqi::Position& pos = *parsed;
  xiangqi::MoveList moves;
  xiangqi::generate_legal(pos, moves);

  // Sorting the 4-character ICCS strings gives a canonical order that any
  // other program can reproduce with a plain string sort.
  std::array<std::array<char, 4>, xiangqi::kMaxMoves> names{};
  std::size_t n = 0;
  for (xiangqi::Move m : moves) {
    const std::string s = xiangqi::to_iccs(m);
    std::copy_n(s.data(), 4, names[n++].data());
  }
  std::sort(names.begin(), names.begin() + n);
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ' ';
    out.append(names[i].data(), 4);
  }

  const bool check = pos.in_check();
  out += " | check=";  // with no legal moves the line starts " | check=..."
  out += check ? '1' : '0';
  out += " | status=";
  out += n ? "ongoing" : check ? "checkmate" : "stalemate";
  if (with_fen) {
    out += " | fen=";
    out += pos.fen();
  }
  out += '\n';
}

// Reads one line (without its terminator, CR stripped); false at end of input.
bool read_line(std::FILE* in, std::string& line) {
  line.clear();
  int c;
  bool any = false;
  while ((c = std::getc(in)) != EOF) {
    any = true;
    if (c == '\n') break;
    line += char(c);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

}  // namespace

int moves_command(const Args& args) {
  const bool with_fen = args.size() == 2 && args[1] == "--fen";
  if (args.empty() || args[0] != "xiangqi" || (args.size() == 2 && !with_fen) || args.size() > 2) {
    std::fprintf(stderr, "usage: qipan moves xiangqi [--fen]   (FENs on stdin, one per line)\n");
    return 2;
  }
  std::string line, out;
  out.reserve(1 << 16);
  while (read_line(stdin, line)) {
    describe(line, with_fen, out);
    if (out.size() >= (1 << 15)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return 0;
}

}  // namespace qipan::tools
