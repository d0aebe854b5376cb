// Results of the vector ALU driver: a lane function's return value to register
// bits (toRaw), the output modifiers of float results (omod, clamp, MODE
// output-denormal flushing: postFloat), and the lane-mask destinations
// (compare results and carry-outs into VCC or the VOP3 SDST).
#pragma once
#include <cstdint>
#include <type_traits>
#include <utility>

#include "sim/operand_access.hpp"
#include "sim/semantics/valu_ctx.hpp"
#include "sim/semantics/valu_float.hpp"
#include "sim/semantics/valu_kinds.hpp"

namespace gcnsim::sim::valu {

// ---- results -----------------------------------------------------------------
template <class T>
struct IsPair : std::false_type {};
template <class A, class B>
struct IsPair<std::pair<A, B>> : std::true_type {};

template <Ty T, class R>
inline RawOf<T> toRaw(const Ctx& c, R r) {
  if constexpr (std::is_same_v<R, Raw32> || std::is_same_v<R, Raw16>)
    return r.v;
  else if constexpr (std::is_same_v<R, Raw64>)
    return r.v;
  else if constexpr (T == Ty::F32)
    return bitsOf(static_cast<float>(r));
  else if constexpr (T == Ty::F64)
    return bitsOf(static_cast<double>(r));
  else if constexpr (T == Ty::F16 || T == Ty::H16)
    return doubleToHalf(static_cast<double>(r), c.round16());
  else if constexpr (T == Ty::U16 || T == Ty::I16)
    return static_cast<uint32_t>(r) & 0xffffu;
  else
    return static_cast<RawOf<T>>(r);
}

inline uint32_t clamp01_32(uint32_t v, bool dx10) {
  if (isNaN32(v)) return dx10 ? 0u : v;
  const float f = asF32(v);
  return f <= 0.0f ? 0u : f >= 1.0f ? 0x3f800000u : v;
}
inline uint64_t clamp01_64(uint64_t v, bool dx10) {
  if (isNaN64(v)) return dx10 ? 0u : v;
  const double f = asF64(v);
  return f <= 0.0 ? 0u : f >= 1.0 ? 0x3ff0000000000000ull : v;
}
inline uint32_t clamp01_16(uint32_t v, bool dx10) {
  if (isNaN16(v)) return dx10 ? 0u : v;
  if (v & 0x8000u) return 0;          // negative (or -0)
  return v >= 0x3c00u ? 0x3c00u : v;  // >= 1.0
}
inline constexpr double kOmod[4] = {1.0, 2.0, 4.0, 0.5};

// Output modifiers of a float result (VOP3 "Clamping applied after OMOD";
// OMOD does nothing when output denormals are allowed).
template <Ty T>
[[gnu::always_inline]] inline RawOf<T> postFloat(const Ctx& c, RawOf<T> v) {
  if constexpr (T == Ty::F32) {
    const bool flush = !c.fp.allowOut32 || c.ftz;
    if (c.omod && flush) v = bitsOf(asF32(v) * static_cast<float>(kOmod[c.omod]));
    if (c.clamp) v = clamp01_32(v, c.fp.dx10);
    if (flush) v = ftz32(v);
  } else if constexpr (T == Ty::F64) {
    const bool flush = !c.fp.allowOut64 || c.ftz;
    if (c.omod && flush) v = bitsOf(asF64(v) * kOmod[c.omod]);
    if (c.clamp) v = clamp01_64(v, c.fp.dx10);
    if (flush) v = ftz64(v);
  } else if constexpr (T == Ty::F16) {
    const bool flush = c.flushOut16();
    if (c.omod && (flush || !c.fp.hasF16Denorm))
      v = doubleToHalf(halfToDouble(v) * kOmod[c.omod], c.round16());
    if (c.clamp) v = clamp01_16(v, c.fp.dx10);
    if (flush) v = ftz16(v);
  }
  return v;
}

template <class D>
struct DstInfo {
  static constexpr bool keep = false;
  static constexpr Ty ty = D::ty;
};
template <Ty T>
struct DstInfo<Keep<K<T>>> {
  static constexpr bool keep = true;
  static constexpr Ty ty = T;
};

// Writes a lane mask result: VCC for e32/SDWA/DPP (and VOP3 without SDST),
// the VOP3 SDST otherwise.
inline void writeMaskDst(Ctx& c, uint64_t m) {
  const Operand& sd = c.in.sdst.present() ? c.in.sdst : c.in.dst;
  if (c.enc != VopEnc::E32 && sd.kind == OpdKind::SReg)
    writeScalar64(c.w, sd, m);
  else
    c.w.setVcc(m);
}

// 64 flags (0/1 bytes, lane order) to a lane mask: per 8 lanes one multiply
// gathers byte j's low bit into bit 56 + j (the partial products do not overlap).
[[gnu::always_inline]] inline uint64_t packLaneFlags(const uint8_t* flags) {
  uint64_t m = 0;
  for (unsigned i = 0; i < 8; ++i) {
    uint64_t x;
    __builtin_memcpy(&x, flags + 8 * i, 8);
    m |= ((x * 0x0102040810204080ull) >> 56) << (8 * i);
  }
  return m;
}

}  // namespace gcnsim::sim::valu
