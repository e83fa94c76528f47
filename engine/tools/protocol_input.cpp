#include "protocol_input.h"

#include <iostream>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace qipan::tools {
namespace {

#ifdef __EMSCRIPTEN__
// The body is JavaScript, which clang-format would lay out as C++ (`===`
// becomes `== =`).
// clang-format off
EM_JS(int, qipan_read_stdin_line, (char* out, int capacity), {
  const fs = require("fs");
  const state = Module.qipanStdin || (Module.qipanStdin = {pending: "", eof: false});
  for (;;) {
    const end = state.pending.indexOf('\n');
    if (end >= 0 || (state.eof && state.pending.length > 0)) {
      const cut = end >= 0 ? end : state.pending.length;
      stringToUTF8(state.pending.slice(0, cut), out, capacity);
      state.pending = state.pending.slice(cut + 1);
      return 1;
    }
    if (state.eof) return 0;
    const chunk = Buffer.alloc(65536);
    let n = 0;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (e.code !== "EOF") throw e;
    }
    if (n === 0) state.eof = true;
    else state.pending += chunk.toString("utf8", 0, n);
  }
});
// clang-format on

bool read_raw_line(std::string& line) {
  static std::vector<char> buffer(1 << 20);
  if (!qipan_read_stdin_line(buffer.data(), int(buffer.size()))) return false;
  line = buffer.data();
  return true;
}
#else
bool read_raw_line(std::string& line) { return bool(std::getline(std::cin, line)); }
#endif

}  // namespace

void start_protocol_streams() {
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
}

bool read_protocol_line(std::string& line) {
  if (!read_raw_line(line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

}  // namespace qipan::tools
