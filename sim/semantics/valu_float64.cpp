// Double-precision vector ALU operations: arithmetic, min/max, rounding,
// frexp/ldexp, rcp/rsq/sqrt, the division helpers and v_trig_preop_f64
// (v_fma_f64 and v_div_fmas_f64: valu_fma.cpp).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop3.md.
#include <algorithm>
#include <cmath>

#include "sim/semantics/valu_driver.hpp"
#include "sim/semantics/valu_trans.hpp"

namespace gcnsim::sim::valu {
namespace {

using f64 = double;

// Fraction bits of 2/PI, most significant first (0.101000101111100110...b),
// computed with Machin's formula to 1300 bits.
constexpr uint64_t kTwoOverPi[20] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull, 0xf0cfbc209af4361dull};

// 53 bits of 2/PI starting at fraction bit `shift` (bit 0 = the 2^-1 digit).
uint64_t twoOverPiBits(unsigned shift) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 53; ++i) {
    const unsigned b = shift + i;
    const unsigned bit = b < 1280 ? (kTwoOverPi[b / 64] >> (63 - b % 64)) & 1 : 0;
    v = (v << 1) | bit;
  }
  return v;
}

f64 rsq64(f64 a) { return a < 0 ? asF64(kNegNaN64) : 1.0 / std::sqrt(a); }

}  // namespace

void registerValuFloat64(SemRegistry& r) {
  // VDST = ASDOUBLE(SRC0) + ASDOUBLE(SRC1), * (v_fma_f64: valu_fma.cpp)
  r.add("v_add_f64", vop<F64, F64, F64>([](f64 a, f64 b) { return a + b; }));
  r.add("v_mul_f64", vop<F64, F64, F64>([](f64 a, f64 b) { return a * b; }));
  // VDST = MIN/MAX(ASDOUBLE(SRC0), ASDOUBLE(SRC1)), IEEE-mode NaN rules
  r.add("v_min_f64", vop<F64, F64, F64>([](const Ctx& c, f64 a, f64 b) { return fmin(a, b, c.fp.ieee); }));
  r.add("v_max_f64", vop<F64, F64, F64>([](const Ctx& c, f64 a, f64 b) { return fmax(a, b, c.fp.ieee); }));
  // VDST = ASDOUBLE(SRC0) * POW(2.0, (INT32)SRC1)
  r.add("v_ldexp_f64",
        vop<F64, F64, I32>([](f64 a, int32_t e) { return std::ldexp(a, std::clamp(e, -4000, 4000)); }));

  // ---- rounding ----
  r.add("v_floor_f64", vop<F64, F64>([](f64 a) { return std::floor(a); }));
  r.add("v_ceil_f64", vop<F64, F64>([](f64 a) { return std::ceil(a); }));
  r.add("v_trunc_f64", vop<F64, F64>([](f64 a) { return std::trunc(a); }));
  r.add("v_rndne_f64", vop<F64, F64>([](f64 a) { return __builtin_roundeven(a); }));
  // VDST = SD - FLOOR(SD) (below 1.0); NaN/inf: NAN * SIGN(SD)
  r.add("v_fract_f64", vop<F64, F64>([](f64 a) {
          if (std::isinf(a)) return std::copysign(std::numeric_limits<f64>::quiet_NaN(), a);
          if (std::isnan(a)) return quiet(a);
          return std::min(a - std::floor(a), 0x1.fffffffffffffp-1);
        }));
  // FREXP_MANT(SD) with sign; inf: -NAN on GCN 1.0, SD later
  r.add("v_frexp_mant_f64", vop<F64, F64>([](const Ctx& c, f64 a) {
          if (std::isinf(a)) return c.gen == Gen::GCN10 ? asF64(kNegNaN64) : a;
          if (std::isnan(a)) return quiet(a);
          int e;
          return std::frexp(a, &e);
        }));
  // FREXP_EXP(SD); inf/NaN: -1 on GCN 1.0, 0 later
  r.add("v_frexp_exp_i32_f64", vop<I32, F64>([](const Ctx& c, f64 a) {
          if (!std::isfinite(a)) return c.gen == Gen::GCN10 ? -1 : 0;
          int e = 0;
          std::frexp(a, &e);
          return e;
        }));

  // ---- reciprocal, square root ----
  // VDST = APPROX_RCP(SRC0) (computed correctly rounded)
  r.add("v_rcp_f64", vop<F64, F64>([](f64 a) { return 1.0 / a; }));
  r.add("v_rcp_clamp_f64", vop<F64, F64>([](f64 a) { return clampInf(1.0 / a); }));
  // VDST = APPROX_RSQRT(SRC0); negative: -NAN
  r.add("v_rsq_f64", vop<F64, F64>([](f64 a) { return rsq64(a); }));
  r.add("v_rsq_clamp_f64", vop<F64, F64>([](f64 a) { return clampInf(rsq64(a)); }));
  // VDST = SRC0 >= 0 ? APPROX_SQRT(SRC0) : -NAN
  r.add("v_sqrt_f64", vop<F64, F64>([](f64 a) { return a < 0 ? asF64(kNegNaN64) : std::sqrt(a); }));

  // ---- division helpers ----
  r.add("v_div_scale_f64",
        vop<F64, F64, F64, F64>([](f64 a, f64 b, f64 c) { return divScale<f64, 768, 128, 53>(a, b, c); }));
  // v_div_fmas_f64: valu_fma.cpp
  r.add("v_div_fixup_f64",
        vop<F64, F64, F64, F64>([](f64 q, f64 d, f64 n) { return divFixup(q, d, n, kNegNaN64); }));

  // D = 53 bits of 2/PI from bit (SRC1&31)*53 (+ exponent(SRC0) - 1077 for large SRC0),
  // scaled by 2^(-53-shift) (AMD GCN ISA V_TRIG_PREOP_F64; CLRX GcnInstrsVop3.md)
  r.add("v_trig_preop_f64", vop<F64, F64, U32>([](f64 a, uint32_t seg) {
          const int e = expField(a);
          unsigned shift = (seg & 31) * 53;
          if (e > 1077) shift += static_cast<unsigned>(e - 1077);
          int scale = -53 - static_cast<int>(shift);
          if (e >= 1968) scale += 128;
          return std::ldexp(static_cast<f64>(twoOverPiBits(shift)), scale);
        }));
}

}  // namespace gcnsim::sim::valu
