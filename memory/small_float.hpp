// Conversions between IEEE single precision and the small float encodings
// used by buffer data formats: 16-bit half (sign, 5-bit exponent, 10-bit
// mantissa) for 16-bit FLOAT components, and the unsigned 11-bit (5e6m) and
// 10-bit (5e5m) floats of the 10_11_11 / 11_11_10 formats. Exponent bias is
// 2^(expBits-1)-1 = 15; an all-ones exponent encodes infinity/NaN; a zero
// exponent encodes denormals.
//
// Contract: smallFloatToFloat is exact. floatToSmallFloat rounds to nearest
// even, turns overflow into infinity, keeps NaN a NaN, and (unsigned
// encodings) turns negative values, including -inf, into +0.
#pragma once
#include <cstdint>

namespace gcnsim::memory {

float smallFloatToFloat(uint32_t bits, int expBits, int mantBits, bool hasSign);
uint32_t floatToSmallFloat(float value, int expBits, int mantBits, bool hasSign);

inline float halfToFloat(uint16_t h) { return smallFloatToFloat(h, 5, 10, true); }
inline uint16_t floatToHalf(float f) { return static_cast<uint16_t>(floatToSmallFloat(f, 5, 10, true)); }

}  // namespace gcnsim::memory
