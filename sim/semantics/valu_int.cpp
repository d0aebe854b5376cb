// Integer vector ALU operations (VOP1/VOP2/VOP3): bitwise, shifts, adds with
// carry, 16/24/32/64-bit multiplies, bitfields, min/max/med3, SAD.
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

using u32 = uint32_t;
using i32 = int32_t;
using u64 = uint64_t;
using i64 = int64_t;
using Carry = std::pair<u32, bool>;

u32 sat16u(i64 v) { return static_cast<u32>(std::clamp<i64>(v, 0, 0xffff)); }
u32 sat16s(i64 v) { return static_cast<u32>(std::clamp<i64>(v, -32768, 32767)) & 0xffffu; }
u32 sat32s(i64 v) { return static_cast<u32>(std::clamp<i64>(v, INT32_MIN, INT32_MAX)); }
i32 sext24(u32 v) { return static_cast<i32>(v << 8) >> 8; }

// Unsigned add/sub with carry/borrow, saturated under CLAMP (GcnInstrsVop2.md V_ADD_CO_U32 ...).
Carry addc(const Ctx& c, u32 a, u32 b, bool ci) {
  const u64 t = u64{a} + b + ci;
  return {c.clamp && (t >> 32) ? 0xffffffffu : static_cast<u32>(t), (t >> 32) != 0};
}
Carry subb(const Ctx& c, u32 a, u32 b, bool bi) {
  const u64 t = u64{a} - b - bi;
  return {c.clamp && (t >> 32) ? 0u : static_cast<u32>(t), (t >> 32) != 0};
}

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

u32 absDiff(u32 a, u32 b) { return a > b ? a - b : b - a; }
u32 sadU8(u32 a, u32 b, bool masked) {
  u32 s = 0;
  for (int i = 0; i < 4; ++i) {
    const u32 x = (a >> (i * 8)) & 0xff, y = (b >> (i * 8)) & 0xff;
    if (!masked || y != 0) s += absDiff(x, y);
  }
  return s;
}

