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

// Sets up stdin and stdout for a protocol session; call it once, before the
// first line. It unties stdin from stdout: tied (the default), every read
// first flushes std::cout from the reading thread, unguarded, while a search
// thread writes and flushes under the protocol's own lock. Two threads
// flushing one buffer sometimes wrote a line twice, and a second `bestmove`
// was then read as the answer to the next `go`. The protocols flush each line
// they write themselves.
void start_protocol_streams();

}  // namespace qipan::tools
