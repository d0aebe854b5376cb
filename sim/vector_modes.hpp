// Wave modes that change how vector instructions execute, checked by both
// engines with one predictable branch per instruction:
//  - GPR indexing (MODE.GPR_IDX_EN, GCN 1.2/1.4): VALU operands are offset by
//    M0[7:0] (sim/gpr_index.hpp);
//  - VSKIP (STATUS.VSKIP, set by S_SETVSKIP: "skip all vector instructions",
//    GcnInstrsSopc.md): VALU, LDS/GDS, vector memory and export instructions
//    are consumed without effect (the PC advances).
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "isa/decoded.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim {

// MODE and STATUS are adjacent: one 64-bit load and test.
static_assert(offsetof(HwRegs, status) == offsetof(HwRegs, mode) + 4 &&
              std::endian::native == std::endian::little);
inline bool vectorModesActive(const WaveState& w) {
  uint64_t modeStatus;
  std::memcpy(&modeStatus, &w.hw.mode, sizeof modeStatus);
  return modeStatus & (uint64_t{1} << kModeGprIdxEnBit | uint64_t{1} << (32 + kStatusVskipBit));
}

// True if VSKIP is set and `in` is a vector instruction.
bool vskipSkips(const WaveState& w, const isa::DecodedInst& in);
// What a skipped instruction does: the wave passes it (it counts as executed).
inline void skipInstruction(WaveState& w, const isa::DecodedInst& in) {
  w.pc += in.bytes();
  ++w.instructionsExecuted;
}

// The instruction to execute under GPR indexing: `in` itself, or an indexed
// copy (valid until the next call on this thread).
const isa::DecodedInst& indexedInstruction(const WaveState& w, const isa::DecodedInst& in);

}  // namespace gcnsim::sim
