// The deterministic generator behind a job buffer's "random" initializer
// (README "Job file"): SplitMix64 seeded with "seed"; per element, in order:
//   integers: min + (next() mod (max - min + 1)), the whole 64-bit range if
//             that span is 2^64; [min, max] inclusive
//   floats:   min + (max - min) * ((next() >> 11) * 2^-53), computed in double,
//             then rounded to the element type; [min, max) before that rounding.
//             When max - min overflows a double (an f64 range wider than
//             DBL_MAX, such as -1e308 to 1e308): h = max / 2 - min / 2 and
//             (min + h * u) + h * u, u the same fraction, below max.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "frontend/job/elem_type.hpp"

namespace gcnsim::frontend {

// SplitMix64 (Steele, Lea, Flood 2014; the reference code of Vigna's xoshiro page).
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform double in [min, max) (min <= max finite).
  double nextDouble(double min, double max) {
    const double u = static_cast<double>(next() >> 11) * 0x1.0p-53;
    const double span = max - min;
    if (span <= 0x1.fffffffffffffp+1023) [[likely]]
      return min + span * u;
    // The span overflowed (it had given inf and nan): half of it twice, which stays finite.
    const double h = max / 2 - min / 2;
    const double r = (min + h * u) + h * u;
    return r < max ? r : std::nextafter(max, min);
  }

 private:
  uint64_t state_;
};

// What is wrong with a float range for type t ("min and max must be finite with min <= max", "min/max
// out of range for f16": a bound beyond the type's largest finite value, as 1e6 for f16, would give
// infinities); "" when fillRandomFloats may take it. The job file's and gcnsim.random's check.
std::string randomFloatRangeProblem(ElemType t, double min, double max);

// The "random" initializer's elements: bytes.size() / elemTypeSize(t) of them, in order, as described
// above. Floats: t a float type, min <= max finite (the caller checks). Integers: t an integer type,
// elemTypeMin(t) <= min <= max <= elemTypeMax(t).
void fillRandomFloats(std::span<uint8_t> bytes, ElemType t, SplitMix64& rng, double min, double max);
void fillRandomInts(std::span<uint8_t> bytes, ElemType t, SplitMix64& rng, __int128 min, __int128 max);

}  // namespace gcnsim::frontend
