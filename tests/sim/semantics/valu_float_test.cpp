// Floating-point VALU semantics: f32 arithmetic, NaN/inf/denormal inputs, min/max NaN
// rules, conversions with saturation, transcendentals within tolerance, cmp_class,
// neg/abs/clamp/omod, MODE denormal flushing, and the full f32/f64 division expansions.
// Expected values: plain C++ float/double arithmetic (and _Float16 for f16) following the
// CLRX pseudo-code in GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md, GcnState.md.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr uint32_t kNegNaN = 0xffc00000u;

float ftz(float f) { return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f; }
template <class T>
T minRef(T a, T b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == 0 && b == 0) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class T>
T maxRef(T a, T b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == 0 && b == 0) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
unsigned classRef(float f) {
  const bool neg = std::signbit(f);
  if (std::isnan(f)) return (fu(f) & 0x400000u) ? 1 : 0;
  if (std::isinf(f)) return neg ? 2 : 9;
  if (f == 0) return neg ? 5 : 6;
  if (std::fpclassify(f) == FP_SUBNORMAL) return neg ? 4 : 7;
  return neg ? 3 : 8;
}
int32_t toI32(double x) {
  if (std::isnan(x)) return 0;
  if (x >= 2147483647.0) return INT32_MAX;
  if (x <= -2147483648.0) return INT32_MIN;
  return static_cast<int32_t>(x);
}
uint32_t toU32(double x) {
  if (std::isnan(x) || x <= 0) return 0;
  if (x >= 4294967295.0) return 0xffffffffu;
  return static_cast<uint32_t>(x);
}
int32_t floorI32(double x) {
  if (std::isnan(x)) return std::signbit(x) ? INT32_MIN : INT32_MAX;
  return toI32(std::floor(x));
}
bool near(float got, double want, double relTol, double absTol = 0) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want) || want == 0)
    return got == static_cast<float>(want) || std::fabs(got - want) <= absTol;
  return std::fabs(got - want) <= std::max(std::fabs(want) * relTol, absTol);
}
bool withinUlp(float got, float want) {
  if (std::isnan(want)) return std::isnan(got);
  if (got == want) return true;
  return std::nextafter(want, kInf) == got || std::nextafter(want, -kInf) == got;
}

const Lanes kA =
    lanes(31, std::array<uint32_t, 26>{
                  fu(0),      fu(-0.0f), fu(1),      fu(-1),      fu(0.5f),
                  fu(-0.5f),  fu(1.5f),  fu(2.5f),   fu(-2.5f),   fu(kInf),
                  fu(-kInf),  fu(kNaN),  fu(1e-40f), fu(-1e-40f), fu(std::numeric_limits<float>::max()),
                  fu(3e9f),   fu(-3e9f), fu(1e10f),  fu(0.25f),   fu(0.75f),
                  fu(100.3f), fu(-7.7f), fu(257.0f), fu(1e-30f),  fu(4294967296.0f),
                  fu(-0.1f)});
const Lanes kB = lanes(
    32, std::array<uint32_t, 16>{fu(2), fu(0), fu(-0.0f), fu(kNaN), fu(3), fu(kInf), fu(-1), fu(1e-40f),
                                 fu(0.5f), fu(kInf), fu(1), fu(1), fu(1e-40f), fu(-2), fu(2), fu(0.125f)});

Lanes randomFloats(uint32_t seed, int scale) {
  Lanes v = lanes(seed);
  for (auto& x : v)
    x = fu(static_cast<float>(static_cast<int32_t>(x % 2000001u) - 1000000) / static_cast<float>(scale));
  return v;
}

}  // namespace

