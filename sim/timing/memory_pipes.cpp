// Completion times and wait-counter amounts of memory instructions (memory_pipes.hpp).
#include "sim/timing/memory_pipes.hpp"

#include <algorithm>
#include <cassert>

namespace gcnsim::sim::timing {
namespace {
trace::MemOp vmemOp(Kind k) {
  return k == Kind::VmemLoad     ? trace::MemOp::Load
         : k == Kind::VmemStore  ? trace::MemOp::Store
         : k == Kind::VmemAtomic ? trace::MemOp::Atomic
                                 : trace::MemOp::Other;
}
}  // namespace

MemoryPipes::MemoryPipes(const GpuConfig& cfg)
    : cfg_(cfg), ownL2_(std::make_unique<memory::L2Timing>(cfg.memory)), l2_(ownL2_.get()) {
  build(0, cfg.cus);
}

MemoryPipes::MemoryPipes(const GpuConfig& cfg, memory::L2Timing& l2, uint32_t firstCu, uint32_t cuCount,
                         bool deferL2)
    : cfg_(cfg), l2_(&l2), firstCu_(firstCu), deferL2_(deferL2) {
  build(firstCu, cuCount);
}

void MemoryPipes::build(uint32_t firstCu, uint32_t cuCount) {
  memory::L2Timing& l2 = *l2_;
  lists_[0].steps = memory::L2Steps(0, &lists_[1].steps);
  lists_[1].steps = memory::L2Steps(memory::L2Steps::kListBit, &lists_[0].steps);
  gds_ = std::make_unique<memory::LdsPipe>(cfg_.lds);
  bank_ = std::make_unique<memory::LdsBankModel>(cfg_.lds);
  cus_.resize(cuCount);
  for (uint32_t i = 0; i < cuCount; ++i) {
    if ((firstCu + i) % cfg_.kcache.cusPerCache == 0 || i == 0)
      kcaches_.push_back(std::make_unique<memory::KcacheTiming>(cfg_.kcache, l2));
    Cu& cu = cus_[i];
    cu.kcache = kcaches_.back().get();
    cu.lds = std::make_unique<memory::LdsPipe>(cfg_.lds);
    cu.l1 = std::make_unique<memory::VectorL1Timing>(cfg_.l1, l2);
  }
}

MemoryPipes::~MemoryPipes() = default;

MemSnapshot MemoryPipes::snapshot(uint32_t cu) const {
  const Cu& c = cus_[cu - firstCu_];
  return {c.kcache->tags.stats, c.l1->tags.stats, l2_->tags.stats, c.l1->writes};
}

void MemoryPipes::collect(TimingStats& stats) const {
  stats.ldsConflictPasses += ldsConflictPasses_;
  stats.ldsConflictCycles += ldsConflictCycles_;
  stats.vmemLaneBytes += vmemLaneBytes_;
  for (const auto& k : kcaches_) {
    stats.kcachePortWaitCycles += k->portWaitCycles;
    stats.kcache.hits += k->tags.stats.hits;
    stats.kcache.misses += k->tags.stats.misses;
    stats.kcache.pendingHits += k->tags.stats.pendingHits;
    stats.kcache.mshrStalls += k->tags.stats.mshrStalls;
  }
  for (const Cu& cu : cus_) {
    stats.l1.hits += cu.l1->tags.stats.hits;
    stats.l1.misses += cu.l1->tags.stats.misses;
    stats.l1.pendingHits += cu.l1->tags.stats.pendingHits;
    stats.l1.mshrStalls += cu.l1->tags.stats.mshrStalls;
    stats.l1Requests += cu.l1->requests;
    stats.l1Writes += cu.l1->writes;
  }
  if (ownL2_) {
    stats.l2 = l2_->tags.stats;
    stats.dramReads = l2_->dram.reads;
  }
}

void MemoryPipes::gatherAccesses(const AccessLog& log) {
  ldsRows_ = log.dsRows
                 ? memory::LdsRows{{log.dsRow[0].data(), log.dsRows == 2 ? log.dsRow[1].data() : nullptr},
                                   log.dsRowBytes}
                 : memory::LdsRows{};
  vmRuns_.clear();
  if (log.dsRows || log.vmRuns) {  // a DS instruction's rows (AccessLog), or global runs
    for (unsigned i = 0; i < log.vmRuns; ++i) {
      const AccessLog::Run& r = log.run[i];
      vmRuns_.push_back({r.start, 4u * r.lanes * r.dwordsPerLane});
    }
    lds_ = {};
    vmAddr_ = {};
    vmBytes_ = {};
    return;
  }
  const unsigned n = log.count, ldsCount = log.ldsCount;
  if (ldsCount == 0 || ldsCount == n) {
    const bool lds = ldsCount > 0;
    lds_ = lds ? memory::LdsAccesses{log.addr.data(), log.bytes.data(), log.lane.data(), n}
               : memory::LdsAccesses{};
    vmAddr_ = {log.addr.data(), lds ? 0 : n};
    vmBytes_ = {log.bytes.data(), lds ? 0 : n};
    return;
  }
  ldsAddr_.clear(), ldsBytes_.clear(), ldsLane_.clear(), splitVmAddr_.clear(), splitVmBytes_.clear();
  for (unsigned i = 0; i < n; ++i) {
    if (log.space[i] == AccessSpace::Lds) {
      ldsAddr_.push_back(log.addr[i]);
      ldsBytes_.push_back(log.bytes[i]);
      ldsLane_.push_back(log.lane[i]);
    } else {
      splitVmAddr_.push_back(log.addr[i]);
      splitVmBytes_.push_back(log.bytes[i]);
    }
  }
  lds_ = {ldsAddr_.data(), ldsBytes_.data(), ldsLane_.data(), ldsCount};
  vmAddr_ = splitVmAddr_;
  vmBytes_ = splitVmBytes_;
}

uint64_t MemoryPipes::smemDone(Cu& cu, bool store, const AccessLog& log, uint64_t now) {
  assert(!log.dsRows && !log.vmRuns);  // scalar memory semantics record entries (recordAccess)
  uint64_t done = now + cfg_.kcache.hitLatency;
  // Merge the recorded accesses (one per dword for buffer loads) into ranges.
  unsigned i = 0;
  while (i < log.count) {
    const uint64_t a = log.addr[i];
    uint64_t end = a + log.bytes[i];
    for (++i; i < log.count && log.addr[i] == end; ++i) end += log.bytes[i];
    const uint32_t n = uint32_t(end - a);
    done = std::max(done, store ? cu.kcache->store(a, n, now, steps()) : cu.kcache->load(a, n, now, steps()));
  }
  return done;
}

// The LDS accesses in lds_ through the CU's LDS pipe: `pipeCycles` for a
// conflict-free wave64 (0: one cycle a pass) plus the cost of the extra
// passes (memory/lds_timing.hpp).
uint64_t MemoryPipes::ldsDone(Cu& cu, uint32_t pipeCycles, uint64_t now) {
  ldsPasses_ = bankPasses();
  return ldsPipeDone(cu, pipeCycles, now);
}

// The bank model's passes of what gatherAccesses found: a DS instruction's rows, or entries.
memory::LdsBankModel::Passes MemoryPipes::bankPasses() {
  return ldsRows_.rows[0] ? bank_->passes(ldsRows_) : bank_->passes(lds_);
}

// ldsDone once ldsPasses_ is known.
uint64_t MemoryPipes::ldsPipeDone(Cu& cu, uint32_t pipeCycles, uint64_t now) {
  if (pipeCycles == 0) pipeCycles = ldsPasses_.base;
  const uint32_t extra = memory::conflictCycles(ldsPasses_, pipeCycles);
  ldsConflictPasses_ += ldsPasses_.extra;
  ldsConflictCycles_ += extra;
  ldsExtraCycles_ = extra;
  return cu.lds->access(now, pipeCycles, extra);
}

uint64_t MemoryPipes::vmemDone(Cu& cu, Kind kind, bool glc, uint64_t now) {
  lines_.clear();
  if (!vmRuns_.empty()) {
    memory::coalesceRuns(vmRuns_, cfg_.l1.cache.lineBytes, lines_);
    for (const memory::AddressRun& r : vmRuns_) vmemLaneBytes_ += r.bytes;
  } else {
    memory::coalesceLines(vmAddr_, vmBytes_, cfg_.l1.cache.lineBytes, lines_);
    for (uint32_t b : vmBytes_) vmemLaneBytes_ += b;
  }
  memory::VmemKind vk = memory::VmemKind::Load;
  if (kind == Kind::VmemStore)
    vk = memory::VmemKind::Store;
  else if (kind == Kind::VmemAtomic)
    vk = memory::VmemKind::Atomic;
  else if (glc)
    vk = memory::VmemKind::LoadBypass;  // GLC: coherent at L2
  return cu.l1->access(lines_, vk, now, steps());
}

MemRequest MemoryPipes::issue(uint32_t cuIndex, const OpTiming& op, const isa::DecodedInst& inst,
                              const AccessLog& log, uint64_t now, WaveMemOrder& order) {
  using trace::MemKind;
  using trace::MemOp;
  Cu& cu = cus_[cuIndex - firstCu_];
  requestStep_ = steps().size();
  MemRequest r;
  r.amounts = {0, op.lgkm, 0};
  r.kind = MemKind::Smem;
  ldsPasses_ = {};
  ldsExtraCycles_ = 0;
  switch (op.kind) {
    case Kind::Smem:
      r.done = smemDone(cu, false, log, now);
      r.op = MemOp::Load;
      finishRequest(r, now, false, order);
      break;
    case Kind::SmemStore:
      r.done = smemDone(cu, true, log, now);
      r.op = MemOp::Store;
      finishRequest(r, now, false, order);
      break;
    case Kind::SmemTime: r.done = now + cfg_.kcache.hitLatency; break;
    case Kind::DcacheInv:  // "Invalidate entire L1 K cache" (seed 000 S_DCACHE_INV)
      cu.kcache->invalidate();
      r.done = now + cfg_.kcache.hitLatency;
      break;
    case Kind::DcacheWb: r.done = cu.kcache->writeback(now); break;
    case Kind::Msg:
      r.done = now + cfg_.issue.msgLatency;
      r.kind = MemKind::Msg;
      break;
    case Kind::Ds:  // returns data and/or sends data
      if (inst.mem.gds) {
        r.done = gds_->gds(now, op.pipeCycles);
        r.kind = MemKind::Gds;
      } else {
        gatherAccesses(log);
        r.done = ldsDone(cu, op.pipeCycles, now);
        r.kind = MemKind::Lds;
      }
      finishDs(r, inst, order);
      break;
    case Kind::VmemLoad:
    case Kind::VmemStore:
    case Kind::VmemAtomic:
    case Kind::VmemInvL1: {
      r.amounts = {1, op.lgkm, 0};
      r.kind = op.flat ? MemKind::Flat : MemKind::Vmem;
      r.op = vmemOp(op.kind);
      bool toLds = false;
      if (op.kind == Kind::VmemInvL1) {
        cu.l1->invalidate();  // BUFFER_WBINVL1*: the L1 is write-through, so only invalidate
        r.done = now + cfg_.l1.cache.hitLatency;
      } else {
        gatherAccesses(log);
        toLds = lds_.count > 0;
        r.done = now;
        // FLAT in the LDS aperture: the LDS pipe, one cycle a pass (estimate: the read rate).
        if (toLds) r.done = ldsDone(cu, 0, now);
        if (!vmAddr_.empty() || !toLds) r.done = std::max(r.done, vmemDone(cu, op.kind, inst.mem.glc, now));
      }
      // Vector memory returns in order on VM_CNT (LLVM waits with vmcnt(N > 0)
      // on FLAT loads it knows are global); a FLAT access that went to the LDS
      // comes back through the LDS pipe, out of that order.
      finishRequest(r, now, !op.flat || !toLds, order);
      r.conflicts = ldsPasses_.extra;
      r.conflictCycles = ldsExtraCycles_;
      return r;
    }
    case Kind::Export:
      r.done = now + cfg_.issue.saluCycles;
      r.amounts = {0, 0, 1};
      r.kind = MemKind::Export;
      r.op = MemOp::Store;
      break;
    default: return MemRequest{};
  }
  r.conflicts = ldsPasses_.extra;
  r.conflictCycles = ldsExtraCycles_;
  return r;
}

memory::LdsBankModel::Passes MemoryPipes::ldsPasses(const AccessLog& log) {
  gatherAccesses(log);
  return bankPasses();
}

MemRequest MemoryPipes::issueLds(uint32_t cuIndex, const OpTiming& op, const isa::DecodedInst& inst,
                                 memory::LdsBankModel::Passes passes, uint64_t now, WaveMemOrder& order) {
  MemRequest r;
  r.amounts = {0, op.lgkm, 0};
  r.kind = trace::MemKind::Lds;
  ldsPasses_ = passes;
  r.done = ldsPipeDone(cus_[cuIndex - firstCu_], op.pipeCycles, now);
  finishDs(r, inst, order);
  r.conflicts = ldsPasses_.extra;
  r.conflictCycles = ldsExtraCycles_;
  return r;
}

// A DS request's kind of operation and its place in the wave's DS order.
void MemoryPipes::finishDs(MemRequest& r, const isa::DecodedInst& inst, WaveMemOrder& order) {
  using trace::MemOp;
  r.op = inst.dst.present() ? (inst.data0.present() ? MemOp::Atomic : MemOp::Load)
                            : (inst.data0.present() ? MemOp::Store : MemOp::Other);
  r.done = std::max(r.done, order.lastDsDone);  // DS returns in order, LDS and GDS alike
  order.lastDsDone = r.done;
}

// The L2 steps the instruction added (the recorded list's steps from
// requestStep_): answered at once, or deferred to resolve(). `vmOrdered`: the
// request returns in the wave's VM order (VM_CNT in order, except FLAT to LDS).
void MemoryPipes::finishRequest(MemRequest& r, uint64_t now, bool vmOrdered, WaveMemOrder& order) {
  List& list = lists_[cur_];
  memory::L2Steps& steps = list.steps;
  const size_t added = steps.size() - requestStep_;
  if (!deferL2_) {
    if (added) l2_->noRequestBefore(now);  // (requests are answered in cycle order)
    for (size_t i = requestStep_; i < steps.size(); ++i)
      r.done = std::max(r.done, memory::resolveStep(*l2_, steps, i));
    steps.clear();
    if (vmOrdered) {
      r.done = std::max(r.done, order.lastVmDone);
      order.lastVmDone = r.done;
    }
    return;
  }
  if (vmOrdered) r.done = std::max(r.done, order.lastVmDone);
  const uint32_t after = vmOrdered ? order.lastVmPending : 0;
  if (added == 0 && after == 0) {
    if (vmOrdered) order.lastVmDone = r.done;
    return;
  }
  r.deferred = true;
  Deferred d;
  d.cycle = now;
  d.firstStep = uint32_t(requestStep_);
  d.steps = uint32_t(added);
  d.known = r.done;
  d.after = after;
  d.lowest = r.done;
  bool hitUnderOther = false;
  for (size_t i = requestStep_; i < steps.size(); ++i) {
    const memory::L2Step& s = steps.steps[i];
    d.lowest = std::max(d.lowest, lowestStepReturn(list, s));
    hitUnderOther |= s.kind == memory::L2Step::Kind::AwaitFill && steps.awaitsOther(s);
  }
  if (after) {
    d.lowest = std::max(d.lowest, deferredOf(after).lowest);
    if (listOf(after) != cur_) list.behindOther.push_back(uint32_t(list.deferred.size()));
  }
  // A hit under the other list's miss reads that list's fill, and that list
  // is emptied before the next epoch: this list is answered at its boundary
  // (l2_steps.hpp: its pending-hit count is corrected while no group runs).
  list.lowestReturn = hitUnderOther ? 0 : std::min(list.lowestReturn, d.lowest);
  if (vmOrdered) {
    d.order = &order;
    order.lastVmDone = r.done;  // a lower bound until resolved
    order.lastVmPending = refOf(cur_, list.deferred.size());
  }
  list.deferred.push_back(d);
}

// An L2 answer is at least the L2's hit latency after the step is sent
// (l2_timing.hpp: a miss adds DRAM; a Miss step may wait for an MSHR first),
// plus the requesting cache's latency; a hit under a miss of the same list
// is no earlier than that miss's fill.
uint64_t MemoryPipes::lowestStepReturn(const List& list, const memory::L2Step& s) const {
  const uint64_t l2Hit = cfg_.memory.l2.hitLatency;
  if (s.kind != memory::L2Step::Kind::AwaitFill) return s.at + l2Hit + s.hitLatency;
  if (list.steps.awaitsOther(s)) return s.at + s.hitLatency;
  return std::max(s.at, list.steps.missOf(s).at + l2Hit) + s.hitLatency;
}

void MemoryPipes::foldOtherList(uint32_t l) {
  List& list = lists_[l];
  for (uint32_t i : list.behindOther) {
    Deferred& d = list.deferred[i];
    d.known = std::max(d.known, deferredOf(d.after).done);
    d.after = 0;
  }
  list.behindOther.clear();
}

// On one thread, in the global order: what that order decides. The rest -- the group's own state --
// clearDeferred does on the group's thread.
uint64_t MemoryPipes::resolve(uint32_t l, size_t i) {
  List& list = lists_[l];
  Deferred& d = list.deferred[i];
  uint64_t done = d.known;
  l2_->noRequestBefore(d.cycle);  // (answered in cycle order: GpuTiming::resolveDeferred)
  for (uint32_t k = 0; k < d.steps; ++k)
    done = std::max(done, memory::resolveStep(*l2_, list.steps, d.firstStep + k, memory::SetLine::Later));
  assert(!d.after || listOf(d.after) == l);  // (the other list's: folded in by foldOtherList)
  if (d.after) done = std::max(done, deferredOf(d.after).done);
  d.done = done;
  list.earliestDone = std::min(list.earliestDone, done);
  return done;
}

void MemoryPipes::clearDeferred(uint32_t l) {
  List& list = lists_[l];
  memory::setLines(list.steps);
  for (size_t i = 0; i < list.deferred.size(); ++i) {
    const Deferred& d = list.deferred[i];
    if (d.order && d.order->lastVmPending == refOf(l, i)) {
      d.order->lastVmDone = d.done;
      d.order->lastVmPending = 0;
    }
  }
  list.clear();
}

void MemoryPipes::List::clear() {
  steps.clear();
  deferred.clear();
  behindOther.clear();
  earliestDone = lowestReturn = ~uint64_t(0);
}

void MemoryPipes::switchList() {
  cur_ ^= 1;
  assert(lists_[cur_].deferred.empty() && lists_[cur_].steps.size() == 0);
}

}  // namespace gcnsim::sim::timing
