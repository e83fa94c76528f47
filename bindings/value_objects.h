// Helpers that turn engine data into plain JavaScript objects, so the page
// never holds an Embind handle for a snapshot or a move.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "engine/core/result.h"

namespace qipan::bindings {

using emscripten::val;

// {code, params: {name: text}, reason: English sentence, cause?: the same
// for the refusal it wraps}: what the page translates (web/app/strings/).
inline val refusal_value(const Error& error) {
  val out = val::object();
  out.set("code", std::string(error.code));
  val params = val::object();
  for (const auto& [key, value] : error.params) params.set(std::string(key), value);
  out.set("params", params);
  out.set("reason", error.message);
  if (error.cause) out.set("cause", refusal_value(*error.cause));
  return out;
}

// A refused call: {ok: false, code, params, reason, cause?}.
inline val refused(const Error& error) {
  val out = refusal_value(error);
  out.set("ok", false);
  return out;
}

// True when `v` is a plain object whose fields may be read.
inline bool is_object(const val& v) {
  return !v.isUndefined() && !v.isNull() && v.typeOf().as<std::string>() == "object";
}

inline val ok_result() {
  val out = val::object();
  out.set("ok", true);
  return out;
}

}  // namespace qipan::bindings
