// Division helpers at the extremes and the non-fused f32 multiply-adds.
//
// The LLVM f32/f64 division expansions (tests/sim/programs/valu_fdiv.s: v_div_scale,
// v_rcp, v_fma, v_div_fmas, v_div_fixup as SIISelLowering.cpp lowerFDIV32/lowerFDIV64
// emit them) must give the correctly rounded quotient for every pair of huge, tiny,
// denormal, zero, infinite and NaN operands: expected values are plain C++ divisions.
// In the directed MODE rounding modes the expansion itself is only faithful (x / x
// rounded toward zero gives 1 - ulp: every step rounds down), so there the result must
// be within one ulp of the C++ division under the same host rounding mode.
//
// v_div_scale on its own: the flag is set exactly when numerator and denominator are
// scaled differently (LLVM's GCN 1.0 workaround recomputes the flag that way from the
// high dwords, lowerFDIV64), and the scaled operands keep 1/D' and N/D' finite and
// normal (AMD GCN ISA V_DIV_SCALE pseudo-code: scale by 2^-64 / 2^-128 when 1/D is
// denormal, by 2^+64 / 2^+128 when N/D would be denormal or N is tiny).
//
// v_mad_f32, v_mac_f32, v_madak_f32, v_madmk_f32, v_mad_legacy_f32, v_mac_legacy_f32:
// not fused, no denormals (AMD GCN ISA: "denormals flushed"): the product is rounded,
// a denormal product becomes a zero of its sign, then the add is rounded and flushed.
#include <catch2/catch.hpp>
#include <cfenv>
#include <cmath>
#include <limits>
#include <vector>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kFMin = std::numeric_limits<float>::min();
constexpr float kFMax = std::numeric_limits<float>::max();
constexpr double kDNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDInf = std::numeric_limits<double>::infinity();
constexpr double kDMin = std::numeric_limits<double>::min();
constexpr double kDMax = std::numeric_limits<double>::max();

const std::vector<float> kF32Extremes = {1.0f,          -1.0f,  3.0f,         0.1f,     7.0f,      3e38f,
                                         kFMax,         -kFMax, 0x1p127f,     0x1p100f, 0x1p-100f, 1e30f,
                                         1e-38f,        kFMin,  1.5f * kFMin, 1e-40f,   -1.5e-39f, 0x1p-149f,
                                         3 * 0x1p-149f, 0.0f,   -0.0f,        kInf,     -kInf,     kNaN};
const std::vector<double> kF64Extremes = {1.0,           -1.0,   3.0,      0.1,    7.0,     1.7e308,
                                          kDMax,         -kDMax, 0x1p1023, 1e300,  0x1p500, 0x1p-500,
                                          1e-300,        kDMin,  2.5e-308, 1e-310, -1e-320, 0x1p-1074,
                                          3 * 0x1p-1074, 0.0,    -0.0,     kDInf,  -kDInf,  kDNaN};

// Random operands over the whole range (every exponent, denormals included).
float randomF32(uint64_t& s) {
  s ^= s << 13, s ^= s >> 7, s ^= s << 17;
  return uf(static_cast<uint32_t>(s >> 16));
}
double randomF64(uint64_t& s) {
  s ^= s << 13, s ^= s >> 7, s ^= s << 17;
  return ud(s * 0x9e3779b97f4a7c15ull);
}

// Host rounding mode of a MODE FP_ROUND field (GcnState.md: 0 nearest even, 1 +inf, 2 -inf, 3 zero).
int hostMode(unsigned rm) {
  constexpr int kModes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  return kModes[rm];
}
template <class T>
T divideIn(unsigned rm, T n, T d) {
  volatile T vn = n, vd = d;  // evaluated at run time, under the mode
  std::fesetround(hostMode(rm));
  const T q = vn / vd;
  std::fesetround(FE_TONEAREST);
  return q;
}
// Distance in representable values between two non-NaN floats given by their bits
// (+0 and -0 are one apart).
template <class U>
uint64_t ulpDistance(U a, U b) {
  constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
  auto key = [](U v) { return v & sign ? -static_cast<int64_t>(v & ~sign) - 1 : static_cast<int64_t>(v); };
  const int64_t d = key(a) - key(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}
float ftz(float f) { return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f; }

struct Pairs {
  std::vector<float> n32, d32;
  std::vector<double> n64, d64;
};

Pairs divisionPairs() {
  Pairs p;
  for (float n : kF32Extremes)
    for (float d : kF32Extremes) p.n32.push_back(n), p.d32.push_back(d);
  for (double n : kF64Extremes)
    for (double d : kF64Extremes) p.n64.push_back(n), p.d64.push_back(d);
  uint64_t s = 0x2545f4914f6cdd1dull;
  for (unsigned i = 0; i < 4 * 64; ++i) {
    p.n32.push_back(randomF32(s)), p.d32.push_back(randomF32(s));
    p.n64.push_back(randomF64(s)), p.d64.push_back(randomF64(s));
  }
  // Quotients that land in the denormal range or next to the smallest normal.
  for (unsigned i = 0; i < 64; ++i) {
    const float m = 1.0f + static_cast<float>(i) * 0x1p-7f;
    p.n32.push_back(m), p.d32.push_back(std::ldexp(1.0f + static_cast<float>(i % 5) / 3.0f, 126 + i % 24));
    p.n64.push_back(m), p.d64.push_back(std::ldexp(1.0 + (i % 5) / 3.0, 1022 + static_cast<int>(i % 53)));
  }
  return p;
}

}  // namespace