TEST_CASE("VALU f32 arithmetic, conversions and transcendentals", "[sim][valu]") {
  Lanes a = kA, b = kB;
  const Lanes rndA = randomFloats(41, 1000), rndB = randomFloats(42, 777), c = randomFloats(43, 3000);
  for (unsigned l = 26; l < 64; ++l) a[l] = rndA[l];
  for (unsigned l = 16; l < 64; ++l) b[l] = rndB[l];
  Lanes ints{}, halves{}, masks{};
  for (unsigned l = 0; l < 64; ++l) {
    ints[l] = static_cast<uint32_t>(static_cast<int32_t>(l) - 32) * (l % 3 ? 1u : 1000003u);
    const _Float16 h = static_cast<_Float16>(uf(rndA[l]) / 16.0f);
    halves[l] = std::bit_cast<uint16_t>(h);
    masks[l] = 1u << (l % 10) | 1u << ((l * 7) % 10);
  }
  for (Gen g : kAllGens) {
    WaveHarness h(g);
    h.wave.hw.mode = 0x3f0;  // round to nearest even, all denormals allowed, DX10 clamp, IEEE
    setV(h, 1, a), setV(h, 2, b), setV(h, 3, c), setV(h, 4, ints), setV(h, 5, halves), setV(h, 6, masks);
    setV(h, 30, c);  // v_mac_f32 accumulator
    REQUIRE(h.runProgram("valu_f32").ok());
    for (unsigned l = 0; l < 64; ++l) {
      const float x = uf(a[l]), y = uf(b[l]), z = uf(c[l]);
      const int32_t n = static_cast<int32_t>(ints[l]);
      INFO(gname(g) << " lane " << l << " a=" << x << " (" << std::hex << a[l] << ") b=" << y << " c=" << z
                    << std::dec);
      auto F = [&](unsigned reg) { return uf(getV(h, reg, l)); };
      auto U = [&](unsigned reg) { return getV(h, reg, l); };
      CHECK(U(10) == fu(x + y));
      CHECK(U(11) == fu(x * y));
      CHECK(U(12) == fu(ftz(ftz(ftz(x) * ftz(y)) + ftz(z))));
      CHECK(U(13) == fu(std::fma(x, y, z)));
      CHECK(U(14) == fu(minRef(x, y)));
      CHECK(U(15) == fu(maxRef(x, y)));
      CHECK(withinUlp(F(16), 1.0f / x));
      CHECK((x < 0 ? U(17) == kNegNaN : U(17) == fu(std::sqrt(x))));
      CHECK(U(18) == fu(std::floor(x)));
      if (std::isinf(x))
        CHECK(U(19) == (0x7fc00000u | (a[l] & 0x80000000u)));
      else if (std::isnan(x))
        CHECK(std::isnan(F(19)));
      else
        CHECK(U(19) == fu(std::min(x - std::floor(x), 0x1.fffffep-1f)));
      CHECK(U(20) == static_cast<uint32_t>(toI32(x)));
      CHECK(U(21) == toU32(x));
      CHECK(U(22) == fu(static_cast<float>(n)));
      const float s = x + y;
      CHECK(U(23) == fu(std::isnan(s) ? 0.0f : s <= 0 ? 0.0f : s >= 1 ? 1.0f : s));
      CHECK(U(24) == fu(-x * std::fabs(y)));
      CHECK(U(25) == fu(std::ldexp(x, n)));
      if (std::isinf(x))
        CHECK(U(26) == (g == Gen::GCN10 ? kNegNaN : a[l]));
      else if (std::isnan(x))
        CHECK(std::isnan(F(26)));
      else {
        int e;
        CHECK(U(26) == fu(std::frexp(x, &e)));
      }
      if (!std::isfinite(x))
        CHECK(U(27) == (g == Gen::GCN10 ? 0xffffffffu : 0u));
      else {
        int e;
        std::frexp(x, &e);
        CHECK(U(27) == static_cast<uint32_t>(e));
      }
      CHECK(U(28) == fu(x - y));
      CHECK(U(29) == fu(y - x));
      CHECK(U(30) == fu(ftz(ftz(ftz(x) * ftz(y)) + ftz(z))));
      CHECK(U(31) == fu(ftz(ftz(ftz(x) * ftz(y)) + 3.0f)));
      CHECK(U(32) == fu(ftz(ftz(ftz(x) * 1.5f) + ftz(y))));
      CHECK(getV64(h, 34, l) == du(static_cast<double>(x)));
      CHECK(U(36) == std::bit_cast<uint16_t>(static_cast<_Float16>(x)));
      CHECK(U(37) == fu(static_cast<float>(std::bit_cast<_Float16>(static_cast<uint16_t>(halves[l])))));
      CHECK(U(38) == ((masks[l] >> classRef(x)) & 1));
      if (!std::isnan(x) && !std::isnan(y) && !std::isnan(z))
        CHECK(U(39) == fu(std::max(std::min(x, y), std::min(std::max(x, y), z))));
      CHECK(U(40) == fu(std::trunc(x)));
      CHECK(U(41) == fu(std::nearbyint(x)));
      CHECK(U(42) == fu(std::ceil(x)));
      if (x < -126)
        CHECK(U(43) == 0u);
      else
        CHECK(near(F(43), static_cast<float>(std::exp2(static_cast<double>(x))), 2e-7));
      const float xf = ftz(x);
      if (xf < 0)
        CHECK(U(44) == kNegNaN);
      else
        CHECK(near(F(44), std::log2(static_cast<double>(xf)), 2e-7, 1e-7));
      if (std::isinf(x))
        CHECK((std::isnan(F(45)) && std::isnan(F(46))));
      else if (std::fabs(x) > 256)
        CHECK((U(45) == 0u && U(46) == fu(1.0f)));
      else if (!std::isnan(x)) {
        CHECK(near(F(45), std::sin(2 * M_PI * static_cast<double>(x)), 0, 2e-6));
        CHECK(near(F(46), std::cos(2 * M_PI * static_cast<double>(x)), 0, 2e-6));
      }
      if (xf < 0)
        CHECK(U(47) == kNegNaN);
      else
        CHECK(withinUlp(F(47), static_cast<float>(1.0 / std::sqrt(static_cast<double>(xf)))));
      CHECK(U(48) == static_cast<uint32_t>(floorI32(static_cast<double>(x) + 0.5)));
      CHECK(U(49) == static_cast<uint32_t>(floorI32(x)));
      CHECK(U(50) == fu(maxRef(maxRef(x, y), z)));
      CHECK(U(52) == fu(minRef(minRef(x, y), z)));  // V_MIN3_F32 = MIN(MIN(S0, S1), S2) (GcnInstrsVop3.md)
      CHECK(U(51) == fu(x == 0 || y == 0 ? 0.0f : x * y));
    }
  }
}

