// Internal: the timing model's core, GpuTiming, which wires its components
// and runs the cycle loop. Public entry points: timing_engine.hpp.
//
// Components, each with its own contract and unit tests (the way MGPUSim
// splits its CU and ramulator2 its controller):
//  - Dispatcher (dispatcher.hpp): where workgroups go, the slots, VGPRs,
//    SGPRs and LDS they hold; GpuTiming builds the waves it places (admit)
//    and tells it when waves and workgroups retire.
//  - MemoryPipes (memory_pipes.hpp): K$, LDS/GDS pipes, vector L1, L2:
//    when a memory instruction returns and what it counts, plus the per-wave
//    in-order rules. GpuTiming schedules the return as an event.
//  - WaveTracer (wave_tracer.hpp): trace events; observes only.
//  - The issue stage stays here (issue.cpp): per cycle one SIMD per CU;
//    arbitration among its waves, the instruction buffer's own instructions
//    (s_waitcnt, s_nop, s_sleep, s_setprio, s_barrier, s_endpgm), the
//    scoreboard (VALU results, the SALU-after-VALU delay), the issue-port and
//    counter checks, the issue-cost penalties. It owns the wave state the
//    checks read (WaveCtx, wave_ctx.hpp) and the event queue that brings
//    returns back, so splitting it off would leave GpuTiming an empty shell.
// Files: gpu_timing.cpp (cycle loop, events, wave retirement, building
// placed workgroups), issue.cpp (the issue stage), memory_issue.cpp (the
// issue stage's hand-off to the memory pipes).
//
// Every function on the per-cycle path is a template on kTraced: with
// kTraced = false it contains no trace code at all (no call into
// WaveTracer, no test of the sink), so a run without a sink or issue hook
// pays nothing for tracing (issue 6). No virtual calls and no allocation per
// instruction on that path (PendingWrites are pooled; the memory pipes reuse
// their scratch vectors).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <vector>

#include "sim/code_cache.hpp"
#include "sim/functional_engine.hpp"
#include "sim/timing/dispatcher.hpp"
#include "sim/timing/memory_pipes.hpp"
#include "sim/timing/timing_engine.hpp"
#include "sim/timing/wave_ctx.hpp"
#include "sim/timing/wave_tracer.hpp"

namespace gcnsim::sim::timing {

struct SimdCtx {
  std::vector<WaveCtx*> waves;  // oldest first
  uint32_t rrStart = 0;         // round-robin arbitration: where the next turn starts
  uint64_t valuFree = 0;
  // The smallest pollAt of its waves: the SIMD's turn is skipped before it.
  uint64_t nextPoll = 0;
  bool anyPrio = false;
};

struct CuCtx {
  std::vector<SimdCtx> simds;
  uint32_t resident = 0;  // waves resident on the CU
};

struct Event {
  uint64_t time = 0, seq = 0;
  WaveCtx* wave = nullptr;
  PendingWrites* pw = nullptr;  // register writes to apply (loads), or null
  CounterAmounts amounts;
  trace::MemKind memKind = trace::MemKind::None;  // for trace return events
  trace::MemOp memOp = trace::MemOp::Other;
  bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

class GpuTiming {
 public:
  GpuTiming(const GpuConfig& cfg, CodeCache& code, ExecEnv& env, const TimingOptions& opt,
            TimingStats& stats);
  ~GpuTiming();
  RunStatus run(WorkgroupSource src);