TEST_CASE("VALU f32/f64 division expansions at the extremes, every rounding mode", "[sim][valu]") {
  const Pairs p = divisionPairs();
  const size_t batches = (std::max(p.n32.size(), p.n64.size()) + 63) / 64;
  for (Gen g : kAllGens) {
    for (unsigned rm = 0; rm < 4; ++rm) {
      for (size_t b = 0; b < batches; ++b) {
        WaveHarness h(g);
        h.wave.hw.mode =
            0x3f0 | rm | rm << 2;  // all denormals allowed, DX10 clamp, IEEE; f32 and f64 round mode
        Lanes n{}, d{};
        std::array<uint64_t, 64> n64{}, d64{};
        for (unsigned l = 0; l < 64; ++l) {
          const size_t i32 = (b * 64 + l) % p.n32.size(), i64 = (b * 64 + l) % p.n64.size();
          n[l] = fu(p.n32[i32]), d[l] = fu(p.d32[i32]);
          n64[l] = du(p.n64[i64]), d64[l] = du(p.d64[i64]);
        }
        setV(h, 1, n), setV(h, 2, d), setV64(h, 20, n64), setV64(h, 22, d64);
        REQUIRE(h.runProgram("valu_fdiv").ok());
        for (unsigned l = 0; l < 64; ++l) {
          const float q = divideIn(rm, uf(n[l]), uf(d[l]));
          const double q64 = divideIn(rm, ud(n64[l]), ud(d64[l]));
          INFO(gname(g) << " round " << rm << " lane " << l << std::hexfloat << ": " << uf(n[l]) << " / "
                        << uf(d[l]) << " = " << q << ", " << ud(n64[l]) << " / " << ud(d64[l]) << " = "
                        << q64);
          if (std::isnan(q))
            CHECK(std::isnan(uf(getV(h, 10, l))));
          else if (rm == 0)
            CHECK(getV(h, 10, l) == fu(q));
          else
            CHECK(ulpDistance(getV(h, 10, l), fu(q)) <= 1);
          if (std::isnan(q64))
            CHECK(std::isnan(ud(getV64(h, 40, l))));
          else if (rm == 0)
            CHECK(getV64(h, 40, l) == du(q64));
          else
            CHECK(ulpDistance(getV64(h, 40, l), du(q64)) <= 1);
        }
      }
    }
  }
}

TEST_CASE("VALU f32 division expansion with MODE flushing f32 denormals", "[sim][valu]") {
  // No denormal f32 inputs or results: the expansion gives FTZ(FTZ(N) / FTZ(D)).
  const Pairs p = divisionPairs();
  for (Gen g : kAllGens) {
    for (size_t b = 0; b < (p.n32.size() + 63) / 64; ++b) {
      WaveHarness h(g);
      h.wave.hw.mode = 0x3c0;  // f32 denormals flushed (in and out), f64 allowed
      Lanes n{}, d{};
      for (unsigned l = 0; l < 64; ++l) {
        const size_t i = (b * 64 + l) % p.n32.size();
        n[l] = fu(p.n32[i]), d[l] = fu(p.d32[i]);
      }
      setV(h, 1, n), setV(h, 2, d);
      REQUIRE(h.runProgram("valu_fdiv").ok());
      for (unsigned l = 0; l < 64; ++l) {
        const float q = ftz(ftz(uf(n[l])) / ftz(uf(d[l])));
        INFO(gname(g) << " lane " << l << std::hexfloat << ": " << uf(n[l]) << " / " << uf(d[l]) << " = "
                      << q);
        if (std::isnan(q))
          CHECK(std::isnan(uf(getV(h, 10, l))));
        else
          CHECK(getV(h, 10, l) == fu(q));
      }
    }
  }
}

