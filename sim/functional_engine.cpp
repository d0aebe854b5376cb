#include "sim/functional_engine.hpp"

#include <algorithm>

#include "sim/instruction_end.hpp"
#include "sim/vector_modes.hpp"
#include "sim/wave_describe.hpp"

namespace gcnsim::sim {

std::string FunctionalEngine::describe(const WaveState& w) const { return describeWave(w, code_); }

// Decodes (first visit) or diagnoses the instruction at w.pc: the slow half of
// the lookup, out of the per-instruction path.
const CachedInst* FunctionalEngine::fetchSlow(WaveState& w, RunStatus& status) {
  std::string err;
  const CachedInst* ci = code_.at(w.pc, err);
  if (!ci) {
    status = {RunStatus::Fault, describe(w) + ": " + err};
    return nullptr;
  }
  if (!ci->fn) {
    status = {RunStatus::Fault, describe(w) + ": " + notExecutable(*ci)};
    return nullptr;
  }
  return ci;
}

StopReason FunctionalEngine::step(WaveState& w, RunStatus& status) {
  // Fast path: decoded before, with semantics (an instruction without them is
  // looked up through fetchSlow every time, which reports the fault).
  const CachedInst* ci = code_.executable(w.pc);
  if (!ci) [[unlikely]] {
    ci = fetchSlow(w, status);
    if (!ci) return StopReason::Fault;
  }
  pending_.clear();
  // GPR indexing and VSKIP (sim/vector_modes.hpp).
  const isa::DecodedInst* inst = &ci->inst;
  if (vectorModesActive(w)) [[unlikely]] {
    if (vskipSkips(w, *inst)) {
      skipInstruction(w, *inst);
      return StopReason::None;
    }
    inst = &indexedInstruction(w, *inst);
  }
  Exec x(w, *inst, env_, pending_);
  if (env_.observer) [[unlikely]] {
    log_.clear();
    x.log = &log_;
  }
  ci->fn(x);
  // Memory results are visible at once: the pending writes apply before the observer looks.
  const StopReason r = endInstruction(x, log_, [&] {
    if (pending_.hasSgpr || pending_.hasVgpr) pending_.applyTo(w);
    ++env_.clock;
    if (opCounts_) ++(*opCounts_)[ci->inst.opIndex];
  });
  if (r == StopReason::Fault) [[unlikely]]
    status = {RunStatus::Fault, describe(w) + ": " + x.faultMessage()};
  return r;
}

namespace {

// The first wave that has not ended (for messages), else the first wave.
const WaveState& firstLive(std::span<const WaveState> waves) {
  for (const WaveState& w : waves)
    if (!w.ended()) return w;
  return waves.front();
}

}  // namespace

RunStatus FunctionalEngine::runWorkgroup(std::span<WaveState> waves, uint64_t& budget, bool* blocked) {
  // Each wave runs a slice of instructions in turn, so that waves spinning on
  // memory written by others make progress too. A wave whose instruction must
  // wait (GWS) gives up the rest of its slice.
  constexpr uint64_t kSlice = 4096;  // instructions per wave turn
  RunStatus status;
  if (blocked) *blocked = false;
  cancelled_ = false;
  const uint64_t startBudget = budget;
  spin_.reset(opCounts_);
  for (;;) {
    if (cancelFrom_ && !waves.empty() &&
        waves[0].workgroupIndex >= cancelFrom_->load(std::memory_order_relaxed)) [[unlikely]] {
      cancelled_ = true;
      return status;
    }
    if (control_ && control_->stopRequested() && !waves.empty()) [[unlikely]]
      return {RunStatus::Interrupted, describe(firstLive(waves)) + ": interrupted"};
    const uint64_t roundStart = budget;
    bool progress = false;
    unsigned live = 0, atBarrier = 0;
    for (WaveState& w : waves) {
      if (w.ended()) continue;
      ++live;
      if (w.status == WaveStatus::Running) {
        if (budget == 0)
          return {RunStatus::Watchdog, describe(w) + ": instruction limit reached (--max-instructions)"};
        const uint64_t limit = std::min(kSlice, budget);
        uint64_t n = 0;
        const uint64_t executedBefore = w.instructionsExecuted;
        StopReason r = StopReason::None;
        for (; n < limit; ++n)
          if ((r = step(w, status)) != StopReason::None) [[unlikely]]
            break;
        if (r == StopReason::Fault) [[unlikely]] {
          // The partial results count what ran: the instructions before the faulting one, which
          // endInstruction does not count (nor one that could not be fetched).
          budget -= w.instructionsExecuted - executedBefore;
          if (control_) control_->add(control_->instructions, roundStart - budget);
          return status;
        }
        // Executed: the n plain steps, plus the one that ended the slice unless it waits.
        const uint64_t done = n + (r == StopReason::EndProgram || r == StopReason::Barrier);
        budget -= done;
        progress |= done > 0;
      }
      if (w.status == WaveStatus::AtBarrier) ++atBarrier;
    }
    if (control_) control_->add(control_->instructions, roundStart - budget);
    if (live == 0) return status;
    if (atBarrier == live) {
      // Every live wave waits in s_barrier: release them (ended waves do not take part).
      for (WaveState& w : waves)
        if (w.status == WaveStatus::AtBarrier) w.status = WaveStatus::Running;
      continue;
    }
    if (!progress) {
      // Every wave not in s_barrier waits on GWS, which only other workgroups can release.
      if (blocked) {
        *blocked = true;
        return status;
      }
      for (WaveState& w : waves)
        if (w.status == WaveStatus::Running)
          return {RunStatus::Fault, describe(w) + ": deadlock: every wave of the workgroup waits (GWS)"};
    }
    if (spin_.afterRound(waves, startBudget - budget)) [[unlikely]]
      return {
          RunStatus::Watchdog,
          describe(firstLive(waves)) + ": no progress: the workgroup's waves came back to the same state " +
              "without writing memory after " + std::to_string(startBudget - budget) +
              " wave-instructions, so they would loop forever (a spin loop waiting on another workgroup?)"};
  }
}

}  // namespace gcnsim::sim
