// Integer vector ALU operations (VOP3): sums of absolute differences
// (valu_int.cpp lists the other integer files).
// Pseudo-code lines: CLRX GcnInstrsVop3.md.
#include <algorithm>
#include <cstdint>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

u32 absDiff(u32 a, u32 b) { return a > b ? a - b : b - a; }
u32 sadU8(u32 a, u32 b, bool masked) {
  u32 s = 0;
  for (int i = 0; i < 4; ++i) {
    const u32 x = (a >> (i * 8)) & 0xff, y = (b >> (i * 8)) & 0xff;
    if (!masked || y != 0) s += absDiff(x, y);
  }
  return s;
}

}  // namespace

void registerValuIntSad(SemRegistry& r) {
  // ---- sums of absolute differences ----
  // VDST = SRC2 + SUM(ABS(byte differences)); hi: << 16; msad: bytes where SRC1 byte != 0
  r.add("v_sad_u8", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return c + sadU8(a, b, false); }));
  r.add("v_sad_hi_u8",
        vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return c + (sadU8(a, b, false) << 16); }));
  r.add("v_msad_u8", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return c + sadU8(a, b, true); }));
  // VDST = SRC2 + ABS(lo16 diff) + ABS(hi16 diff)
  r.add("v_sad_u16", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) {
          return c + absDiff(a & 0xffff, b & 0xffff) + absDiff(a >> 16, b >> 16);
        }));
  // VDST = SRC2 + ABS(SRC0 - SRC1)
  r.add("v_sad_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return c + absDiff(a, b); }));
  // word i = SAD(bytes i..i+3 of SRC0, SRC1) + word i of SRC2 (16-bit saturated)
  r.add("v_qsad_pk_u16_u8", vop<U64, U64, U32, U64>([](u64 a, u32 b, u64 c) {
          u64 d = 0;
          for (int i = 0; i < 4; ++i)
            d |= u64{std::min<u32>(
                     sadU8(static_cast<u32>(a >> (8 * i)), b, false) + ((c >> (16 * i)) & 0xffff), 0xffff)}
                 << (16 * i);
          return d;
        }));
  r.add("v_mqsad_pk_u16_u8", vop<U64, U64, U32, U64>([](u64 a, u32 b, u64 c) {
          u64 d = 0;
          for (int i = 0; i < 4; ++i)
            d |= u64{std::min<u32>(
                     sadU8(static_cast<u32>(a >> (8 * i)), b, true) + ((c >> (16 * i)) & 0xffff), 0xffff)}
                 << (16 * i);
          return d;
        }));
}

}  // namespace gcnsim::sim::valu
