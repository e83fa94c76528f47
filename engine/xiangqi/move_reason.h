// Why a requested move is illegal, in words a player understands
// ("horse leg blocked", "would leave your general in check", ...).
#pragma once

#include <optional>
#include <string>

#include "position.h"

namespace qipan::xiangqi {

// std::nullopt when from -> to is a legal move in `pos`.
std::optional<std::string> illegal_reason(const Position& pos, Square from, Square to);

}  // namespace qipan::xiangqi
