// Field helpers of the scalar formats, shared by the decoders, the printer
// and the executor (s_waitcnt, s_getreg/s_setreg, s_sendmsg operands).
#pragma once
#include <cstdint>

#include "isa/opinfo.hpp"

namespace gcnsim::isa {

// SOPK immediates are sign-extended for the signed ops (s_movk_i32,
// s_cmpk_*_i32, s_addk_i32, s_mulk_i32, s_cmovk_i32) and the PC-relative ones
// (s_cbranch_i_fork, s_call_b64); zero-extended for *_u32 and the hwreg ops.
inline bool sopkImmIsSigned(const OpInfo& op) {
  return op.layout == Layout::SignedImm || op.layout == Layout::PcRelative;
}

// SOPP/SOPK ops whose SIMM16 is a signed dword offset from the next instruction.
inline bool isPcRelative(const OpInfo& op) { return op.layout == Layout::PcRelative; }

// S_WAITCNT SIMM16 (CLRX GcnInstrsSopp.md): VM_CNT bits 0-3 (GCN 1.4: plus
// bits 14-15 as bits 4-5), EXP_CNT bits 4-6, LGKM_CNT bits 8-11.
struct WaitCnt {
  unsigned vm, exp, lgkm;
};
inline WaitCnt decodeWaitcnt(Gen g, uint32_t simm16) {
  unsigned vm = simm16 & 0xf;
  if (g == Gen::GCN14) vm |= ((simm16 >> 14) & 3) << 4;
  return {vm, (simm16 >> 4) & 7, (simm16 >> 8) & 0xf};
}
inline WaitCnt waitcntMax(Gen g) { return {g == Gen::GCN14 ? 63u : 15u, 7u, 15u}; }

// HWREG(ID, OFFSET, SIZE) of s_getreg/s_setreg: ID bits 0-5, OFFSET bits 6-10,
// SIZE-1 bits 11-15.
struct HwReg {
  unsigned id, offset, size;
};
inline HwReg decodeHwreg(uint32_t simm16) {
  return {simm16 & 0x3f, (simm16 >> 6) & 0x1f, ((simm16 >> 11) & 0x1f) + 1};
}

// SENDMSG(ID, OP, STREAM) of s_sendmsg: ID bits 0-3, OP bits 4-6, STREAM bits 8-9.
struct SendMsg {
  unsigned id, op, stream;
};
inline SendMsg decodeSendmsg(uint32_t simm16) { return {simm16 & 0xf, (simm16 >> 4) & 7, (simm16 >> 8) & 3}; }

}  // namespace gcnsim::isa
