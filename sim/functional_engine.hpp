// The functional engine: executes waves instruction by instruction with no
// notion of time. Loads complete immediately; s_waitcnt is a no-op; the waves
// of a workgroup are interleaved so that s_barrier works.
#pragma once
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/code_cache.hpp"
#include "sim/exec_context.hpp"
#include "sim/run_control.hpp"
#include "sim/spin_detector.hpp"

namespace gcnsim::sim {

struct RunStatus {
  // Interrupted: RunControl::stop was set (SIGINT/SIGTERM); the run ended cleanly.
  // Refused: the timing model cannot place the kernel's workgroups on the configured GPU (a wave needs
  // more VGPRs than a SIMD has, ...); nothing ran. Bad input, not a kernel fault: the frontend reports it
  // as an input error (exit 2).
  enum Kind { Ok, Fault, Watchdog, Interrupted, Refused } kind = Ok;
  std::string message;  // for Fault/Watchdog/Interrupted: names wave, PC and instruction
  bool ok() const { return kind == Ok; }
};

class FunctionalEngine {
 public:
  FunctionalEngine(CodeCache& code, ExecEnv& env) : code_(code), env_(env) {}

  // Executes one instruction of `w`; on a fault fills `status`.
  StopReason step(WaveState& w, RunStatus& status);

  // Runs the waves of one workgroup until every wave has ended, a wave faults,
  // or `budget` instructions (decremented) are used up. If every wave that is
  // not in s_barrier waits on GWS, the workgroup is blocked: with `blocked`
  // set, it returns with *blocked = true (the caller runs other workgroups and
  // comes back); without, that is a deadlock fault.
  RunStatus runWorkgroup(std::span<WaveState> waves, uint64_t& budget, bool* blocked = nullptr);

  // "wave 3 (workgroup (1,0,0) wave 1) pc 0x1010 (entry+0x10) `s_load_dword s0, s[0:1], 0x0`"
  std::string describe(const WaveState& w) const;

  // Optional histogram of executed instructions, indexed by isa::allOps()
  // position (DecodedInst::opIndex); sized by the caller.
  void countInstructionsInto(std::vector<uint64_t>* counts) { opCounts_ = counts; }

  // Parallel runs: runWorkgroup gives up (cancelled() true, status Ok) at
  // the start of a round once the workgroup's index is >= *first, i.e. an
  // earlier workgroup faulted and this one's outcome no longer matters.
  void cancelWorkgroupsFrom(const std::atomic<uint64_t>* first) { cancelFrom_ = first; }
  bool cancelled() const { return cancelled_; }

  // Optional run control: runWorkgroup adds each round's instructions to
  // control->instructions and returns Interrupted at the start of a round
  // once control->stop is set.
  void controlledBy(RunControl* control) { control_ = control; }

 private:
  const CachedInst* fetchSlow(WaveState& w, RunStatus& status);

  std::vector<uint64_t>* opCounts_ = nullptr;
  const std::atomic<uint64_t>* cancelFrom_ = nullptr;
  bool cancelled_ = false;
  RunControl* control_ = nullptr;
  SpinDetector spin_;  // the no-progress watchdog (needs countInstructionsInto)
  CodeCache& code_;
  ExecEnv& env_;
  PendingWrites pending_;
  AccessLog log_;  // with an observer: the accesses of the instruction being executed
};

}  // namespace gcnsim::sim
