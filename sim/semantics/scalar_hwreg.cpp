// s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32 (SOPK).
// Pseudo-code: CLRX GcnInstrsSopk.md. The SIMM16 operand is
// hwreg(ID, OFFSET, SIZE): ID = SIMM16[5:0], OFFSET = SIMM16[10:6],
// SIZE-1 = SIMM16[15:11] (llvm gfx*_hwreg.rst). Register ids: 1 MODE, 2 STATUS,
// 3 TRAPSTS, 4 HW_ID, 5 GPR_ALLOC, 6 LDS_ALLOC, 7 IB_STS, 8 PC_LO, 9 PC_HI,
// 10 INST_DW0, 11 INST_DW1 (GcnOperands.md "Hardware registers"), GCN 1.4 also
// 15 SH_MEM_BASES, 16-19 TBA_LO/HI, TMA_LO/HI (llvm gfx9_hwreg.rst).
// Field layouts of MODE/STATUS: CLRX GcnState.md.
#include <cstdint>

#include "isa/codec_scalar.hpp"
#include "sim/semantics/scalar_helpers.hpp"

namespace gcnsim::sim::scalar {
namespace {

enum HwRegId : unsigned {
  kMode = 1,
  kStatus = 2,
  kTrapsts = 3,
  kHwId = 4,
  kGprAlloc = 5,
  kLdsAlloc = 6,
  kIbSts = 7,
  kPcLo = 8,
  kPcHi = 9,
  kInstDw0 = 10,
  kInstDw1 = 11,
  kShMemBases = 15,
};

struct HwRegField {
  unsigned id, offset, size;
  uint32_t mask() const {  // ((1U << SIZE) - 1U) << OFFSET, bits above 31 dropped
    const uint64_t bits = (size >= 32 ? ~0ull : ((1ull << size) - 1));
    return uint32_t(bits << offset);
  }
};
inline HwRegField hwregField(const Exec& x) {
  const isa::HwReg h = isa::decodeHwreg(imm16(x));
  return {h.id, h.offset, h.size};
}

// STATUS as read by the shader: the stored bits with SCC [0], EXECZ [9] and
// VCCZ [10] taken from the live wave state (GcnState.md "STATUS Register").
uint32_t statusValue(const WaveState& w) {
  constexpr uint32_t live =
      (1u << kStatusScc) | (1u << kStatusExecz) | (1u << kStatusVccz) | (1u << kStatusVskipBit);
  return (w.hw.status & ~live) | (w.scc ? 1u << kStatusScc : 0u) | (w.execz() ? 1u << kStatusExecz : 0u) |
         (w.vccz() ? 1u << kStatusVccz : 0u);
}

uint32_t readHwReg(const Exec& x, unsigned id) {
  const WaveState& w = x.w;
  switch (id) {
    case kMode: return w.hw.mode;
    case kStatus: return statusValue(w);
    case kTrapsts: return w.hw.trapsts;
    case kHwId: return w.hw.hwId;
    case kGprAlloc: return w.hw.gprAlloc;
    case kLdsAlloc: return w.hw.ldsAlloc;
    case kIbSts: return w.hw.ibSts;
    case kPcLo: return uint32_t(w.pc);
    case kPcHi: return uint32_t(w.pc >> 32);
    case kInstDw0: return x.in.raw[0];
    case kInstDw1: return x.in.raw[1];
    case kShMemBases:  // GCN 1.4: PRIVATE_BASE[15:0], SHARED_BASE[31:16] (address bits 63:48)
      if (w.gen == isa::Gen::GCN14)
        return uint32_t(x.env.special.privateBase >> 48 & 0xffff) |
               uint32_t(x.env.special.sharedBase >> 48 & 0xffff) << 16;
      return 0;
    default: return 0;  // TBA/TMA and unassigned ids read as zero
  }
}

// HWREG = (HWREG & ~mask) | ((value<<OFFSET) & mask); writable: MODE, TRAPSTS.
// STATUS, HW_ID, *_ALLOC, IB_STS, PC_*, INST_DW* are read-only; writes are dropped.
void writeHwReg(Exec& x, uint32_t value) {
  const HwRegField f = hwregField(x);
  const uint32_t mask = f.mask(), bits = uint32_t(uint64_t(value) << f.offset) & mask;
  switch (f.id) {
    case kMode: x.w.hw.mode = (x.w.hw.mode & ~mask) | bits; break;
    case kTrapsts: x.w.hw.trapsts = (x.w.hw.trapsts & ~mask) | bits; break;
    default: break;
  }
}

// SDST = (HWREG >> BITOFFSET) & ((1U << BITSIZE) - 1U)
void s_getreg_b32(Exec& x) {
  const HwRegField f = hwregField(x);
  setD32(x, (readHwReg(x, f.id) & f.mask()) >> f.offset);
}
// UINT32 mask = ((1U<<BITSIZE) - 1U) << BITOFFSET
// HWREG = (HWREG & ~mask) | ((SDST<<BITOFFSET) & mask)
void s_setreg_b32(Exec& x) { writeHwReg(x, sopkReg32(x)); }
// UINT32 mask = ((1U<<BITSIZE) - 1U) << BITOFFSET
// HWREG = (HWREG & ~mask) | ((IMM32<<BITOFFSET) & mask)
void s_setreg_imm32_b32(Exec& x) { writeHwReg(x, x.in.imm32); }

}  // namespace

void registerScalarHwreg(SemRegistry& r) {
  r.add("s_getreg_b32", s_getreg_b32);
  // s_getreg_regrd_b32 (CLRX only): s_getreg_b32 without the implied wait for
  // outstanding register writes, which the functional core does not have.
  r.add("s_getreg_regrd_b32", s_getreg_b32);
  r.add("s_setreg_b32", s_setreg_b32);
  r.add("s_setreg_imm32_b32", s_setreg_imm32_b32);
}

}  // namespace gcnsim::sim::scalar