TEST_CASE("VALU v_div_scale keeps the scaled operands in range", "[sim][valu]") {
  const Pairs p = divisionPairs();
  for (Gen g : kAllGens) {
    for (size_t b = 0; b < (std::max(p.n32.size(), p.n64.size()) + 63) / 64; ++b) {
      WaveHarness h(g);
      h.wave.hw.mode = 0x3f0;
      Lanes n{}, d{};
      std::array<uint64_t, 64> n64{}, d64{};
      for (unsigned l = 0; l < 64; ++l) {
        const size_t i32 = (b * 64 + l) % p.n32.size(), i64 = (b * 64 + l) % p.n64.size();
        n[l] = fu(p.n32[i32]), d[l] = fu(p.d32[i32]);
        n64[l] = du(p.n64[i64]), d64[l] = du(p.d64[i64]);
      }
      setV(h, 1, n), setV(h, 2, d), setV64(h, 20, n64), setV64(h, 22, d64);
      REQUIRE(h.runProgram("valu_divscale").ok());
      const uint64_t flagD32 = h.wave.sreg64(10), flagN32 = h.wave.sreg64(12);
      const uint64_t flagD64 = h.wave.sreg64(14), flagN64 = h.wave.sreg64(16);
      for (unsigned l = 0; l < 64; ++l) {
        const float nf = uf(n[l]), df = uf(d[l]), ds = uf(getV(h, 3, l)), ns = uf(getV(h, 4, l));
        const double nd = ud(n64[l]), dd = ud(d64[l]), ds64 = ud(getV64(h, 24, l)),
                     ns64 = ud(getV64(h, 26, l));
        INFO(gname(g) << " lane " << l << std::hexfloat << ": " << nf << " / " << df << " -> " << ns << " / "
                      << ds << "; " << nd << " / " << dd << " -> " << ns64 << " / " << ds64);
        // Both calls report the same flag.
        CHECK(((flagD32 >> l) & 1) == ((flagN32 >> l) & 1));
        CHECK(((flagD64 >> l) & 1) == ((flagN64 >> l) & 1));
        const bool finite32 = std::isfinite(nf) && std::isfinite(df) && nf != 0 && df != 0;
        const bool finite64 = std::isfinite(nd) && std::isfinite(dd) && nd != 0 && dd != 0;
        if (finite32) {
          // Flag <=> exactly one operand was scaled (LLVM lowerFDIV64, GCN 1.0 workaround).
          CHECK(((flagN32 >> l) & 1) == ((getV(h, 4, l) != n[l]) != (getV(h, 3, l) != d[l])));
          CHECK(std::isnormal(ds));
          CHECK(std::isnormal(static_cast<float>(1.0 / static_cast<double>(ds))));
          const double scaledQ = static_cast<double>(ns) / ds;  // the quotient the expansion computes
          if (std::isnormal(static_cast<float>(static_cast<double>(nf) / df)))
            CHECK(scaledQ == static_cast<double>(nf) / df * ((flagN32 >> l) & 1 ? 0x1p-64 : 1.0));
        }
        if (finite64) {
          CHECK(((flagN64 >> l) & 1) == ((getV64(h, 26, l) != n64[l]) != (getV64(h, 24, l) != d64[l])));
          CHECK(std::isnormal(ds64));
          CHECK(std::isnormal(1.0 / ds64));
          // The scaled quotient overflows only when the quotient is far beyond DBL_MAX.
          if (std::fabs(static_cast<long double>(nd) / dd) < 0x1p1100L) CHECK(std::isfinite(ns64 / ds64));
        }
      }
    }
  }
  // Hand-worked lanes: 1 / 1.7e308 (1/D and N/D denormal: D * 2^-128, flag) and 1 / 3e38
  // in f32 (D * 2^-64, flag); 1e-300 / 1e300 (N/D underflows to 0: N * 2^128, flag).
  WaveHarness h(Gen::GCN14);
  h.wave.hw.mode = 0x3f0;
  Lanes n{}, d{};
  std::array<uint64_t, 64> n64{}, d64{};
  n.fill(fu(1.0f)), d.fill(fu(1.0f)), n64.fill(du(1.0)), d64.fill(du(1.0));
  d[0] = fu(3e38f), d64[0] = du(1.7e308);
  n64[1] = du(1e-300), d64[1] = du(1e300);
  setV(h, 1, n), setV(h, 2, d), setV64(h, 20, n64), setV64(h, 22, d64);
  REQUIRE(h.runProgram("valu_divscale").ok());
  CHECK(getV(h, 3, 0) == fu(3e38f * 0x1p-64f));
  CHECK(getV(h, 4, 0) == fu(1.0f));
  CHECK(getV64(h, 24, 0) == du(1.7e308 * 0x1p-128));
  CHECK(getV64(h, 26, 0) == du(1.0));
  CHECK(getV64(h, 24, 1) == du(1e300));
  CHECK(getV64(h, 26, 1) == du(1e-300 * 0x1p128));
  CHECK((h.wave.sreg64(12) & 3) == 1);  // f32: lane 0 flagged, lane 1 (1/1) not
  CHECK((h.wave.sreg64(16) & 3) == 3);
}

