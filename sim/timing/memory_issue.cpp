// Completion times and wait counters of the memory instructions, from the
// addresses the semantic function logged (Exec::recordAccess) -- the timing
// model never computes an address itself:
//  SMEM/SMRD -> the K$ port and tags (out of order, LGKM_CNT +1/+2: seeds/000, seeds/003)
//  DS (LDS)  -> the CU's LDS pipe with bank conflicts (LGKM_CNT +1: seed 004)
//  DS (GDS)  -> the GPU's GDS pipe (LGKM_CNT +1)
//               A wave's DS instructions return in order, LDS and GDS alike
//               ("every DS instruction returns data in order", GcnInstrsDs.md).
//  VMEM      -> coalescer, vector L1, L2, DRAM (in order on VM_CNT)
//  FLAT      -> VM_CNT +1 and LGKM_CNT +1 (AMD GCN3/Vega ISA, FLAT: a flat
//               instruction may reach LDS or memory, so it counts on both and
//               only a count of 0 is sure to cover it; GcnInstrsFlat.md).
//               Accesses in the LDS aperture go through the LDS pipe and
//               return out of VM order; global ones return in VM order.
//  s_sendmsg -> LGKM_CNT +1 for msgLatency cycles
#include <algorithm>

#include "sim/timing/gpu_timing.hpp"

