// Trace events of the timing model (sim/trace/trace_sink.hpp). Every function
// here runs only when a sink is set; none of them changes timing state.
//
// Stall intervals: each issue turn examines every ready wave of the SIMD; a
// wave that cannot issue reports why (traceBlocked). An interval stays open
// while the reason, the instruction and (for waits) the oldest outstanding
// operation stay the same; it closes when any of them changes or the wave
// issues, and is then reported with its start and length. A taken branch
// opens an instruction-fetch interval right after its issue cycles.
#include <algorithm>

#include "sim/timing/gpu_timing.hpp"

namespace gcnsim::sim::timing {

trace::WaveRef GpuTiming::ref(const WaveCtx& wc) const {
  return {wc.w->waveId, wc.wg->index, wc.cu, wc.simd, wc.slot};
}

void GpuTiming::closeStall(WaveCtx& wc, const isa::DecodedInst* current) {
  WaveTrace& t = wc.tr;
  if (!t.open) return;
  t.open = false;
  if (now_ <= t.since) return;
  trace::StallEvent e;
  e.cycle = t.since;
  e.dur = now_ - t.since;
  e.w = ref(wc);
  e.pc = t.pc;
  e.inst = t.inst ? t.inst : current;
  e.reason = t.reason;
  e.waitingOn = t.waitingOn;
  e.vmOp = t.vmOp;
  e.vmToo = t.vmToo;
  sink_->stall(e);
}

const OpenOp* GpuTiming::releasingOp(const WaveCtx& wc, bool lgkm, uint8_t limit) const {
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

void GpuTiming::traceBlocked(WaveCtx& wc, const TimedInst* ti, trace::StallReason r, bool vmToo,
                             uint8_t lgkmLimit, uint8_t vmLimit) {
  WaveTrace& t = wc.tr;
  trace::MemKind kind = trace::MemKind::None;
  trace::MemOp vmOp = trace::MemOp::Other;
  uint64_t pc = wc.w->pc;
  const isa::DecodedInst* inst = ti ? &ti->ci->inst : nullptr;
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
  closeStall(wc, inst);
  t.open = true;
  t.since = now_;
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
void GpuTiming::traceBlockedOnCounters(WaveCtx& wc, const TimedInst& ti) {
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
  traceBlocked(wc, &ti, r, vmToo, lgkmLimit, vmLimit);
}

void GpuTiming::traceIssue(WaveCtx& wc, const TimedInst& ti, uint64_t pc, uint64_t exec) {
  closeStall(wc, &ti.ci->inst);
  trace::IssueEvent e;
  e.cycle = now_;
  uint64_t dur = wc.readyAt > now_ ? wc.readyAt - now_ : 0;
  // A taken branch: its issue cost, then the instruction buffer refills.
  if (ti.op->kind == Kind::Branch && dur > ti.op->cycles) {
    dur = ti.op->cycles;
    WaveTrace& t = wc.tr;
    t.open = true;
    t.since = now_ + dur;
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
  e.inst = &ti.ci->inst;
  e.execLanes = uint32_t(__builtin_popcountll(exec));
  e.vm = wc.vm;
  e.lgkm = wc.lgkm;
  e.exp = wc.exp;
  sink_->issue(e);
}

void GpuTiming::traceMemRequest(WaveCtx& wc, const TimedInst& ti, const MemSnapshot& before, uint64_t id,
                                const MemRequest& m) {
  if (m.amounts.vm || m.amounts.lgkm)
    wc.tr.ops.push_back({id, m.done, m.kind, m.op, m.amounts.vm, m.amounts.lgkm});
  trace::MemEvent e;
  e.cycle = now_;
  e.w = ref(wc);
  e.id = id;
  e.kind = m.kind;
  e.op = m.op;
  e.pc = code_.base() + uint64_t(&ti - timed_.data()) * 4;  // TimedInst i describes code_.base() + 4i
  e.done = m.done;
  const MemSnapshot after = pipes_.snapshot(wc.cu);
  e.kHits = uint16_t(after.k.hits - before.k.hits);
  e.kMisses = uint16_t(after.k.misses - before.k.misses);
  e.l1Hits = uint16_t(after.l1.hits - before.l1.hits);
  e.l1Misses = uint16_t(after.l1.misses - before.l1.misses);
  e.l2Hits = uint16_t(after.l2.hits - before.l2.hits);
  e.l2Misses = uint16_t(after.l2.misses - before.l2.misses);
  // Address: the first access (SMEM, LDS) or the lowest (vector memory); bytes: all the lanes'.
  switch (m.kind) {
    case trace::MemKind::Smem:
    case trace::MemKind::Lds:
    case trace::MemKind::Gds:
      if (log_.count) e.address = log_.addr[0];
      for (unsigned i = 0; i < log_.count; ++i) e.bytes += log_.bytes[i];
      e.conflicts = uint16_t(m.conflicts);
      break;
    case trace::MemKind::Vmem:
    case trace::MemKind::Flat:
      if (log_.count) e.address = *std::min_element(log_.addr.begin(), log_.addr.begin() + log_.count);
      for (unsigned i = 0; i < log_.count; ++i) e.bytes += log_.bytes[i];
      e.conflicts = uint16_t(m.conflicts);
      break;
    default: break;
  }
  e.vm = wc.vm;
  e.lgkm = wc.lgkm;
  e.exp = wc.exp;
  sink_->memory(e);
}

void GpuTiming::traceMemReturn(const Event& ev) {
  if (ev.memKind == trace::MemKind::None) return;
  WaveCtx& wc = *ev.wave;
  std::erase_if(wc.tr.ops, [id = ev.seq](const OpenOp& o) { return o.id == id; });
  trace::MemEvent e;
  e.cycle = now_;
  e.w = ref(wc);
  e.id = ev.seq;
  e.isReturn = true;
  e.kind = ev.memKind;
  e.op = ev.memOp;
  e.vm = wc.vm;
  e.lgkm = wc.lgkm;
  e.exp = wc.exp;
  sink_->memory(e);
}

void GpuTiming::traceWave(const WaveCtx& wc, bool end) { sink_->wave({now_, ref(wc), end}); }

void GpuTiming::traceWorkgroup(const WorkgroupCtx& wg, trace::WorkgroupEvent::What what) {
  sink_->workgroup({now_, wg.cu, wg.index, uint32_t(wg.ctx.size()), what});
}

}  // namespace gcnsim::sim::timing
