#include "ruling_text.h"

#include "iccs.h"
#include "ruling_record.h"

namespace qipan::xiangqi {
namespace {

std::string_view side_word(Color c) { return c == kRed ? "red" : "black"; }

std::string capitalised(std::string_view word) {
  std::string out(word);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = char(out[0] - 'a' + 'A');
  return out;
}

// "the red rook on d4"
std::string piece_on(const Position& pos, Square s) {
  const Piece p = pos.at(s);
  return "the " + std::string(side_word(color_of(p))) + " " + std::string(piece_type_name(type_of(p))) + " on " +
         square_name(s);
}

// "the black cannon on b4 by the red rook on d4 and ..."
std::string chases_phrase(const Position& pos, const std::vector<Chase>& chases) {
  std::string out;
  for (std::size_t i = 0; i < chases.size(); ++i) {
    if (i > 0) out += i + 1 == chases.size() ? " and " : ", ";
    out += piece_on(pos, chases[i].target) + " by " + piece_on(pos, chases[i].attacker);
  }
  return out;
}

std::string_view violation_words(Violation v) {
  switch (v) {
    case Violation::kNone: return "none";
    case Violation::kPerpetualCheck: return "perpetual check";
    case Violation::kPerpetualChase: return "perpetual chase";
    case Violation::kOneCheckOneChase: return "one check, one chase";
  }
  return "none";
}

// The rule set, with the book's rule the ruling rests on where there is one:
// "Asian rules; WXF rules, general rule 3", "Asian rules, article 6".
std::string rule_words(RuleSet rules, Reason reason) {
  const std::string_view book = rule_book_name(rules);
  const std::string_view article = rule_article(rules, reason);
  if (article.empty()) return std::string(book);
  if (article.starts_with(book)) return std::string(article);
  return std::string(book) + "; " + std::string(article);
}

}  // namespace

std::string_view rule_book_name(RuleSet rules) {
  switch (rules) {
    case RuleSet::kAsian: return "Asian rules";
    case RuleSet::kChinese: return "Chinese rules";
    case RuleSet::kSimple: return "simple rules";
  }
  return "Asian rules";
}

std::string_view ruling_termination(const Game& game) {
  if (!game.ruling()) return "";
  switch (game.status().reason) {
    case Reason::kPerpetualCheck: return "perpetual check";
    case Reason::kPerpetualChase: return "perpetual chase";
    case Reason::kOneCheckOneChase: return "one check one chase";
    case Reason::kRepetition: return "repetition";
    default: return "";
  }
}

std::string ruling_sentence(const Game& game) {
  const auto& ruling = game.ruling();
  if (!ruling) return "";
  const std::string book = " (" + rule_words(game.options().rules, ruling->reason) + ")";
  if (!ruling->loser) {
    const auto& v = ruling->violations;
    if (v[kRed] == Violation::kNone || v[kBlack] == Violation::kNone) return "Draw by repetition" + book;
    // Both sides broke the rules: neither loses.
    return "Draw by repetition: red " + std::string(violation_words(v[kRed])) + ", black " +
           std::string(violation_words(v[kBlack])) + book;
  }
  std::string out = capitalised(side_word(*ruling->loser)) + " loses: ";
  out += violation_words(ruling->violations[*ruling->loser]);
  if (!ruling->chases.empty()) out += " of " + chases_phrase(game.position(), ruling->chases);
  return out + book;
}

}  // namespace qipan::xiangqi
