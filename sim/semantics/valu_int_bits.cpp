// Integer vector ALU operations (VOP1/VOP2/VOP3): bit counts, bitfields,
// byte permutes, min/max/med3 (valu_int.cpp lists the other integer files).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

// Bits [shift, shift + len) of v, the field clipped at bit 31 (branch-free, so
// that the lane loops vectorize).
u32 bfeU(u32 v, u32 shift, u32 len) {
  shift &= 31, len &= 31;
  return (v >> shift) & ((1u << len) - 1);
}
// Same, sign-extended from the field's top bit: with L = min(len, 32 - shift),
// SEXT(v[shift + L - 1 : shift]); 0 for len == 0.
u32 bfeI(u32 v, u32 shift, u32 len) {
  shift &= 31, len &= 31;
  const u32 l = std::min(len, 32 - shift);
  const u32 top = 32 - l;  // 1..32; 32 only when len == 0
  const i32 r = static_cast<i32>(v << ((top - shift) & 31)) >> (top & 31);
  return len == 0 ? 0u : static_cast<u32>(r);
}

template <class T>
T med3(T a, T b, T c) {
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}

// V_PERM_B32 byte selector over {SRC0, SRC1} (GcnInstrsVop3.md).
u32 permByte(u64 q, u32 sel) {
  if (sel >= 13) return 0xff;
  if (sel == 12) return 0;
  if (sel >= 8) return (q >> ((sel - 8) * 16 + 15)) & 1 ? 0xff : 0;
  return (q >> (sel * 8)) & 0xff;
}

}  // namespace

void registerValuIntBits(SemRegistry& r) {
  // ---- bit counts, bitfields ----
  // VDST = SRC1 + BITCOUNT(SRC0)
  r.add("v_bcnt_u32_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return b + std::popcount(a); }));
  // VDST = SRC1 + BITCOUNT(((1ULL << LANEID) - 1) & SRC0) (lo: lanes 0-31, hi: lanes 32-63)
  r.add("v_mbcnt_lo_u32_b32", vop<U32, U32, U32>([](Lane l, u32 a, u32 b) {
          const u32 m = l.id >= 32 ? ~0u : static_cast<u32>((1ull << l.id) - 1);
          return b + std::popcount(a & m);
        }));
  r.add("v_mbcnt_hi_u32_b32", vop<U32, U32, U32>([](Lane l, u32 a, u32 b) {
          const u32 m = l.id < 32 ? 0u : static_cast<u32>((1ull << (l.id - 32)) - 1);
          return b + std::popcount(a & m);
        }));
  // VDST = ((1U << (SRC0&31))-1) << (SRC1&31)
  r.add("v_bfm_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return ((1u << (a & 31)) - 1) << (b & 31); }));
  // VDST = bits [SRC1&31, +SRC2&31) of SRC0 (sign-extended for _i32)
  r.add("v_bfe_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return bfeU(a, b, c); }));
  r.add("v_bfe_i32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return bfeI(a, b, c); }));
  // VDST = (SRC0 & SRC1) | (~SRC0 & SRC2)
  r.add("v_bfi_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a & b) | (~a & c); }));
  // VDST byte i = byte of {SRC0,SRC1} chosen by byte i of SRC2
  r.add("v_perm_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) {
          const u64 q = (u64{a} << 32) | b;
          u32 d = 0;
          for (int i = 0; i < 4; ++i) d |= permByte(q, (c >> (8 * i)) & 0xff) << (8 * i);
          return d;
        }));
  // byte i = (S0.b[i] + S1.b[i] + S2.b[i]&1) >> 1
  r.add("v_lerp_u8", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) {
          u32 d = 0;
          for (int i = 0; i < 4; ++i)
            d |= ((((a >> (8 * i)) & 0xff) + ((b >> (8 * i)) & 0xff) + ((c >> (8 * i)) & 1)) >> 1) << (8 * i);
          return d;
        }));

  // ---- min / max / med3 ----
  r.add("v_min_i32", vop<U32, I32, I32>([](i32 a, i32 b) { return std::min(a, b); }));
  r.add("v_max_i32", vop<U32, I32, I32>([](i32 a, i32 b) { return std::max(a, b); }));
  r.add("v_min_u32", vop<U32, U32, U32>([](u32 a, u32 b) { return std::min(a, b); }));
  r.add("v_max_u32", vop<U32, U32, U32>([](u32 a, u32 b) { return std::max(a, b); }));
  r.add("v_min_i16", vop<I16, I16, I16>([](i32 a, i32 b) { return std::min(a, b); }));
  r.add("v_max_i16", vop<I16, I16, I16>([](i32 a, i32 b) { return std::max(a, b); }));
  r.add("v_min_u16", vop<U16, U16, U16>([](u32 a, u32 b) { return std::min(a, b); }));
  r.add("v_max_u16", vop<U16, U16, U16>([](u32 a, u32 b) { return std::max(a, b); }));
  r.add("v_min3_i32", vop<U32, I32, I32, I32>([](i32 a, i32 b, i32 c) { return std::min({a, b, c}); }));
  r.add("v_max3_i32", vop<U32, I32, I32, I32>([](i32 a, i32 b, i32 c) { return std::max({a, b, c}); }));
  r.add("v_med3_i32", vop<U32, I32, I32, I32>([](i32 a, i32 b, i32 c) { return med3(a, b, c); }));
  r.add("v_min3_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return std::min({a, b, c}); }));
  r.add("v_max3_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return std::max({a, b, c}); }));
  r.add("v_med3_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return med3(a, b, c); }));
  r.add("v_min3_i16", vop<Keep<I16>, I16, I16, I16>([](i32 a, i32 b, i32 c) { return std::min({a, b, c}); }));
  r.add("v_max3_i16", vop<Keep<I16>, I16, I16, I16>([](i32 a, i32 b, i32 c) { return std::max({a, b, c}); }));
  r.add("v_med3_i16", vop<Keep<I16>, I16, I16, I16>([](i32 a, i32 b, i32 c) { return med3(a, b, c); }));
  r.add("v_min3_u16", vop<Keep<U16>, U16, U16, U16>([](u32 a, u32 b, u32 c) { return std::min({a, b, c}); }));
  r.add("v_max3_u16", vop<Keep<U16>, U16, U16, U16>([](u32 a, u32 b, u32 c) { return std::max({a, b, c}); }));
  r.add("v_med3_u16", vop<Keep<U16>, U16, U16, U16>([](u32 a, u32 b, u32 c) { return med3(a, b, c); }));
}

}  // namespace gcnsim::sim::valu
