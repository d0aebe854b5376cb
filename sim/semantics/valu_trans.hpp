// Shared lane helpers of the float files: transcendentals (computed in double
// and rounded once), infinity clamping, and the division helpers shared by the
// f16/f32/f64 variants of v_div_scale and v_div_fixup.
#pragma once
#include <cmath>
#include <limits>
#include <utility>

#include "sim/semantics/valu_float.hpp"

namespace gcnsim::sim::valu {

template <class T>
inline T clampInf(T v) {
  return std::isinf(v) ? std::copysign(std::numeric_limits<T>::max(), v) : v;
}

// APPROX_RSQRT: negative input gives -NAN.
inline float rsq32(float a) {
  if (a < 0) return asF32(kNegNaN32);
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a)));
}
// APPROX_POW2, 0 below -126 ("regardless floatmode", GcnInstrsVop1.md V_EXP_F32).
inline float exp2_32(float a) {
  if (a < -126.0f) return 0.0f;
  return static_cast<float>(std::exp2(static_cast<double>(a)));
}
// APPROX_LOG2; negative input gives -NAN, 1.0 gives exactly 0.
inline float log2_32(float a) {
  if (a < 0) return asF32(kNegNaN32);
  return static_cast<float>(std::log2(static_cast<double>(a)));
}

// sin(2*pi*x) with the argument in revolutions, reduced exactly so that
// multiples of a quarter revolution give exact results. AMD GCN ISA: valid
// input range [-256, 256], out-of-range input gives 0 (sin) / 1 (cos);
// infinity gives NaN (CLRX GcnInstrsVop1.md: -NAN).
inline double sinRev(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return asF64(kNegNaN64);
  if (std::fabs(x) > 256.0) return 0.0;
  double r = x - __builtin_roundeven(x);  // [-0.5, 0.5], exact
  if (r > 0.25) r = 0.5 - r;
  else if (r < -0.25) r = -0.5 - r;
  return std::sin(2.0 * M_PI * r);
}
inline double cosRev(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return asF64(kNegNaN64);
  if (std::fabs(x) > 256.0) return 1.0;
  return sinRev(x + 0.25);
}

// V_DIV_SCALE_F32/F64 (AMD GCN 1.4 ISA pseudo-code; CLRX GcnInstrsVop3.md
// gives the main cases): D = S0 unless a case scales it; the flag (VCC or the
// VOP3b SDST) tells v_div_fmas to post-scale the quotient.
// ExpGap: 96 (f32) / 768 (f64); Scale: 64 / 128; Tiny: 23 / 53.
template <class T, int ExpGap, int Scale, int Tiny>
inline auto divScale(T s0, T s1, T s2) {
  bool flag = false;
  T d = s0;
  const T rcp = static_cast<T>(1.0L / s1);
  if (s2 == 0 || s1 == 0) {
    d = std::numeric_limits<T>::quiet_NaN();
  } else if (expField(s2) - expField(s1) >= ExpGap) {  // N/D near MAX_FLOAT
    flag = true;
    if (s0 == s1) d = std::ldexp(s0, Scale);
  } else if (isDenorm(s1)) {
    d = std::ldexp(s0, Scale);
  } else if (isDenorm(rcp) && isDenorm(static_cast<T>(s2 / s1))) {
    flag = true;
    if (s0 == s1) d = std::ldexp(s0, Scale);
  } else if (isDenorm(rcp)) {
    d = std::ldexp(s0, -Scale);
  } else if (isDenorm(static_cast<T>(s2 / s1))) {
    flag = true;
    if (s0 == s2) d = std::ldexp(s0, Scale);
  } else if (expField(s2) <= Tiny) {  // numerator is tiny
    d = std::ldexp(s0, Scale);
  }
  return std::pair<T, bool>{d, flag};
}

// V_DIV_FIXUP: SRC0 quotient, SRC1 denominator, SRC2 numerator
// (GcnInstrsVop3.md; NaN operand order and 0/0, inf/inf as in the AMD ISA):
//   NaN numerator/denominator -> quieted NaN; 0/0, inf/inf -> NaN;
//   x/0, inf/x -> +-inf; x/inf, 0/x -> +-0; NaN quotient -> +-inf;
//   otherwise the quotient with the sign of SRC1*SRC2.
template <class T>
inline T divFixup(T q, T d, T n, uint64_t negNaNBits) {
  const bool neg = std::signbit(d) != std::signbit(n);
  if (std::isnan(n)) return quiet(n);
  if (std::isnan(d)) return quiet(d);
  T nanv;
  if constexpr (sizeof(T) == 4) nanv = asF32(static_cast<uint32_t>(negNaNBits));
  else nanv = asF64(negNaNBits);
  if (d == 0 && n == 0) return nanv;
  if (std::isinf(d) && std::isinf(n)) return nanv;
  const T inf = std::numeric_limits<T>::infinity();
  if (d == 0 || std::isinf(n)) return neg ? -inf : inf;
  if (std::isinf(d) || n == 0) return neg ? T(-0.0) : T(0.0);
  if (std::isnan(q)) return neg ? -inf : inf;
  return neg ? -std::fabs(q) : std::fabs(q);
}

}  // namespace gcnsim::sim::valu
