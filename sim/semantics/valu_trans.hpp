// Shared lane helpers of the float files: transcendentals (computed in double
// and rounded once), infinity clamping, and the division helpers shared by the
// f16/f32/f64 variants of v_div_scale and v_div_fixup.
#pragma once
#include <bit>
#include <cfenv>
#include <cmath>
#include <limits>
#include <type_traits>
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
  if (r > 0.25)
    r = 0.5 - r;
  else if (r < -0.25)
    r = -0.5 - r;
  return std::sin(2.0 * M_PI * r);
}
inline double cosRev(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return asF64(kNegNaN64);
  if (std::fabs(x) > 256.0) return 1.0;
  return sinRev(x + 0.25);
}

// V_DIV_SCALE_F32/F64. SRC0 is the value to scale (the numerator or the
// denominator), SRC1 the denominator, SRC2 the numerator. The flag (VCC or the
// VOP3b SDST) tells v_div_fmas to scale the quotient back: it is set exactly
// when numerator and denominator are scaled differently (LLVM relies on this:
// on GCN 1.0 it recomputes the flag as "exactly one of them changed",
// SIISelLowering.cpp lowerFDIV64). Cases, in order (AMD GCN 1.4 "Vega" ISA
// pseudo-code, CLRX GcnInstrsVop3.md; Scale = 64 (f32) / 128 (f64)):
//   N == 0 or D == 0                      -> NaN (v_div_fixup gives the result)
//   exponent(N) - exponent(D) >= ExpGap   -> flag; D * 2^Scale (N/D near MAX_FLOAT)
//   D denormal                            -> N and D * 2^Scale
//   1/D and N/D below the normal range    -> flag; D * 2^-Scale
//   1/D below the normal range            -> N and D * 2^-Scale
//   N/D below the normal range            -> flag; N * 2^Scale
//   exponent(N) <= Tiny                   -> N and D * 2^Scale (numerator tiny)
// The AMD pseudo-code scales D by 2^+Scale in the fourth case, which overflows
// a huge D to infinity (1/1.7e308 would give inf); 2^-Scale keeps the scaled
// quotient N/D' = N/D * 2^Scale normal, and v_div_fmas scales it back by
// 2^-Scale (|quotient| < 2.0) with one rounding, as in the N/D case. "Below
// the normal range" means the exact value, so a quotient that underflows to
// 0 (1e-300 / 1e300) counts too; the tests are done in a wider type.
// ExpGap: 96 (f32) / 768 (f64); Tiny: 23 / 53.
template <class T, int ExpGap, int Scale, int Tiny>
inline std::pair<T, bool> divScale(T s0, T s1, T s2) {
  using W = std::conditional_t<sizeof(T) == 4, double, long double>;  // exact range for 1/D and N/D
  const W minNormal = std::numeric_limits<T>::min();
  if (s2 == 0 || s1 == 0) return {std::numeric_limits<T>::quiet_NaN(), false};
  const bool finite = std::isfinite(s1) && std::isfinite(s2);
  const bool rcpTiny = finite && std::fabs(W(1) / W(s1)) < minNormal;
  const bool quotTiny = finite && std::fabs(W(s2) / W(s1)) < minNormal;
  if (expField(s2) - expField(s1) >= ExpGap) return {s0 == s1 ? std::ldexp(s0, Scale) : s0, true};
  if (isDenorm(s1)) return {std::ldexp(s0, Scale), false};
  if (rcpTiny && quotTiny) return {s0 == s1 ? std::ldexp(s0, -Scale) : s0, true};
  if (rcpTiny) return {std::ldexp(s0, -Scale), false};
  if (quotTiny) return {s0 == s2 ? std::ldexp(s0, Scale) : s0, true};
  if (expField(s2) <= Tiny) return {std::ldexp(s0, Scale), false};
  return {s0, false};
}

// V_DIV_FMAS_F32/F64 with the flag set: FMA(a, b, c) * 2^scale rounded once
// (in the host rounding mode, which the driver set from MODE), so that a
// quotient that ends up denormal is not rounded twice. The sum is formed in
// binary128 (the product of two doubles is exact there), rounded to odd with
// an exact TwoSum under round-to-nearest, scaled exactly, then rounded to T:
// rounding to odd at 113 bits followed by rounding to <= 53 bits is correct.
template <class T>
inline T fmaScaled(T a, T b, T c, int scale) {
  using Q = __float128;
  const int mode = std::fegetround();
  if (mode != FE_TONEAREST) std::fesetround(FE_TONEAREST);
  const Q p = static_cast<Q>(a) * static_cast<Q>(b), qc = static_cast<Q>(c);
  Q s = p + qc;
  if (s - s == 0) {  // finite
    const Q bb = s - p;
    const Q err = (p - (s - bb)) + (qc - bb);  // s + err == p + c exactly
    auto bits = std::bit_cast<unsigned __int128>(s);
    if (err != 0 && (bits & 1) == 0) {
      // the odd neighbour on the side of the exact value (s != 0 here, since s == 0 implies err == 0)
      if ((err < 0) == (s < 0))
        ++bits;
      else
        --bits;
      s = std::bit_cast<Q>(bits);
    }
  }
  s *= static_cast<Q>(std::ldexp(1.0, scale));  // exact: binary128 has the range
  if (mode != FE_TONEAREST) std::fesetround(mode);
  return static_cast<T>(s);
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
  if constexpr (sizeof(T) == 4)
    nanv = asF32(static_cast<uint32_t>(negNaNBits));
  else
    nanv = asF64(negNaNBits);
  if (d == 0 && n == 0) return nanv;
  if (std::isinf(d) && std::isinf(n)) return nanv;
  const T inf = std::numeric_limits<T>::infinity();
  if (d == 0 || std::isinf(n)) return neg ? -inf : inf;
  if (std::isinf(d) || n == 0) return neg ? T(-0.0) : T(0.0);
  if (std::isnan(q)) return neg ? -inf : inf;
  return neg ? -std::fabs(q) : std::fabs(q);
}

}  // namespace gcnsim::sim::valu
