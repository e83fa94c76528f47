// Every refusal code the engines can return, for the page's and the server's
// translation tables and the test that checks them (refusal_codes_test.mjs).
#pragma once

#include <emscripten/val.h>

namespace qipan::bindings {

// [{code, game}], game "core" for the codes every game shares.
emscripten::val refusal_codes();

}  // namespace qipan::bindings
