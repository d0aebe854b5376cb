// Architectural state of one wavefront (CLRX GcnState.md).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "isa/gen.hpp"
#include "isa/operands.hpp"

namespace gcnsim::sim {

inline constexpr unsigned kWaveSize = 64;
inline constexpr unsigned kScalarFileSize = 128;  // operand codes 0..127

// Hardware registers reachable through s_getreg_b32 / s_setreg_b32
// (hwreg ids: GcnOperands.md "Hardware registers", llvm gfx*_hwreg.rst).
struct HwRegs {
  uint32_t mode = 0;    // MODE: FP round [3:0], FP denorm [7:4], DX10 clamp [8], IEEE [9], ...
  uint32_t status = 0;  // STATUS: SCC [0], ..., EXECZ [9], VCCZ [10], ...
  uint32_t trapsts = 0;
  uint32_t hwId = 0;      // HW_ID: wave id, SIMD id, CU id, ...
  uint32_t gprAlloc = 0;  // GPR_ALLOC: VGPR/SGPR base and size
  uint32_t ldsAlloc = 0;  // LDS_ALLOC: LDS base and size
  uint32_t ibSts = 0;     // IB_STS: wait counters as seen by the hardware
};

// MODE and STATUS bits the engines look at (CLRX GcnState.md).
inline constexpr unsigned kModeGprIdxEnBit = 27;  // GPR_IDX_EN (GCN 1.2+): GPR indexing mode
// VSKIP (s_setvskip) has no architecturally visible STATUS bit; gcnsim keeps it
// in STATUS bit 28, which GcnState.md leaves undocumented. s_getreg_b32 of
// STATUS masks it out.
inline constexpr unsigned kStatusVskipBit = 28;

// Where a wave is in its life: the one home of "at a barrier", "ended",
// "parked on GWS" and "faulted" for both engines. The end of an instruction
// (sim/instruction_end.hpp) sets AtBarrier, Ended and Faulted; the engines
// release barriers, and the timing model also parks waves on GWS and retires
// ended ones once their memory operations have returned.
enum class WaveStatus : uint8_t {
  Running,    // may issue
  AtBarrier,  // executed s_barrier: waits for the rest of its workgroup
  GwsParked,  // timing model: its GWS instruction must wait; it runs again after the next GDS instruction
  Faulted,    // never issues again (the run ends)
  Ended,      // executed s_endpgm (timing model: memory operations may still be outstanding)
  Retired,    // timing model: ended and every memory operation returned; its slot is free
};

struct WaveState {
  isa::Gen gen = isa::Gen::GCN14;
  // Next to pc: the timing model's issue stage reads both for a wave it looks at.
  WaveStatus status = WaveStatus::Running;
  uint64_t pc = 0;  // byte address of the current instruction in simulated memory

  // Scalar register file in the operand-encoding space of `gen`: SGPRs at
  // 0..101/103 and the special registers at their codes (VCC 106-107, TBA,
  // TMA, TTMP, M0 124, EXEC 126-127, FLAT_SCRATCH/XNACK_MASK where they exist),
  // so reading a scalar operand is one array access.
  std::array<uint32_t, kScalarFileSize> sreg{};
  bool scc = false;

  // SGPRs allocated to the wave: s0..s(numSgprs - 1) exist (Vega ISA 3.6.1-3.6.2; sim/sgpr_bounds.hpp).
  // The default, 104, is every SGPR of every generation.
  uint32_t numSgprs = 104;

  // VGPRs, register-major: vgpr[r * 64 + lane], so a VALU op is a tight loop over lanes.
  uint32_t numVgprs = 0;
  std::vector<uint32_t> vgpr;

  HwRegs hw;

  // Identification, for traces and fault messages.
  uint32_t waveId = 0;       // unique within the dispatch
  uint32_t waveInGroup = 0;  // index of the wave within its workgroup
  std::array<uint32_t, 3> workgroupId{};
  uint32_t workgroupIndex = 0;  // flattened workgroup id within the dispatch

  // Per-lane private (scratch) memory: base address of this wave's scratch
  // area in simulated global memory and bytes per lane (0 if none).
  uint64_t scratchBase = 0;
  uint32_t scratchBytesPerLane = 0;

  // Semantic state of the GWS instructions (not a scheduling status): the wave waits in DS_GWS_BARRIER (for
  // the barrier generation it arrived in to end) or DS_GWS_SEMA_P (for a count or a release-all after the
  // generation it started waiting in); sim/semantics/ds_special.cpp.
  bool gwsWaiting = false;
  uint32_t gwsGeneration = 0;
  uint64_t instructionsExecuted = 0;

  bool ended() const { return status >= WaveStatus::Ended; }

  void resize(uint32_t vgprs) {
    numVgprs = vgprs;
    vgpr.assign(static_cast<size_t>(vgprs) * kWaveSize, 0u);
  }

  uint32_t* v(unsigned reg) { return &vgpr[static_cast<size_t>(reg) * kWaveSize]; }
  const uint32_t* v(unsigned reg) const { return &vgpr[static_cast<size_t>(reg) * kWaveSize]; }

  uint64_t sreg64(unsigned code) const { return sreg[code] | static_cast<uint64_t>(sreg[code + 1]) << 32; }
  void setSreg64(unsigned code, uint64_t v) {
    sreg[code] = static_cast<uint32_t>(v);
    sreg[code + 1] = static_cast<uint32_t>(v >> 32);
  }

  uint64_t exec() const { return sreg64(isa::code::kExecLo); }
  void setExec(uint64_t v) { setSreg64(isa::code::kExecLo, v); }
  uint64_t vcc() const { return sreg64(isa::code::kVccLo); }
  void setVcc(uint64_t v) { setSreg64(isa::code::kVccLo, v); }
  uint32_t m0() const { return sreg[isa::code::kM0]; }
  void setM0(uint32_t v) { sreg[isa::code::kM0] = v; }
  bool execz() const { return exec() == 0; }
  bool vccz() const { return vcc() == 0; }
  uint64_t flatScratch() const { return sreg64(isa::flatScratchCode(gen)); }
};

}  // namespace gcnsim::sim