TEST_CASE("VALU non-fused f32 multiply-adds flush a denormal product before the add", "[sim][valu]") {
  // x * y + z with products around the smallest normal 2^-126; madak adds 2^-126, madmk multiplies by -0.5.
  Lanes x{}, y{}, z{};
  const float xs[] = {kFMin, kFMin, kFMin, kFMin, 1.5f * kFMin, kFMin * 1.0000001f, 0.75f, -3.0f, 0.0f, 2.0f};
  const float ys[] = {-0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.99999994f, 0x1p-126f, 0x1p-127f, 5.0f, 1e-40f};
  const float zs[] = {kFMin, -0.0f, 0.0f, -0.0f, 1.0f, 0.0f, kFMin, 0x1p-125f, -0.0f, -kFMin};
  for (unsigned l = 0; l < 64; ++l) {
    if (l < 10) {
      x[l] = fu(xs[l]), y[l] = fu(ys[l]), z[l] = fu(zs[l]);
    } else {  // assorted signs and mantissas, products between 2^-128 and 2^-124
      x[l] = fu(std::ldexp(1.0f + static_cast<float>(l % 17) / 17.0f, -60 - static_cast<int>(l % 5)));
      y[l] = fu((l & 1 ? -1.0f : 1.0f) *
                std::ldexp(1.0f + static_cast<float>(l % 13) / 13.0f, -64 + static_cast<int>(l % 3)));
      z[l] = fu((l & 2 ? -1.0f : 1.0f) *
                std::ldexp(1.0f + static_cast<float>(l % 7) / 7.0f, -126 + static_cast<int>(l % 2)));
    }
  }
  for (Gen g : kAllGens) {
    for (uint32_t mode : {0x3f0u, 0x300u}) {  // these ops flush whatever MODE says
      WaveHarness h(g);
      h.wave.hw.mode = mode;
      setV(h, 1, x), setV(h, 2, y), setV(h, 3, z), setV(h, 11, z);
      REQUIRE(h.runProgram("valu_mad_ftz").ok());
      for (unsigned l = 0; l < 64; ++l) {
        const float a = ftz(uf(x[l])), b = ftz(uf(y[l])), c = ftz(uf(z[l]));
        const float mad = ftz(ftz(a * b) + c);
        INFO(gname(g) << " mode " << std::hex << mode << std::dec << " lane " << l << std::hexfloat << ": "
                      << a << " * " << b << " + " << c << " = " << mad);
        CHECK(getV(h, 10, l) == fu(mad));
        CHECK(getV(h, 11, l) == fu(mad));
        CHECK(getV(h, 12, l) == fu(ftz(ftz(a * b) + kFMin)));
        CHECK(getV(h, 13, l) == fu(ftz(ftz(a * -0.5f) + c)));
        CHECK(getV(h, 14, l) == fu(a != 0 && b != 0 ? mad : c));
      }
      // The conformance case: FLT_MIN - FLT_MIN * 0.5 is FLT_MIN, and -0 + +0 is +0.
      CHECK(getV(h, 10, 0) == fu(kFMin));
      CHECK(getV(h, 10, 2) == fu(0.0f));
      CHECK(getV(h, 10, 3) == fu(-0.0f));
      if (g == Gen::GCN10 || g == Gen::GCN11) {
        WaveHarness hl(g);
        hl.wave.hw.mode = mode;
        setV(hl, 1, x), setV(hl, 2, y), setV(hl, 11, z);
        REQUIRE(hl.runProgram("valu_mac_legacy").ok());
        for (unsigned l = 0; l < 64; ++l) {
          const float a = ftz(uf(x[l])), b = ftz(uf(y[l])), c = ftz(uf(z[l]));
          INFO(gname(g) << " v_mac_legacy_f32 lane " << l);
          CHECK(getV(hl, 11, l) == fu(a != 0 && b != 0 ? ftz(ftz(a * b) + c) : c));
        }
      }
    }
  }
}