 private:
  // The per-cycle path, instantiated for kTraced = false and true (see above).
  template <bool kTraced>
  void loop();
  template <bool kTraced>
  bool tracing() const {
    if constexpr (kTraced)
      return tracer_.on();
    else
      return false;
  }
  // gpu_timing.cpp
  // Builds the waves of a workgroup the dispatcher placed.
  void admit(const Placement& p);
  template <bool kTraced>
  void processEvents();
  template <bool kTraced>
  void applyEvent(const Event& ev);
  void finishWave(WaveCtx& wc);
  // Returns the event's id (its sequence number).
  uint64_t schedule(uint64_t time, WaveCtx& wc, CounterAmounts amounts, PendingWrites* pw,
                    trace::MemKind kind = trace::MemKind::None, trace::MemOp op = trace::MemOp::Other);
  uint64_t nextInterestingCycle() const;
  void countOccupancy();  // accumulate resident wave-cycles up to now_
  PendingWrites* takePw();
  void releasePw(PendingWrites* pw);
  const TimedInst* fetch(WaveCtx& wc);
  void fault(const WaveState& w, const std::string& what);
  std::string oldestWave() const;
  // issue.cpp
  template <bool kTraced>
  bool issueSimd(SimdCtx& simd);
  // Sets wc.pollAt: when the wave needs its next look.
  template <bool kTraced>
  bool tryIssue(SimdCtx& simd, WaveCtx& wc, uint32_t& used);
  template <bool kTraced>
  bool handleInternal(WaveCtx& wc, const TimedInst& ti, bool& consumed);
  bool countersAllow(const WaveCtx& wc, const TimedInst& ti) const;
  // Runs the instruction's semantics: `inst` if given (a GPR-indexed copy),
  // else the cached instruction.
  template <bool kTraced>
  StopReason execute(WaveCtx& wc, const TimedInst& ti, PendingWrites& pw, bool logAccesses,
                     const isa::DecodedInst* inst = nullptr);
  void arriveAtBarrier(WaveCtx& wc);
  void trace(const WaveCtx& wc, uint64_t pc, Kind kind);
  void endWave(WaveCtx& wc);
  void releaseBarrierIfDone(WorkgroupCtx& wg);
  void wakeGwsWaiters();
  // Event-driven waiting: the wave must be looked at again from cycle `at`.
  void wake(WaveCtx& wc, uint64_t at);
  // Stall statistics: the turns since `since` (a turn of the wave's SIMD) up to now.
  uint64_t turnsSince(uint64_t since) const { return (now_ - since) / cfg_.cu.simds; }
  // The first cycle >= t at which SIMD `simd` has its issue turn.
  uint64_t turnAtOrAfter(uint64_t t, uint32_t simd) const;
  // memory_issue.cpp: through the memory pipes: schedules the return (counters, `pw`'s register writes).
  template <bool kTraced>
  void issueMemory(WaveCtx& wc, const TimedInst& ti, PendingWrites* pw);
  // Issue-cost penalties of GcnTimings.md beyond the instruction's own cost.
  uint32_t alignmentPenalty(const WaveCtx& wc, const TimedInst& ti) const;
  uint32_t branchPenalty(const WaveCtx& wc, const TimedInst& ti, uint64_t pc, bool taken,
                         uint64_t target) const;

  GpuConfig cfg_;
  CodeCache& code_;
  ExecEnv& env_;
  const TimingOptions& opt_;
  TimingStats& stats_;
  WaveTracer tracer_;
  FunctionalEngine describer_;
  std::vector<OpTiming> opTimings_;
  std::vector<TimedInst> timed_;
  std::vector<uint8_t> timedReady_;
  WaitcntLimits maxCnt_;

  MemoryPipes pipes_;
  std::vector<CuCtx> cus_;

  WorkgroupSource src_;
  Dispatcher dispatcher_;
  std::vector<std::unique_ptr<WorkgroupCtx>> workgroups_;  // resident; null when done
  uint64_t nextAge_ = 0;
  uint32_t resident_ = 0;  // waves resident on the GPU (occupancy)
  uint32_t busyCus_ = 0;   // CUs with at least one resident wave
  uint64_t occupancySince_ = 0;

  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  uint64_t seq_ = 0;
  std::vector<std::unique_ptr<PendingWrites>> pwPool_;
  std::vector<PendingWrites*> pwFree_;
  PendingWrites internalPw_;

  std::vector<WaveCtx*> gwsWaiters_;  // parked on GWS, woken by the next GDS instruction

  uint64_t now_ = 0;
  bool progress_ = false;
  RunStatus status_;
  AccessLog log_;  // the accesses of the memory instruction being issued
};

}  // namespace gcnsim::sim::timing
