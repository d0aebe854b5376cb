// Integer vector ALU operations (VOP1/VOP2/VOP3), in four files (for the
// compile time): moves, bitwise operations and shifts here; adds, carries,
// multiplies and packing in valu_int_arith.cpp; bit counts, bitfields and
// min/max/med3 in valu_int_bits.cpp; sums of absolute differences in
// valu_int_sad.cpp.
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <cstdint>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

// V_SCREEN_PARTITION_4SE_B32 lookup table (GcnInstrsVop1.md).
constexpr uint8_t kScreenPartition4se[256] = {
    0x1, 0x3, 0x7, 0xf, 0x5, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x6, 0xe,
    0xf, 0xa, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xd, 0xf, 0x4, 0xc, 0xf, 0xf, 0x5, 0xf,
    0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0x9, 0xb, 0xf, 0x8, 0xf, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xe,
    0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x4, 0xc, 0xd, 0xf, 0x6, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf,
    0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0x9, 0xb, 0xf, 0x9, 0x9, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
    0x7, 0xf, 0x1, 0x3, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0x6, 0xe, 0xf, 0x2,
    0x6, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x3, 0xb, 0xf,
    0xa, 0xf, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x1, 0x9, 0xd, 0xf, 0x5, 0xf, 0xf,
    0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xe, 0xf, 0x8, 0xc, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xf, 0xd,
    0xf, 0xf, 0xf, 0xf, 0x6, 0x7, 0xf, 0x4, 0xf, 0xf, 0xf, 0x5, 0x9, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf,
    0xf, 0xf, 0xf, 0xf, 0x8, 0xc, 0xe, 0xf, 0xf, 0x6, 0x6, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
    0xf, 0x4, 0x6, 0x7, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xb, 0xf, 0x2, 0x3,
    0x9, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0x9, 0xd, 0xf, 0x1};

}  // namespace

void registerValuInt(SemRegistry& r) {
  // ---- moves and bitwise ----
  // VDST = SRC0
  r.add("v_mov_b32", vop<U32, U32>([](u32 a) { return a; }));
  // VDST = ~SRC0
  r.add("v_not_b32", vop<U32, U32>([](u32 a) { return ~a; }));
  // VDST = REVBIT(SRC0)
  r.add("v_bfrev_b32", vop<U32, U32>([](u32 a) {
          a = ((a >> 1) & 0x55555555u) | ((a & 0x55555555u) << 1);
          a = ((a >> 2) & 0x33333333u) | ((a & 0x33333333u) << 2);
          a = ((a >> 4) & 0x0f0f0f0fu) | ((a & 0x0f0f0f0fu) << 4);
          return __builtin_bswap32(a);
        }));
  // VDST = -1; first one bit from the MSB: VDST = 31-i
  r.add("v_ffbh_u32", vop<U32, U32>([](u32 a) { return a ? static_cast<u32>(std::countl_zero(a)) : ~0u; }));
  // VDST = -1; first one bit from the LSB: VDST = i
  r.add("v_ffbl_b32", vop<U32, U32>([](u32 a) { return a ? static_cast<u32>(std::countr_zero(a)) : ~0u; }));
  // first bit from the MSB that differs from the sign bit; -1 for 0 and -1
  r.add("v_ffbh_i32", vop<U32, U32>([](u32 a) {
          const u32 x = a ^ static_cast<u32>(static_cast<i32>(a) >> 31);
          return x ? static_cast<u32>(std::countl_zero(x)) : ~0u;
        }));
  // VDST = TABLE[SRC0&0xff]
  r.add("v_screen_partition_4se_b32",
        vop<U32, U32>([](u32 a) { return u32{kScreenPartition4se[a & 0xff]}; }));
  // VDST = SRC0 & SRC1 / | / ^
  r.add("v_and_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return a & b; }));
  r.add("v_or_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return a | b; }));
  r.add("v_xor_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return a ^ b; }));
  // D.u = ~(S0.u ^ S1.u) (gfx906 V_XNOR_B32)
  r.add("v_xnor_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return ~(a ^ b); }));
  // VDST = SSRC2&(1ULL<<LANEID) ? SRC1 : SRC0
  r.add("v_cndmask_b32", vop<U32, U32, U32, MaskIn>([](u32 a, u32 b, bool m) { return m ? b : a; }));
  // VDST = (SRC0 & SRC1) | SRC2
  r.add("v_and_or_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a & b) | c; }));
  // VDST = SRC0 | SRC1 | SRC2
  r.add("v_or3_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return a | b | c; }));
  // VDST = (SRC0 ^ SRC1) + SRC2
  r.add("v_xad_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a ^ b) + c; }));

  // ---- shifts ----
  // VDST = SRC0 << (SRC1&31), VDST = SRC1 << (SRC0&31), ...
  r.add("v_lshl_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return a << (b & 31); }));
  r.add("v_lshlrev_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return b << (a & 31); }));
  r.add("v_lshr_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return a >> (b & 31); }));
  r.add("v_lshrrev_b32", vop<U32, U32, U32>([](u32 a, u32 b) { return b >> (a & 31); }));
  r.add("v_ashr_i32", vop<U32, I32, U32>([](i32 a, u32 b) { return a >> (b & 31); }));
  r.add("v_ashrrev_i32", vop<U32, U32, I32>([](u32 a, i32 b) { return b >> (a & 31); }));
  // VDST = (SRC1 << (SRC0&15)) & 0xffff, ...
  r.add("v_lshlrev_b16", vop<U16, U16, U16>([](u32 a, u32 b) { return b << (a & 15); }));
  r.add("v_lshrrev_b16", vop<U16, U16, U16>([](u32 a, u32 b) { return b >> (a & 15); }));
  r.add("v_ashrrev_i16", vop<U16, U16, I16>([](u32 a, i32 b) { return b >> (a & 15); }));
  // VDST = SRC0 << (SRC1&63), VDST = SRC1 << (SRC0&63), ... (64-bit)
  r.add("v_lshl_b64", vop<U64, U64, U32>([](u64 a, u32 b) { return a << (b & 63); }));
  r.add("v_lshlrev_b64", vop<U64, U32, U64>([](u32 a, u64 b) { return b << (a & 63); }));
  r.add("v_lshr_b64", vop<U64, U64, U32>([](u64 a, u32 b) { return a >> (b & 63); }));
  r.add("v_lshrrev_b64", vop<U64, U32, U64>([](u32 a, u64 b) { return b >> (a & 63); }));
  r.add("v_ashr_i64", vop<U64, I64, U32>([](i64 a, u32 b) { return a >> (b & 63); }));
  r.add("v_ashrrev_i64", vop<U64, U32, I64>([](u32 a, i64 b) { return b >> (a & 63); }));
  // VDST = (SRC0 << (SRC1&31)) + SRC2 / | SRC2; VDST = (SRC0 + SRC1) << (SRC2&31)
  r.add("v_lshl_add_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a << (b & 31)) + c; }));
  r.add("v_lshl_or_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a << (b & 31)) | c; }));
  r.add("v_add_lshl_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a + b) << (c & 31); }));
  // VDST = ((SRC0<<32) | SRC1) >> (SRC2&31) / ((SRC2&3)*8)
  r.add("v_alignbit_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) {
          return static_cast<u32>(((u64{a} << 32) | b) >> (c & 31));
        }));
  r.add("v_alignbyte_b32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) {
          return static_cast<u32>(((u64{a} << 32) | b) >> ((c & 3) * 8));
        }));
}

}  // namespace gcnsim::sim::valu
