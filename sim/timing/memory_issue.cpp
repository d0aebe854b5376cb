// Completion times and wait counters of the memory instructions:
//  SMEM/SMRD -> K$ (out of order, LGKM_CNT +1/+2: seeds/000, seeds/003)
//  DS        -> the CU's LDS pipe with bank conflicts (in order, LGKM_CNT +1: seed 004)
//  GDS       -> the GPU's GDS pipe (in order with itself, LGKM_CNT +1)
//  VMEM      -> coalescer, vector L1, L2, DRAM (in order on VM_CNT)
//  s_sendmsg -> LGKM_CNT +1 for msgLatency cycles
#include <algorithm>

#include "sim/timing/gpu_timing.hpp"

namespace gcnsim::sim::timing {

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

uint64_t GpuTiming::dsDone(CuCtx& cu, WaveCtx&, const TimedInst& ti) {
  const uint32_t extra = dsExtra_;
  stats_.ldsConflictPasses += extra;
  return cu.lds->access(now_, ti.op->cycles, extra);
}

uint64_t GpuTiming::vmemDone(CuCtx& cu, WaveCtx&, const TimedInst& ti) {
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
  Counter counter = Counter::Lgkm;
  uint8_t amount = op.lgkm;
  MemKind mk = MemKind::Smem;
  MemOp mo = MemOp::Other;
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
        done = gds_->gds(now_, op.cycles);
        mk = MemKind::Gds;
      } else {
        done = dsDone(cu, wc, ti);
        mk = MemKind::Lds;
      }
      break;
    }
    case Kind::VmemLoad:
    case Kind::VmemStore:
    case Kind::VmemAtomic:
    case Kind::VmemInvL1:
      if (op.kind == Kind::VmemInvL1) {
        cu.l1->invalidate();  // BUFFER_WBINVL1*: the L1 is write-through, so only invalidate
        done = now_ + cfg_.l1.cache.hitLatency;
      } else {
        done = vmemDone(cu, wc, ti);
      }
      done = std::max(done, wc.lastVmDone);  // vector memory returns in order on VM_CNT
      wc.lastVmDone = done;
      counter = Counter::Vm;
      amount = 1;
      mk = MemKind::Vmem;
      mo = op.kind == Kind::VmemLoad     ? MemOp::Load
           : op.kind == Kind::VmemStore  ? MemOp::Store
           : op.kind == Kind::VmemAtomic ? MemOp::Atomic
                                         : MemOp::Other;
      break;
    case Kind::Export:
      done = now_ + cfg_.issue.saluCycles;
      counter = Counter::Exp;
      amount = 1;
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
  const uint64_t id = schedule(done, wc, counter, amount, pw, mk, mo);
  if (tracing<kTraced>()) traceMemRequest(cu, wc, ti, before, id, done, mk, mo);
}

template void GpuTiming::issueMemory<false>(CuCtx&, WaveCtx&, const TimedInst&, PendingWrites*);
template void GpuTiming::issueMemory<true>(CuCtx&, WaveCtx&, const TimedInst&, PendingWrites*);

}  // namespace gcnsim::sim::timing
