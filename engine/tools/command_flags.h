// A command's options (`--name word...`) read in one place, for `qipan` and
// `qipan-lab` alike. Each option says how many words it takes and what they
// mean; any mistake (an unknown option, a missing word, a number out of range,
// a word an option refuses) comes back as one sentence that names the option
// and the word, so no command drops or half-reads what it was given.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "parse_integer.h"

namespace qipan::tools {

class CommandFlags {
 public:
  // Reads an option's words; returns "" when they are fine, else what is
  // wrong with them, phrased to follow the option's name ("takes ..., not 'x'").
  using Reader = std::function<std::string(const std::vector<std::string>& words)>;
  // Reads a word no option claims (a board string, say); "" when it is taken,
  // else what is wrong with it, phrased to follow the quoted word.
  using LooseWord = std::function<std::string(const std::string& word)>;

  // Any option: `words` words (0 or more) handed to `read`.
  CommandFlags& option(std::string name, int words, Reader read) {
    options_.push_back({std::move(name), words, std::move(read)});
    return *this;
  }

  // An option with no words: sets `on`.
  CommandFlags& toggle(std::string name, bool& on) {
    return option(std::move(name), 0, [&on](const std::vector<std::string>&) {
      on = true;
      return std::string();
    });
  }

  // A whole number in [min, max].
  template <class Integer>
  CommandFlags& integer(std::string name, long long min, long long max, Integer& out) {
    return option(std::move(name), 1, [&out, min, max](const std::vector<std::string>& words) {
      long long value = 0;
      if (!parse_integer(words[0], min, max, value)) {
        return "takes a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", not '" +
               words[0] + "'";
      }
      out = Integer(value);
      return std::string();
    });
  }

  // A decimal number in [min, max].
  CommandFlags& decimal(std::string name, double min, double max, double& out) {
    return option(std::move(name), 1, [&out, min, max](const std::vector<std::string>& words) {
      double value = 0;
      if (!parse_decimal(words[0], min, max, value)) {
        return "takes a number from " + shortest(min) + " to " + shortest(max) + ", not '" + words[0] + "'";
      }
      out = value;
      return std::string();
    });
  }

  // A word as given; given twice, the last one counts.
  CommandFlags& text(std::string name, std::string& out) {
    return option(std::move(name), 1, [&out](const std::vector<std::string>& words) {
      out = words[0];
      return std::string();
    });
  }

  // A word that may be given again: each one is kept, in order.
  CommandFlags& texts(std::string name, std::vector<std::string>& out) {
    return option(std::move(name), 1, [&out](const std::vector<std::string>& words) {
      out.push_back(words[0]);
      return std::string();
    });
  }

  // A comma-separated list (a,b,c) that may be given again: each item is kept.
  CommandFlags& list(std::string name, std::vector<std::string>& out) {
    return option(std::move(name), 1, [&out](const std::vector<std::string>& words) {
      std::vector<std::string> items;
      std::size_t start = 0;
      for (std::size_t comma; (comma = words[0].find(',', start)) != std::string::npos; start = comma + 1)
        items.push_back(words[0].substr(start, comma - start));
      items.push_back(words[0].substr(start));
      for (const std::string& item : items)
        if (item.empty()) return "has an empty item in '" + words[0] + "'";
      out.insert(out.end(), items.begin(), items.end());
      return std::string();
    });
  }

  // Words that are no option's go to `take` (without it each is an unknown option).
  CommandFlags& loose_words(LooseWord take) {
    loose_ = std::move(take);
    return *this;
  }

  // Reads args[first...]: "" when every word was read, else the first mistake
  // as a sentence ("--games takes a whole number from 1 to 100000, not 'x'").
  std::string read(const std::vector<std::string>& args, std::size_t first = 1) {
    for (std::size_t i = first; i < args.size(); ++i) {
      const Option* option = find(args[i]);
      if (!option) {
        if (!loose_) return "unknown option '" + args[i] + "'";
        if (std::string error = loose_(args[i]); !error.empty()) return "'" + args[i] + "' " + error;
        continue;
      }
      const std::size_t count = std::size_t(option->words);
      if (args.size() - i - 1 < count) {
        return option->name + (count == 1 ? " takes a value" : " takes " + std::to_string(count) + " values");
      }
      const std::vector<std::string> words(args.begin() + std::ptrdiff_t(i + 1),
                                           args.begin() + std::ptrdiff_t(i + 1 + count));
      if (std::string error = option->read(words); !error.empty()) return option->name + " " + error;
      given_.insert(option->name);
      i += count;
    }
    return "";
  }

  // Whether `read` met the option (for defaults that depend on it).
  bool given(const std::string& name) const { return given_.count(name) > 0; }

  // Whether a word no option claims is a mistyped option rather than a
  // position: a short word that starts with "--" (a Reversi board string, 64
  // squares and more, may start with dashes).
  static bool looks_like_option(const std::string& word) { return word.size() < 64 && word.rfind("--", 0) == 0; }

  // A whole word as a finite decimal number in [min, max].
  static bool parse_decimal(const std::string& word, double min, double max, double& out) {
    char* end = nullptr;
    out = std::strtod(word.c_str(), &end);
    return !word.empty() && *end == '\0' && std::isfinite(out) && out >= min && out <= max;
  }

 private:
  struct Option {
    std::string name;
    int words;
    Reader read;
  };

  const Option* find(const std::string& name) const {
    for (const Option& option : options_)
      if (option.name == name) return &option;
    return nullptr;
  }

  static std::string shortest(double x) {
    if (std::isinf(x)) return x > 0 ? "infinity" : "-infinity";
    std::string text = std::to_string(x);
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
    return text;
  }

  std::vector<Option> options_;
  LooseWord loose_;
  std::set<std::string> given_;
};

// The words of a command line joined by spaces, as a record of how a file was made.
inline std::string joined_words(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

}  // namespace qipan::tools
