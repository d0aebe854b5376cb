// Wave modes that change how vector instructions execute, checked by both
// engines with one predictable branch per instruction:
//  - GPR indexing (MODE.GPR_IDX_EN, GCN 1.2/1.4): VALU operands are offset by
//    M0[7:0] (sim/gpr_index.hpp);
//  - VSKIP (STATUS.VSKIP, set by S_SETVSKIP: "skip all vector instructions",
//    GcnInstrsSopc.md): VALU, LDS/GDS, vector memory and export instructions
//    are consumed without effect (the PC advances).
#pragma once
#include "isa/decoded.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim {

inline bool vectorModesActive(const WaveState& w) {
  return ((w.hw.mode >> kModeGprIdxEnBit) | (w.hw.status >> kStatusVskipBit)) & 1u;
}

// True if VSKIP is set and `in` is a vector instruction.
bool vskipSkips(const WaveState& w, const isa::DecodedInst& in);

// The instruction to execute under GPR indexing: `in` itself, or an indexed
// copy (valid until the next call on this thread).
const isa::DecodedInst& indexedInstruction(const WaveState& w, const isa::DecodedInst& in);

}  // namespace gcnsim::sim
