// Integer vector ALU operations (VOP1/VOP2/VOP3): adds and subtracts with
// carry, 16/24/32/64-bit multiplies and multiply-adds, packing conversions
// (valu_int.cpp lists the other integer files).
// Pseudo-code lines: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md.
#include <algorithm>
#include <cstdint>
#include <utility>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

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

}  // namespace

void registerValuIntArith(SemRegistry& r) {
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
