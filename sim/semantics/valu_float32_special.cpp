// Single-precision vector ALU operations: rounding, transcendentals,
// frexp/ldexp, cube-map helpers and the division helpers v_div_scale and
// v_div_fixup (arithmetic and min/max: valu_float32.cpp).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
// Transcendentals are computed in double precision and rounded once, which is
// within the documented accuracy (rcp/rsq/sqrt: 1 ULP).
#include <algorithm>
#include <cmath>

#include "sim/semantics/valu_driver.hpp"
#include "sim/semantics/valu_trans.hpp"

namespace gcnsim::sim::valu {
namespace {

// Largest float below 1.0: v_fract never returns 1.0.
constexpr float kBelowOne = 0x1.fffffep-1f;

float cube(float a, float b, float c, int which) {
  const float fa = std::fabs(a), fb = std::fabs(b), fc = std::fabs(c);
  if (fc >= fb && fc >= fa) {  // major axis Z
    switch (which) {
      case 0: return c >= 0 ? 4.0f : 5.0f;
      case 1: return 2 * c;
      case 2: return std::copysign(1.0f, c) * a;
      default: return -b;
    }
  }
  if (fb >= fa) {  // major axis Y
    switch (which) {
      case 0: return b >= 0 ? 2.0f : 3.0f;
      case 1: return 2 * b;
      case 2: return a;
      default: return std::copysign(1.0f, b) * c;
    }
  }
  switch (which) {  // major axis X
    case 0: return a >= 0 ? 0.0f : 1.0f;
    case 1: return 2 * a;
    case 2: return -std::copysign(1.0f, a) * c;
    default: return -b;
  }
}

}  // namespace

void registerValuFloat32Special(SemRegistry& r) {
  // ---- rounding ----
  r.add("v_floor_f32", vop<F32, F32>([](float a) { return std::floor(a); }));
  r.add("v_ceil_f32", vop<F32, F32>([](float a) { return std::ceil(a); }));
  r.add("v_trunc_f32", vop<F32, F32>([](float a) { return std::trunc(a); }));
  r.add("v_rndne_f32", vop<F32, F32>([](float a) { return __builtin_roundevenf(a); }));
  // VDST = SF - FLOOR(SF) (below 1.0); NaN/inf: NAN * SIGN(SF)
  r.add("v_fract_f32", vop<F32, F32>([](float a) {
          if (std::isinf(a)) return std::copysign(std::numeric_limits<float>::quiet_NaN(), a);
          if (std::isnan(a)) return quiet(a);
          return std::min(a - std::floor(a), kBelowOne);
        }));
  // FREXP_MANT(SF) with sign; inf: -NAN on GCN 1.0, SF later; NaN: quiet NaN
  r.add("v_frexp_mant_f32", vop<F32, F32>([](const Ctx& c, float a) {
          if (std::isinf(a)) return c.gen == Gen::GCN10 ? asF32(kNegNaN32) : a;
          if (std::isnan(a)) return quiet(a);
          int e;
          return std::frexp(a, &e);
        }));
  // FREXP_EXP(SF); inf/NaN: -1 on GCN 1.0, 0 later
  r.add("v_frexp_exp_i32_f32", vop<I32, F32>([](const Ctx& c, float a) {
          if (!std::isfinite(a)) return c.gen == Gen::GCN10 ? -1 : 0;
          int e = 0;
          std::frexp(a, &e);
          return e;
        }));

  // ---- transcendentals ----
  // VDST = APPROX_RCP(SRC0)
  r.add("v_rcp_f32", vop<F32, F32>([](float a) { return static_cast<float>(1.0 / a); }));
  r.add("v_rcp_iflag_f32", vop<F32, F32>([](float a) { return static_cast<float>(1.0 / a); }));
  // result clamped to +-MAX_FLOAT
  r.add("v_rcp_clamp_f32", vop<F32, F32>([](float a) { return clampInf(static_cast<float>(1.0 / a)); }));
  // zero or infinite result: 0 with the sign of SRC0
  r.add("v_rcp_legacy_f32", vop<F32, F32>([](float a) {
          const float q = static_cast<float>(1.0 / a);
          return a == 0 || std::isinf(q) ? std::copysign(0.0f, a) : q;
        }));
  // VDST = APPROX_RSQRT(SRC0); negative: -NAN (no denormal support)
  r.add("v_rsq_f32", vopo<kFtz, F32, F32>([](float a) { return rsq32(a); }));
  r.add("v_rsq_clamp_f32", vopo<kFtz, F32, F32>([](float a) { return clampInf(rsq32(a)); }));
  r.add("v_rsq_legacy_f32", vopo<kFtz, F32, F32>([](float a) {
          const float q = rsq32(a);
          return std::isinf(q) ? 0.0f : q;
        }));
  // VDST = SRC0 >= 0 ? APPROX_SQRT(SRC0) : -NAN
  r.add("v_sqrt_f32", vop<F32, F32>([](float a) { return a < 0 ? asF32(kNegNaN32) : std::sqrt(a); }));
  // VDST = APPROX_POW2(SRC0); 0 below -126
  r.add("v_exp_f32", vopo<kFtz, F32, F32>([](float a) { return exp2_32(a); }));
  r.add("v_exp_legacy_f32", vopo<kFtz, F32, F32>([](float a) { return exp2_32(a); }));
  // VDST = APPROX_LOG2(SRC0); negative: -NAN; clamp variant: -inf -> -MAX_FLOAT
  r.add("v_log_f32", vopo<kFtz, F32, F32>([](float a) { return log2_32(a); }));
  r.add("v_log_legacy_f32", vopo<kFtz, F32, F32>([](float a) { return log2_32(a); }));
  r.add("v_log_clamp_f32", vopo<kFtz, F32, F32>([](float a) {
          const float v = log2_32(a);
          return v == -INFINITY ? -kMaxF32 : v;
        }));
  // VDST = sin/cos(SRC0 * 2 * PI) for |SRC0| <= 256 (else 0.0 / 1.0); inf: -NAN
  r.add("v_sin_f32", vop<F32, F32>([](float a) { return static_cast<float>(sinRev(a)); }));
  r.add("v_cos_f32", vop<F32, F32>([](float a) { return static_cast<float>(cosRev(a)); }));

  // ---- cube map ----
  r.add("v_cubeid_f32", vop<F32, F32, F32, F32>([](float a, float b, float c) { return cube(a, b, c, 0); }));
  r.add("v_cubema_f32", vop<F32, F32, F32, F32>([](float a, float b, float c) { return cube(a, b, c, 1); }));
  r.add("v_cubesc_f32", vop<F32, F32, F32, F32>([](float a, float b, float c) { return cube(a, b, c, 2); }));
  r.add("v_cubetc_f32", vop<F32, F32, F32, F32>([](float a, float b, float c) { return cube(a, b, c, 3); }));

  // ---- division helpers ----
  r.add("v_div_scale_f32", vop<F32, F32, F32, F32>([](float a, float b, float c) {
          return divScale<float, 96, 64, 23>(a, b, c);
        }));
  // v_div_fmas_f32: valu_fma.cpp
  // SRC0 quotient, SRC1 denominator, SRC2 numerator: special cases of the division
  r.add("v_div_fixup_f32",
        vop<F32, F32, F32, F32>([](float q, float d, float n) { return divFixup(q, d, n, kNegNaN32); }));
}

}  // namespace gcnsim::sim::valu
