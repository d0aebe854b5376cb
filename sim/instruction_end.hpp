// The end of an executed instruction, the same in both engines (functional
// and timing): once the semantic has run, the engine's own bookkeeping, the
// wave's instruction count, the observer's look (the checker), the wave's
// status and its next PC. What differs between the engines stays with them:
// when register writes from memory become visible (the functional engine
// applies PendingWrites at once, the timing model when the data returns) and
// what they count.
#pragma once
#include "sim/exec_context.hpp"

namespace gcnsim::sim {

// The wave's status after an instruction that stopped it so (None and Wait leave it).
inline void setStatusAfter(WaveState& w, StopReason stop) {
  switch (stop) {
    case StopReason::Fault: w.status = WaveStatus::Faulted; break;
    case StopReason::EndProgram: w.status = WaveStatus::Ended; break;
    case StopReason::Barrier: w.status = WaveStatus::AtBarrier; break;
    case StopReason::Wait:
    case StopReason::None: break;
  }
}

// Returns what the instruction asked for:
//  - Wait: run it again later (GWS). It had no effect: nothing is counted,
//    `executed` is not called, the PC stays.
//  - Fault: x.faultMessage() says why, without naming the wave (the engine
//    adds wave and PC); an observer's stop is a fault with its stopMessage().
//    The wave is Faulted, the PC stays. An instruction whose semantic
//    faulted did not complete: `executed` is not called and nothing is
//    counted (its register writes are dropped), so every count of a run that
//    stops at a fault -- instructions, issue counts, the trace's issue
//    events, the listing -- leaves it out alike. (One the observer stops did
//    complete: counted.)
//  - EndProgram: the wave is Ended, the PC stays at s_endpgm.
//  - Barrier: the wave is AtBarrier (the engine releases it), the PC moves on.
//  - None: the PC moves on (the branch target or the next instruction).
// `executed()` is the engine's part, called first once the instruction is
// known to have executed: register writes that apply at once and its counters.
template <class Executed>
inline StopReason endInstruction(Exec& x, const AccessLog& log, Executed&& executed) {
  if (x.stop() == StopReason::Wait) [[unlikely]]
    return StopReason::Wait;
  if (x.stop() == StopReason::Fault) [[unlikely]] {
    setStatusAfter(x.w, StopReason::Fault);
    return StopReason::Fault;
  }
  executed();
  WaveState& w = x.w;
  ++w.instructionsExecuted;
  if (x.env.observer && x.stop() != StopReason::Fault && !x.env.observer->executed(w, w.pc, x.in, log))
      [[unlikely]]
    x.fault(x.env.observer->stopMessage());
  const StopReason stop = x.stop();
  setStatusAfter(w, stop);
  if (stop == StopReason::Fault || stop == StopReason::EndProgram) return stop;  // the PC stays
  w.pc = x.branched() ? x.branchTarget() : x.nextPc();
  return stop;
}

}  // namespace gcnsim::sim
