#include "sim/functional_engine.hpp"

#include <cstdio>

#include "isa/disasm.hpp"

namespace gcnsim::sim {

std::string FunctionalEngine::describe(const WaveState& w) const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "wave %u (workgroup (%u,%u,%u) wave %u) pc 0x%llx (entry+0x%llx)", w.waveId,
                w.workgroupId[0], w.workgroupId[1], w.workgroupId[2], w.waveInGroup,
                static_cast<unsigned long long>(w.pc), static_cast<unsigned long long>(w.pc - code_.base()));
  std::string out = buf;
  std::string err;
  if (const CachedInst* ci = code_.at(w.pc, err)) out += " `" + isa::disassemble(code_.gen(), ci->inst) + "`";
  return out;
}

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
    status = {RunStatus::Fault, describe(w) + ": " +
                                    (ci->inst.valid() ? "instruction has no semantics in gcnsim"
                                                      : "invalid instruction encoding")};
    return nullptr;
  }
  return ci;
}

StopReason FunctionalEngine::step(WaveState& w, RunStatus& status) {
  // Fast path: decoded before, with semantics (an instruction without them is
  // looked up through fetchSlow every time, which reports the fault).
  const CachedInst* ci = code_.decoded(w.pc);
  if (!ci || !ci->fn) [[unlikely]] {
    ci = fetchSlow(w, status);
    if (!ci) return StopReason::Fault;
  }
  pending_.clear();
  Exec x(w, ci->inst, env_, pending_);
  ci->fn(x);
  if (pending_.hasSgpr || pending_.hasVgpr) pending_.applyTo(w);
  ++w.instructionsExecuted;
  ++env_.clock;
  if (opCounts_) ++(*opCounts_)[ci->inst.opIndex];
  switch (x.stop()) {
    case StopReason::Fault:
      status = {RunStatus::Fault, describe(w) + ": " + x.faultMessage()};
      return StopReason::Fault;
    case StopReason::EndProgram: w.ended = true; return StopReason::EndProgram;
    case StopReason::Barrier: w.atBarrier = true; break;
    case StopReason::None: break;
  }
  w.pc = x.branched() ? x.branchTarget() : x.nextPc();
  return x.stop();
}

RunStatus FunctionalEngine::runWorkgroup(std::span<WaveState> waves, uint64_t& budget) {
  // Each wave runs a slice of instructions in turn, so that waves spinning on
  // memory written by others make progress too.
  constexpr uint64_t kSlice = 4096;
  RunStatus status;
  for (;;) {
    bool anyRunnable = false, anyLive = false;
    for (WaveState& w : waves) {
      if (w.ended) continue;
      anyLive = true;
      if (w.atBarrier) continue;
      anyRunnable = true;
      for (uint64_t n = 0; n < kSlice; ++n) {
        if (budget == 0) {
          return {RunStatus::Watchdog, describe(w) + ": instruction limit reached (--max-instructions)"};
        }
        --budget;
        StopReason r = step(w, status);
        if (r == StopReason::Fault) return status;
        if (r != StopReason::None) break;
      }
    }
    if (!anyLive) return status;
    if (!anyRunnable) {
      // Every live wave waits in s_barrier: release them (ended waves do not take part).
      for (WaveState& w : waves) w.atBarrier = false;
    }
  }
}

}  // namespace gcnsim::sim
