// GPR indexing mode (GCN 1.2/1.4, CLRX GcnState.md "GPR indexing mode"): while
// MODE.GPR_IDX_EN (bit 27, set by s_set_gpr_idx_on, cleared by
// s_set_gpr_idx_off) is set, vector ALU instructions add M0[7:0] to the VGPR
// number of each operand enabled in M0[15:12] (bit 0 VSRC0, 1 VSRC1, 2 VSRC2,
// 3 VDST). An indexed VGPR beyond the wave's allocation becomes V0.
//
// The engines keep their normal path untouched: only when the mode bit is set
// do they execute an indexed copy of the decoded instruction instead of the
// cached one (sim/vector_modes.hpp: vectorModesActive, indexedInstruction).
#pragma once
#include "isa/decoded.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim {

inline bool gprIndexEnabled(const WaveState& w) { return (w.hw.mode >> kModeGprIdxEnBit) & 1u; }

// If `in` is a vector ALU instruction (VOP1/VOP2/VOPC/VOP3/VOP3P) with at least
// one VGPR operand enabled by M0[15:12], fills `out` with a copy of `in` whose
// enabled VGPR operands are offset by M0[7:0] and returns true; otherwise
// returns false and leaves `out` alone. Scalar operands and constants are not
// indexed.
bool applyGprIndex(const WaveState& w, const isa::DecodedInst& in, isa::DecodedInst& out);

// A per-thread scratch instruction for the engines' indexed copies.
isa::DecodedInst& gprIndexScratch();

}  // namespace gcnsim::sim
