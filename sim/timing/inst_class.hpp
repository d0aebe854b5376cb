// What the timing model needs to know about an instruction, derived once
// from its table row (isa::OpInfo unit, flags and operand types) and once per
// code address (register masks for the scoreboard).
//
// Contract:
//  - classifyOp(row, cfg) gives the issue category (GCN issues at most one
//    instruction per category per cycle: VALU, scalar (SALU/SMEM/message),
//    VMEM, LDS, GDS/export, branch; "Internal" ops are handled in the
//    instruction buffer), the issue cost in cycles and the LGKM_CNT
//    increment. Per-instruction figures are the row's isa::TimingFacts
//    column (generated from isa/tables/timing_facts.txt, sourced from
//    reference/clrx/GcnTimings.md); IssueConfig adds only the chip-dependent
//    factors (valu_cycles, quarter_rate_cycles, dp_factor) and the costs of
//    rows without a figure (branch, message, export). No mnemonic is looked
//    at here. SMEM's LGKM_CNT increment is seeds/000 + 003's rule
//    ("incremented by one for every fetch of single Dword, by two for every
//    fetch of two or more Dwords"), configurable.
//  - RegMask: the SGPRs (operand codes 0..127) and VGPRs an instruction
//    reads or writes, with the implicit EXEC/VCC/M0 of its flags.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "isa/decoded.hpp"
#include "sim/timing/gpu_config.hpp"

namespace gcnsim::sim::timing {

enum class IssueCat : uint8_t { Valu, Scalar, Vmem, Lds, GdsExport, Branch, Internal };
inline constexpr unsigned kIssueCats = 6;  // categories that take an issue slot

enum class Kind : uint8_t {
  Valu,
  Salu,
  Smem,
  SmemStore,
  SmemTime,
  DcacheInv,
  DcacheWb,
  Msg,
  VmemLoad,
  VmemStore,
  VmemAtomic,
  VmemInvL1,
  Ds,
  Export,
  Branch,
  Waitcnt,
  Nop,
  Sleep,
  Setprio,
  Barrier,
  EndPgm,
  OtherInternal,
  Invalid,
};

// VALU, SALU and branch instructions: the ALU kinds, whose issue takes no memory pipe and whose
// semantics read only the wave's own state (run_ahead.hpp, turns_ahead.cpp).
inline bool isAluKind(Kind k) { return k == Kind::Valu || k == Kind::Salu || k == Kind::Branch; }

struct OpTiming {
  Kind kind = Kind::Invalid;
  IssueCat cat = IssueCat::Internal;
  uint16_t cycles = 4;  // issue cost: cycles until the wave may issue again (VALU: its SIMD is busy as long)
  // DS: cycles a conflict-free wave64 occupies the CU's LDS pipe, the inverse
  // of the throughput column of GcnTimings.md's DS table; 0 for other classes.
  uint16_t pipeCycles = 0;
  uint8_t glcCycles = 0;  // VMEM: extra issue cycles with GLC (GcnTimings.md MUBUF "+GLCx")
  uint8_t lgkm = 0;       // LGKM_CNT increment (SMEM, DS, message, FLAT)
  uint8_t dwords = 0;     // data dwords per lane (VMEM/DS) or per fetch (SMEM)
  // FLAT (not GLOBAL/SCRATCH): may reach LDS or memory, so it counts on both
  // VM_CNT and LGKM_CNT and returns out of order (AMD "Vega" ISA Reference
  // Guide, 9.2 "Instructions" and 9.2.1 "Ordering"; see classifyVmem).
  bool flat = false;
  // Integer VALU ops whose SGPR result an SALU instruction sees only after
  // IssueConfig::saluAfterValuCycles (GcnTimings.md:78-79: V_ADD*, V_SUB*,
  // V_READFIRSTLANE_B32, V_READLANE_B32; the model's reading: only an SALU op
  // reading that SGPR is delayed, see IssueConfig::saluAfterValuCycles).
  bool lateForSalu = false;
};

OpTiming classifyOp(const isa::OpInfo& op, const IssueConfig& cfg);
// One entry per isa::allOps() row.
std::vector<OpTiming> classifyAllOps(const IssueConfig& cfg);

struct RegMask {
  std::array<uint64_t, 2> s{};  // operand codes 0..127
  std::array<uint64_t, 4> v{};  // VGPRs 0..255
  void addS(unsigned first, unsigned n);
  void addV(unsigned first, unsigned n);
  void add(const isa::Operand& o);
  bool any() const { return s[0] | s[1] | v[0] | v[1] | v[2] | v[3]; }
  bool hasS(unsigned code) const { return (s[code >> 6] >> (code & 63)) & 1; }
  void add(const RegMask& o) {
    for (size_t i = 0; i < s.size(); ++i) s[i] |= o.s[i];
    for (size_t i = 0; i < v.size(); ++i) v[i] |= o.v[i];
  }
  bool intersects(const RegMask& o) const {
    return (s[0] & o.s[0]) | (s[1] & o.s[1]) | (v[0] & o.v[0]) | (v[1] & o.v[1]) | (v[2] & o.v[2]) |
           (v[3] & o.v[3]);
  }
};

// Registers `in` reads and writes (explicit operands plus implicit ones).
void registerMasks(const isa::DecodedInst& in, RegMask& reads, RegMask& writes);

// s_waitcnt SIMM16 fields: vmcnt [3:0] (+[15:14] as bits 5:4 on GCN 1.4),
// expcnt [6:4], lgkmcnt [11:8]; counters of 4 (VM_CNT; 6 on GCN 1.4), 3
// (EXP_CNT) and 4 (LGKM_CNT) bits. Sources and the CLRX difference: the
// comment of decodeWaitcnt (inst_class.cpp).
struct WaitcntLimits {
  uint8_t vm = 0, exp = 0, lgkm = 0;
};
WaitcntLimits decodeWaitcnt(uint32_t simm16, isa::Gen gen);
// Largest value of each counter (a wave cannot issue past it).
WaitcntLimits counterMaxima(isa::Gen gen);

}  // namespace gcnsim::sim::timing
