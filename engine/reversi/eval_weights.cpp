#include "eval_weights.h"

#include <array>
#include <cassert>
#include <cmath>
#include <vector>

#include "codes.h"
#include "game/notation.h"

namespace qipan::reversi {
namespace {

#include "eval_weights.inc"

constexpr std::uint8_t kMagic[3] = {'R', 'W', 3};

// The stored configurations of one table, in encoded order: each one's
// index in a phase table and its mirror reading's.
struct Stored {
  std::vector<std::uint32_t> index, mirror;
};
const Stored& stored_configurations() {
  static const Stored stored = [] {
    Stored s;
    for (int k = 0; k < kFeatureKinds; ++k)
      for (int c = 0; c < kFeatures[k].size; ++c) {
        const int m = mirror_configuration(k, c);
        if (m < c) continue;
        s.index.push_back(std::uint32_t(kFeatureOffset[k] + c));
        s.mirror.push_back(std::uint32_t(kFeatureOffset[k] + m));
      }
    return s;
  }();
  return stored;
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

constexpr std::uint32_t zigzag(int v) { return v >= 0 ? std::uint32_t(v) * 2 : std::uint32_t(-v) * 2 - 1; }
constexpr long long unzigzag(std::uint32_t z) { return (z & 1) ? -((long long)(z) + 1) / 2 : (long long)(z) / 2; }

// The first format's token stream: 10 tables, step 1, an odd token 2n+1 a
// run of n zeros, an even token 2z one weight of zigzag code z.
Result<EvalWeights> decode_first_format(std::span<const std::uint8_t> bytes) {
  const Stored& stored = stored_configurations();
  EvalWeights w;
  std::size_t i = 0;
  std::uint32_t zeros = 0;
  for (int p = 0; p < kPhases; ++p) {
    std::int16_t* t = w.phase(p);
    for (std::size_t c = 0; c < stored.index.size(); ++c) {
      if (zeros > 0) {
        --zeros;
        continue;
      }
      std::uint32_t token = 0;
      if (!get_varint(bytes, i, token) || token == 1) return layout_mismatch(i, bytes.size());
      if (token & 1) {
        zeros = (token >> 1) - 1;  // this configuration is the run's first
        continue;
      }
      const long long v = unzigzag(token >> 1);
      if (v < -32768 || v > 32767) return layout_mismatch(i, bytes.size());
      t[stored.index[c]] = t[stored.mirror[c]] = std::int16_t(v);
    }
  }
  if (zeros != 0 || i != bytes.size()) return layout_mismatch(i, bytes.size());
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
  const Stored& stored = stored_configurations();
  std::vector<std::uint8_t> bytes(kMagic, kMagic + 3);
  bytes.push_back(std::uint8_t(storage.tables));
  bytes.insert(bytes.end(), storage.table_of_phase.begin(), storage.table_of_phase.end());
  put_varint(bytes, std::uint32_t(storage.step));
  // Each table's values, in steps, from the first phase that reads it.
  std::array<int, kPhases> first_phase{};
  for (int p = kPhases - 1; p >= 0; --p) first_phase[storage.table_of_phase[p]] = p;
  const std::size_t n = stored.index.size();
  std::vector<int> value(std::size_t(storage.tables) * n);
  std::vector<bool> live(n, false);
  for (int t = 0; t < storage.tables; ++t)
    for (std::size_t c = 0; c < n; ++c) {
      const int v = int(std::lround(double(weights.phase(first_phase[t])[stored.index[c]]) / storage.step));
      value[std::size_t(t) * n + c] = v;
      if (v != 0) live[c] = true;
    }
  // The live configurations (nonzero in some table): alternating runs of
  // configurations, dead first.
  for (std::size_t c = 0; c < n;) {
    std::size_t e = c;
    while (e < n && !live[e]) ++e;
    put_varint(bytes, std::uint32_t(e - c));
    if (e == n) break;
    c = e;
    while (e < n && live[e]) ++e;
    put_varint(bytes, std::uint32_t(e - c));
    c = e;
  }
  // Their values: the first table's, then each table's difference from the
  // one before (neighbouring tables are fitted close to each other).
  for (int t = 0; t < storage.tables; ++t)
    for (std::size_t c = 0; c < n; ++c)
      if (live[c])
        put_varint(bytes, zigzag(value[std::size_t(t) * n + c] - (t ? value[std::size_t(t - 1) * n + c] : 0)));
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
  const Stored& stored = stored_configurations();
  const std::size_t n = stored.index.size();
  std::vector<std::uint32_t> live;
  for (std::size_t c = 0; c < n;) {
    std::uint32_t dead = 0, run = 0;
    if (!get_varint(bytes, i, dead) || dead > n - c) return layout_mismatch(i, bytes.size());
    c += dead;
    if (c == n) break;
    if (!get_varint(bytes, i, run) || run == 0 || run > n - c) return layout_mismatch(i, bytes.size());
    for (; run > 0; --run) live.push_back(std::uint32_t(c++));
  }
  EvalWeights w;
  std::vector<long long> value(live.size(), 0);
  for (int t = 0; t < storage.tables; ++t)
    for (std::size_t j = 0; j < live.size(); ++j) {
      std::uint32_t z = 0;
      if (!get_varint(bytes, i, z)) return layout_mismatch(i, bytes.size());
      value[j] += unzigzag(z);
      const long long v = value[j] * step;
      if (v < -32768 || v > 32767) return layout_mismatch(i, bytes.size());
      for (int p = 0; p < kPhases; ++p) {
        if (storage.table_of_phase[p] != t) continue;
        std::int16_t* table = w.phase(p);
        table[stored.index[live[j]]] = table[stored.mirror[live[j]]] = std::int16_t(v);
      }
    }
  if (i != bytes.size()) return layout_mismatch(i, bytes.size());
  return w;
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
  return decode_first_format(bytes);
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
