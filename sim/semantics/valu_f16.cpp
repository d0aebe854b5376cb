// Half-precision vector ALU operations (GCN 1.2/1.4). Operands arrive as
// exact doubles; sums and products of two f16 values are exact in double, so
// the single rounding to f16 the driver applies gives the IEEE result. Fused
// multiply-adds use a round-to-odd double (valu_float.hpp).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <algorithm>
#include <cmath>

#include "sim/semantics/valu_driver.hpp"
#include "sim/semantics/valu_trans.hpp"

namespace gcnsim::sim::valu {
namespace {

using f64 = double;

// Largest f16 below 1.0 (1 - 2^-11): v_fract_f16 never returns 1.0.
constexpr f64 kBelowOne16 = 1.0 - 0x1p-11;

// Unfused multiply-add: the product is rounded to f16 first and, like the f32
// v_mad_f32 family, a denormal product is flushed before the add when the op
// flushes denormals (kFtz).
constexpr auto mad16 = [](const Ctx& c, f64 a, f64 b, f64 d) {
  const uint32_t p = doubleToHalf(a * b, c.round16());
  return halfToDouble(c.flushOut16() ? ftz16(p) : p) + d;
};

constexpr auto med3h = [](const Ctx& c, f64 a, f64 b, f64 d) {
  if (std::isnan(a)) return fmin(b, d, c.fp.ieee);
  if (std::isnan(b)) return fmin(a, d, c.fp.ieee);
  if (std::isnan(d)) return fmin(a, b, c.fp.ieee);
  return std::max(std::min(a, b), std::min(std::max(a, b), d));
};

}  // namespace

void registerValuF16(SemRegistry& r) {
  // VDST = ASHALF(SRC0) + ASHALF(SRC1), -, rev -, *
  r.add("v_add_f16", vop<F16, F16, F16>([](f64 a, f64 b) { return a + b; }));
  r.add("v_sub_f16", vop<F16, F16, F16>([](f64 a, f64 b) { return a - b; }));
  r.add("v_subrev_f16", vop<F16, F16, F16>([](f64 a, f64 b) { return b - a; }));
  r.add("v_mul_f16", vop<F16, F16, F16>([](f64 a, f64 b) { return a * b; }));
  // VDST = ASHALF(SRC0) * ASHALF(SRC1) + ASHALF(VDST) (flushes denormals)
  r.add("v_mac_f16", vopo<kFtz, F16, F16, F16, OldDst<F16>>(mad16));
  // VDST = SRC0 * SRC1 + K;  VDST = SRC0 * K + SRC1
  r.add("v_madak_f16", vopo<kFtz, F16, F16, F16, F16>(mad16));
  r.add("v_madmk_f16", vopo<kFtz, F16, F16, F16, F16>(mad16));
  // VDST = ASHALF(SRC0) * ASHALF(SRC1) + ASHALF(SRC2): GCN 1.4 opcodes keep the other half
  r.add("v_mad_f16", vopo<kFtz, Keep<F16>, F16, F16, F16>(mad16));
  r.add("v_mad_legacy_f16", vopo<kFtz, F16, F16, F16, F16>(mad16));
  // VDST = FMA(ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2))
  r.add("v_fma_f16", vop<Keep<F16>, F16, F16, F16>([](f64 a, f64 b, f64 c) { return fmaForHalf(a, b, c); }));
  r.add("v_fma_legacy_f16", vop<F16, F16, F16, F16>([](f64 a, f64 b, f64 c) { return fmaForHalf(a, b, c); }));
  // VDST = ASHALF(SRC0) * POW(2.0, (INT16)SRC1)
  r.add("v_ldexp_f16", vop<F16, F16, I16>([](f64 a, int32_t e) { return std::ldexp(a, e); }));

  // ---- min / max / med3 ----
  r.add("v_min_f16", vop<F16, F16, F16>([](const Ctx& c, f64 a, f64 b) { return fmin(a, b, c.fp.ieee); }));
  r.add("v_max_f16", vop<F16, F16, F16>([](const Ctx& c, f64 a, f64 b) { return fmax(a, b, c.fp.ieee); }));
  r.add("v_min3_f16", vop<Keep<F16>, F16, F16, F16>([](const Ctx& c, f64 a, f64 b, f64 d) {
          return fmin(fmin(a, b, c.fp.ieee), d, c.fp.ieee);
        }));
  r.add("v_max3_f16", vop<Keep<F16>, F16, F16, F16>([](const Ctx& c, f64 a, f64 b, f64 d) {
          return fmax(fmax(a, b, c.fp.ieee), d, c.fp.ieee);
        }));
  r.add("v_med3_f16", vop<Keep<F16>, F16, F16, F16>(med3h));

  // ---- rounding ----
  r.add("v_floor_f16", vop<F16, F16>([](f64 a) { return std::floor(a); }));
  r.add("v_ceil_f16", vop<F16, F16>([](f64 a) { return std::ceil(a); }));
  r.add("v_trunc_f16", vop<F16, F16>([](f64 a) { return std::trunc(a); }));
  r.add("v_rndne_f16", vop<F16, F16>([](f64 a) { return __builtin_roundeven(a); }));
  r.add("v_fract_f16", vop<F16, F16>([](f64 a) {
          if (std::isinf(a)) return std::copysign(std::numeric_limits<f64>::quiet_NaN(), a);
          if (std::isnan(a)) return quiet(a);
          return std::min(a - std::floor(a), kBelowOne16);
        }));
  // FREXP_MANT(SF) * SIGN(SF); inf: SF; NaN: NaN
  r.add("v_frexp_mant_f16", vop<F16, F16>([](f64 a) {
          if (std::isinf(a)) return a;
          if (std::isnan(a)) return quiet(a);
          int e;
          return std::frexp(a, &e);
        }));
  // (INT16)FREXP_EXP(SF); inf/NaN: 0
  r.add("v_frexp_exp_i16_f16", vop<I16, F16>([](f64 a) {
          int e = 0;
          if (std::isfinite(a)) std::frexp(a, &e);
          return e;
        }));

  // ---- transcendentals (double precision, rounded once) ----
  r.add("v_rcp_f16", vop<F16, F16>([](f64 a) { return 1.0 / a; }));
  r.add("v_rsq_f16", vop<F16, F16>([](f64 a) { return a < 0 ? asF64(kNegNaN64) : 1.0 / std::sqrt(a); }));
  r.add("v_sqrt_f16", vop<F16, F16>([](f64 a) { return a < 0 ? asF64(kNegNaN64) : std::sqrt(a); }));
  r.add("v_exp_f16", vop<F16, F16>([](f64 a) { return std::exp2(a); }));
  r.add("v_log_f16", vop<F16, F16>([](f64 a) { return a < 0 ? asF64(kNegNaN64) : std::log2(a); }));
  r.add("v_sin_f16", vop<F16, F16>([](f64 a) { return sinRev(a); }));
  r.add("v_cos_f16", vop<F16, F16>([](f64 a) { return cosRev(a); }));

  // SRC0 quotient, SRC1 denominator, SRC2 numerator (see valu_trans.hpp divFixup)
  auto fixup = [](f64 q, f64 d, f64 n) { return divFixup(q, d, n, kNegNaN64); };
  r.add("v_div_fixup_f16", vop<Keep<F16>, F16, F16, F16>(fixup));
  r.add("v_div_fixup_legacy_f16", vop<F16, F16, F16, F16>(fixup));
}

}  // namespace gcnsim::sim::valu
