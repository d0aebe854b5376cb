// Scalar ALU semantics: SOP2, SOPC and the arithmetic/compare half of SOPK.
// Pseudo-code above each function: seeds/002_160158f13b229eb1.txt (SOP2),
// CLRX GcnInstrsSop2.md / GcnInstrsSopc.md / GcnInstrsSopk.md. Operands are
// read before any register is written, so SDST may alias a source.
#include <cstdint>
#include <type_traits>

#include "sim/semantics/scalar_helpers.hpp"

namespace gcnsim::sim::scalar {
namespace {

inline int64_t sext(uint32_t v) { return static_cast<int32_t>(v); }
inline bool overflows32(int64_t t) { return t > ((1LL << 31) - 1) || t < (-1LL << 31); }

// ---- SOP2: add / subtract ----------------------------------------------------

// UINT64 temp = (UINT64)SSRC0 + (UINT64)SSRC1  SDST = temp  SCC = temp >> 32
void s_add_u32(Exec& x) {
  const uint64_t t = uint64_t(s0(x)) + s1(x);
  setD32(x, uint32_t(t)), setScc(x, t >> 32);
}
// UINT64 temp = (UINT64)SSRC0 - (UINT64)SSRC1  SDST = temp  SCC = (temp>>32)!=0
void s_sub_u32(Exec& x) {
  const uint64_t t = uint64_t(s0(x)) - s1(x);
  setD32(x, uint32_t(t)), setScc(x, (t >> 32) != 0);
}
// SDST = SSRC0 + SSRC1  INT64 temp = SEXT64(SSRC0) + SEXT64(SSRC1)
// SCC = temp > ((1LL<<31)-1) || temp < (-1LL<<31)
void s_add_i32(Exec& x) {
  const uint32_t a = s0(x), b = s1(x);
  setD32(x, a + b), setScc(x, overflows32(sext(a) + sext(b)));
}
// SDST = SSRC0 - SSRC1  INT64 temp = SEXT64(SSRC0) - SEXT64(SSRC1)
// SCC = temp > ((1LL<<31)-1) || temp < (-1LL<<31)
void s_sub_i32(Exec& x) {
  const uint32_t a = s0(x), b = s1(x);
  setD32(x, a - b), setScc(x, overflows32(sext(a) - sext(b)));
}
// UINT64 temp = (UINT64)SSRC0 + (UINT64)SSRC1 + SCC  SDST = temp  SCC = temp >> 32
void s_addc_u32(Exec& x) {
  const uint64_t t = uint64_t(s0(x)) + s1(x) + (x.w.scc ? 1 : 0);
  setD32(x, uint32_t(t)), setScc(x, t >> 32);
}
// UINT64 temp = (UINT64)SSRC0 - (UINT64)SSRC1 - SCC  SDST = temp  SCC = (temp>>32) & 1
void s_subb_u32(Exec& x) {
  const uint64_t t = uint64_t(s0(x)) - s1(x) - (x.w.scc ? 1 : 0);
  setD32(x, uint32_t(t)), setScc(x, (t >> 32) & 1);
}
// SDST = ABS(SSRC0 - SSRC1)  SCC = SDST!=0   (32-bit difference, as the hardware computes it)
void s_absdiff_i32(Exec& x) {
  const int32_t d = static_cast<int32_t>(s0(x) - s1(x));
  const uint32_t r = d < 0 ? 0u - uint32_t(d) : uint32_t(d);
  setD32(x, r), setScc(x, r != 0);
}
// GCN 1.4: UINT64 TMP = (SSRC0<<N) + SSRC1  SDST = TMP&0xffffffff  SCC = TMP >= (1ULL<<32)
template <unsigned N>
void s_lshlN_add_u32(Exec& x) {
  const uint64_t t = (uint64_t(s0(x)) << N) + s1(x);
  setD32(x, uint32_t(t)), setScc(x, t >= (1ULL << 32));
}

// ---- SOP2: min / max / select / multiply ---------------------------------------

// SDST = MIN((INT32)SSRC0, (INT32)SSRC1)  SCC = (INT32)SSRC0 < (INT32)SSRC1
void s_min_i32(Exec& x) {
  const int32_t a = int32_t(s0(x)), b = int32_t(s1(x));
  setD32(x, uint32_t(a < b ? a : b)), setScc(x, a < b);
}
// SDST = MIN(SSRC0, SSRC1)  SCC = SSRC0 < SSRC1
void s_min_u32(Exec& x) {
  const uint32_t a = s0(x), b = s1(x);
  setD32(x, a < b ? a : b), setScc(x, a < b);
}
// SDST = MAX((INT32)SSRC0, (INT32)SSRC1)  SCC = (INT32)SSRC0 > (INT32)SSRC1
void s_max_i32(Exec& x) {
  const int32_t a = int32_t(s0(x)), b = int32_t(s1(x));
  setD32(x, uint32_t(a > b ? a : b)), setScc(x, a > b);
}
// SDST = MAX(SSRC0, SSRC1)  SCC = SSRC0 > SSRC1
void s_max_u32(Exec& x) {
  const uint32_t a = s0(x), b = s1(x);
  setD32(x, a > b ? a : b), setScc(x, a > b);
}
// SDST = SCC ? SSRC0 : SSRC1   (SCC not changed)
void s_cselect_b32(Exec& x) { setD32(x, x.w.scc ? s0(x) : s1(x)); }
void s_cselect_b64(Exec& x) { setD64(x, x.w.scc ? s0_64(x) : s1_64(x)); }
// SDST = SSRC0 * SSRC1   (SCC not changed)
void s_mul_i32(Exec& x) { setD32(x, s0(x) * s1(x)); }
// GCN 1.4: SDST = ((UINT64)SSRC0 * SSRC1)>>32   (SCC not changed)
void s_mul_hi_u32(Exec& x) { setD32(x, uint32_t((uint64_t(s0(x)) * s1(x)) >> 32)); }
// GCN 1.4: SDST = ((INT64)SSRC0 * (INT32)SSRC1)>>32   (SCC not changed)
void s_mul_hi_i32(Exec& x) { setD32(x, uint32_t(uint64_t(sext(s0(x)) * sext(s1(x))) >> 32)); }

// ---- SOP2: bitwise (SDST = SSRC0 op SSRC1  SCC = SDST!=0) ------------------------

template <class T>
inline void logicResult(Exec& x, T r) {
  if constexpr (sizeof(T) == 8)
    setD64(x, r);
  else
    setD32(x, r);
  setScc(x, r != 0);
}
template <class T>
inline T srcA(const Exec& x) {
  if constexpr (sizeof(T) == 8)
    return s0_64(x);
  else
    return s0(x);
}
template <class T>
inline T srcB(const Exec& x) {
  if constexpr (sizeof(T) == 8)
    return s1_64(x);
  else
    return s1(x);
}

// SDST = SSRC0 & SSRC1  SCC = SDST!=0
template <class T>
void s_and(Exec& x) {
  logicResult<T>(x, srcA<T>(x) & srcB<T>(x));
}
// SDST = SSRC0 | SSRC1  SCC = SDST!=0
template <class T>
void s_or(Exec& x) {
  logicResult<T>(x, srcA<T>(x) | srcB<T>(x));
}
// SDST = SSRC0 ^ SSRC1  SCC = SDST!=0
template <class T>
void s_xor(Exec& x) {
  logicResult<T>(x, srcA<T>(x) ^ srcB<T>(x));
}
// SDST = SSRC0 & ~SSRC1  SCC = SDST!=0
template <class T>
void s_andn2(Exec& x) {
  logicResult<T>(x, srcA<T>(x) & T(~srcB<T>(x)));
}
// SDST = SSRC0 | ~SSRC1  SCC = SDST!=0
template <class T>
void s_orn2(Exec& x) {
  logicResult<T>(x, srcA<T>(x) | T(~srcB<T>(x)));
}
// SDST = ~(SSRC0 & SSRC1)  SCC = SDST!=0
template <class T>
void s_nand(Exec& x) {
  logicResult<T>(x, T(~(srcA<T>(x) & srcB<T>(x))));
}
// SDST = ~(SSRC0 | SSRC1)  SCC = SDST!=0
template <class T>
void s_nor(Exec& x) {
  logicResult<T>(x, T(~(srcA<T>(x) | srcB<T>(x))));
}
// SDST = ~(SSRC0 ^ SSRC1)  SCC = SDST!=0
template <class T>
void s_xnor(Exec& x) {
  logicResult<T>(x, T(~(srcA<T>(x) ^ srcB<T>(x))));
}

// ---- SOP2: shifts (shift count masked to the width) ------------------------------

// SDST = SSRC0 << (SSRC1 & 31)  SCC = SDST!=0
void s_lshl_b32(Exec& x) { logicResult<uint32_t>(x, s0(x) << (s1(x) & 31)); }
// SDST = SSRC0 << (SSRC1 & 63)  SCC = SDST!=0
void s_lshl_b64(Exec& x) { logicResult<uint64_t>(x, s0_64(x) << (s1(x) & 63)); }
// SDST = SSRC0 >> (SSRC1 & 31)  SCC = SDST!=0
void s_lshr_b32(Exec& x) { logicResult<uint32_t>(x, s0(x) >> (s1(x) & 31)); }
// SDST = SSRC0 >> (SSRC1 & 63)  SCC = SDST!=0
void s_lshr_b64(Exec& x) { logicResult<uint64_t>(x, s0_64(x) >> (s1(x) & 63)); }
// SDST = (INT32)SSRC0 >> (SSRC1 & 31)  SCC = SDST!=0
void s_ashr_i32(Exec& x) { logicResult<uint32_t>(x, uint32_t(int32_t(s0(x)) >> (s1(x) & 31))); }
// SDST = (INT64)SSRC0 >> (SSRC1 & 63)  SCC = SDST!=0
void s_ashr_i64(Exec& x) { logicResult<uint64_t>(x, uint64_t(int64_t(s0_64(x)) >> (s1(x) & 63))); }

// ---- SOP2: bit fields -------------------------------------------------------------

// SDST = ((1U << (SSRC0&31))-1) << (SSRC1&31)   (SCC not touched)
void s_bfm_b32(Exec& x) { setD32(x, ((1u << (s0(x) & 31)) - 1u) << (s1(x) & 31)); }
// SDST = ((1ULL << (SSRC0&63))-1) << (SSRC1&63)   (SCC not touched)
void s_bfm_b64(Exec& x) { setD64(x, ((1ull << (s0(x) & 63)) - 1ull) << (s1(x) & 63)); }

// UINT8 shift = SSRC1 & (W-1)  UINT8 length = (SSRC1>>16) & 0x7f
// if (length==0) SDST = 0
// else if (shift+length < W) SDST = SSRC0 << (W - shift - length) >> (W - length)   [signed: (INTW)]
// else SDST = SSRC0 >> shift   [signed: (INTW)SSRC0 >> shift]
// SCC = SDST!=0
template <class T, bool Signed>
T bitfieldExtract(T v, uint32_t ctl) {
  constexpr unsigned W = sizeof(T) * 8;
  const unsigned shift = ctl & (W - 1), length = (ctl >> 16) & 0x7f;
  using S = std::make_signed_t<T>;
  if (length == 0) return 0;
  if (shift + length < W) {
    const T up = T(v << (W - shift - length));
    return Signed ? T(S(up) >> (W - length)) : T(up >> (W - length));
  }
  return Signed ? T(S(v) >> shift) : T(v >> shift);
}
void s_bfe_u32(Exec& x) { logicResult<uint32_t>(x, bitfieldExtract<uint32_t, false>(s0(x), s1(x))); }
void s_bfe_i32(Exec& x) { logicResult<uint32_t>(x, bitfieldExtract<uint32_t, true>(s0(x), s1(x))); }
void s_bfe_u64(Exec& x) { logicResult<uint64_t>(x, bitfieldExtract<uint64_t, false>(s0_64(x), s1(x))); }
void s_bfe_i64(Exec& x) { logicResult<uint64_t>(x, bitfieldExtract<uint64_t, true>(s0_64(x), s1(x))); }

// ---- SOP2: 16-bit packing (GCN 1.4, SCC not changed) --------------------------------

// SDST = (SSRC0&0xffff) | ((SSRC1&0xffff)<<16)
void s_pack_ll_b32_b16(Exec& x) { setD32(x, (s0(x) & 0xffffu) | ((s1(x) & 0xffffu) << 16)); }
// SDST = (SSRC0&0xffff) | (SSRC1&0xffff0000)
void s_pack_lh_b32_b16(Exec& x) { setD32(x, (s0(x) & 0xffffu) | (s1(x) & 0xffff0000u)); }
// SDST = (SSRC0>>16) | (SSRC1&0xffff0000)
void s_pack_hh_b32_b16(Exec& x) { setD32(x, (s0(x) >> 16) | (s1(x) & 0xffff0000u)); }

// ---- SOPC: compares (SCC = SSRC0 op SSRC1) ----------------------------------------

enum class Cmp { EQ, LG, GT, GE, LT, LE };
template <Cmp C, class T>
constexpr bool compare(T a, T b) {
  switch (C) {
    case Cmp::EQ: return a == b;
    case Cmp::LG: return a != b;
    case Cmp::GT: return a > b;
    case Cmp::GE: return a >= b;
    case Cmp::LT: return a < b;
    case Cmp::LE: return a <= b;
  }
  return false;
}
// SCC = (INT32)SSRC0 op (INT32)SSRC1
template <Cmp C>
void s_cmp_i32(Exec& x) {
  setScc(x, compare<C>(int32_t(s0(x)), int32_t(s1(x))));
}
// SCC = SSRC0 op SSRC1
template <Cmp C>
void s_cmp_u32(Exec& x) {
  setScc(x, compare<C>(s0(x), s1(x)));
}
// GCN 1.2+: SCC = SSRC0 op SSRC1 (64-bit)
template <Cmp C>
void s_cmp_u64(Exec& x) {
  setScc(x, compare<C>(s0_64(x), s1_64(x)));
}
// SCC = (SSRC0 & (1U << (SSRC1&31))) == 0
void s_bitcmp0_b32(Exec& x) { setScc(x, ((s0(x) >> (s1(x) & 31)) & 1) == 0); }
// SCC = (SSRC0 & (1U << (SSRC1&31))) != 0
void s_bitcmp1_b32(Exec& x) { setScc(x, ((s0(x) >> (s1(x) & 31)) & 1) != 0); }
// SCC = (SSRC0 & (1ULL << (SSRC1&63))) == 0
void s_bitcmp0_b64(Exec& x) { setScc(x, ((s0_64(x) >> (s1(x) & 63)) & 1) == 0); }
// SCC = (SSRC0 & (1ULL << (SSRC1&63))) != 0
void s_bitcmp1_b64(Exec& x) { setScc(x, ((s0_64(x) >> (s1(x) & 63)) & 1) != 0); }

// ---- SOPK: immediate forms ------------------------------------------------------------

// SDST = SEXT(SIMM16)   (SCC not changed)
void s_movk_i32(Exec& x) { setD32(x, uint32_t(simm16(x))); }
// SDST = SCC ? SIMM16 : SDST   (sign-extended, SCC not changed)
void s_cmovk_i32(Exec& x) {
  if (x.w.scc) setD32(x, uint32_t(simm16(x)));
}
// SCC = (INT32)SDST op SIMM16
template <Cmp C>
void s_cmpk_i32(Exec& x) {
  setScc(x, compare<C>(int32_t(sopkReg32(x)), simm16(x)));
}
// SCC = SDST op IMM16   (zero-extended)
template <Cmp C>
void s_cmpk_u32(Exec& x) {
  setScc(x, compare<C>(sopkReg32(x), imm16(x)));
}
// SDST = SDST + SIMM16  INT64 temp = SEXT64(SDST) + SEXT64(SIMM16)
// SCC = temp > ((1LL<<31)-1) || temp < (-1LL<<31)
void s_addk_i32(Exec& x) {
  const uint32_t d = d32(x);
  const int32_t k = simm16(x);
  setD32(x, d + uint32_t(k)), setScc(x, overflows32(sext(d) + k));
}
// SDST = SDST * SIMM16   (SCC not changed)
void s_mulk_i32(Exec& x) { setD32(x, d32(x) * uint32_t(simm16(x))); }

}  // namespace

void registerScalarAlu(SemRegistry& r) {
  // SOP2
  r.add("s_add_u32", s_add_u32);
  r.add("s_sub_u32", s_sub_u32);
  r.add("s_add_i32", s_add_i32);
  r.add("s_sub_i32", s_sub_i32);
  r.add("s_addc_u32", s_addc_u32);
  r.add("s_subb_u32", s_subb_u32);
  r.add("s_absdiff_i32", s_absdiff_i32);
  r.add("s_lshl1_add_u32", s_lshlN_add_u32<1>);
  r.add("s_lshl2_add_u32", s_lshlN_add_u32<2>);
  r.add("s_lshl3_add_u32", s_lshlN_add_u32<3>);
  r.add("s_lshl4_add_u32", s_lshlN_add_u32<4>);
  r.add("s_min_i32", s_min_i32);
  r.add("s_min_u32", s_min_u32);
  r.add("s_max_i32", s_max_i32);
  r.add("s_max_u32", s_max_u32);
  r.add("s_cselect_b32", s_cselect_b32);
  r.add("s_cselect_b64", s_cselect_b64);
  r.add("s_mul_i32", s_mul_i32);
  r.add("s_mul_hi_u32", s_mul_hi_u32);
  r.add("s_mul_hi_i32", s_mul_hi_i32);
  r.add("s_and_b32", s_and<uint32_t>);
  r.add("s_and_b64", s_and<uint64_t>);
  r.add("s_or_b32", s_or<uint32_t>);
  r.add("s_or_b64", s_or<uint64_t>);
  r.add("s_xor_b32", s_xor<uint32_t>);
  r.add("s_xor_b64", s_xor<uint64_t>);
  r.add("s_andn2_b32", s_andn2<uint32_t>);
  r.add("s_andn2_b64", s_andn2<uint64_t>);
  r.add("s_orn2_b32", s_orn2<uint32_t>);
  r.add("s_orn2_b64", s_orn2<uint64_t>);
  r.add("s_nand_b32", s_nand<uint32_t>);
  r.add("s_nand_b64", s_nand<uint64_t>);
  r.add("s_nor_b32", s_nor<uint32_t>);
  r.add("s_nor_b64", s_nor<uint64_t>);
  r.add("s_xnor_b32", s_xnor<uint32_t>);
  r.add("s_xnor_b64", s_xnor<uint64_t>);
  r.add("s_lshl_b32", s_lshl_b32);
  r.add("s_lshl_b64", s_lshl_b64);
  r.add("s_lshr_b32", s_lshr_b32);
  r.add("s_lshr_b64", s_lshr_b64);
  r.add("s_ashr_i32", s_ashr_i32);
  r.add("s_ashr_i64", s_ashr_i64);
  r.add("s_bfm_b32", s_bfm_b32);
  r.add("s_bfm_b64", s_bfm_b64);
  r.add("s_bfe_u32", s_bfe_u32);
  r.add("s_bfe_i32", s_bfe_i32);
  r.add("s_bfe_u64", s_bfe_u64);
  r.add("s_bfe_i64", s_bfe_i64);
  r.add("s_pack_ll_b32_b16", s_pack_ll_b32_b16);
  r.add("s_pack_lh_b32_b16", s_pack_lh_b32_b16);
  r.add("s_pack_hh_b32_b16", s_pack_hh_b32_b16);

  // SOPC
  r.add("s_cmp_eq_i32", s_cmp_i32<Cmp::EQ>);
  r.add("s_cmp_lg_i32", s_cmp_i32<Cmp::LG>);
  r.add("s_cmp_gt_i32", s_cmp_i32<Cmp::GT>);
  r.add("s_cmp_ge_i32", s_cmp_i32<Cmp::GE>);
  r.add("s_cmp_lt_i32", s_cmp_i32<Cmp::LT>);
  r.add("s_cmp_le_i32", s_cmp_i32<Cmp::LE>);
  r.add("s_cmp_eq_u32", s_cmp_u32<Cmp::EQ>);
  r.add("s_cmp_lg_u32", s_cmp_u32<Cmp::LG>);
  r.add("s_cmp_gt_u32", s_cmp_u32<Cmp::GT>);
  r.add("s_cmp_ge_u32", s_cmp_u32<Cmp::GE>);
  r.add("s_cmp_lt_u32", s_cmp_u32<Cmp::LT>);
  r.add("s_cmp_le_u32", s_cmp_u32<Cmp::LE>);
  r.add("s_cmp_eq_u64", s_cmp_u64<Cmp::EQ>);
  r.add("s_cmp_lg_u64", s_cmp_u64<Cmp::LG>);
  r.add("s_bitcmp0_b32", s_bitcmp0_b32);
  r.add("s_bitcmp1_b32", s_bitcmp1_b32);
  r.add("s_bitcmp0_b64", s_bitcmp0_b64);
  r.add("s_bitcmp1_b64", s_bitcmp1_b64);

  // SOPK
  r.add("s_movk_i32", s_movk_i32);
  r.add("s_cmovk_i32", s_cmovk_i32);
  r.add("s_cmpk_eq_i32", s_cmpk_i32<Cmp::EQ>);
  r.add("s_cmpk_lg_i32", s_cmpk_i32<Cmp::LG>);
  r.add("s_cmpk_gt_i32", s_cmpk_i32<Cmp::GT>);
  r.add("s_cmpk_ge_i32", s_cmpk_i32<Cmp::GE>);
  r.add("s_cmpk_lt_i32", s_cmpk_i32<Cmp::LT>);
  r.add("s_cmpk_le_i32", s_cmpk_i32<Cmp::LE>);
  r.add("s_cmpk_eq_u32", s_cmpk_u32<Cmp::EQ>);
  r.add("s_cmpk_lg_u32", s_cmpk_u32<Cmp::LG>);
  r.add("s_cmpk_gt_u32", s_cmpk_u32<Cmp::GT>);
  r.add("s_cmpk_ge_u32", s_cmpk_u32<Cmp::GE>);
  r.add("s_cmpk_lt_u32", s_cmpk_u32<Cmp::LT>);
  r.add("s_cmpk_le_u32", s_cmpk_u32<Cmp::LE>);
  r.add("s_addk_i32", s_addk_i32);
  r.add("s_mulk_i32", s_mulk_i32);
}

}  // namespace gcnsim::sim::scalar
