// Errors are values at the edges: parsers and rule checks return a Result
// instead of throwing, because exceptions are off in the wasm build and must
// never reach JavaScript.
//
// Every refusal names itself with a stable code from a game's code list
// (engine/<game>/codes.h, shared ones in engine/core/codes.h) plus the
// parameters a translation needs; the English message is for the CLI and
// logs only. The page and the server word a refusal from its code:
//
//   return make_error(code::horse_leg_blocked, "horse leg blocked").with("square", "h1");
//   return make_error(code::record_bad_move, "move 3 (h2e3): ...").with("index", 3).because(inner);
#pragma once

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace qipan {

struct Error {
  std::string_view code;  // a constant from a codes.h list (static storage)
  std::string message;    // English, for logs and the terminal
  std::vector<std::pair<std::string_view, std::string>> params;
  std::shared_ptr<const Error> cause;  // the refusal this one wraps, if any

  Error&& with(std::string_view key, std::string value) && {
    params.emplace_back(key, std::move(value));
    return std::move(*this);
  }
  template <std::integral Number>
  Error&& with(std::string_view key, Number value) && {
    return std::move(*this).with(key, std::to_string(value));
  }
  Error&& with(std::string_view key, const char* value) && { return std::move(*this).with(key, std::string(value)); }
  Error&& because(Error inner) && {
    cause = std::make_shared<const Error>(std::move(inner));
    return std::move(*this);
  }
  // The value of a parameter, or nullptr.
  const std::string* param(std::string_view key) const {
    for (const auto& [k, v] : params)
      if (k == key) return &v;
    return nullptr;
  }
  // The innermost refusal (itself when it wraps none).
  const Error& root_cause() const { return cause ? cause->root_cause() : *this; }
};

inline Error make_error(std::string_view code, std::string message) { return Error{code, std::move(message), {}, {}}; }

template <typename T>
class Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : state_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<0>(state_); }
  T& value() & { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  // The refusal itself (code, parameters, message), to pass on or wrap.
  const Error& failure() const { return std::get<1>(state_); }
  // Its English message.
  const std::string& error() const { return failure().message; }
  std::string_view code() const { return failure().code; }

 private:
  std::variant<T, Error> state_;
};

}  // namespace qipan
