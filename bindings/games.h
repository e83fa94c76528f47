// The games this engine plays, by the names clients use: the one list the
// room server, its AI worker and the page's worker read (`games()`), and
// every refusal code for the translation tables (`refusalCodes()`). A game
// is registered by one entry in games.cpp; its classes register themselves
// (bindings/<game>_module.cpp).
#pragma once

#include <emscripten/val.h>

namespace qipan::bindings {

// [{game, session, searcher}]: the name and the Embind class names.
emscripten::val games();
// [{code, game}], game "core" for the codes every game shares.
emscripten::val refusal_codes();

}  // namespace qipan::bindings
