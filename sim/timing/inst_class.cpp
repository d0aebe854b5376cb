#include "sim/timing/inst_class.hpp"

#include <algorithm>

#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::sim::timing {
namespace {

using isa::OpInfo;
using isa::opTypeDwords;
using isa::TimingRole;
using isa::ValuRate;

// Every figure below is the row's isa::TimingFacts column (isa/tables/timing_facts.txt)
// or a chip-dependent factor of IssueConfig; nothing here looks at a mnemonic.
uint16_t valuCycles(ValuRate r, const IssueConfig& c) {
  switch (r) {
    case ValuRate::Double: return uint16_t(2 * c.valuCycles);
    case ValuRate::Quarter: return uint16_t(c.quarterRateCycles);
    case ValuRate::Dp4: return uint16_t(c.dpFactor * c.valuCycles);
    case ValuRate::Dp8: return uint16_t(2 * c.dpFactor * c.valuCycles);
    // GcnTimings.md:246: 4 cycles "for device with DP speed 1/2, 1/4 or 1/8", 16 for the others.
    case ValuRate::FmaF32: return uint16_t(c.dpFactor >= 8 ? c.quarterRateCycles : c.valuCycles);
    case ValuRate::None:
    case ValuRate::Full: break;
  }
  return uint16_t(c.valuCycles);
}

void classifySmem(const OpInfo& op, const IssueConfig& c, OpTiming& t) {
  t.cat = IssueCat::Scalar;
  const unsigned dw = unsigned(opTypeDwords(op.dst));
  t.dwords = uint8_t(dw);
  t.cycles = op.timing.cycles;
  // seeds/000 and 003: "LGKM_CNT incremented by one for every fetch of single
  // Dword, by two for every fetch of two or more Dwords" (S_MEMTIME included).
  t.lgkm = uint8_t(dw >= 2 ? c.smemLgkmMulti : c.smemLgkmSingle);
  switch (op.timing.role) {
    case TimingRole::MemTime: t.kind = Kind::SmemTime; break;
    case TimingRole::DcacheInv: t.kind = Kind::DcacheInv; break;
    case TimingRole::DcacheWb: t.kind = Kind::DcacheWb; break;
    default: t.kind = op.has(isa::kStore) || op.has(isa::kAtomic) ? Kind::SmemStore : Kind::Smem; break;
  }
}

void classifyVmem(const OpInfo& op, OpTiming& t) {
  t.cat = IssueCat::Vmem;
  t.dwords = uint8_t(std::max(1, opTypeDwords(op.dst)));
  // FLAT counts on both VM_CNT and LGKM_CNT: AMD "Vega" ISA Reference Guide, 9.2 "Instructions": a FLAT
  // instruction runs internally as both an LDS and a buffer instruction, increments both counters and is
  // done when both have been decremented; whether it reaches LDS cannot be known before it issues. GLOBAL
  // and SCRATCH (9.4, 9.5) reach no LDS and use VM_CNT only. CLRX GcnInstrsFlat.md:71-72 says VMCNT if the
  // access goes to memory "or" LGKMCNT if to LDS: that is where the data goes (the model sends LDS-aperture
  // lanes through the LDS pipe, the others through the vector path), not what the wave counts; the model
  // follows AMD's ISA document, the vendor's account of the counters (also for GCN 1.1/1.2 FLAT).
  t.flat = op.format == isa::Format::FLAT;
  t.lgkm = t.flat ? 1 : 0;
  t.cycles = op.timing.cycles;
  t.glcCycles = op.timing.glc;
  if (op.has(isa::kAtomic)) {
    t.kind = Kind::VmemAtomic;
  } else if (op.has(isa::kStore)) {
    t.kind = Kind::VmemStore;
  } else if (op.has(isa::kLoad)) {
    t.kind = Kind::VmemLoad;
  } else {
    t.kind = op.timing.role == TimingRole::InvL1 ? Kind::VmemInvL1 : Kind::VmemLoad;
    t.dwords = 0;
  }
}

void classifyDs(const OpInfo& op, OpTiming& t) {
  t.kind = Kind::Ds;
  t.cat = IssueCat::Lds;
  t.lgkm = 1;  // each DS instruction: +1 LGKM_CNT (AMD "Vega" ISA Reference Guide, 4.4 LGKM_CNT)
  t.cycles = op.timing.cycles;
  t.pipeCycles = op.timing.pipe;
  const unsigned dst = unsigned(opTypeDwords(op.dst)), d0 = unsigned(opTypeDwords(op.src1)),
                 d1 = unsigned(opTypeDwords(op.src2));
  const bool read = op.has(isa::kLoad) && !op.has(isa::kAtomic) && d0 == 0;
  // Data dwords per lane: returned by reads, sent by writes and atomics.
  t.dwords = uint8_t(std::min(read ? std::max(1u, dst) : std::max(1u, d0 + d1), 4u));
}

Kind internalKind(TimingRole r) {
  switch (r) {
    case TimingRole::Waitcnt: return Kind::Waitcnt;
    case TimingRole::Nop: return Kind::Nop;
    case TimingRole::Sleep: return Kind::Sleep;
    case TimingRole::Setprio: return Kind::Setprio;
    case TimingRole::Barrier: return Kind::Barrier;
    case TimingRole::EndPgm: return Kind::EndPgm;
    default: return Kind::OtherInternal;
  }
}

// GcnTimings.md:87 "All SOP2 instructions ... take 4 cycles": the SALU cycles the table's figures assume.
constexpr uint32_t kTableSaluCycles = 4;

}  // namespace

