// SOP1 semantics: moves, bit manipulation, EXEC save/write, relative moves.
// Pseudo-code above each function: CLRX GcnInstrsSop1.md (where CLRX has a
// typo the AMD ISA manual's form is used and the difference noted).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>

#include "sim/semantics/scalar_helpers.hpp"

namespace gcnsim::sim::scalar {
namespace {

// ---- moves ------------------------------------------------------------------------

// SDST = SSRC0
void s_mov_b32(Exec& x) { setD32(x, s0(x)); }
// SDST = SSRC0 (64-bit)
void s_mov_b64(Exec& x) { setD64(x, s0_64(x)); }
// SDST = SCC ? SSRC0 : SDST   (SCC not changed)
void s_cmov_b32(Exec& x) {
  if (x.w.scc) setD32(x, s0(x));
}
void s_cmov_b64(Exec& x) {
  if (x.w.scc) setD64(x, s0_64(x));
}

// ---- bit manipulation -----------------------------------------------------------

template <class T>
inline void resultScc(Exec& x, T r) {
  if constexpr (sizeof(T) == 8)
    setD64(x, r);
  else
    setD32(x, r);
  setScc(x, r != 0);
}

// SDST = ~SSRC0  SCC = SDST!=0
void s_not_b32(Exec& x) { resultScc<uint32_t>(x, ~s0(x)); }
void s_not_b64(Exec& x) { resultScc<uint64_t>(x, ~s0_64(x)); }

// for (i = 0; i < W; i += 4) temp |= ((SSRC0>>i) & 15)!=0 ? (15<<i) : 0
// SDST = temp  SCC = SDST!=0
template <class T>
T wqm(T v) {
  T r = 0;
  for (unsigned i = 0; i < sizeof(T) * 8; i += 4)
    if ((v >> i) & 15) r |= T(15) << i;
  return r;
}
void s_wqm_b32(Exec& x) { resultScc<uint32_t>(x, wqm<uint32_t>(s0(x))); }
void s_wqm_b64(Exec& x) { resultScc<uint64_t>(x, wqm<uint64_t>(s0_64(x))); }

// for (i = 0; i < W/4; i++) temp |= ((SSRC0>>(i<<2)) & 15)!=0 ? (1<<i) : 0
// SDST = temp  SCC = SDST!=0
template <class T>
T quadmask(T v) {
  T r = 0;
  for (unsigned i = 0; i < sizeof(T) * 2; ++i)
    if ((v >> (i * 4)) & 15) r |= T(1) << i;
  return r;
}
void s_quadmask_b32(Exec& x) { resultScc<uint32_t>(x, quadmask<uint32_t>(s0(x))); }
void s_quadmask_b64(Exec& x) { resultScc<uint64_t>(x, quadmask<uint64_t>(s0_64(x))); }

// SDST = REVBIT(SSRC0)   (SCC not changed)
template <class T>
T bitReverse(T v) {
  T r = 0;
  for (unsigned i = 0; i < sizeof(T) * 8; ++i) r |= T((v >> i) & 1) << (sizeof(T) * 8 - 1 - i);
  return r;
}
void s_brev_b32(Exec& x) { setD32(x, bitReverse<uint32_t>(s0(x))); }
void s_brev_b64(Exec& x) { setD64(x, bitReverse<uint64_t>(s0_64(x))); }

// SDST = BITCOUNT(~SSRC0)  SCC = SDST!=0
void s_bcnt0_i32_b32(Exec& x) { resultScc<uint32_t>(x, std::popcount(~s0(x))); }
void s_bcnt0_i32_b64(Exec& x) { resultScc<uint32_t>(x, std::popcount(~s0_64(x))); }
// SDST = BITCOUNT(SSRC0)  SCC = SDST!=0
void s_bcnt1_i32_b32(Exec& x) { resultScc<uint32_t>(x, std::popcount(s0(x))); }
void s_bcnt1_i32_b64(Exec& x) { resultScc<uint32_t>(x, std::popcount(s0_64(x))); }

// SDST = -1; for (i = 0; i < W; i++) if (((1<<i) & SSRC0) == 0) { SDST = i; break; }
// (SCC not changed)
void s_ff0_i32_b32(Exec& x) {
  const uint32_t v = ~s0(x);
  setD32(x, v ? std::countr_zero(v) : ~0u);
}
void s_ff0_i32_b64(Exec& x) {
  const uint64_t v = ~s0_64(x);
  setD32(x, v ? std::countr_zero(v) : ~0u);
}
// SDST = -1; for (i = 0; i < W; i++) if (((1<<i) & SSRC0) != 0) { SDST = i; break; }
void s_ff1_i32_b32(Exec& x) {
  const uint32_t v = s0(x);
  setD32(x, v ? std::countr_zero(v) : ~0u);
}
void s_ff1_i32_b64(Exec& x) {
  const uint64_t v = s0_64(x);
  setD32(x, v ? std::countr_zero(v) : ~0u);
}
// SDST = -1; for (i = W-1; i >= 0; i--) if (((1<<i) & SSRC0) != 0) { SDST = W-1-i; break; }
void s_flbit_i32_b32(Exec& x) {
  const uint32_t v = s0(x);
  setD32(x, v ? std::countl_zero(v) : ~0u);
}
void s_flbit_i32_b64(Exec& x) {
  const uint64_t v = s0_64(x);
  setD32(x, v ? std::countl_zero(v) : ~0u);
}
// SDST = -1; bitval = (INTW)SSRC0>=0 ? 1 : 0
// for (i = W-1; i >= 0; i--) if (((1<<i) & SSRC0) == (bitval<<i)) { SDST = W-1-i; break; }
// (the first bit, from the top, that differs from the sign; CLRX writes 1U<<i for the
// 64-bit form, a typo for 1ULL<<i)
void s_flbit_i32(Exec& x) {
  const uint32_t v = s0(x), m = int32_t(v) < 0 ? ~v : v;
  setD32(x, m ? std::countl_zero(m) : ~0u);
}
void s_flbit_i32_i64(Exec& x) {
  const uint64_t v = s0_64(x), m = int64_t(v) < 0 ? ~v : v;
  setD32(x, m ? std::countl_zero(m) : ~0u);
}

// SDST = SEXT((INT8)SSRC0)
void s_sext_i32_i8(Exec& x) { setD32(x, uint32_t(int32_t(int8_t(s0(x) & 0xff)))); }
// SDST = SEXT((INT16)SSRC0)
void s_sext_i32_i16(Exec& x) { setD32(x, uint32_t(int32_t(int16_t(s0(x) & 0xffff)))); }

// SDST &= ~(1U << (SSRC0&31))
void s_bitset0_b32(Exec& x) { setD32(x, d32(x) & ~(1u << (s0(x) & 31))); }
// SDST &= ~(1ULL << (SSRC0&63))
void s_bitset0_b64(Exec& x) { setD64(x, d64(x) & ~(1ull << (s0(x) & 63))); }
// SDST |= 1U << (SSRC0&31)
void s_bitset1_b32(Exec& x) { setD32(x, d32(x) | (1u << (s0(x) & 31))); }
// SDST |= 1ULL << (SSRC0&63)
void s_bitset1_b64(Exec& x) { setD64(x, d64(x) | (1ull << (s0(x) & 63))); }

// SDST = ABS(SSRC0)  SCC = SDST!=0   (ABS(0x80000000) = 0x80000000)
void s_abs_i32(Exec& x) {
  const uint32_t v = s0(x);
  resultScc<uint32_t>(x, int32_t(v) < 0 ? 0u - v : v);
}

// GCN 1.4: SDST = 0; for (I = 0; I < 32; I++) SDST |= (((SSRC0>>I)&1)*3)<<(I<<1)
void s_bitreplicate_b64_b32(Exec& x) {
  const uint32_t v = s0(x);
  uint64_t r = 0;
  for (unsigned i = 0; i < 32; ++i) r |= uint64_t(((v >> i) & 1) * 3) << (i * 2);
  setD64(x, r);
}

// ---- EXEC save / write ----------------------------------------------------------

// s_<op>_saveexec_b64:  SDST = EXEC  EXEC = op(SSRC0, EXEC)  SCC = EXEC!=0
// (SSRC0 and the old EXEC are read before SDST is written; with SDST = EXEC the
// final EXEC is op(SSRC0, old EXEC).)
enum class ExecOp { And, Or, Xor, AndN2, OrN2, Nand, Nor, Xnor, AndN1, OrN1 };
template <ExecOp O>
constexpr uint64_t execOp(uint64_t s, uint64_t e) {
  switch (O) {
    case ExecOp::And: return s & e;      // EXEC = SSRC0 & EXEC
    case ExecOp::Or: return s | e;       // EXEC = SSRC0 | EXEC
    case ExecOp::Xor: return s ^ e;      // EXEC = SSRC0 ^ EXEC
    case ExecOp::AndN2: return s & ~e;   // EXEC = SSRC0 & ~EXEC
    case ExecOp::OrN2: return s | ~e;    // EXEC = SSRC0 | ~EXEC   (CLRX repeats the ANDN forms here: a typo)
    case ExecOp::Nand: return ~(s & e);  // EXEC = ~(SSRC0 & EXEC)
    case ExecOp::Nor: return ~(s | e);   // EXEC = ~(SSRC0 | EXEC)
    case ExecOp::Xnor: return ~(s ^ e);  // EXEC = ~(SSRC0 ^ EXEC)
    case ExecOp::AndN1: return ~s & e;   // GCN 1.4: EXEC = ~SSRC0 & EXEC
    case ExecOp::OrN1: return ~s | e;    // GCN 1.4: EXEC = ~SSRC0 | EXEC
  }
  return 0;
}
template <ExecOp O>
void s_saveexec(Exec& x) {
  const uint64_t s = s0_64(x), old = x.w.exec(), e = execOp<O>(s, old);
  setD64(x, old);
  x.w.setExec(e);
  setScc(x, e != 0);
}
// GCN 1.4 s_andn{1,2}_wrexec_b64:  EXEC = op(SSRC0, EXEC)  SDST = EXEC  SCC = EXEC!=0
template <ExecOp O>
void s_wrexec(Exec& x) {
  const uint64_t e = execOp<O>(s0_64(x), x.w.exec());
  x.w.setExec(e);
  setD64(x, e);
  setScc(x, e != 0);
}

// ---- relative moves through M0 ----------------------------------------------------

// Index of SGPR[op.reg + M0] spanning n registers, or false (with a fault) when
// it leaves the scalar register file. The hardware leaves out-of-range indexing
// undefined; gcnsim stops with a message naming the index. From an SGPR, the
// index must stay within the wave's SGPRs (Vega ISA 3.6.1: out of range is
// sgpr >= sgpr_size, and indexing from SGPRs into other registers is illegal):
// "s_movrels_b32: SSRC0 s10 + M0 (50) = s60 beyond the wave's 16 SGPRs". The
// operand itself was checked at decode (sim/sgpr_bounds.hpp).
bool relIndex(Exec& x, const isa::Operand& op, unsigned n, unsigned& idx) {
  const uint64_t i = uint64_t(op.reg) + x.w.m0();
  if (op.kind == isa::OpdKind::SReg && op.reg < isa::numSgprs(x.w.gen) && i + n > x.w.numSgprs) {
    char what[64];
    std::snprintf(what, sizeof what, "%s s%u + M0 (%u) =", &op == &x.in.dst ? "SDST" : "SSRC0",
                  unsigned(op.reg), x.w.m0());
    x.sgprsPresent(unsigned(std::min<uint64_t>(i, ~0u - n)), n, what);
    return false;
  }
  if (op.kind != isa::OpdKind::SReg || i + n > kScalarFileSize) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: register index %u + M0 (%u) is outside the scalar register file",
                  x.in.info->name, unsigned(op.reg), x.w.m0());
    x.fault(buf);
    return false;
  }
  idx = unsigned(i);
  return true;
}
// SDST = SGPR[SSRC0_NUMBER + M0]
void s_movrels_b32(Exec& x) {
  unsigned i;
  if (relIndex(x, x.in.src[0], 1, i)) setD32(x, x.w.sreg[i]);
}
// SDST = SGPR[SSRC0_NUMBER + M0 : SSRC0_NUMBER + M0 + 1]
void s_movrels_b64(Exec& x) {
  unsigned i;
  if (relIndex(x, x.in.src[0], 2, i)) setD64(x, x.w.sreg64(i));
}
// SGPR[SDST_NUMBER + M0] = SSRC0
void s_movreld_b32(Exec& x) {
  unsigned i;
  const uint32_t v = s0(x);
  if (relIndex(x, x.in.dst, 1, i)) x.w.sreg[i] = v;
}
// SGPR[SDST_NUMBER + M0 : SDST_NUMBER + M0 + 1] = SSRC0
void s_movreld_b64(Exec& x) {
  unsigned i;
  const uint64_t v = s0_64(x);
  if (relIndex(x, x.in.dst, 2, i)) x.w.setSreg64(i, v);
}

