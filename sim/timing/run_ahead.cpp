// Running ahead (run_ahead.hpp): filling a wave's queue of instructions
// executed ahead, and replaying one at its issue.
#include <algorithm>

#include "sim/instruction_end.hpp"
#include "sim/timing/cu_group.hpp"
#include "sim/vector_modes.hpp"

namespace gcnsim::sim::timing {

namespace {
// Semantics that read more than the wave's registers, MODE and the
// instruction (run_ahead.hpp): hardware registers (IB_STS holds the
// counters), VSKIP, messages; graphics-only instructions fault anyway.
constexpr uint32_t kNotAheadFlags = isa::kReadsHwreg | isa::kWritesHwreg | isa::kWritesVskip | isa::kMessage |
                                    isa::kGraphicsOnly | isa::kLoad | isa::kStore | isa::kAtomic;

bool readsLdsDirect(const isa::DecodedInst& in) {
  return std::any_of(in.src.begin(), in.src.end(),
                     [](const isa::Operand& o) { return o.kind == isa::OpdKind::LdsDirect; });
}
}  // namespace

bool eligibleAhead(const TimedInst& t) {
  const Kind k = t.op->kind;
  if (k != Kind::Valu && k != Kind::Salu && k != Kind::Branch) return false;
  return (t.inst.info->flags & kNotAheadFlags) == 0 && !readsLdsDirect(t.inst);
}

// After an issue that left the queue empty: executes the instructions that
// follow, while they may run ahead, and queues them. The wave is Running.
void CuGroup::runAhead(WaveCtx& wc) {
  WaveState& w = *wc.w;
  AheadQueue& q = wc.ahead;
  std::string error;
  const bool inflight = wc.inflightWrites.any();  // (nothing in flight: no instruction to check)
  while (!q.full() && !vectorModesActive(w)) {
    const TimedInst* t = code_.executable(w.pc);
    if (!t) {
      t = code_.at(w.pc, error);  // decoded now; an error is reported when the wave fetches it
      if (!t || !t->fn) break;
    }
    // Nor one whose registers a return of the wave's may still write: it would see, or overwrite, them
    // before the data came back.
    if (!t->aheadOk ||
        (inflight && (t->reads.intersects(wc.inflightWrites) || t->writes.intersects(wc.inflightWrites))))
      break;
    const uint32_t index = uint32_t((w.pc - code_.base()) / 4);
    PendingWrites& pw = internalPw_;
    pw.clear();
    Exec x(w, t->inst, env_, pw);
    t->fn(x);
    const StopReason r = endInstruction(x, log_, [] {});
    if (r == StopReason::Wait) break;             // no effect (GWS only; not an ALU instruction)
    if (pw.hasSgpr || pw.hasVgpr) pw.applyTo(w);  // as at issue: an ALU instruction's writes apply at once
    q.push({index, x.branched(), r});
    ++stats_.ranAhead;
    if (r != StopReason::None) {
      // The wave's status changes when the instruction issues (replayAhead); until then it runs.
      w.status = WaveStatus::Running;
      if (r == StopReason::Fault) aheadFaults_.push_back({&wc, env_.faultMessage});
      break;
    }
  }
  if (!q.empty()) wc.next = code_.executable(issuePc(wc));
}

// The issue of the queue's first instruction (`ti`): what execute() does
// after the semantic, from the record (the semantic ran ahead).
StopReason CuGroup::replayAhead(WaveCtx& wc, const TimedInst& ti) {
  WaveState& w = *wc.w;
  const uint64_t pc = issuePc(wc);
  const AheadQueue::Entry e = wc.ahead.pop();
  const uint64_t nextPc = issuePc(wc);  // the next queued instruction's, or w->pc after the last
  countExecuted(wc, ti);
  setStatusAfter(w, e.stop);
  if (e.stop == StopReason::Fault) {
    const auto it =
        std::find_if(aheadFaults_.begin(), aheadFaults_.end(), [&](const auto& f) { return f.first == &wc; });
    const std::string message = it->second;
    aheadFaults_.erase(it);
    fault(wc, message);
    return StopReason::Fault;
  }
  wc.next = wc.ahead.empty() ? nullptr : code_.executable(nextPc);
  branchedAndWrote(wc, ti, pc, e.branched, nextPc);
  return e.stop;
}

}  // namespace gcnsim::sim::timing
