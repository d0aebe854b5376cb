#include "frontend/report/stall_profile.hpp"

#include <algorithm>

#include "isa/disasm.hpp"

namespace gcnsim::frontend {

using sim::trace::StallReason;

namespace {

// The section a stall reason is reported in, if any.
bool sectionFor(StallReason r, StallSection& s) {
  switch (r) {
    case StallReason::Lgkm: s = StallSection::Lgkm; return true;
    case StallReason::Vm: s = StallSection::Vm; return true;
    case StallReason::Barrier: s = StallSection::Barrier; return true;
    default: return false;
  }
}

}  // namespace

uint64_t PcProfile::stallTotal() const {
  uint64_t t = 0;
  for (uint64_t v : stall) t += v;
  return t;
}

uint64_t StallProfile::sectionTotal(StallSection s) const { return sectionTotals_[unsigned(s)]; }

uint64_t StallProfile::waveCycles() const {
  uint64_t t = 0;
  for (const WaveProfile& w : waves_)
    if (w.seen) t += w.end - w.start;
  return t;
}

PcProfile& StallProfile::pc(uint64_t pc, const isa::DecodedInst* inst) {
  PcProfile& p = pcs_[pc];
  if (p.inst.empty() && inst) p.inst = isa::disassemble(gen_, *inst);
  return p;
}

WaveProfile& StallProfile::waveOf(const sim::trace::WaveRef& r) {
  if (r.wave >= waves_.size()) waves_.resize(r.wave + 1);
  WaveProfile& w = waves_[r.wave];
  if (!w.seen) {
    w.seen = true;
    w.wave = r.wave;
    w.workgroup = r.workgroup;
    w.cu = r.cu;
    w.simd = r.simd;
  }
  return w;
}

void StallProfile::settle(WaveProfile& w) {
  for (const auto& [s, pcAddr, cycles] : w.pending) {
    SectionPc& sp = sections_[unsigned(s)][pcAddr];
    ++sp.stalledExecs;
    sp.minNonZero = std::min(sp.minNonZero, cycles);
    sp.max = std::max(sp.max, cycles);
  }
  w.pending.clear();
}

void StallProfile::issue(const sim::trace::IssueEvent& e) {
  WaveProfile& w = waveOf(e.w);
  settle(w);
  ++w.issued;
  PcProfile& p = pc(e.pc, e.inst);
  ++p.execs;
  p.issueCycles += e.dur;
  p.activeLanes += e.execLanes;
}

void StallProfile::memory(const sim::trace::MemEvent& e) {
  if (e.isReturn) return;
  PcProfile& p = pc(e.pc, nullptr);
  ++p.memRequests;
  p.memLatency += e.done - e.cycle;
  p.ldsConflictPasses += e.conflicts;
  p.ldsConflictCycles += e.conflictCycles;
}

void StallProfile::stall(const sim::trace::StallEvent& e) {
  WaveProfile& w = waveOf(e.w);
  const unsigned r = unsigned(e.reason);
  w.stall[r] += e.dur;
  totals_[r] += e.dur;
  pc(e.pc, e.inst).stall[r] += e.dur;
  wgs_[e.w.workgroup].stall[r] += e.dur;
  StallSection first;
  if (!sectionFor(e.reason, first)) return;
  const StallSection both[2] = {first, StallSection::Vm};
  for (unsigned k = 0; k < (e.vmToo ? 2u : 1u); ++k) {
    const StallSection s = both[k];
    w.section[unsigned(s)] += e.dur;
    wgs_[e.w.workgroup].section[unsigned(s)] += e.dur;
    sectionTotals_[unsigned(s)] += e.dur;
    SectionPc& sp = sections_[unsigned(s)][e.pc];
    sp.total += e.dur;
    if (s == StallSection::Lgkm) sp.waitingOn[unsigned(e.waitingOn)] += e.dur;
    if (s == StallSection::Vm) sp.waitingOn[unsigned(e.vmOp)] += e.dur;
    // One execution may stall in several intervals (the reason or the oldest
    // operation changed): add them up until the wave issues again.
    bool merged = false;
    for (auto& [ps, ppc, cycles] : w.pending)
      if (ps == s && ppc == e.pc) {
        cycles += e.dur;
        merged = true;
        break;
      }
    if (!merged) w.pending.emplace_back(s, e.pc, e.dur);
  }
}

void StallProfile::wave(const sim::trace::WaveEvent& e) {
  WaveProfile& w = waveOf(e.w);
  WorkgroupProfile& g = wgs_[e.w.workgroup];
  g.cu = e.w.cu;
  if (!e.end) {
    w.start = e.cycle;
    ++g.waves;
    return;
  }
  settle(w);
  w.end = e.cycle;
  w.ended = true;
  g.waveCycles += w.end - w.start;
}

void StallProfile::finish(uint64_t cycles) {
  cycles_ = cycles;
  // A run that stopped early: its resident waves' lifetimes end here (they had stayed at end = 0, and
  // end - start wrapped around: "18446744073709551610 wave-cycles" after a fault).
  for (WaveProfile& w : waves_)
    if (w.seen && !w.ended) {
      // Its open wait (at one instruction, in one section or two) is an execution of that instruction.
      if (!w.pending.empty()) ++pcs_[std::get<1>(w.pending.front())].openExecs;
      settle(w);
      w.end = std::max(cycles, w.start);
      w.ended = true;
      wgs_[w.workgroup].waveCycles += w.end - w.start;
    }
}

}  // namespace gcnsim::frontend
