// The Embind registration of the face every session shares (session.h and
// bindings/README.md, "One face"), written once for any session class: each
// game's module registers its class through it and adds only its extras.
#pragma once

#include <emscripten/bind.h>

#include <string>

namespace qipan::bindings {

template <typename S>
const emscripten::class_<S>& with_session_face(const emscripten::class_<S>& session) {
  using emscripten::optional_override;
  using emscripten::val;
  return session.function("startGame", optional_override([](S& s, val options) { return s.startGame(options); }))
      .function("playText", optional_override([](S& s, const std::string& text) { return s.playText(text); }))
      .function("status", optional_override([](S& s) { return s.status(); }))
      .function("steps", optional_override([](S& s, int from) { return s.steps(from); }))
      .function("positionText", optional_override([](S& s) { return s.positionText(); }))
      .function("positionHash", optional_override([](S& s) { return s.positionHash(); }))
      .function("positionHashAt", optional_override([](S& s, int step) { return s.positionHashAt(step); }))
      .function("position", optional_override([](S& s) { return s.position(); }))
      .function("record", optional_override([](S& s) { return s.record(); }))
      .function("resign", optional_override([](S& s, int seat) { return s.resign(seat); }))
      .function("agreeDraw", optional_override([](S& s) { return s.agreeDraw(); }))
      .function("abandon", optional_override([](S& s, int seat) { return s.abandon(seat); }))
      .function("flag", optional_override([](S& s, int seat) { return s.flag(seat); }))
      .function("restoreEnding",
                optional_override([](S& s, const std::string& code, int seat) { return s.restoreEnding(code, seat); }))
      .function("capabilities", optional_override([](S& s) { return s.capabilities(); }))
      .function("searchRequest", optional_override([](S& s, int ply) { return s.searchRequest(ply); }))
      .function("searchRequest", optional_override([](S& s) { return s.searchRequest(-1); }))
      .function("undo", optional_override([](S& s) { return s.undo(); }))
      .function("redo", optional_override([](S& s) { return s.redo(); }))
      .function("truncate", optional_override([](S& s, int ply) { return s.truncate(ply); }))
      .function("snapshot", optional_override([](S& s) { return s.snapshot(); }))
      .function("snapshotAt", optional_override([](S& s, int ply) { return s.snapshotAt(ply); }));
}

}  // namespace qipan::bindings
