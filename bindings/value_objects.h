// Helpers that turn engine data into plain JavaScript objects, so the page
// never holds an Embind handle for a snapshot or a move.
#pragma once

#include <emscripten/val.h>

#include <string>

namespace qipan::bindings {

using emscripten::val;

inline val outcome_object(bool ok, const std::string& message_key, const std::string& message) {
  val out = val::object();
  out.set("ok", ok);
  out.set(message_key, message);
  return out;
}

inline val ok_result() { return outcome_object(true, "reason", ""); }
inline val failed(const std::string& key, const std::string& message) { return outcome_object(false, key, message); }

}  // namespace qipan::bindings
