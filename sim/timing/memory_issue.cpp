// The issue stage's side of a memory instruction: the memory pipes
// (memory_pipes.hpp) say when it returns and what it counts; this schedules
// the return event with the register writes it carries and traces it.
#include "sim/timing/cu_group.hpp"

namespace gcnsim::sim::timing {

template <bool kTraced>
void CuGroup::issueMemory(WaveCtx& wc, const TimedInst& ti, PendingWrites* pw) {
  if (!pw->hasSgpr && !pw->hasVgpr) {
    releasePw(pw);
    pw = nullptr;
  }
  MemSnapshot before;
  if (tracing<kTraced>()) before = pipes_.snapshot(wc.cu);
  const MemRequest m = pipes_.issue(wc.cu, *ti.op, ti.inst, log_, now_, wc.memOrder);
  if (m.kind == trace::MemKind::None) {  // not a memory operation after all: no return to wait for
    if (pw) {
      pw->applyTo(*wc.w);
      releasePw(pw);
    }
    return;
  }
  uint64_t id = 0;
  if (m.deferred) {  // the L2 answers at the epoch's end (resolveDeferred); never traced (one group)
    id = reserve(wc, m.amounts);
    deferred_[pipes_.recordingList()].push_back({id, &wc, pw, m.amounts, m.kind, m.op});
  } else {
    id = schedule(m.done, wc, m.amounts, pw, m.kind, m.op);
  }
  if (tracing<kTraced>()) {
    const uint64_t pc = code_.pcOf(ti);
    tracer_.memRequest(wc, pc, before, pipes_.snapshot(wc.cu), id, m, log_, now_);
  }
}

void CuGroup::scheduleDeferred(bool lagged) {
  const uint32_t recorded = pipes_.recordingList();
  if (const uint32_t older = recorded ^ 1; pipes_.deferredCount(older)) scheduleList(older);
  if (lagged)
    pipes_.switchList();
  else if (pipes_.deferredCount(recorded))
    scheduleList(recorded);
}

void CuGroup::scheduleList(uint32_t l) {
  std::vector<DeferredReturn>& list = deferred_[l];
  for (size_t i = 0; i < list.size(); ++i) {
    const DeferredReturn& d = list[i];
    events_.push(Event{pipes_.deferredDone(l, i), d.seq, d.wave, d.pw, d.amounts, d.memKind, d.memOp});
  }
  pipes_.clearDeferred(l);
  list.clear();
}

template void CuGroup::issueMemory<false>(WaveCtx&, const TimedInst&, PendingWrites*);
template void CuGroup::issueMemory<true>(WaveCtx&, const TimedInst&, PendingWrites*);

}  // namespace gcnsim::sim::timing