TEST_CASE("VALU output modifiers and MODE denormal flushing", "[sim][valu]") {
  const Lanes a =
      lanes(51, std::array<uint32_t, 6>{fu(1e-40f), fu(0.3f), fu(kNaN), fu(-0.75f), fu(0.2f), fu(3e38f)});
  const Lanes b =
      lanes(52, std::array<uint32_t, 6>{fu(1e-40f), fu(0.1f), fu(1), fu(0.5f), fu(0.1f), fu(3e38f)});
  for (Gen g : kAllGens) {
    for (uint32_t mode : {0x300u, 0x200u, 0x3f0u}) {  // flush all (DX10 on / off), allow all
      WaveHarness h(g);
      h.wave.hw.mode = mode;
      setV(h, 1, a), setV(h, 2, b);
      for (unsigned l = 0; l < 64; ++l) {  // v[20:21] = 1e-300 (f64 denormal product below)
        h.wave.v(20)[l] = static_cast<uint32_t>(du(1e-300)),
        h.wave.v(21)[l] = static_cast<uint32_t>(du(1e-300) >> 32);
        h.wave.v(22)[l] = static_cast<uint32_t>(du(1e-20)),
        h.wave.v(23)[l] = static_cast<uint32_t>(du(1e-20) >> 32);
      }
      REQUIRE(h.runProgram("valu_fmode").ok());
      const bool flush = (mode & 0xf0) == 0, dx10 = mode & 0x100;
      for (unsigned l = 0; l < 64; ++l) {
        const float x = flush ? ftz(uf(a[l])) : uf(a[l]), y = flush ? ftz(uf(b[l])) : uf(b[l]);
        INFO(gname(g) << " mode " << std::hex << mode << " lane " << std::dec << l << " a=" << x
                      << " b=" << y);
        const float sum = flush ? ftz(x + y) : x + y;
        // OMOD does not apply when output denormals are allowed (GcnInstrsVop2.md NOTE)
        CHECK(getV(h, 10, l) == fu(flush ? ftz((x + y) * 2.0f) : sum));
        CHECK(getV(h, 11, l) == fu(sum));
        float m = flush ? (x * y) * 0.5f : x * y;
        m = std::isnan(m) ? (dx10 ? 0.0f : m) : m <= 0 ? 0.0f : m >= 1 ? 1.0f : m;
        if (std::isnan(m))
          CHECK(std::isnan(uf(getV(h, 12, l))));
        else
          CHECK(getV(h, 12, l) == fu(m));
        CHECK(getV(h, 13, l) == fu(flush ? ftz((x + y) * 4.0f) : sum));
        CHECK(getV64(h, 14, l) == du(flush ? 0.0 : 1e-300 * 1e-20));
        CHECK(getV(h, 16, l) == fu(maxRef(x, y)));
      }
    }
  }
}

