#include "memory/small_float.hpp"

#include <bit>
#include <cmath>

namespace gcnsim::memory {

namespace {

// v / 2^shift rounded to nearest, ties to even.
uint64_t shiftRightNearestEven(uint64_t v, unsigned shift) {
  if (shift == 0) return v;
  if (shift >= 63) return 0;
  uint64_t q = v >> shift;
  uint64_t rem = v & ((uint64_t(1) << shift) - 1);
  uint64_t half = uint64_t(1) << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) ++q;
  return q;
}

}  // namespace

float smallFloatToFloat(uint32_t bits, int expBits, int mantBits, bool hasSign) {
  const uint32_t mant = bits & ((1u << mantBits) - 1);
  const uint32_t exp = (bits >> mantBits) & ((1u << expBits) - 1);
  const bool negative = hasSign && ((bits >> (mantBits + expBits)) & 1);
  const int bias = (1 << (expBits - 1)) - 1;
  const uint32_t maxExp = (1u << expBits) - 1;
  float magnitude;
  if (exp == maxExp) {
    if (mant != 0)
      return std::bit_cast<float>(0x7fc00000u | (mant << (23 - mantBits)) | (negative ? 0x80000000u : 0u));
    magnitude = INFINITY;
  } else if (exp == 0) {
    magnitude = std::ldexp(float(mant), 1 - bias - mantBits);
  } else {
    magnitude = std::ldexp(float(mant | (1u << mantBits)), int(exp) - bias - mantBits);
  }
  return negative ? -magnitude : magnitude;
}

uint32_t floatToSmallFloat(float value, int expBits, int mantBits, bool hasSign) {
  const uint32_t f = std::bit_cast<uint32_t>(value);
  const bool negative = f >> 31;
  const uint32_t fexp = (f >> 23) & 0xff;
  const uint32_t fmant = f & 0x7fffff;
  const uint32_t maxExp = (1u << expBits) - 1;
  const uint32_t signBit = hasSign && negative ? 1u << (expBits + mantBits) : 0u;
  const uint32_t infinity = maxExp << mantBits;
  if (fexp == 0xff && fmant != 0) return signBit | infinity | (1u << (mantBits - 1));  // quiet NaN
  if (negative && !hasSign) return 0;
  if (fexp == 0xff) return signBit | infinity;

  const int bias = (1 << (expBits - 1)) - 1;
  const int minNormalExp = 1 - bias;
  // value = significand * 2^(e - 23)
  const int e = fexp == 0 ? -126 : int(fexp) - 127;
  const uint64_t significand = fexp == 0 ? fmant : (fmant | 0x800000u);
  if (significand == 0) return signBit;
  // Quantum of the target at this magnitude: 2^(max(e, minNormalExp) - mantBits).
  const int effectiveExp = e > minNormalExp ? e : minNormalExp;
  const int shift = 23 - mantBits + (effectiveExp - e);
  const uint64_t m = shiftRightNearestEven(significand, unsigned(shift));
  // For normals, m carries the implicit bit, so adding it to (exp-1)<<mantBits
  // yields the encoding, including a rounding carry into the exponent; for
  // denormals m is the encoding (m == 2^mantBits is the smallest normal).
  uint64_t encoded = e >= minNormalExp ? (uint64_t(e + bias - 1) << mantBits) + m : m;
  if (encoded >= infinity) encoded = infinity;
  return signBit | uint32_t(encoded);
}

}  // namespace gcnsim::memory
