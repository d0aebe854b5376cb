// Completion times and wait-counter amounts of memory instructions (memory_pipes.hpp).
#include "sim/timing/memory_pipes.hpp"

#include <algorithm>

namespace gcnsim::sim::timing {
namespace {
trace::MemOp vmemOp(Kind k) {
  return k == Kind::VmemLoad     ? trace::MemOp::Load
         : k == Kind::VmemStore  ? trace::MemOp::Store
         : k == Kind::VmemAtomic ? trace::MemOp::Atomic
                                 : trace::MemOp::Other;
}
}  // namespace

MemoryPipes::MemoryPipes(const GpuConfig& cfg) : cfg_(cfg) {
  l2_ = std::make_unique<memory::L2Timing>(cfg.memory);
  gds_ = std::make_unique<memory::LdsPipe>(cfg.lds);
  bank_ = std::make_unique<memory::LdsBankModel>(cfg.lds);
  cus_.resize(cfg.cus);
  for (uint32_t i = 0; i < cfg.cus; ++i) {
    if (i % cfg.kcache.cusPerCache == 0)
      kcaches_.push_back(std::make_unique<memory::KcacheTiming>(cfg.kcache, *l2_));
    Cu& cu = cus_[i];
    cu.kcache = kcaches_.back().get();
    cu.lds = std::make_unique<memory::LdsPipe>(cfg.lds);
    cu.l1 = std::make_unique<memory::VectorL1Timing>(cfg.l1, *l2_);
  }
}

MemoryPipes::~MemoryPipes() = default;

MemSnapshot MemoryPipes::snapshot(uint32_t cu) const {
  return {cus_[cu].kcache->tags.stats, cus_[cu].l1->tags.stats, l2_->tags.stats};
}

void MemoryPipes::collect(TimingStats& stats) const {
  stats.ldsConflictPasses += ldsConflictPasses_;
  stats.ldsConflictCycles += ldsConflictCycles_;
  stats.vmemLaneBytes += vmemLaneBytes_;
  stats.kcache = {};
  for (const auto& k : kcaches_) {
    stats.kcachePortWaitCycles += k->portWaitCycles;
    stats.kcache.hits += k->tags.stats.hits;
    stats.kcache.misses += k->tags.stats.misses;
    stats.kcache.pendingHits += k->tags.stats.pendingHits;
    stats.kcache.mshrStalls += k->tags.stats.mshrStalls;
  }
  stats.l1 = {};
  for (const Cu& cu : cus_) {
    stats.l1.hits += cu.l1->tags.stats.hits;
    stats.l1.misses += cu.l1->tags.stats.misses;
    stats.l1.pendingHits += cu.l1->tags.stats.pendingHits;
    stats.l1.mshrStalls += cu.l1->tags.stats.mshrStalls;
    stats.l1Requests += cu.l1->requests;
  }
  stats.l2 = l2_->tags.stats;
  stats.dramReads = l2_->dram.reads;
}

void MemoryPipes::gatherAccesses(const AccessLog& log) {
  ldsAcc_.clear();
  vmAddr_.clear();
  vmBytes_.clear();
  for (unsigned i = 0; i < log.count; ++i) {
    if (log.space[i] == AccessSpace::Lds) {
      ldsAcc_.push_back({uint32_t(log.addr[i]), uint16_t(log.bytes[i]), log.lane[i]});
    } else {
      vmAddr_.push_back(log.addr[i]);
      vmBytes_.push_back(log.bytes[i]);
    }
  }
}

uint64_t MemoryPipes::smemDone(Cu& cu, bool store, const AccessLog& log, uint64_t now) {
  uint64_t done = now + cfg_.kcache.hitLatency;
  // Merge the recorded accesses (one per dword for buffer loads) into ranges.
  unsigned i = 0;
  while (i < log.count) {
    const uint64_t a = log.addr[i];
    uint64_t end = a + log.bytes[i];
    for (++i; i < log.count && log.addr[i] == end; ++i) end += log.bytes[i];
    const uint32_t n = uint32_t(end - a);
    done = std::max(done, store ? cu.kcache->store(a, n, now) : cu.kcache->load(a, n, now));
  }
  return done;
}

// The LDS accesses in ldsAcc_ through the CU's LDS pipe: `pipeCycles` for a
// conflict-free wave64 (0: one cycle a pass) plus the cost of the extra
// passes (memory/lds_timing.hpp).
uint64_t MemoryPipes::ldsDone(Cu& cu, uint32_t pipeCycles, uint64_t now) {
  ldsPasses_ = bank_->passes(ldsAcc_);
  if (pipeCycles == 0) pipeCycles = ldsPasses_.base;
  const uint32_t extra = memory::conflictCycles(ldsPasses_, pipeCycles);
  ldsConflictPasses_ += ldsPasses_.extra;
  ldsConflictCycles_ += extra;
  ldsExtraCycles_ = extra;
  return cu.lds->access(now, pipeCycles, extra);
}

uint64_t MemoryPipes::vmemDone(Cu& cu, Kind kind, bool glc, uint64_t now) {
  lines_.clear();
  memory::coalesceLines(vmAddr_, vmBytes_, cfg_.l1.cache.lineBytes, lines_);
  memory::VmemKind vk = memory::VmemKind::Load;
  if (kind == Kind::VmemStore)
    vk = memory::VmemKind::Store;
  else if (kind == Kind::VmemAtomic)
    vk = memory::VmemKind::Atomic;
  else if (glc)
    vk = memory::VmemKind::LoadBypass;  // GLC: coherent at L2
  for (uint32_t b : vmBytes_) vmemLaneBytes_ += b;
  return cu.l1->access(lines_, vk, now);
}

MemRequest MemoryPipes::issue(uint32_t cuIndex, const OpTiming& op, const isa::DecodedInst& inst,
                              const AccessLog& log, uint64_t now, WaveMemOrder& order) {
  using trace::MemKind;
  using trace::MemOp;
  Cu& cu = cus_[cuIndex];
  MemRequest r;
  r.amounts = {0, op.lgkm, 0};
  r.kind = MemKind::Smem;
  ldsPasses_ = {};
  ldsExtraCycles_ = 0;
  switch (op.kind) {
    case Kind::Smem:
      r.done = smemDone(cu, false, log, now);
      r.op = MemOp::Load;
      break;
    case Kind::SmemStore:
      r.done = smemDone(cu, true, log, now);
      r.op = MemOp::Store;
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
      r.op = inst.dst.present() ? (inst.data0.present() ? MemOp::Atomic : MemOp::Load)
                                : (inst.data0.present() ? MemOp::Store : MemOp::Other);
      if (inst.mem.gds) {
        r.done = gds_->gds(now, op.pipeCycles);
        r.kind = MemKind::Gds;
      } else {
        gatherAccesses(log);
        r.done = ldsDone(cu, op.pipeCycles, now);
        r.kind = MemKind::Lds;
      }
      r.done = std::max(r.done, order.lastDsDone);  // DS returns in order, LDS and GDS alike
      order.lastDsDone = r.done;
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
        toLds = !ldsAcc_.empty();
        r.done = now;
        // FLAT in the LDS aperture: the LDS pipe, one cycle a pass (estimate: the read rate).
        if (toLds) r.done = ldsDone(cu, 0, now);
        if (!vmAddr_.empty() || !toLds) r.done = std::max(r.done, vmemDone(cu, op.kind, inst.mem.glc, now));
      }
      // Vector memory returns in order on VM_CNT (LLVM waits with vmcnt(N > 0)
      // on FLAT loads it knows are global); a FLAT access that went to the LDS
      // comes back through the LDS pipe, out of that order.
      if (!op.flat || !toLds) {
        r.done = std::max(r.done, order.lastVmDone);
        order.lastVmDone = r.done;
      }
      break;
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

}  // namespace gcnsim::sim::timing