TEST_CASE("VALU f32 and f64 division expansions are correctly rounded", "[sim][valu]") {
  Lanes n = lanes(61, std::array<uint32_t, 12>{fu(1), fu(1), fu(0), fu(1), fu(3e38f), fu(1e-38f), fu(1e-45f),
                                               fu(kInf), fu(kNaN), fu(-7), fu(2e-38f), fu(1e30f)});
  Lanes d = lanes(62, std::array<uint32_t, 12>{fu(3), fu(0), fu(0), fu(1e-40f), fu(1e-5f), fu(3e38f), fu(3),
                                               fu(2), fu(1), fu(0.1f), fu(3e38f), fu(1e-30f)});
  std::array<uint64_t, 64> n64{}, d64{};
  for (unsigned l = 12; l < 64; ++l) {
    n[l] = fu(std::ldexp(static_cast<float>(n[l] % 100000 + 1), static_cast<int>(n[l] % 200) - 100));
    d[l] = fu(std::ldexp(static_cast<float>(d[l] % 100000 + 1), static_cast<int>(d[l] % 200) - 100));
  }
  for (unsigned l = 0; l < 64; ++l) {
    n64[l] = du(static_cast<double>(uf(n[l])) * (1.0 + l * 1e-9) *
                std::ldexp(1.0, static_cast<int>(l % 7) * 100 - 300));
    d64[l] = du(static_cast<double>(uf(d[l])) * (1.0 - l * 3e-9) *
                std::ldexp(1.0, static_cast<int>(l % 5) * 150 - 200));
  }
  for (Gen g : kAllGens) {
    WaveHarness h(g);
    h.wave.hw.mode = 0x3f0;
    setV(h, 1, n), setV(h, 2, d), setV64(h, 20, n64), setV64(h, 22, d64);
    REQUIRE(h.runProgram("valu_fdiv").ok());
    // 2/PI = 0x3FE45F306DC9C883 rounded; v_trig_preop returns the truncated first 53 bits,
    // then the next 53 bits scaled by 2^-106.
    CHECK(getV64(h, 42, 0) == 0x3fe45f306dc9c882ull);
    CHECK(ud(getV64(h, 42, 0)) + ud(getV64(h, 44, 0)) == M_2_PI);
    for (unsigned l = 0; l < 64; ++l) {
      const float q = uf(n[l]) / uf(d[l]);
      const double q64 = ud(n64[l]) / ud(d64[l]);
      INFO(gname(g) << " lane " << l << " " << uf(n[l]) << " / " << uf(d[l]) << ", " << ud(n64[l]) << " / "
                    << ud(d64[l]));
      if (std::isnan(q))
        CHECK(std::isnan(uf(getV(h, 10, l))));
      else
        CHECK(getV(h, 10, l) == fu(q));
      CHECK(getV64(h, 40, l) == du(q64));
      CHECK(getV64(h, 46, l) == du(ud(n64[l]) + ud(d64[l])));
      CHECK(getV64(h, 48, l) == du(std::fma(ud(n64[l]), ud(d64[l]), ud(n64[l]))));
      CHECK(getV64(h, 50, l) == du(minRef(ud(n64[l]), ud(d64[l]))));
      CHECK(getV(h, 52, l) == static_cast<uint32_t>(toI32(ud(n64[l]))));
      const double x = ud(n64[l]);
      if (std::isfinite(x))
        CHECK(getV64(h, 54, l) == du(std::min(x - std::floor(x), 0x1.fffffffffffffp-1)));
      else
        CHECK(std::isnan(ud(getV64(h, 54, l))));
    }
  }
}
