#include "sim/timing/inst_class.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "isa/operands.hpp"
#include "isa/table.hpp"

namespace gcnsim::sim::timing {
namespace {

using isa::OpInfo;
using isa::opTypeDwords;

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }
bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool endsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// FP64 ops GcnTimings lists at DPFACTOR*8 rather than DPFACTOR*4.
bool doubleRateTwice(std::string_view n) {
  for (const char* s : {"v_mul_f64", "v_fma_f64", "v_div_fmas_f64", "v_rcp_f64", "v_rsq_f64", "v_sqrt_f64",
                        "v_trig_preop_f64", "v_rcp_clamp_f64", "v_rsq_clamp_f64"})
    if (n == s) return true;
  return false;
}

uint16_t valuCycles(const OpInfo& op, const IssueConfig& c) {
  const std::string_view n = op.name;
  if (op.has(isa::kDouble))
    return uint16_t(c.dpFactor * (doubleRateTwice(n) ? 8 : 4));  // GcnTimings DPFACTOR
  if (op.has(isa::kQuarterRate)) return uint16_t(c.quarterRateCycles);
  if (n == "v_swap_b32") return uint16_t(2 * c.valuCycles);  // GcnTimings VOP1: V_SWAP_B32 8
  return uint16_t(c.valuCycles);
}

void classifySmem(const OpInfo& op, const IssueConfig& c, OpTiming& t) {
  const std::string_view n = op.name;
  t.cat = IssueCat::Scalar;
  t.kind = Kind::Smem;
  const unsigned dw = unsigned(opTypeDwords(op.dst));
  t.dwords = uint8_t(dw);
  t.cycles = uint16_t(dw >= 16 ? c.smemX16Cycles : dw >= 8 ? c.smemX8Cycles : c.smemCycles);
  // seeds/000 and 003: "LGKM_CNT incremented by one for every fetch of single
  // Dword, by two for every fetch of two or more Dwords" (S_MEMTIME included).
  t.lgkm = uint8_t(dw >= 2 ? c.smemLgkmMulti : c.smemLgkmSingle);
  if (n == "s_memtime" || n == "s_memrealtime")
    t.kind = Kind::SmemTime;
  else if (n == "s_dcache_inv" || n == "s_dcache_inv_vol")
    t.kind = Kind::DcacheInv;
  else if (startsWith(n, "s_dcache_") || startsWith(n, "s_atc_probe"))
    t.kind = Kind::DcacheWb;
  else if (op.has(isa::kStore) || op.has(isa::kAtomic))
    t.kind = Kind::SmemStore;
}

void classifyVmem(const OpInfo& op, const IssueConfig& c, OpTiming& t) {
  t.cat = IssueCat::Vmem;
  const unsigned dst = unsigned(opTypeDwords(op.dst));
  t.dwords = uint8_t(std::max(1u, dst));
  t.flat = op.format == isa::Format::FLAT;
  t.lgkm = t.flat ? 1 : 0;
  if (op.has(isa::kAtomic)) {
    t.kind = Kind::VmemAtomic;
    t.cycles = uint16_t(c.vmemAtomicCycles);  // GcnTimings MUBUF: BUFFER_ATOMIC_* 16
    t.glcCycles = uint8_t(dst >= 2 ? 2 : 1);  // GcnTimings MUBUF: "16+GLC1", "_X2 16+GLC2"
  } else if (op.has(isa::kStore)) {
    t.kind = Kind::VmemStore;
    t.cycles = uint16_t(c.vmemStoreCycles);  // GcnTimings MUBUF: BUFFER_STORE_* 16
  } else if (op.has(isa::kLoad)) {
    t.kind = Kind::VmemLoad;
    t.cycles = uint16_t(dst >= 2 ? c.vmemLoadWideCycles : c.vmemLoadCycles);  // GcnTimings MUBUF loads
  } else {
    t.kind = contains(op.name, "inv") ? Kind::VmemInvL1 : Kind::VmemLoad;  // buffer_wbinvl1*
    t.cycles = uint16_t(c.vmemLoadCycles);
    t.dwords = 0;
  }
}

void classifyDs(const OpInfo& op, const IssueConfig& c, OpTiming& t) {
  const std::string_view n = op.name;
  t.kind = Kind::Ds;
  t.cat = IssueCat::Lds;
  t.lgkm = 1;  // each DS instruction: +1 LGKM_CNT
  const unsigned dst = unsigned(opTypeDwords(op.dst)), d0 = unsigned(opTypeDwords(op.src1)),
                 d1 = unsigned(opTypeDwords(op.src2));
  const bool two = contains(n, "read2") || contains(n, "write2") || contains(n, "wrxchg2");  // (st64 too)
  const bool noMemory = contains(n, "swizzle") || contains(n, "permute") || contains(n, "gws") ||
                        n == "ds_nop" || contains(n, "append") || contains(n, "consume") ||
                        contains(n, "ordered_count");
  const bool read = op.has(isa::kLoad) && !op.has(isa::kAtomic) && d0 == 0;
  if (noMemory) {
    t.dsAddrs = 0;
  } else if (two) {
    t.dsAddrs = 2;
    t.dsDwordsPerAddr = uint8_t(std::max(1u, read ? dst / 2 : d0));
    t.dsOffsetScale = uint16_t(t.dsDwordsPerAddr * 4 * (contains(n, "st64") ? 64 : 1));
  } else {
    t.dsAddrs = 1;
    t.dsDwordsPerAddr = uint8_t(std::max({1u, read ? dst : d0, dst}));
  }
  // GcnTimings DS table: reads cost by dwords returned, writes/atomics by data dwords.
  const unsigned moved = read ? std::max(1u, dst) : std::max(1u, d0 + d1);
  t.dwords = uint8_t(std::min(moved, 4u));
  t.cycles = uint16_t(read ? c.dsReadCycles[t.dwords - 1] : c.dsWriteCycles[t.dwords - 1]);
  // Provisional (to come from the ISA tables): GcnTimings DS throughput
  // 1/2, 1/4, 1/8, 1/8 for reads and 1/4, 1/8, 1/10, 1/10 for writes by dwords.
  static constexpr uint16_t kReadPipe[4] = {2, 4, 8, 8}, kWritePipe[4] = {4, 8, 10, 10};
  t.pipeCycles = read ? kReadPipe[t.dwords - 1] : kWritePipe[t.dwords - 1];
  if (noMemory) t.cycles = uint16_t(c.dsReadCycles[0]);  // GcnTimings: DS_SWIZZLE_B32 4, DS_NOP 4
  if (noMemory) t.pipeCycles = 2;
}

void classifyInternal(const OpInfo& op, OpTiming& t) {
  const std::string_view n = op.name;
  t.cat = IssueCat::Internal;
  t.cycles = 0;
  if (n == "s_waitcnt")
    t.kind = Kind::Waitcnt;
  else if (n == "s_nop")
    t.kind = Kind::Nop;
  else if (n == "s_sleep")
    t.kind = Kind::Sleep;
  else if (n == "s_setprio")
    t.kind = Kind::Setprio;
  else if (n == "s_barrier")
    t.kind = Kind::Barrier;
  else if (startsWith(n, "s_endpgm"))
    t.kind = Kind::EndPgm;
  else
    t.kind = Kind::OtherInternal;
}

}  // namespace