OpTiming classifyOp(const OpInfo& op, const IssueConfig& c) {
  OpTiming t;
  switch (op.unit) {
    case isa::Unit::VALU:
      t.kind = Kind::Valu;
      t.cat = IssueCat::Valu;
      t.cycles = valuCycles(op.timing.rate, c);
      t.lateForSalu = op.timing.role == TimingRole::LateForSalu;
      break;
    case isa::Unit::SALU:
      t.kind = Kind::Salu;
      t.cat = IssueCat::Scalar;
      // The table's SALU figures are GcnTimings' cycles for its 4-cycle SALU (the default rule, 4; the
      // saveexec and setreg rows 8): issue.salu_cycles scales them, as valu_cycles does the VALU rates.
      t.cycles = uint16_t(uint64_t(op.timing.cycles) * c.saluCycles / kTableSaluCycles);
      break;
    case isa::Unit::SMEM: classifySmem(op, c, t); break;
    case isa::Unit::VMEM: classifyVmem(op, t); break;
    case isa::Unit::DS: classifyDs(op, t); break;
    case isa::Unit::EXPORT:
      t.kind = Kind::Export;
      t.cat = IssueCat::GdsExport;
      t.cycles = uint16_t(c.saluCycles);  // estimate: one scalar turn (GcnTimings.md has no export figure)
      break;
    case isa::Unit::BRANCH:
      t.kind = Kind::Branch;
      t.cat = IssueCat::Branch;
      t.cycles = uint16_t(c.branchCycles);
      break;
    case isa::Unit::MSG:
      t.kind = Kind::Msg;
      t.cat = IssueCat::Scalar;
      t.cycles = uint16_t(c.saluCycles);  // estimate: one scalar turn (GcnTimings.md has no S_SENDMSG figure)
      // +1 LGKM_CNT: AMD "Vega" ISA Reference Guide, 4.4 "Data Dependency Resolution", LGKM_CNT: incremented
      // by 1 for each S_SENDMSG issued, decremented by 1 when the message is sent out (after
      // IssueConfig::msgLatency, an estimate).
      t.lgkm = 1;
      break;
    case isa::Unit::INTERNAL:
      // s_waitcnt, s_nop, s_sleep, s_setprio, s_barrier, s_endpgm: handled in the instruction buffer. No
      // issue slot and no cost of their own: an estimate (GcnTimings.md gives no figure); s_nop, s_sleep and
      // s_barrier hold the wave at least salu_cycles (sim/timing/issue.cpp), also an estimate.
      t.kind = internalKind(op.timing.role);
      t.cat = IssueCat::Internal;
      t.cycles = 0;
      break;
  }
  return t;
}

std::vector<OpTiming> classifyAllOps(const IssueConfig& cfg) {
  std::vector<OpTiming> out;
  out.reserve(isa::allOps().size());
  for (const OpInfo* op : isa::allOps()) out.push_back(classifyOp(*op, cfg));
  return out;
}

void RegMask::addS(unsigned first, unsigned n) {
  for (unsigned r = first; r < first + n && r < 128; ++r) s[r >> 6] |= 1ull << (r & 63);
}
void RegMask::addV(unsigned first, unsigned n) {
  for (unsigned r = first; r < first + n && r < 256; ++r) v[r >> 6] |= 1ull << (r & 63);
}
void RegMask::add(const isa::Operand& o) {
  if (o.kind == isa::OpdKind::SReg)
    addS(o.reg, std::max<unsigned>(o.nregs, 1));
  else if (o.kind == isa::OpdKind::VReg)
    addV(o.reg, std::max<unsigned>(o.nregs, 1));
}

