#include "eval_weights.h"

#include <array>
#include <cassert>
#include <cmath>
#include <vector>

#include "codes.h"
#include "notation.h"

namespace qipan::reversi {
namespace {

#include "eval_weights.inc"

constexpr std::uint8_t kMagic[3] = {'R', 'W', 2};

// Visits the stored (canonical) configurations of `tables` tables in
// encoded order.
template <typename F>
void for_each_stored(int tables, F&& f) {
  for (int t = 0; t < tables; ++t)
    for (int k = 0; k < kFeatureKinds; ++k)
      for (int c = 0; c < kFeatures[k].size; ++c) {
        const int m = mirror_configuration(k, c);
        if (m >= c) f(t, k, c, m);
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

// Reads one varint at bytes[i]; false past the end or when too long.
bool get_varint(std::span<const std::uint8_t> bytes, std::size_t& i, std::uint32_t& value) {
  value = 0;
  for (int shift = 0;; shift += 7) {
    if (i >= bytes.size() || shift > 28) return false;
    value |= std::uint32_t(bytes[i] & 0x7F) << shift;
    if (!(bytes[i++] & 0x80)) return true;
  }
}

Error layout_mismatch(std::size_t read, std::size_t total) {
  return make_error(code::weights_layout_mismatch, "evaluation weights do not match the feature layout (" +
                                                       std::to_string(read) + " of " + std::to_string(total) +
                                                       " bytes read)")
      .with("read", read)
      .with("total", total);
}

// The token stream from bytes[i] on, stored as `storage` says.
Result<EvalWeights> decode_tokens(std::span<const std::uint8_t> bytes, std::size_t i, const WeightStorage& storage) {
  EvalWeights w;
  std::uint32_t zeros = 0;
  bool ok = true;
  for_each_stored(storage.tables, [&](int table, int k, int c, int m) {
    if (!ok) return;
    int v = 0;
    if (zeros > 0) {
      --zeros;
    } else {
      std::uint32_t token = 0;
      if (!get_varint(bytes, i, token) || token == 1) {
        ok = false;
        return;
      }
      if (token & 1) {
        zeros = (token >> 1) - 1;  // this configuration is the run's first
      } else {
        const std::uint32_t z = token >> 1;
        const long long stored = (z & 1) ? -((long long)(z) + 1) / 2 : (long long)(z) / 2;
        const long long scaled = stored * storage.step;
        if (scaled < -32768 || scaled > 32767) {
          ok = false;
          return;
        }
        v = int(scaled);
      }
    }
    for (int p = 0; p < kPhases; ++p) {
      if (storage.table_of_phase[p] != table) continue;
      std::int16_t* t = w.phase(p) + kFeatureOffset[k];
      t[c] = std::int16_t(v);
      t[m] = std::int16_t(v);
    }
  });
  if (!ok || zeros != 0 || i != bytes.size()) return layout_mismatch(i, bytes.size());
  return w;
}

}  // namespace

WeightStorage::WeightStorage() {
  for (int p = 0; p < kPhases; ++p) table_of_phase[p] = std::uint8_t(p);
}

WeightStorage WeightStorage::tied(int tables, int step) {
  WeightStorage s;
  s.tables = tables;
  s.step = step;
  for (int p = 0; p < kPhases; ++p) s.table_of_phase[p] = std::uint8_t(p * tables / kPhases);
  return s;
}

std::vector<std::uint8_t> encode_weights(const EvalWeights& weights, const WeightStorage& storage) {
  std::vector<std::uint8_t> bytes(kMagic, kMagic + 3);
  bytes.push_back(std::uint8_t(storage.tables));
  bytes.insert(bytes.end(), storage.table_of_phase.begin(), storage.table_of_phase.end());
  put_varint(bytes, std::uint32_t(storage.step));
  // Each table's values from the first phase that reads it.
  std::array<int, kPhases> first_phase{};
  for (int p = kPhases - 1; p >= 0; --p) first_phase[storage.table_of_phase[p]] = p;
  std::uint32_t zeros = 0;
  for_each_stored(storage.tables, [&](int table, int k, int c, int) {
    const int v = int(std::lround(double(weights.phase(first_phase[table])[kFeatureOffset[k] + c]) / storage.step));
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
  return bytes;
}

Result<EvalWeights> decode_weights(std::span<const std::uint8_t> bytes) {
  constexpr std::size_t kHeader = 3 + 1 + kPhases;
  if (bytes.size() < kHeader + 1 || bytes[0] != kMagic[0] || bytes[1] != kMagic[1] || bytes[2] != kMagic[2])
    return layout_mismatch(0, bytes.size());
  WeightStorage storage;
  storage.tables = bytes[3];
  if (storage.tables < 1 || storage.tables > kPhases) return layout_mismatch(4, bytes.size());
  for (int p = 0; p < kPhases; ++p) {
    storage.table_of_phase[p] = bytes[4 + p];
    if (storage.table_of_phase[p] >= storage.tables) return layout_mismatch(5 + p, bytes.size());
  }
  std::size_t i = kHeader;
  std::uint32_t step = 0;
  if (!get_varint(bytes, i, step) || step < 1 || step > 32767) return layout_mismatch(i, bytes.size());
  storage.step = int(step);
  return decode_tokens(bytes, i, storage);
}

Result<EvalWeights> decode_base64_weights(std::string_view base64) {
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
  return decode_tokens(bytes, 0, WeightStorage{});
}

bool has_tuned_weights() { return sizeof(kEncodedWeights) > 1; }

std::span<const std::uint8_t> builtin_weights_bytes() {
  return {kEncodedWeights, has_tuned_weights() ? sizeof(kEncodedWeights) : 0};
}

const EvalWeights& EvalWeights::builtin() {
  // Decoded once on first use; read-only afterwards.
  static const EvalWeights weights = [] {
    if (!has_tuned_weights()) return handmade();
    // The tests check that the compiled-in bytes decode; a mismatch would be
    // a feature layout changed without retuning.
    Result<EvalWeights> w = decode_weights(builtin_weights_bytes());
    assert(w.ok());
    return w ? std::move(*w) : handmade();
  }();
  return weights;
}

}  // namespace qipan::reversi
