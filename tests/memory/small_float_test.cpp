// Half and 11/10-bit float conversions: exact decoding, round-to-nearest-even
// encoding (values worked out from the IEEE-style layout in small_float.hpp).
#include "memory/small_float.hpp"

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>

using namespace gcnsim::memory;

TEST_CASE("half decoding", "[memory][smallfloat]") {
  CHECK(halfToFloat(0x3c00) == 1.0f);
  CHECK(halfToFloat(0xc000) == -2.0f);
  CHECK(halfToFloat(0x7bff) == 65504.0f);
  CHECK(halfToFloat(0x0001) == std::ldexp(1.0f, -24));  // smallest denormal
  CHECK(halfToFloat(0x0400) == std::ldexp(1.0f, -14));  // smallest normal
  CHECK(std::isinf(halfToFloat(0xfc00)));
  CHECK(halfToFloat(0xfc00) < 0);
  CHECK(std::isnan(halfToFloat(0x7e00)));
}

TEST_CASE("half encoding rounds to nearest even", "[memory][smallfloat]") {
  CHECK(floatToHalf(1.0f) == 0x3c00);
  CHECK(floatToHalf(1.0f + std::ldexp(1.0f, -11)) == 0x3c00);      // tie -> even mantissa 0
  CHECK(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3c02);  // tie -> even mantissa 2
  CHECK(floatToHalf(std::ldexp(1.0f, -25)) == 0x0000);             // half the smallest denormal: tie -> 0
  CHECK(floatToHalf(3 * std::ldexp(1.0f, -25)) == 0x0002);         // 1.5 denormal ulps -> 2
  CHECK(floatToHalf(2047.0f * std::ldexp(1.0f, -25)) == 0x0400);   // rounds up into the smallest normal
  CHECK(floatToHalf(65520.0f) == 0x7c00);                          // overflow -> inf
  CHECK(floatToHalf(-0.0f) == 0x8000);
  CHECK(floatToHalf(-INFINITY) == 0xfc00);
  uint16_t nan = floatToHalf(NAN);
  CHECK((nan & 0x7c00) == 0x7c00);
  CHECK((nan & 0x03ff) != 0);
}

TEST_CASE("unsigned 11-bit and 10-bit floats", "[memory][smallfloat]") {
  CHECK(floatToSmallFloat(1.0f, 5, 6, false) == 0x3c0);
  CHECK(floatToSmallFloat(1.0f, 5, 5, false) == 0x1e0);
  CHECK(floatToSmallFloat(-1.0f, 5, 6, false) == 0);         // no sign: negatives become 0
  CHECK(floatToSmallFloat(65024.0f, 5, 6, false) == 0x7bf);  // largest finite 11-bit float
  CHECK(floatToSmallFloat(1e9f, 5, 6, false) == 0x7c0);      // overflow -> inf
  CHECK(smallFloatToFloat(0x7bf, 5, 6, false) == 65024.0f);
  CHECK(smallFloatToFloat(0x3df, 5, 5, false) == 64512.0f);  // largest finite 10-bit float (e=30, m=31)
  CHECK(std::isnan(smallFloatToFloat(0x3ff, 5, 5, false)));  // e=31, m!=0
  for (uint32_t bits = 0; bits < 0x7c0; ++bits) {            // every finite 11-bit value round trips
    INFO("bits " << bits);
    REQUIRE(floatToSmallFloat(smallFloatToFloat(bits, 5, 6, false), 5, 6, false) == bits);
  }
}
