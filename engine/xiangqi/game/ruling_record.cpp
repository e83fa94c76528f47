#include "ruling_record.h"

#include "iccs.h"

namespace qipan::xiangqi {
namespace {

char piece_letter(Piece p) {
  constexpr char kLetters[] = " kabnrcp";
  const char c = kLetters[type_of(p)];
  return color_of(p) == kRed ? char(c - 'a' + 'A') : c;
}

std::string_view kind_code(MoveKind kind) {
  switch (kind) {
    case MoveKind::kIdle: return "idle";
    case MoveKind::kCheck: return "check";
    case MoveKind::kChase: return "chase";
  }
  return "idle";
}

std::string_view side_code(Color c) { return c == kRed ? "red" : "black"; }

}  // namespace

std::string_view piece_type_name(PieceType type) {
  constexpr std::string_view kNames[] = {"", "general", "advisor", "elephant", "horse", "rook", "cannon", "soldier"};
  return kNames[type];
}

// Where each book says it. The numbers are only those found in a source:
// docs/rules/xiangqi.md lists them with where each comes from.
std::string_view rule_article(RuleSet rules, Reason reason) {
  switch (rules) {
    case RuleSet::kAsian:
      // The Asian rules' numbered rules (English pages at clubxiangqi.com and
      // wxf.org): rule 6, perpetual check loses. The WXF rules' general rule
      // 3: perpetual chase of one piece loses. One check, one chase is
      // allowed (rule 12), so it never ends an Asian game.
      if (reason == Reason::kPerpetualCheck) return "Asian rules, article 6";
      if (reason == Reason::kPerpetualChase) return "WXF rules, general rule 3";
      return "";
    case RuleSet::kChinese:
      // The CXA rule book's repetition chapter (棋例); no article number was
      // found in a source, so the rule is named by the book's term.
      if (reason == Reason::kPerpetualCheck) return "Chinese rules (CXA), perpetual check (长将)";
      if (reason == Reason::kPerpetualChase) return "Chinese rules (CXA), perpetual chase (长捉)";
      if (reason == Reason::kOneCheckOneChase) return "Chinese rules (CXA), one check one chase (一将一捉)";
      return "";
    case RuleSet::kSimple:
      if (reason == Reason::kPerpetualCheck) return "simple rules: perpetual check loses";
      return "";
  }
  return "";
}

// Appends `"key":"value"` (with a comma before all but an object's first field).
void field(std::string& out, std::string_view key, std::string_view value, bool first = false) {
  if (!first) out += ',';
  out += '"';
  out += key;
  out += "\":\"";
  out += value;
  out += '"';
}

std::string ruling_json(const Game& game) {
  const Status& status = game.status();
  const auto& ruling = game.ruling();
  const auto winner = status.winner();
  std::string out = "{";
  field(out, "outcome", outcome_code(status.outcome), true);
  field(out, "reason", status.code());
  if (winner) field(out, "side", side_code(opposite(*winner)));
  else out += ",\"side\":null";
  field(out, "rules", rule_set_code(game.options().rules));
  field(out, "rule", rule_article(game.options().rules, status.reason));
  out += ",\"chased\":[";
  const Position& now = game.position();
  if (ruling) {
    for (std::size_t i = 0; i < ruling->chases.size(); ++i) {
      const Chase& c = ruling->chases[i];
      out += i ? ",{" : "{";
      field(out, "square", square_name(c.target), true);
      field(out, "piece", std::string(1, piece_letter(now.at(c.target))));
      field(out, "by", square_name(c.attacker));
      field(out, "by_piece", std::string(1, piece_letter(now.at(c.attacker))));
      out += '}';
    }
  }
  out += "],\"cycle\":[";
  if (ruling) {
    for (std::size_t k = 0; k < ruling->cycle.size(); ++k) {
      const ClassifiedMove& m = ruling->cycle[k];
      out += k ? ",{" : "{";
      field(out, "move", to_iccs(m.move), true);
      field(out, "side", side_code(m.mover));
      field(out, "kind", kind_code(m.kind));
      out += ",\"chases\":[";
      for (std::size_t i = 0; i < m.chases.size(); ++i) {
        out += i ? ",{" : "{";
        field(out, "by", square_name(m.chases[i].attacker), true);
        field(out, "target", square_name(m.chases[i].target));
        out += '}';
      }
      out += "]}";
    }
  }
  out += "]}";
  return out;
}

}  // namespace qipan::xiangqi
