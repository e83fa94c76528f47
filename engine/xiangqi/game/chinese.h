// Chinese notation (`炮二平五`, `马8进7`): piece name, the file it stands on
// (1-9 from the mover's own right; red writes 一..九, black writes 1..9),
// 进 forward / 退 back / 平 sideways, then ranks moved (帅/将, 车, 炮, 兵/卒
// going straight) or the destination file (sideways moves, 马, 相/象, 仕/士).
//
// Output uses the common modern simplified set: red 帅 仕 相 马 车 炮 兵, black
// 将 士 象 马 车 炮 卒, black files and numbers as ASCII digits.
//
// Several same-type pieces on one file (the rules of Chinese records):
//   two: 前 / 后 replace the file (前车平四, 后马进7);
//   three soldiers: 前 / 中 / 后 (中兵进一);
//   four or five soldiers: 一 二 三 四 五 counted from the front (二兵平四);
//   2+ soldiers on each of two files: the place word stays and the file
//   replaces the piece name, so a move is still four characters (前七平六,
//   中3进1; older records wrote 前兵七平六).
// Advisors and elephants never need 前/后: of two on one file the front one can
// only retreat and the rear one only advance (相七退五 / 相七进五).
//
// Input also accepts traditional and variant characters (帥將俥傌砲車馬仕士相象
// 兵卒 包 侍, 進 後), Chinese numerals or digits (ASCII or full-width) for
// either side, the Hong Kong order 车前平三, the old 前兵七平六, 前 二 三 四 五
// or 后 for four or five soldiers, spaces, and a plain file for a piece that
// shares its file when only one of them can make the move.
#pragma once

#include <string>
#include <string_view>

#include "../../core/result.h"
#include "../position.h"

namespace qipan::xiangqi {

// UTF-8; empty when `m` is not legal in `pos`.
std::string to_chinese(const Position& pos, Move m);
// The legal move the (UTF-8) text names, or why there is none or several.
// Any byte sequence is safe, including invalid UTF-8.
Result<Move> parse_chinese(const Position& pos, std::string_view text);

}  // namespace qipan::xiangqi