// V_PERM_B32 byte selector over {SRC0, SRC1} (GcnInstrsVop3.md).
u32 permByte(u64 q, u32 sel) {
  if (sel >= 13) return 0xff;
  if (sel == 12) return 0;
  if (sel >= 8) return (q >> ((sel - 8) * 16 + 15)) & 1 ? 0xff : 0;
  return (q >> (sel * 8)) & 0xff;
}

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

  // ---- add / sub ----
  // temp = SRC0 + SRC1 (+CC); VDST = CLAMP ? MIN(temp, 0xffffffff) : temp; SDST.lane = temp>>32
  const SemFn addCo = vop<U32, U32, U32>([](const Ctx& c, u32 a, u32 b) { return addc(c, a, b, false); });
  const SemFn subCo = vop<U32, U32, U32>([](const Ctx& c, u32 a, u32 b) { return subb(c, a, b, false); });
  const SemFn subrevCo = vop<U32, U32, U32>([](const Ctx& c, u32 a, u32 b) { return subb(c, b, a, false); });
  const SemFn addcCo =
      vop<U32, U32, U32, MaskIn>([](const Ctx& c, u32 a, u32 b, bool ci) { return addc(c, a, b, ci); });
  const SemFn subbCo =
      vop<U32, U32, U32, MaskIn>([](const Ctx& c, u32 a, u32 b, bool bi) { return subb(c, a, b, bi); });
  const SemFn subbrevCo =
      vop<U32, U32, U32, MaskIn>([](const Ctx& c, u32 a, u32 b, bool bi) { return subb(c, b, a, bi); });
  // Shared semantic keys: the rows of every generation's spelling (v_add_i32,
  // v_add_u32 on GCN 1.2, v_add_co_u32) carry sem = "v_add_co_u32" ...
  r.add("v_add_co_u32", addCo);
  r.add("v_sub_co_u32", subCo);
  r.add("v_subrev_co_u32", subrevCo);
  r.add("v_addc_co_u32", addcCo);
  r.add("v_subb_co_u32", subbCo);
  r.add("v_subbrev_co_u32", subbrevCo);
  // GCN 1.4 no-carry forms: VDST = CLAMP ? MIN(TEMP, 0xffffffff) : TEMP
  r.add("v_add_u32",
        vop<U32, U32, U32>([](const Ctx& c, u32 a, u32 b) { return addc(c, a, b, false).first; }));
  r.add("v_sub_u32",
        vop<U32, U32, U32>([](const Ctx& c, u32 a, u32 b) { return subb(c, a, b, false).first; }));
  r.add("v_subrev_u32",
        vop<U32, U32, U32>([](const Ctx& c, u32 a, u32 b) { return subb(c, b, a, false).first; }));
  // GCN 1.4 VOP3 signed forms: VDST = SRC0 +/- SRC1, saturated to INT32 under CLAMP.
  // (v_add_i32/v_sub_i32 on GCN 1.0/1.1 are the carry-out rows with sem "v_add_co_u32".)
  r.add("v_add_i32", vop<U32, I32, I32>([](const Ctx& c, i32 a, i32 b) {
          return c.clamp ? sat32s(i64{a} + b) : static_cast<u32>(a) + static_cast<u32>(b);
        }));
  r.add("v_sub_i32", vop<U32, I32, I32>([](const Ctx& c, i32 a, i32 b) {
          return c.clamp ? sat32s(i64{a} - b) : static_cast<u32>(a) - static_cast<u32>(b);
        }));
  // VDST = SRC0 + SRC1 + SRC2
  r.add("v_add3_u32", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return a + b + c; }));
  // 16-bit: TEMP = (SRC0&0xffff) +/- (SRC1&0xffff); VDST = CLAMP ? saturate(TEMP) : TEMP
  r.add("v_add_u16",
        vop<U16, U16, U16>([](const Ctx& c, u32 a, u32 b) { return c.clamp ? sat16u(i64{a} + b) : a + b; }));
  r.add("v_sub_u16",
        vop<U16, U16, U16>([](const Ctx& c, u32 a, u32 b) { return c.clamp ? sat16u(i64{a} - b) : a - b; }));
  r.add("v_subrev_u16",
        vop<U16, U16, U16>([](const Ctx& c, u32 a, u32 b) { return c.clamp ? sat16u(i64{b} - a) : b - a; }));
  // VDST = (VDST & 0xffff0000) | result; signed saturation under CLAMP
  r.add("v_add_i16", vop<Keep<I16>, I16, I16>([](const Ctx& c, i32 a, i32 b) {
          return c.clamp ? sat16s(a + b) : static_cast<u32>(a + b);
        }));
  r.add("v_sub_i16", vop<Keep<I16>, I16, I16>([](const Ctx& c, i32 a, i32 b) {
          return c.clamp ? sat16s(a - b) : static_cast<u32>(a - b);
        }));

  // ---- multiplies ----
  // VDST = V0 * V1 (24-bit signed); VDST = ((INT64)V0 * V1)>>32
  r.add("v_mul_i32_i24",
        vop<U32, U32, U32>([](u32 a, u32 b) { return static_cast<u32>(i64{sext24(a)} * sext24(b)); }));
  r.add("v_mul_hi_i32_i24", vop<U32, U32, U32>([](u32 a, u32 b) {
          return static_cast<u32>((i64{sext24(a)} * sext24(b)) >> 32);
        }));
  // VDST = (SRC0&0xffffff) * (SRC1&0xffffff); hi: >> 32
  r.add("v_mul_u32_u24", vop<U32, U32, U32>([](u32 a, u32 b) { return (a & 0xffffff) * (b & 0xffffff); }));
  r.add("v_mul_hi_u32_u24", vop<U32, U32, U32>([](u32 a, u32 b) {
          return static_cast<u32>((u64{a & 0xffffff} * (b & 0xffffff)) >> 32);
        }));
  // VDST = V0 * V1 + SRC2 (24-bit)
  r.add("v_mad_i32_i24", vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) {
          return static_cast<u32>(i64{sext24(a)} * sext24(b)) + c;
        }));
  r.add("v_mad_u32_u24",
        vop<U32, U32, U32, U32>([](u32 a, u32 b, u32 c) { return (a & 0xffffff) * (b & 0xffffff) + c; }));
  // VDST = SRC0 * SRC1 (low 32 bits); hi: ((UINT64)SRC0 * SRC1) >> 32
  r.add("v_mul_lo_u32", vop<U32, U32, U32>([](u32 a, u32 b) { return a * b; }));
  r.add("v_mul_lo_i32", vop<U32, U32, U32>([](u32 a, u32 b) { return a * b; }));
  r.add("v_mul_hi_u32",
        vop<U32, U32, U32>([](u32 a, u32 b) { return static_cast<u32>((u64{a} * b) >> 32); }));
  r.add("v_mul_hi_i32",
        vop<U32, I32, I32>([](i32 a, i32 b) { return static_cast<u32>((i64{a} * b) >> 32); }));
  // VDST = ((SRC0&0xffff) * (SRC1&0xffff)) & 0xffff
  r.add("v_mul_lo_u16", vop<U16, U16, U16>([](u32 a, u32 b) { return a * b; }));
  // {SDST.lane, VDST} = SRC0 * SRC1 + SRC2 (65-bit)
  r.add("v_mad_u64_u32", vop<U64, U32, U32, U64>([](u32 a, u32 b, u64 c) {
          const unsigned __int128 t = static_cast<unsigned __int128>(u64{a} * b) + c;
          return std::pair<u64, bool>{static_cast<u64>(t), (t >> 64) != 0};
        }));
  r.add("v_mad_i64_i32", vop<U64, I32, I32, I64>([](i32 a, i32 b, i64 c) {
          const __int128 t = static_cast<__int128>(i64{a} * b) + c;
          return std::pair<u64, bool>{static_cast<u64>(t), t < 0};
        }));
  // 16-bit multiply-add: temp = SRC0*SRC1 + SRC2; saturated under CLAMP. The GCN 1.4
  // opcodes (op_sel capable) keep the other half of VDST, the legacy ones zero it.
  auto madU16 = [](const Ctx& c, u32 a, u32 b, u32 d) {
    return c.clamp ? sat16u(i64{a} * b + d) : a * b + d;
  };
  auto madI16 = [](const Ctx& c, i32 a, i32 b, i32 d) {
    return c.clamp ? sat16s(i64{a} * b + d) : static_cast<u32>(a * b + d);
  };
  r.add("v_mad_u16", vop<Keep<U16>, U16, U16, U16>(madU16));
  r.add("v_mad_i16", vop<Keep<I16>, I16, I16, I16>(madI16));
  r.add("v_mad_legacy_u16", vop<U16, U16, U16, U16>(madU16));
  r.add("v_mad_legacy_i16", vop<I16, I16, I16, I16>(madI16));
  // VDST = (SRC0&0xffff)*(SRC1&0xffff) + SRC2; signed: SEXT32((INT16)SRC0)*(INT16)SRC1 + SRC2
  r.add("v_mad_u32_u16", vop<U32, U16, U16, U32>([](u32 a, u32 b, u32 c) { return a * b + c; }));
  r.add("v_mad_i32_i16",
        vop<U32, I16, I16, U32>([](i32 a, i32 b, u32 c) { return static_cast<u32>(a * b) + c; }));

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

  // ---- packing ----
  // D0 = MIN(SRC0, 0xffff), D1 = MIN(SRC1, 0xffff); VDST = D0 | D1 << 16
  r.add("v_cvt_pk_u16_u32",
        vop<U32, U32, U32>([](u32 a, u32 b) { return std::min(a, 0xffffu) | (std::min(b, 0xffffu) << 16); }));
  r.add("v_cvt_pk_i16_i32", vop<U32, I32, I32>([](i32 a, i32 b) { return sat16s(a) | (sat16s(b) << 16); }));
  // VDST = MAX(MIN((INT16)lo, 255), 0) | MAX(MIN((INT16)hi, 255), 0) << 8
  r.add("v_sat_pk_u8_i16", vop<U32, U32>([](u32 a) {
          auto s = [](u32 h) { return static_cast<u32>(std::clamp<i32>(static_cast<int16_t>(h), 0, 255)); };
          return s(a & 0xffff) | (s(a >> 16) << 8);
        }));
}

}  // namespace gcnsim::sim::valu
