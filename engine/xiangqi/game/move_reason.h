// Why a requested move is illegal: a refusal code (codes.h) with its square,
// and the English words a player understands ("horse leg blocked", ...).
#pragma once

#include <optional>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::xiangqi {

// std::nullopt when from -> to is a legal move in `pos`.
std::optional<Error> illegal_reason(const Position& pos, Square from, Square to);

}  // namespace qipan::xiangqi