// GCN 1.2+: M0 = (M0 & 0xffffff00) | (SSRC0 & 0xff)
void s_set_gpr_idx_idx(Exec& x) { x.w.setM0((x.w.m0() & 0xffffff00u) | (s0(x) & 0xffu)); }

}  // namespace

void registerScalarBits(SemRegistry& r) {
  r.add("s_mov_b32", s_mov_b32);
  r.add("s_mov_b64", s_mov_b64);
  // s_mov_regrd_b32 / s_mov_fed_b32 (CLRX only): moves whose difference from
  // s_mov_b32 (register-read ordering, forced ECC error) is not architectural.
  r.add("s_mov_regrd_b32", s_mov_b32);
  r.add("s_mov_fed_b32", s_mov_b32);
  r.add("s_cmov_b32", s_cmov_b32);
  r.add("s_cmov_b64", s_cmov_b64);
  r.add("s_not_b32", s_not_b32);
  r.add("s_not_b64", s_not_b64);
  r.add("s_wqm_b32", s_wqm_b32);
  r.add("s_wqm_b64", s_wqm_b64);
  r.add("s_brev_b32", s_brev_b32);
  r.add("s_brev_b64", s_brev_b64);
  r.add("s_bcnt0_i32_b32", s_bcnt0_i32_b32);
  r.add("s_bcnt0_i32_b64", s_bcnt0_i32_b64);
  r.add("s_bcnt1_i32_b32", s_bcnt1_i32_b32);
  r.add("s_bcnt1_i32_b64", s_bcnt1_i32_b64);
  r.add("s_ff0_i32_b32", s_ff0_i32_b32);
  r.add("s_ff0_i32_b64", s_ff0_i32_b64);
  r.add("s_ff1_i32_b32", s_ff1_i32_b32);
  r.add("s_ff1_i32_b64", s_ff1_i32_b64);
  r.add("s_flbit_i32_b32", s_flbit_i32_b32);
  r.add("s_flbit_i32_b64", s_flbit_i32_b64);
  r.add("s_flbit_i32", s_flbit_i32);
  r.add("s_flbit_i32_i64", s_flbit_i32_i64);
  r.add("s_sext_i32_i8", s_sext_i32_i8);
  r.add("s_sext_i32_i16", s_sext_i32_i16);
  r.add("s_bitset0_b32", s_bitset0_b32);
  r.add("s_bitset0_b64", s_bitset0_b64);
  r.add("s_bitset1_b32", s_bitset1_b32);
  r.add("s_bitset1_b64", s_bitset1_b64);
  r.add("s_quadmask_b32", s_quadmask_b32);
  r.add("s_quadmask_b64", s_quadmask_b64);
  r.add("s_abs_i32", s_abs_i32);
  r.add("s_bitreplicate_b64_b32", s_bitreplicate_b64_b32);
  r.add("s_and_saveexec_b64", s_saveexec<ExecOp::And>);
  r.add("s_or_saveexec_b64", s_saveexec<ExecOp::Or>);
  r.add("s_xor_saveexec_b64", s_saveexec<ExecOp::Xor>);
  r.add("s_andn2_saveexec_b64", s_saveexec<ExecOp::AndN2>);
  r.add("s_orn2_saveexec_b64", s_saveexec<ExecOp::OrN2>);
  r.add("s_nand_saveexec_b64", s_saveexec<ExecOp::Nand>);
  r.add("s_nor_saveexec_b64", s_saveexec<ExecOp::Nor>);
  r.add("s_xnor_saveexec_b64", s_saveexec<ExecOp::Xnor>);
  r.add("s_andn1_saveexec_b64", s_saveexec<ExecOp::AndN1>);
  r.add("s_orn1_saveexec_b64", s_saveexec<ExecOp::OrN1>);
  r.add("s_andn1_wrexec_b64", s_wrexec<ExecOp::AndN1>);
  r.add("s_andn2_wrexec_b64", s_wrexec<ExecOp::AndN2>);
  r.add("s_movrels_b32", s_movrels_b32);
  r.add("s_movrels_b64", s_movrels_b64);
  r.add("s_movreld_b32", s_movreld_b32);
  r.add("s_movreld_b64", s_movreld_b64);
  r.add("s_set_gpr_idx_idx", s_set_gpr_idx_idx);
}

}  // namespace gcnsim::sim::scalar