void registerMasks(const isa::DecodedInst& in, RegMask& reads, RegMask& writes) {
  reads = {};
  writes = {};
  if (!in.valid()) return;
  const OpInfo& op = *in.info;
  for (const isa::Operand& o : in.src) reads.add(o);
  reads.add(in.addr);
  reads.add(in.data0);
  reads.add(in.data1);
  reads.add(in.rsrc);
  reads.add(in.soffset);
  writes.add(in.dst);
  writes.add(in.sdst);
  const bool vector = op.unit == isa::Unit::VALU || op.unit == isa::Unit::VMEM || op.unit == isa::Unit::DS;
  if (vector || op.has(isa::kReadsExec)) reads.addS(isa::code::kExecLo, 2);
  // The table's implicit-VCC flags name VCC where the encoding has no operand
  // for it (e32). In VOP3 a compare or carry op names its SGPR destination
  // (SDST) and its carry-in or mask (SRC2) explicitly, so VCC is only what
  // those name, added above (v_div_fmas alone reads VCC in every encoding:
  // kReadsVccInVop3). A v_cmp_*_e64 s[30:31] had been timed as writing VCC
  // too: a later VCC reader waited for it, and a branch on VCCZ paid the
  // VCC-write penalty.
  const bool namesCarryIn = in.src[2].kind == isa::OpdKind::SReg && !op.has(isa::kReadsVccInVop3);
  const bool namesSgprDst = in.dst.kind == isa::OpdKind::SReg || in.sdst.kind == isa::OpdKind::SReg;
  if (op.has(isa::kReadsVcc) && !namesCarryIn) reads.addS(isa::code::kVccLo, 2);
  if (op.has(isa::kReadsM0) || op.unit == isa::Unit::DS) reads.addS(isa::code::kM0, 1);
  if (op.has(isa::kWritesVcc) && !namesSgprDst) writes.addS(isa::code::kVccLo, 2);
  if (op.has(isa::kWritesExec)) writes.addS(isa::code::kExecLo, 2);
  if (op.has(isa::kWritesM0)) writes.addS(isa::code::kM0, 1);
}

// s_waitcnt's SIMM16: VM_CNT [3:0], EXP_CNT [6:4], LGKM_CNT [11:8], and on GCN 1.4 VM_CNT's bits 5:4 in
// [15:14]. GCN 1.4: AMD "Vega" ISA Reference Guide, 12 SOPP, S_WAITCNT (these four fields), and its 3.1
// table of hardware state (VMCNT 6 bits, EXPCNT 3, LGKMCNT 4). GCN 1.0-1.2: LLVM's operand pages
// (reference/llvm/AMDGPU/gfx7_waitcnt.rst and gfx8_waitcnt.rst: VM_CNT 3:0 0..15, EXP_CNT 6:4 0..7,
// LGKM_CNT 11:8 0..15; gfx9_waitcnt.rst adds VM_CNT 15:14, 0..63). CLRX differs for LGKM_CNT:
// GcnInstrsSopp.md:319-320 decodes it as (SIMM16>>8)&31 and GcnState.md:32 gives LGKMCNT 5 bits, as the
// S_WAITCNT text of AMD's pre-Vega manuals does (SIMM16[12:8], as third-party code quotes it; those
// manuals are not in reference/). The model takes the 4 bits of LLVM and of the Vega manual on every
// generation: SIMM16 bit 12 is ignored and LGKM_CNT tops out at 15 (counterMaxima).
WaitcntLimits decodeWaitcnt(uint32_t simm16, isa::Gen gen) {
  WaitcntLimits l;
  l.vm = uint8_t((simm16 & 0xf) | (gen == isa::Gen::GCN14 ? (simm16 >> 10) & 0x30 : 0));
  l.exp = uint8_t((simm16 >> 4) & 7);
  l.lgkm = uint8_t((simm16 >> 8) & 0xf);
  return l;
}

// The counters' widths (decodeWaitcnt's sources): VM_CNT 4 bits (6 on GCN 1.4), EXP_CNT 3, LGKM_CNT 4.
WaitcntLimits counterMaxima(isa::Gen gen) {
  return WaitcntLimits{uint8_t(gen == isa::Gen::GCN14 ? 63 : 15), 7, 15};
}

}  // namespace gcnsim::sim::timing