namespace gcnsim::sim::timing {

void GpuTiming::gatherAccesses() {
  ldsAcc_.clear();
  vmAddr_.clear();
  vmBytes_.clear();
  for (unsigned i = 0; i < log_.count; ++i) {
    if (log_.space[i] == AccessSpace::Lds) {
      ldsAcc_.push_back({uint32_t(log_.addr[i]), uint16_t(log_.bytes[i]), log_.lane[i]});
    } else {
      vmAddr_.push_back(log_.addr[i]);
      vmBytes_.push_back(log_.bytes[i]);
    }
  }
}

uint64_t GpuTiming::smemDone(CuCtx& cu, const TimedInst& ti) {
  const bool store = ti.op->kind == Kind::SmemStore;
  uint64_t done = now_ + cfg_.kcache.hitLatency;
  // Merge the recorded accesses (one per dword for buffer loads) into ranges.
  unsigned i = 0;
  while (i < log_.count) {
    const uint64_t a = log_.addr[i];
    uint64_t end = a + log_.bytes[i];
    for (++i; i < log_.count && log_.addr[i] == end; ++i) end += log_.bytes[i];
    const uint32_t n = uint32_t(end - a);
    done = std::max(done, store ? cu.kcache->store(a, n, now_) : cu.kcache->load(a, n, now_));
  }
  return done;
}

// The LDS accesses in ldsAcc_ through the CU's LDS pipe: `pipeCycles` for a
// conflict-free wave64 (0: one cycle a pass) plus the cost of the extra
// passes (memory/lds_timing.hpp).
uint64_t GpuTiming::ldsDone(CuCtx& cu, uint32_t pipeCycles) {
  ldsPasses_ = bank_->passes(ldsAcc_);
  if (pipeCycles == 0) pipeCycles = ldsPasses_.base;
  const uint32_t extra = memory::conflictCycles(ldsPasses_, pipeCycles);
  stats_.ldsConflictPasses += ldsPasses_.extra;
  stats_.ldsConflictCycles += extra;
  return cu.lds->access(now_, pipeCycles, extra);
}

uint64_t GpuTiming::vmemDone(CuCtx& cu, const TimedInst& ti) {
  lines_.clear();
  memory::coalesceLines(vmAddr_, vmBytes_, cfg_.l1.cache.lineBytes, lines_);
  memory::VmemKind kind = memory::VmemKind::Load;
  if (ti.op->kind == Kind::VmemStore)
    kind = memory::VmemKind::Store;
  else if (ti.op->kind == Kind::VmemAtomic)
    kind = memory::VmemKind::Atomic;
  else if (ti.ci->inst.mem.glc)
    kind = memory::VmemKind::LoadBypass;  // GLC: coherent at L2
  for (uint32_t b : vmBytes_) stats_.vmemLaneBytes += b;
  return cu.l1->access(lines_, kind, now_);
}

namespace {
trace::MemOp vmemOp(Kind k) {
  return k == Kind::VmemLoad     ? trace::MemOp::Load
         : k == Kind::VmemStore  ? trace::MemOp::Store
         : k == Kind::VmemAtomic ? trace::MemOp::Atomic
                                 : trace::MemOp::Other;
}
}  // namespace

template <bool kTraced>
void GpuTiming::issueMemory(CuCtx& cu, WaveCtx& wc, const TimedInst& ti, PendingWrites* pw) {
  const OpTiming& op = *ti.op;
  if (!pw->hasSgpr && !pw->hasVgpr) {
    releasePw(pw);
    pw = nullptr;
  }
  MemSnapshot before;
  if (tracing<kTraced>()) before = snapshot(cu);
  using trace::MemKind;
  using trace::MemOp;
  uint64_t done = 0;
  CounterAmounts amounts{0, op.lgkm, 0};
  MemKind mk = MemKind::Smem;
  MemOp mo = MemOp::Other;
  ldsPasses_ = {};
  switch (op.kind) {
    case Kind::Smem:
      done = smemDone(cu, ti);
      mo = MemOp::Load;
      break;
    case Kind::SmemStore:
      done = smemDone(cu, ti);
      mo = MemOp::Store;
      break;
    case Kind::SmemTime: done = now_ + cfg_.kcache.hitLatency; break;
    case Kind::DcacheInv:  // "Invalidate entire L1 K cache" (seed 000 S_DCACHE_INV)
      cu.kcache->invalidate();
      done = now_ + cfg_.kcache.hitLatency;
      break;
    case Kind::DcacheWb: done = cu.kcache->writeback(now_); break;
    case Kind::Msg:
      done = now_ + cfg_.issue.msgLatency;
      mk = MemKind::Msg;
      break;
    case Kind::Ds: {
      const isa::DecodedInst& in = ti.ci->inst;  // returns data and/or sends data
      mo = in.dst.present() ? (in.data0.present() ? MemOp::Atomic : MemOp::Load)
                            : (in.data0.present() ? MemOp::Store : MemOp::Other);
      if (in.mem.gds) {
        done = gds_->gds(now_, op.pipeCycles);
        mk = MemKind::Gds;
      } else {
        gatherAccesses();
        done = ldsDone(cu, op.pipeCycles);
        mk = MemKind::Lds;
      }
      done = std::max(done, wc.lastDsDone);  // DS returns in order, LDS and GDS alike
      wc.lastDsDone = done;
      break;
    }
    case Kind::VmemLoad:
    case Kind::VmemStore:
    case Kind::VmemAtomic:
    case Kind::VmemInvL1:
      amounts = {1, op.lgkm, 0};
      mk = op.flat ? MemKind::Flat : MemKind::Vmem;
      mo = vmemOp(op.kind);
      if (op.kind == Kind::VmemInvL1) {
        cu.l1->invalidate();  // BUFFER_WBINVL1*: the L1 is write-through, so only invalidate
        done = now_ + cfg_.l1.cache.hitLatency;
      } else {
        gatherAccesses();
        done = now_;
        // FLAT in the LDS aperture: the LDS pipe, one cycle a pass (estimate: the read rate).
        if (!ldsAcc_.empty()) done = ldsDone(cu, 0);
        if (!vmAddr_.empty() || ldsAcc_.empty()) done = std::max(done, vmemDone(cu, ti));
      }
      // Vector memory returns in order on VM_CNT (LLVM waits with vmcnt(N > 0)
      // on FLAT loads it knows are global); a FLAT access that went to the LDS
      // comes back through the LDS pipe, out of that order.
      if (!op.flat || ldsAcc_.empty()) {
        done = std::max(done, wc.lastVmDone);
        wc.lastVmDone = done;
      }
      break;
    case Kind::Export:
      done = now_ + cfg_.issue.saluCycles;
      amounts = {0, 0, 1};
      mk = MemKind::Export;
      mo = MemOp::Store;
      break;
    default:
      if (pw) {
        pw->applyTo(*wc.w);
        releasePw(pw);
      }
      return;
  }
  const uint64_t id = schedule(done, wc, amounts, pw, mk, mo);
  if (tracing<kTraced>()) traceMemRequest(cu, wc, ti, before, id, done, amounts, mk, mo);
}

template void GpuTiming::issueMemory<false>(CuCtx&, WaveCtx&, const TimedInst&, PendingWrites*);
template void GpuTiming::issueMemory<true>(CuCtx&, WaveCtx&, const TimedInst&, PendingWrites*);

}  // namespace gcnsim::sim::timing
