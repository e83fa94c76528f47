#include "eval_weights.h"

#include <array>
#include <cassert>
#include <vector>

#include "codes.h"
#include "notation.h"

namespace qipan::reversi {
namespace {

#include "eval_weights.inc"

// Visits the stored (canonical) configurations in encoded order.
template <typename F>
void for_each_stored(F&& f) {
  for (int p = 0; p < kPhases; ++p)
    for (int k = 0; k < kFeatureKinds; ++k)
      for (int c = 0; c < kFeatures[k].size; ++c) {
        const int m = mirror_configuration(k, c);
        if (m >= c) f(p, k, c, m);
      }
}

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::int8_t, 256> build_base64_values() {
  std::array<std::int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(kBase64[i])] = std::int8_t(i);
  return t;
}
constexpr std::array<std::int8_t, 256> kBase64Value = build_base64_values();

void put_varint(std::vector<std::uint8_t>& out, std::uint32_t v) {
  while (v >= 0x80) {
    out.push_back(std::uint8_t(v | 0x80));
    v >>= 7;
  }
  out.push_back(std::uint8_t(v));
}

}  // namespace

std::string encode_weights(const EvalWeights& weights) {
  std::vector<std::uint8_t> bytes;
  std::uint32_t zeros = 0;
  for_each_stored([&](int p, int k, int c, int) {
    const int v = weights.phase(p)[kFeatureOffset[k] + c];
    if (v == 0) {
      ++zeros;
      return;
    }
    if (zeros) put_varint(bytes, zeros * 2 + 1);
    zeros = 0;
    const std::uint32_t zigzag = v >= 0 ? std::uint32_t(v) * 2 : std::uint32_t(-v) * 2 - 1;
    put_varint(bytes, zigzag * 2);
  });
  if (zeros) put_varint(bytes, zeros * 2 + 1);
  std::string text;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = std::uint32_t(bytes[i]) << 16 | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    text += kBase64[n >> 18 & 63];
    text += kBase64[n >> 12 & 63];
    text += i + 1 < bytes.size() ? kBase64[n >> 6 & 63] : '=';
    text += i + 2 < bytes.size() ? kBase64[n & 63] : '=';
  }
  return text;
}

Result<EvalWeights> decode_weights(std::string_view base64) {
  std::vector<std::uint8_t> bytes;
  std::uint32_t acc = 0;
  int bits = 0;
  for (const char ch : base64) {
    if (ch == '=' || ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') continue;
    const int v = kBase64Value[static_cast<unsigned char>(ch)];
    if (v < 0)
      return make_error(code::weights_bad_character, std::string("evaluation weights: bad base64 character '") +
                                                         printable(std::string_view(&ch, 1)) + "'")
          .with("character", printable(std::string_view(&ch, 1)));
    acc = acc << 6 | std::uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(std::uint8_t(acc >> bits));
    }
  }
  EvalWeights w;
  std::size_t i = 0;
  std::uint32_t zeros = 0;
  bool ok = true;
  for_each_stored([&](int p, int k, int c, int m) {
    if (!ok) return;
    int v = 0;
    if (zeros > 0) {
      --zeros;
    } else {
      std::uint32_t token = 0;
      for (int shift = 0;; shift += 7) {
        if (i >= bytes.size() || shift > 28) {
          ok = false;
          return;
        }
        token |= std::uint32_t(bytes[i] & 0x7F) << shift;
        if (!(bytes[i++] & 0x80)) break;
      }
      if (token & 1) {
        if (token < 3) {
          ok = false;
          return;
        }
        zeros = (token >> 1) - 1;  // this configuration is the run's first
      } else {
        const std::uint32_t z = token >> 1;
        v = (z & 1) ? -int((z + 1) >> 1) : int(z >> 1);
        if (v < -32768 || v > 32767) {
          ok = false;
          return;
        }
      }
    }
    std::int16_t* t = w.phase(p) + kFeatureOffset[k];
    t[c] = std::int16_t(v);
    t[m] = std::int16_t(v);
  });
  if (!ok || zeros != 0 || i != bytes.size())
    return make_error(code::weights_layout_mismatch, "evaluation weights do not match the feature layout (" +
                                                         std::to_string(i) + " of " + std::to_string(bytes.size()) +
                                                         " bytes read)")
        .with("read", i)
        .with("total", bytes.size());
  return w;
}

bool has_tuned_weights() { return sizeof(kEncodedWeights) / sizeof(kEncodedWeights[0]) > 0 && kEncodedWeights[0][0]; }

std::string builtin_weights_text() {
  std::string text;
  for (const char* chunk : kEncodedWeights) text += chunk;
  return text;
}

const EvalWeights& EvalWeights::builtin() {
  // Decoded once on first use; read-only afterwards.
  static const EvalWeights weights = [] {
    if (!has_tuned_weights()) return handmade();
    // The tests check that the compiled-in text decodes; a mismatch would be
    // a feature layout changed without retuning.
    Result<EvalWeights> w = decode_weights(builtin_weights_text());
    assert(w.ok());
    return w ? std::move(*w) : handmade();
  }();
  return weights;
}

}  // namespace qipan::reversi
