// Helpers of the vector ALU semantic tests (tests/sim/valu_*_test.cpp): lane
// vectors in and out of a WaveHarness, deterministic inputs with edge cases,
// float bit casts. Expected values are computed in the tests themselves with
// plain C++ arithmetic, never with the simulator's helpers.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "tests/sim/harness.hpp"

namespace valutest {

using Lanes = std::array<uint32_t, 64>;
using gcnsim::isa::Gen;

using gcnsim::test::kAllGens;
inline constexpr Gen kGcn12Plus[] = {Gen::GCN12, Gen::GCN14};

inline uint32_t fu(float f) { return std::bit_cast<uint32_t>(f); }
inline float uf(uint32_t u) { return std::bit_cast<float>(u); }
inline uint64_t du(double d) { return std::bit_cast<uint64_t>(d); }
inline double ud(uint64_t u) { return std::bit_cast<double>(u); }

inline void setV(gcnsim::test::WaveHarness& h, unsigned reg, const Lanes& v) {
  for (unsigned l = 0; l < 64; ++l) h.wave.v(reg)[l] = v[l];
}
inline void setV64(gcnsim::test::WaveHarness& h, unsigned reg, const std::array<uint64_t, 64>& v) {
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(reg)[l] = static_cast<uint32_t>(v[l]);
    h.wave.v(reg + 1)[l] = static_cast<uint32_t>(v[l] >> 32);
  }
}
inline uint32_t getV(const gcnsim::test::WaveHarness& h, unsigned reg, unsigned lane) {
  return h.wave.v(reg)[lane];
}
inline uint64_t getV64(const gcnsim::test::WaveHarness& h, unsigned reg, unsigned lane) {
  return h.wave.v(reg)[lane] | static_cast<uint64_t>(h.wave.v(reg + 1)[lane]) << 32;
}
inline void fillV(gcnsim::test::WaveHarness& h, unsigned first, unsigned last, uint32_t value) {
  for (unsigned r = first; r <= last; ++r)
    for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = value;
}

// Deterministic 32-bit values: lanes 0..edges.size()-1 take the edge cases,
// the rest come from a xorshift generator seeded with `seed`.
template <size_t N>
inline Lanes lanes(uint32_t seed, const std::array<uint32_t, N>& edges) {
  Lanes v{};
  uint32_t x = seed * 2654435761u + 1;
  for (unsigned l = 0; l < 64; ++l) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    v[l] = l < N ? edges[l] : x;
  }
  return v;
}
inline Lanes lanes(uint32_t seed) { return lanes(seed, std::array<uint32_t, 0>{}); }

inline std::string gname(Gen g) { return std::string(gcnsim::isa::genFamily(g)); }

}  // namespace valutest