OpTiming classifyOp(const OpInfo& op, const IssueConfig& c) {
  OpTiming t;
  switch (op.unit) {
    case isa::Unit::VALU: {
      t.kind = Kind::Valu;
      t.cat = IssueCat::Valu;
      t.cycles = valuCycles(op, c);
      // Provisional (to come from the ISA tables): integer add/sub and readlane.
      const std::string_view n = op.name;
      const bool intAddSub = (startsWith(n, "v_add") || startsWith(n, "v_sub")) && !contains(n, "_f16") &&
                             !contains(n, "_f32") && !contains(n, "_f64");
      t.lateForSalu = intAddSub || n == "v_readlane_b32" || n == "v_readfirstlane_b32";
      break;
    }
    case isa::Unit::SALU: {
      const std::string_view n = op.name;
      t.kind = Kind::Salu;
      t.cat = IssueCat::Scalar;
      t.cycles = uint16_t(endsWith(n, "_saveexec_b64") ? c.saveexecCycles  // GcnTimings SOP1
                          : startsWith(n, "s_setreg")  ? c.setregCycles    // GcnTimings SOPK
                                                       : c.saluCycles);
      break;
    }
    case isa::Unit::SMEM: classifySmem(op, c, t); break;
    case isa::Unit::VMEM: classifyVmem(op, c, t); break;
    case isa::Unit::DS: classifyDs(op, c, t); break;
    case isa::Unit::EXPORT:
      t.kind = Kind::Export;
      t.cat = IssueCat::GdsExport;
      t.cycles = uint16_t(c.saluCycles);
      break;
    case isa::Unit::BRANCH:
      t.kind = Kind::Branch;
      t.cat = IssueCat::Branch;
      t.cycles = uint16_t(c.branchCycles);
      break;
    case isa::Unit::MSG:
      t.kind = Kind::Msg;
      t.cat = IssueCat::Scalar;
      t.cycles = uint16_t(c.saluCycles);
      t.lgkm = 1;  // s_sendmsg: +1 LGKM_CNT (GcnInstrsSopp.md: LGKM counts messages)
      break;
    case isa::Unit::INTERNAL: classifyInternal(op, t); break;
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
  if (op.has(isa::kReadsVcc)) reads.addS(isa::code::kVccLo, 2);
  if (op.has(isa::kReadsM0) || op.unit == isa::Unit::DS) reads.addS(isa::code::kM0, 1);
  if (op.has(isa::kWritesVcc)) writes.addS(isa::code::kVccLo, 2);
  if (op.has(isa::kWritesExec)) writes.addS(isa::code::kExecLo, 2);
  if (op.has(isa::kWritesM0)) writes.addS(isa::code::kM0, 1);
}

WaitcntLimits decodeWaitcnt(uint32_t simm16, isa::Gen gen) {
  WaitcntLimits l;
  l.vm = uint8_t((simm16 & 0xf) | (gen == isa::Gen::GCN14 ? (simm16 >> 10) & 0x30 : 0));
  l.exp = uint8_t((simm16 >> 4) & 7);
  l.lgkm = uint8_t((simm16 >> 8) & 0xf);
  return l;
}

WaitcntLimits counterMaxima(isa::Gen gen) {
  return WaitcntLimits{uint8_t(gen == isa::Gen::GCN14 ? 63 : 15), 7, 15};
}

}  // namespace gcnsim::sim::timing
