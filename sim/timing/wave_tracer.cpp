// Trace events of the timing model (wave_tracer.hpp).
#include "sim/timing/wave_tracer.hpp"

#include <algorithm>

namespace gcnsim::sim::timing {

void WaveTracer::closeStall(WaveCtx& wc, const isa::DecodedInst* current, uint64_t now) {
  WaveTrace& t = wc.tr;
  if (!t.open) return;
  t.open = false;
  if (now <= t.since) return;
  trace::StallEvent e;
  e.cycle = t.since;
  e.dur = now - t.since;
  e.w = ref(wc);
  e.pc = t.pc;
  e.inst = t.inst ? t.inst : current;
  e.reason = t.reason;
  e.waitingOn = t.waitingOn;
  e.vmOp = t.vmOp;
  e.vmToo = t.vmToo;
  sink_->stall(e);
}

const OpenOp* WaveTracer::releasingOp(const WaveCtx& wc, bool lgkm, uint8_t limit) {
  // Walk the outstanding operations in the order they are scheduled to
  // return; the one after whose return the counter is <= limit releases the wait.
  const OpenOp* order[64];
  unsigned n = 0;
  for (const OpenOp& o : wc.tr.ops)
    if ((lgkm ? o.lgkm : o.vm) && n < 64) order[n++] = &o;
  std::sort(order, order + n, [](const OpenOp* a, const OpenOp* b) {
    return a->done != b->done ? a->done < b->done : a->id < b->id;
  });
  unsigned count = lgkm ? wc.lgkm : wc.vm;
  for (unsigned i = 0; i < n; ++i) {
    count -= std::min<unsigned>(count, lgkm ? order[i]->lgkm : order[i]->vm);
    if (count <= limit) return order[i];
  }
  return n ? order[n - 1] : nullptr;
}

void WaveTracer::blocked(WaveCtx& wc, const TimedInst* ti, trace::StallReason r, uint64_t now, bool vmToo,
                         uint8_t lgkmLimit, uint8_t vmLimit) {
  WaveTrace& t = wc.tr;
  trace::MemKind kind = trace::MemKind::None;
  trace::MemOp vmOp = trace::MemOp::Other;
  uint64_t pc = wc.w->pc;
  const isa::DecodedInst* inst = ti ? &ti->inst : nullptr;
  if (r == trace::StallReason::Barrier) {
    pc = t.barrierPc;
    inst = t.barrierInst;
  } else if (r == trace::StallReason::Lgkm) {
    if (const OpenOp* o = releasingOp(wc, true, lgkmLimit)) kind = o->kind;
  }
  if (r == trace::StallReason::Vm || vmToo)
    if (const OpenOp* o = releasingOp(wc, false, vmLimit)) vmOp = o->op;
  if (t.open && t.reason == r && t.pc == pc && t.waitingOn == kind && t.vmOp == vmOp && t.vmToo == vmToo)
    return;
  closeStall(wc, inst, now);
  t.open = true;
  t.since = now;
  t.pc = pc;
  t.inst = inst;
  t.reason = r;
  t.waitingOn = kind;
  t.vmOp = vmOp;
  t.vmToo = vmToo;
}

// s_waitcnt with an unsatisfied counter, or a memory instruction whose
// counter is saturated. Several unsatisfied counters: the reason is LGKM
// first, then VM; an LGKM wait with VM_CNT unsatisfied too says so (vmToo),
// so that the VM profile counts it as well.
void WaveTracer::blockedOnCounters(WaveCtx& wc, const TimedInst& ti, uint64_t now) {
  trace::StallReason r = trace::StallReason::Exp;
  bool vmToo = false;
  // The counter values the instruction waits for.
  uint8_t lgkmLimit = uint8_t(maxCnt_.lgkm - std::min(maxCnt_.lgkm, ti.op->lgkm));
  uint8_t vmLimit = uint8_t(maxCnt_.vm - 1);
  if (ti.op->kind == Kind::Waitcnt) {
    const WaitcntLimits& l = ti.waitcnt;
    lgkmLimit = l.lgkm;
    vmLimit = l.vm;
    if (wc.lgkm > l.lgkm) {
      r = trace::StallReason::Lgkm;
      vmToo = wc.vm > l.vm;
    } else if (wc.vm > l.vm) {
      r = trace::StallReason::Vm;
    }
  } else if (ti.op->cat == IssueCat::Vmem && wc.vm + 1 > maxCnt_.vm) {
    r = trace::StallReason::Vm;
  } else if (ti.op->kind != Kind::Export) {
    r = trace::StallReason::Lgkm;
  }
  blocked(wc, &ti, r, now, vmToo, lgkmLimit, vmLimit);
}

void WaveTracer::issue(WaveCtx& wc, const TimedInst& ti, uint64_t pc, uint64_t exec, uint64_t now) {
  closeStall(wc, &ti.inst, now);
  trace::IssueEvent e;
  e.cycle = now;
  // The instruction's cost, but never past the wave's next possible issue
  // turn (a cost counted from before this turn, issue.cpp, ends earlier).
  const uint64_t nextTurn = wc.readyAt + (wc.simd + simds_ - wc.readyAt % simds_) % simds_;
  uint64_t dur = std::min(wc.readyAt > wc.issueFrom ? wc.readyAt - wc.issueFrom : 0,
                          nextTurn > now ? nextTurn - now : 0);
  // A taken branch: its issue cost, then the instruction buffer refills.
  if (ti.op->kind == Kind::Branch && dur > ti.op->cycles) {
    dur = ti.op->cycles;
    WaveTrace& t = wc.tr;
    t.open = true;
    t.since = now + dur;
    t.pc = wc.w->pc;
    t.inst = nullptr;
    t.reason = trace::StallReason::NoInstruction;
    t.waitingOn = trace::MemKind::None;
    t.vmOp = trace::MemOp::Other;
    t.vmToo = false;
  }
  e.dur = uint32_t(dur);
  e.w = ref(wc);
  e.pc = pc;
  e.inst = &ti.inst;
  e.execLanes = uint32_t(__builtin_popcountll(exec));
  e.vm = wc.vm;
  e.lgkm = wc.lgkm;
  e.exp = wc.exp;
  sink_->issue(e);
}

void WaveTracer::memRequest(WaveCtx& wc, uint64_t pc, const MemSnapshot& before, const MemSnapshot& after,
                            uint64_t id, const MemRequest& m, const AccessLog& log, uint64_t now) {
  if (m.amounts.vm || m.amounts.lgkm)
    wc.tr.ops.push_back({id, m.done, m.kind, m.op, m.amounts.vm, m.amounts.lgkm});
  trace::MemEvent e;
  e.cycle = now;
  e.w = ref(wc);
  e.id = id;
  e.kind = m.kind;
  e.op = m.op;
  e.pc = pc;
  e.done = m.done;
  e.kHits = uint16_t(after.k.hits - before.k.hits);
  e.kMisses = uint16_t(after.k.misses - before.k.misses);
  e.l1Hits = uint16_t(after.l1.hits - before.l1.hits);
  e.l1Misses = uint16_t(after.l1.misses - before.l1.misses);
  e.l1Writes = uint16_t(after.l1Writes - before.l1Writes);
  e.l2Hits = uint16_t(after.l2.hits - before.l2.hits);
  e.l2Misses = uint16_t(after.l2.misses - before.l2.misses);
  // Address: the first access (SMEM, LDS) or the lowest (vector memory); bytes: all the lanes'.
  switch (m.kind) {
    case trace::MemKind::Smem:
    case trace::MemKind::Lds:
    case trace::MemKind::Gds:
      if (log.count) e.address = log.addr[0];
      for (unsigned i = 0; i < log.count; ++i) e.bytes += log.bytes[i];
      e.conflicts = uint16_t(m.conflicts);
      e.conflictCycles = m.conflictCycles;
      break;
    case trace::MemKind::Vmem:
    case trace::MemKind::Flat:
      if (log.count) e.address = *std::min_element(log.addr.begin(), log.addr.begin() + log.count);
      for (unsigned i = 0; i < log.count; ++i) e.bytes += log.bytes[i];
      e.conflicts = uint16_t(m.conflicts);
      e.conflictCycles = m.conflictCycles;
      break;
    default: break;
  }
  e.vm = wc.vm;
  e.lgkm = wc.lgkm;
  e.exp = wc.exp;
  sink_->memory(e);
}

void WaveTracer::memReturn(WaveCtx& wc, uint64_t id, trace::MemKind kind, trace::MemOp op, uint64_t now) {
  if (kind == trace::MemKind::None) return;
  std::erase_if(wc.tr.ops, [id](const OpenOp& o) { return o.id == id; });
  trace::MemEvent e;
  e.cycle = now;
  e.w = ref(wc);
  e.id = id;
  e.isReturn = true;
  e.kind = kind;
  e.op = op;
  e.vm = wc.vm;
  e.lgkm = wc.lgkm;
  e.exp = wc.exp;
  sink_->memory(e);
}

}  // namespace gcnsim::sim::timing
