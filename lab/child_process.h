// A program started with pipes to its stdin and stdout, read line by line
// with a deadline: how the match referee talks to engines (ours or any other)
// over UCI. Native (POSIX) only; the wasm build of `qipan` cannot start
// processes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace qipan::lab {

class ChildProcess {
 public:
  // Runs `command` through /bin/sh -c; stderr goes to /dev/null.
  explicit ChildProcess(const std::string& command);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool running() const { return pid_ > 0; }
  // False when the program has gone (its stdin is closed).
  bool send(const std::string& line);
  // The next line, or nullopt once `timeout_ms` passes or the program exits.
  std::optional<std::string> read_line(std::int64_t timeout_ms);
  // Kills the program if it is still there and reaps it.
  void stop();

 private:
  int pid_ = -1;
  [[maybe_unused]] int to_child_ = -1;  // the wasm build has no processes
  [[maybe_unused]] int from_child_ = -1;
  std::string buffer_;
};

}  // namespace qipan::lab
