// Reading an engine protocol's commands (UCI/UCCI, NBoard) from stdin, one
// line at a time, in the native and the wasm build alike.
#pragma once

#include <string>

namespace qipan::tools {

// The next line of stdin without its line end ("\n" or "\r\n"); false at the
// end of input. The wasm build reads fd 0 itself and waits for data: under
// Node, Emscripten's own stdin gives up when a pipe is momentarily empty (a
// GUI types one command at a time).
bool read_protocol_line(std::string& line);

}  // namespace qipan::tools
