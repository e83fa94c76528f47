// SHA-256 (FIPS 180-4), for the online rooms' position hash: the engine
// names each position by the first 16 hex digits of the SHA-256 of its
// canonical text, so the server, the page and any other client hash the
// same text the same way without a second implementation in JavaScript.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace qipan {

std::array<std::uint8_t, 32> sha256(std::string_view bytes);
// Lowercase hex of the first `digits` hex digits (at most 64).
std::string sha256_hex(std::string_view bytes, int digits = 64);
// The position hash `pos` of the online protocol: 16 hex digits.
inline std::string position_hash(std::string_view position_text) { return sha256_hex(position_text, 16); }

}  // namespace qipan
