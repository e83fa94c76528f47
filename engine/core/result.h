// Errors are values at the edges: parsers return a Result instead of throwing,
// because exceptions are off in the wasm build and must never reach JavaScript.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace qipan {

struct Error {
  std::string message;
};

template <typename T>
class Result {
 public:
  Result(T value) : state_(std::move(value)) {}           // NOLINT: implicit by design
  Result(Error error) : state_(std::move(error)) {}       // NOLINT: implicit by design

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<0>(state_); }
  T& value() & { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  const std::string& error() const { return std::get<1>(state_).message; }

 private:
  std::variant<T, Error> state_;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

}  // namespace qipan
