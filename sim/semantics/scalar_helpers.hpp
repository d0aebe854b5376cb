// Helpers shared by the scalar semantic families (SOP1/SOP2/SOPK/SOPC/SOPP,
// SMRD/SMEM): operand reads/writes by slot, SCC, relative branch targets and
// the MODE/STATUS fields the scalar instructions touch. Everything is inline:
// semantics are on the hot path (no allocation, no logging, no virtual calls).
#pragma once
#include <bit>
#include <cstdint>

#include "sim/exec_context.hpp"
#include "sim/operand_access.hpp"
#include "sim/semantics.hpp"

namespace gcnsim::sim::scalar {

// ---- operands --------------------------------------------------------------

inline uint32_t s0(const Exec& x) { return readScalar32(x.w, x.in.src[0], &x.env.special); }
inline uint32_t s1(const Exec& x) { return readScalar32(x.w, x.in.src[1], &x.env.special); }
inline uint64_t s0_64(const Exec& x) { return readScalar64(x.w, x.in.src[0], &x.env.special); }
inline uint64_t s1_64(const Exec& x) { return readScalar64(x.w, x.in.src[1], &x.env.special); }
inline uint32_t d32(const Exec& x) { return readScalar32(x.w, x.in.dst, &x.env.special); }
inline uint64_t d64(const Exec& x) { return readScalar64(x.w, x.in.dst, &x.env.special); }
inline void setD32(Exec& x, uint32_t v) { writeScalar32(x.w, x.in.dst, v); }
inline void setD64(Exec& x, uint64_t v) { writeScalar64(x.w, x.in.dst, v); }
inline void setScc(Exec& x, bool v) { x.w.scc = v; }

// SOPK: the SDST field is a destination for s_movk/s_addk/... and a source for
// s_cmpk_*/s_setreg_b32/s_cbranch_i_fork; the tables put it in dst or src[0]
// accordingly. These read whichever slot holds it.
inline const isa::Operand& sopkReg(const Exec& x) { return x.in.src[0].present() ? x.in.src[0] : x.in.dst; }
inline uint32_t sopkReg32(const Exec& x) { return readScalar32(x.w, sopkReg(x), &x.env.special); }
// SIMM16 as a signed / unsigned 16-bit value, whatever extension the decoder applied.
inline int32_t simm16(const Exec& x) { return static_cast<int16_t>(static_cast<uint16_t>(x.in.simm16)); }
inline uint32_t imm16(const Exec& x) { return static_cast<uint16_t>(x.in.simm16); }

// ---- control flow ----------------------------------------------------------

// SOPP/SOPK branch target: "RELADDR = NEXTPC + SIMM16*4" (CLRX GcnInstrsSopp.md,
// GcnInstrsSopk.md; SIMM16 counts dwords, sign-extended).
inline uint64_t relTarget(const Exec& x) { return x.nextPc() + static_cast<int64_t>(simm16(x)) * 4; }

// ---- MODE / STATUS (CLRX GcnState.md) ---------------------------------------

inline constexpr unsigned kModeCspShift = 29;  // CSP: bits 29-31
inline constexpr uint32_t kModeCspMask = 7u << kModeCspShift;
inline constexpr unsigned kStatusScc = 0, kStatusExecz = 9, kStatusVccz = 10;
inline constexpr unsigned kStatusCondDbgUser = 20, kStatusCondDbgSys = 21;
// kModeGprIdxEnBit, kStatusVskipBit: sim/wave_state.hpp.

inline uint32_t csp(const WaveState& w) { return (w.hw.mode & kModeCspMask) >> kModeCspShift; }
inline void setCsp(WaveState& w, uint32_t v) {
  w.hw.mode = (w.hw.mode & ~kModeCspMask) | ((v & 7u) << kModeCspShift);
}

// ---- registration ------------------------------------------------------------

void registerScalarAlu(SemRegistry&);      // scalar_alu.cpp: SOP2, SOPC, SOPK arithmetic/compare
void registerScalarBits(SemRegistry&);     // scalar_bits.cpp: SOP1 moves, bit ops, saveexec, movrel
void registerScalarControl(SemRegistry&);  // scalar_control.cpp: branches, fork/join, SOPP, gpr_idx
void registerScalarHwreg(SemRegistry&);    // scalar_hwreg.cpp: s_getreg/s_setreg
void registerScalarMemory(SemRegistry&);   // scalar_memory.cpp: SMRD/SMEM

}  // namespace gcnsim::sim::scalar
