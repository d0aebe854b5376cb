// Floating-point helpers of the vector ALU: bit casts, the MODE register's
// round/denormal/DX10-clamp/IEEE fields (CLRX GcnState.md "MODE Register"),
// software f16 <-> f64 conversion with all four rounding modes, denormal
// flushing, NaN quieting, IEEE min/max and v_cmp_class classification.
#pragma once
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace gcnsim::sim::valu {

// ---- bit casts -----------------------------------------------------------
inline float asF32(uint32_t u) { return std::bit_cast<float>(u); }
inline uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
inline double asF64(uint64_t u) { return std::bit_cast<double>(u); }
inline uint64_t bitsOf(double d) { return std::bit_cast<uint64_t>(d); }

// Raw results: an op returning Raw32/Raw64 hands the driver exact bits (NaN
// payloads, -NaN constants) instead of a value to round.
struct Raw32 {
  uint32_t v;
};
struct Raw64 {
  uint64_t v;
};
struct Raw16 {
  uint32_t v;
};  // f16 bits in the low half

inline constexpr uint32_t kNegNaN32 = 0xffc00000u;  // the "-NAN" of the CLRX pseudo-code
inline constexpr uint32_t kQNaN32 = 0x7fc00000u;
inline constexpr uint64_t kNegNaN64 = 0xfff8000000000000ull;
inline constexpr uint64_t kQNaN64 = 0x7ff8000000000000ull;
inline constexpr uint32_t kNegNaN16 = 0xfe00u;
inline constexpr uint32_t kQNaN16 = 0x7e00u;
inline constexpr float kMaxF32 = std::numeric_limits<float>::max();
inline constexpr double kMaxF64 = std::numeric_limits<double>::max();

// ---- MODE register -------------------------------------------------------
// FP_ROUND [3:0]: [1:0] single, [3:2] double and half: 0 nearest even, 1 +inf,
// 2 -inf, 3 toward zero. FP_DENORM [7:4]: [5:4] single, [7:6] double/half:
// bit 0 of a field allows input denormals, bit 1 allows output denormals.
// DX10_CLAMP [8], IEEE [9].
struct FpMode {
  uint8_t round32 = 0, round64 = 0;
  bool allowIn32 = true, allowOut32 = true, allowIn64 = true, allowOut64 = true;
  bool dx10 = true, ieee = true;
  bool hasF16Denorm = true;  // GCN 1.2+: f16 shares the double denormal field

  static FpMode fromMode(uint32_t mode, bool gcn12plus) {
    FpMode m;
    m.round32 = mode & 3;
    m.round64 = (mode >> 2) & 3;
    m.allowIn32 = (mode >> 4) & 1;
    m.allowOut32 = (mode >> 5) & 1;
    m.allowIn64 = (mode >> 6) & 1;
    m.allowOut64 = (mode >> 7) & 1;
    m.dx10 = (mode >> 8) & 1;
    m.ieee = (mode >> 9) & 1;
    m.hasF16Denorm = gcn12plus;
    return m;
  }
};

inline int hostRound(uint8_t r) {
  switch (r & 3) {
    case 1: return FE_UPWARD;
    case 2: return FE_DOWNWARD;
    case 3: return FE_TOWARDZERO;
    default: return FE_TONEAREST;
  }
}

// Sets the host rounding mode for the duration of one instruction (only when
// MODE asks for something other than round-to-nearest-even).
class RoundScope {
 public:
  explicit RoundScope(uint8_t r) : active_(r != 0) {
    if (active_) std::fesetround(hostRound(r));
  }
  ~RoundScope() {
    if (active_) std::fesetround(FE_TONEAREST);
  }
  RoundScope(const RoundScope&) = delete;
  RoundScope& operator=(const RoundScope&) = delete;

 private:
  bool active_;
};

// ---- denormals, NaNs ------------------------------------------------------
inline uint32_t ftz32(uint32_t u) { return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u; }
inline uint64_t ftz64(uint64_t u) { return (u & 0x7ff0000000000000ull) == 0 ? u & 0x8000000000000000ull : u; }
inline uint32_t ftz16(uint32_t h) { return (h & 0x7c00u) == 0 ? h & 0x8000u : h; }
inline bool isNaN32(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }
inline bool isNaN64(uint64_t u) { return (u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
inline bool isNaN16(uint32_t h) { return (h & 0x7fffu) > 0x7c00u; }
inline bool isSNaN32(uint32_t u) { return isNaN32(u) && !(u & 0x00400000u); }
inline bool isSNaN64(uint64_t u) { return isNaN64(u) && !(u & 0x0008000000000000ull); }
inline bool isSNaN16(uint32_t h) { return isNaN16(h) && !(h & 0x0200u); }
inline float quiet(float f) { return asF32(bitsOf(f) | 0x00400000u); }
inline double quiet(double d) { return asF64(bitsOf(d) | 0x0008000000000000ull); }
inline bool isDenorm(float f) { return std::fpclassify(f) == FP_SUBNORMAL; }
inline bool isDenorm(double d) { return std::fpclassify(d) == FP_SUBNORMAL; }
// Biased exponent field ("exponent()" of the AMD pseudo-code).
inline int expField(float f) { return (bitsOf(f) >> 23) & 0xff; }
inline int expField(double d) { return static_cast<int>((bitsOf(d) >> 52) & 0x7ff); }

// ---- f16 -------------------------------------------------------------------
// Exact f16 -> f64 (NaN payload kept, signalling NaNs stay signalling).
inline double halfToDouble(uint32_t h) {
  const uint64_t s = static_cast<uint64_t>(h & 0x8000u) << 48;
  const uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f) return asF64(s | 0x7ff0000000000000ull | static_cast<uint64_t>(m) << 42);
  if (e == 0) {
    const double v = static_cast<double>(m) * 0x1p-24;
    return s ? -v : v;
  }
  return asF64(s | static_cast<uint64_t>(e - 15 + 1023) << 52 | static_cast<uint64_t>(m) << 42);
}

// f64 -> f16 rounded with MODE round mode `rm` (0 RNE, 1 +inf, 2 -inf, 3 RTZ).
// NaNs are quieted, keeping the top payload bits; overflow gives inf or the
// largest finite value as the mode dictates.
inline uint32_t doubleToHalf(double d, uint8_t rm = 0) {
  const uint64_t b = bitsOf(d);
  const uint32_t sign = static_cast<uint32_t>(b >> 48) & 0x8000u;
  const int e = static_cast<int>((b >> 52) & 0x7ff);
  const uint64_t mant = b & 0xfffffffffffffull;
  if (e == 0x7ff) return mant ? sign | 0x7e00u | static_cast<uint32_t>(mant >> 42) : sign | 0x7c00u;
  const double a = std::fabs(d);
  if (a == 0.0) return sign;
  const bool neg = sign != 0;
  auto overflow = [&]() -> uint32_t {
    const bool toInf = rm == 0 || (rm == 1 && !neg) || (rm == 2 && neg);
    return sign | (toInf ? 0x7c00u : 0x7bffu);
  };
  const int exp = e - 1023;  // unbiased (double denormals are far below the f16 range)
  if (exp > 15) return overflow();
  const int q = (exp < -14 ? -14 : exp) - 10;  // exponent of the f16 quantum at this magnitude
  const double scaled = std::ldexp(a, -q);     // exact
  double n = std::floor(scaled);
  const double frac = scaled - n;  // exact
  bool up = false;
  switch (rm & 3) {
    case 0: up = frac > 0.5 || (frac == 0.5 && std::fmod(n, 2.0) != 0.0); break;
    case 1: up = frac > 0.0 && !neg; break;
    case 2: up = frac > 0.0 && neg; break;
    default: break;
  }
  if (up) n += 1.0;
  const uint32_t ni = static_cast<uint32_t>(n);
  uint32_t bits;
  if (q == -24) {
    bits = ni;  // denormal (ni == 1024 is the smallest normal: same encoding)
  } else {
    bits = (static_cast<uint32_t>(exp + 15) << 10) + (ni - 1024);  // ni == 2048 carries into the exponent
  }
  if (bits >= 0x7c00u) return overflow();
  return sign | bits;
}

// Round-to-odd sum of two doubles: the exact sum rounded to 53 bits with
// "sticky" odd rounding, so that a later rounding to f16 is correctly rounded
// (double rounding through round-to-odd is innocuous when 53 >= 11 + 2).
inline double addRoundToOdd(double p, double c) {
  const double s = p + c;
  if (!std::isfinite(s)) return s;
  const double bb = s - p;
  const double err = (p - (s - bb)) + (c - bb);  // TwoSum: s + err == p + c exactly
  const uint64_t b = bitsOf(s);
  if (err != 0.0 && (b & 1) == 0) {
    // the odd neighbour on the side of the exact value (s != 0 here, since s == 0 implies err == 0)
    return asF64((std::signbit(err) == std::signbit(s)) ? b + 1 : b - 1);
  }
  return s;
}

// Round-to-odd sum of three doubles, for one rounding of an exact sum to f32
// or f16 (v_dot2_f32_f16: two exact f16 products and an f32 addend). Exact:
// TwoSum cascade (a + b + c == t + u + g), then u and g decide the odd
// rounding of t + u. Call in round-to-nearest (TwoSum is exact only there).
inline double sum3RoundToOdd(double a, double b, double c) {
  auto twoSum = [](double x, double y, double& err) {
    const double s = x + y;
    const double bb = s - x;
    err = (x - (s - bb)) + (y - bb);
    return s;
  };
  double e, f, g, err;
  const double s = twoSum(a, b, e);
  const double t = twoSum(s, c, f);
  if (!std::isfinite(t)) return t;
  const double u = twoSum(f, e, g);
  const double r = twoSum(t, u, err);
  // r + err + g is exact; |g| is below the spacing of r + err's bits, so it
  // only matters when r alone is exact.
  const double sticky = err != 0.0 ? err : g;
  if (sticky == 0.0) return r;
  if (r == 0.0) return sticky;
  const uint64_t rb = bitsOf(r);
  if ((rb & 1) != 0) return r;
  return asF64(std::signbit(sticky) == std::signbit(r) ? rb + 1 : rb - 1);
}

// f16 fused multiply-add evaluated exactly (the product of two f16 values is
// exact in double), returned with round-to-odd for the final f16 rounding.
inline double fmaForHalf(double a, double b, double c) { return addRoundToOdd(a * b, c); }

// ---- min/max (GCN 1.4 ISA: IEEE mode quiets sNaN inputs; otherwise a NaN
// operand is ignored; -0 < +0) ----------------------------------------------
template <class T>
inline bool isSNaN(T v) {
  if constexpr (sizeof(T) == 4)
    return isSNaN32(bitsOf(v));
  else
    return isSNaN64(bitsOf(v));
}
// Branch-free and on the bit patterns only (integer compares and selects), so
// that GCC vectorizes the lane loops. For non-NaN values the order of
// key(bits) (the magnitude bits flipped for negative values) is the float
// order with -0 < +0, which is the min/max rule for zeros. Then a NaN operand
// is ignored (both NaN: b), and in IEEE mode a signalling NaN operand wins,
// quieted (a before b).
template <class T>
[[gnu::always_inline]] inline T minMax(T a, T b, bool ieee, bool max) {
  using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  using S = std::make_signed_t<U>;
  constexpr U kSign = U(1) << (sizeof(T) * 8 - 1),
              kInf = sizeof(T) == 4 ? 0x7f800000u : 0x7ff0000000000000ull,
              kQuiet = sizeof(T) == 4 ? 0x00400000u : 0x0008000000000000ull;
  const U ua = bitsOf(a), ub = bitsOf(b);
  auto key = [](U u) { return static_cast<S>(u & kSign ? u ^ (kSign - 1) : u); };
  const bool aFirst = max ? key(ua) >= key(ub) : key(ua) <= key(ub);
  U r = aFirst ? ua : ub;
  const bool na = (ua & ~kSign) > kInf, nb = (ub & ~kSign) > kInf;
  r = nb ? ua : r;
  r = na ? ub : r;
  r = (ieee & nb & !(ub & kQuiet)) ? ub | kQuiet : r;
  r = (ieee & na & !(ua & kQuiet)) ? ua | kQuiet : r;
  if constexpr (sizeof(T) == 4)
    return asF32(r);
  else
    return asF64(r);
}
template <class T>
[[gnu::always_inline]] inline T fmin(T a, T b, bool ieee) {
  return minMax(a, b, ieee, false);
}
template <class T>
[[gnu::always_inline]] inline T fmax(T a, T b, bool ieee) {
  return minMax(a, b, ieee, true);
}

// ---- v_cmp_class ------------------------------------------------------------
// Class bit (GcnInstrsVopc.md): 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal,
// 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
inline unsigned classBit(bool neg, bool nan, bool snan, bool inf, bool zero, bool denorm) {
  if (nan) return snan ? 0 : 1;
  if (inf) return neg ? 2 : 9;
  if (zero) return neg ? 5 : 6;
  if (denorm) return neg ? 4 : 7;
  return neg ? 3 : 8;
}
inline unsigned classOf32(uint32_t u) {
  const uint32_t e = (u >> 23) & 0xff, m = u & 0x7fffff;
  return classBit(u >> 31, e == 0xff && m, e == 0xff && m && !(m & 0x400000), e == 0xff && !m, e == 0 && !m,
                  e == 0 && m);
}
inline unsigned classOf64(uint64_t u) {
  const uint64_t e = (u >> 52) & 0x7ff, m = u & 0xfffffffffffffull;
  return classBit(u >> 63, e == 0x7ff && m, e == 0x7ff && m && !(m & 0x8000000000000ull), e == 0x7ff && !m,
                  e == 0 && !m, e == 0 && m);
}
inline unsigned classOf16(uint32_t h) {
  const uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  return classBit((h >> 15) & 1, e == 0x1f && m, e == 0x1f && m && !(m & 0x200), e == 0x1f && !m,
                  e == 0 && !m, e == 0 && m);
}

}  // namespace gcnsim::sim::valu
