// Single-precision vector ALU operations: arithmetic, min/max and their legacy
// (DX9) variants; rounding, transcendentals, frexp/ldexp, cube-map and
// division helpers (v_div_scale/v_div_fixup) are in valu_float32_special.cpp,
// v_fma_f32 and v_div_fmas_f32 in valu_fma.cpp (two files: compile time).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <algorithm>
#include <cmath>

#include "sim/semantics/valu_driver.hpp"
#include "sim/semantics/valu_trans.hpp"

namespace gcnsim::sim::valu {
namespace {

// The rounded product of the non-fused multiply-adds with a denormal flushed
// to a zero of its sign.
inline float madProduct(float a, float b) { return asF32(ftz32(bitsOf(a * b))); }

}  // namespace

void registerValuFloat32(SemRegistry& r) {
  // ---- arithmetic ----
  // VDST = ASFLOAT(SRC0) + ASFLOAT(SRC1), -, rev -, *
  r.add("v_add_f32", vop<F32, F32, F32>([](float a, float b) { return a + b; }));
  r.add("v_sub_f32", vop<F32, F32, F32>([](float a, float b) { return a - b; }));
  r.add("v_subrev_f32", vop<F32, F32, F32>([](float a, float b) { return b - a; }));
  r.add("v_mul_f32", vop<F32, F32, F32>([](float a, float b) { return a * b; }));
  // if (SRC0!=0.0 && SRC1!=0.0) VDST = SRC0 * SRC1 else VDST = 0.0
  r.add("v_mul_legacy_f32",
        vop<F32, F32, F32>([](float a, float b) { return a != 0 && b != 0 ? a * b : 0.0f; }));
  // VDST = SRC0 * SRC1 + SRC2, not fused: the product is rounded and, as these
  // ops support no denormals (kFtz), a denormal product is flushed to a zero of
  // its sign before the add (AMD GCN ISA "V_MAD_F32 ... Denormals not
  // supported"; FLT_MIN - FLT_MIN*0.5 gives FLT_MIN, not 0).
  r.add("v_mad_f32",
        vopo<kFtz, F32, F32, F32, F32>([](float a, float b, float c) { return madProduct(a, b) + c; }));
  // VDST = ASFLOAT(SRC0) * ASFLOAT(SRC1) + ASFLOAT(VDST)
  r.add("v_mac_f32", vopo<kFtz, F32, F32, F32, OldDst<F32>>(
                         [](float a, float b, float c) { return madProduct(a, b) + c; }));
  // VDST = SRC0 * SRC1 + K;  VDST = SRC0 * K + SRC1
  r.add("v_madak_f32",
        vopo<kFtz, F32, F32, F32, F32>([](float a, float b, float k) { return madProduct(a, b) + k; }));
  r.add("v_madmk_f32",
        vopo<kFtz, F32, F32, F32, F32>([](float a, float k, float b) { return madProduct(a, k) + b; }));
  // if (SRC0!=0.0 && SRC1!=0.0) VDST = SRC0 * SRC1 + SRC2 (else SRC2 / VDST unchanged)
  r.add("v_mad_legacy_f32", vopo<kFtz, F32, F32, F32, F32>([](float a, float b, float c) {
          return a != 0 && b != 0 ? madProduct(a, b) + c : c;
        }));
  r.add("v_mac_legacy_f32", vopo<kFtz, F32, F32, F32, OldDst<F32>>([](float a, float b, float c) {
          return a != 0 && b != 0 ? madProduct(a, b) + c : c;
        }));
  // VDST = ASFLOAT(SRC0) * POW(2.0, (INT32)SRC1)
  r.add("v_ldexp_f32",
        vop<F32, F32, I32>([](float a, int32_t e) { return std::ldexp(a, std::clamp(e, -400, 400)); }));
  // VDST = -MAX_FLOAT unless SRC2 > 0: then 0 if SRC0 or SRC1 is 0.0, else SRC0 * SRC1
  r.add("v_mullit_f32", vop<F32, F32, F32, F32>([](float a, float b, float c) {
          if (!(c > 0.0f)) return -kMaxF32;
          return a != 0 && b != 0 ? a * b : 0.0f;
        }));

  // ---- min / max ----
  // VDST = MIN/MAX(ASFLOAT(SRC0), ASFLOAT(SRC1)), IEEE-mode NaN rules
  r.add("v_min_f32",
        vop<F32, F32, F32>([](const Ctx& c, float a, float b) { return fmin(a, b, c.fp.ieee); }));
  r.add("v_max_f32",
        vop<F32, F32, F32>([](const Ctx& c, float a, float b) { return fmax(a, b, c.fp.ieee); }));
  // DX9 rules: VDST = SRC0 < SRC1 ? SRC0 : SRC1 (a NaN SRC1 gives NaN)
  r.add("v_min_legacy_f32", vop<F32, F32, F32>([](float a, float b) { return a < b ? a : b; }));
  r.add("v_max_legacy_f32", vop<F32, F32, F32>([](float a, float b) { return a >= b ? a : b; }));
  // NaN operands are ignored: ISNAN(SF0) -> MAX(SF1, SF2) ...
  r.add("v_min3_f32", vop<F32, F32, F32, F32>([](const Ctx& c, float a, float b, float d) {
          return fmin(fmin(a, b, c.fp.ieee), d, c.fp.ieee);
        }));
  r.add("v_max3_f32", vop<F32, F32, F32, F32>([](const Ctx& c, float a, float b, float d) {
          return fmax(fmax(a, b, c.fp.ieee), d, c.fp.ieee);
        }));
  r.add("v_med3_f32", vop<F32, F32, F32, F32>([](const Ctx& c, float a, float b, float d) {
          if (std::isnan(a)) return fmin(b, d, c.fp.ieee);
          if (std::isnan(b)) return fmin(a, d, c.fp.ieee);
          if (std::isnan(d)) return fmin(a, b, c.fp.ieee);
          return std::max(std::min(a, b), std::min(std::max(a, b), d));
        }));
}

}  // namespace gcnsim::sim::valu
