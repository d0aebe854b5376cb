// The timing model's shared code cache (timed_code.hpp).
#include "sim/timing/timed_code.hpp"

#include "isa/table.hpp"

namespace gcnsim::sim::timing {

TimedCode::TimedCode(const IssueConfig& issue, const CodeImage& image)
    : issue_(issue),
      opTimings_(classifyAllOps(issue)),
      cache_(image, [this](TimedInst& t) { complete(t); }) {}

uint32_t alignmentPenalty(const IssueConfig& issue, uint64_t pc, uint32_t bytes) {
  if (issue.alignmentPenaltyCycles == 0 || bytes != 8) return 0;
  return dwordInBlock(pc) >= 2 ? issue.alignmentPenaltyCycles : 0;
}

void TimedCode::complete(TimedInst& t) const {
  t.op = &opTimings_[t.inst.opIndex];
  registerMasks(t.inst, t.reads, t.writes);
  if (t.op->cat != IssueCat::Internal) {
    const bool gds = t.op->kind == Kind::Ds && t.inst.mem.gds;  // issues as GDS/export, not LDS
    t.portBit = 1u << unsigned(gds ? IssueCat::GdsExport : t.op->cat);
  }
  if (t.op->kind == Kind::Waitcnt) t.waitcnt = decodeWaitcnt(uint32_t(t.inst.simm16) & 0xffff, cache_.gen());
  t.aheadOk = eligibleAhead(t);
  t.writesVccExec = t.writes.hasS(isa::code::kVccLo) || t.writes.hasS(isa::code::kExecLo);
  t.writesScc = t.inst.info->has(isa::kWritesScc);
  t.localIssue = isAluKind(t.op->kind);
  t.dwords = uint8_t(t.inst.bytes() / 4);
  // SOPP branches jump to RELADDR = PC + 4 + SIMM16 * 4 (GcnInstrsSopp.md); a run ahead checks it.
  if (t.inst.info->format == isa::Format::SOPP && t.op->kind == Kind::Branch)
    t.branchDelta = 1 + int32_t(int16_t(uint16_t(t.inst.simm16)));
  t.alignPenalty = alignmentPenalty(issue_, cache_.pcOf(t), t.inst.bytes());
}

}  // namespace gcnsim::sim::timing
