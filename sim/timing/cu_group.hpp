// Internal: a group of CUs of the timing model (CuGroup) and what it runs
// per cycle. The whole GPU (GpuTiming, gpu_timing.hpp) is one or more
// groups advanced in epochs; public entry points: timing_engine.hpp.
//
// A group is the CUs that share a K$ (kcache.cus_per_cache), or every CU.
// Within an epoch it runs on its own: its CUs' issue stage, its event queue
// (the returns), its memory pipes (K$, LDS, L1s; the L2's answers deferred
// to the epoch's end, or to the next epoch's, when there are several groups,
// memory_pipes.hpp). What
// it shares with the rest of the GPU goes through GpuTiming at epoch
// boundaries: the workgroups the dispatcher placed on its CUs (admit, with
// the cycle they arrive), the waves and workgroups that retired (resources
// given back to the dispatcher), the deferred L2 answers (resolve).
//
// Components, each with its own contract and unit tests (the way MGPUSim
// splits its CU and ramulator2 its controller):
//  - Dispatcher (dispatcher.hpp, owned by GpuTiming): where workgroups go,
//    the slots, VGPRs, SGPRs and LDS they hold.
//  - MemoryPipes (memory_pipes.hpp): K$, LDS/GDS pipes, vector L1, L2:
//    when a memory instruction returns and what it counts, plus the per-wave
//    in-order rules. The group schedules the return as an event.
//  - WaveTracer (wave_tracer.hpp): trace events; observes only.
//  - The issue stage stays here (issue.cpp): per cycle one SIMD per CU;
//    arbitration among its waves, the instruction buffer's own instructions
//    (s_waitcnt, s_nop, s_sleep, s_setprio, s_barrier, s_endpgm), the
//    scoreboard (VALU results, the SALU-after-VALU delay), the issue-port and
//    counter checks, the issue-cost penalties. It owns the wave state the
//    checks read (WaveCtx, wave_ctx.hpp) and the event queue that brings
//    returns back.
// Files: cu_group.cpp (the epoch's cycle loop, events, wave retirement,
// admitting placed workgroups), issue.cpp (the issue stage), memory_issue.cpp
// (the issue stage's hand-off to the memory pipes).
//
// Every function on the per-cycle path is a template on kTraced: with
// kTraced = false it contains no trace code at all (no call into
// WaveTracer, no test of the sink), so a run without a sink or issue hook
// pays nothing for tracing (issue 6). No virtual calls and no allocation per
// instruction on that path (PendingWrites are pooled; the memory pipes reuse
// their scratch vectors).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/code_cache.hpp"
#include "sim/functional_engine.hpp"
#include "sim/timing/dispatcher.hpp"
#include "sim/timing/event_queue.hpp"
#include "sim/timing/memory_pipes.hpp"
#include "sim/timing/simd_ctx.hpp"
#include "sim/timing/timed_code.hpp"
#include "sim/timing/timing_engine.hpp"
#include "sim/timing/turn_clock.hpp"
#include "sim/timing/wave_ctx.hpp"
#include "sim/timing/wave_slots.hpp"
#include "sim/timing/wave_tracer.hpp"
#include "sim/wave_describe.hpp"

namespace gcnsim::sim::timing {

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
  // The queue's order (event_queue.hpp): by cycle, then as scheduled.
  unsigned __int128 key() const { return (unsigned __int128)time << 64 | seq; }
};

// A fault of the group: the first in (cycle, CU) order is the run's.
struct GroupFault {
  uint64_t cycle = kNever;
  uint32_t cu = 0;
  std::string message;
};

class CuGroup {
 public:
  // CUs [firstCu, firstCu + cuCount) with `l2` behind them (deferL2: its
  // answers wait for resolveDeferred), running `code` (shared by every
  // group, timed_code.hpp). `code`, `env`, `l2`, `opt` must outlive the group; `env` is
  // the group's own (it sets the clock and the LDS per instruction), shared
  // with no other group.
  CuGroup(const GpuConfig& cfg, TimedCode& code, ExecEnv& env, const TimingOptions& opt, memory::L2Timing& l2,
          uint32_t firstCu, uint32_t cuCount, bool deferL2);
  ~CuGroup();

  // Epoch boundary (GpuTiming, one thread): a workgroup the dispatcher placed
  // on one of the group's CUs, to arrive at cycle `at` (>= the epoch's
  // start), its waves aged from `nextAge` and numbered from `nextWaveId`
  // on. `src` builds them when they arrive, on the group's thread.
  void admit(const Placement& p, uint64_t at, const WorkgroupSource& src, uint64_t& nextAge,
             uint32_t& nextWaveId);
  // Runs cycles [from, to) (from >= every admission's and event's... the group
  // never looks before `from`).
  void runEpoch(uint64_t from, uint64_t to);
  // The first cycle >= from at which the group has anything to do (kNever: nothing until something arrives).
  // A SIMD with a wave parked on its busy VALU counts from its next turn, when that wave would be looked at
  // without the parking: the epochs (GpuTiming) do not depend on the parking.
  uint64_t nextWork(uint64_t from) const { return nextWork(from, true); }
  // nextWork(from) at an epoch boundary: for from == the last epoch's end, the value runEpoch computed on the
  // group's thread when it ended (nothing but admissions changes it before the next epoch), lowered by the
  // admissions made since -- off the serial boundary.
  uint64_t nextWorkAtBoundary(uint64_t from) const {
    if (from != epochEnd_) return nextWork(from);
    return admissions_.empty() ? nextAtEpochEnd_
                               : std::min(nextAtEpochEnd_, std::max(from, admissions_.front().at));
  }
  // The deferred requests (memory_issue.cpp), in two lists (memory_pipes.hpp):
  // the one recorded in now, and the last epoch's while it is answered
  // during this one (GpuTiming's lagged answers). resolveDeferred(l, i): the
  // L2 answer of the i-th of list l (merged across groups by GpuTiming);
  // earliestDeferredReturn(): the first of the answered returns (kNever:
  // none); scheduleDeferred(lagged) on the group's thread before its next
  // runEpoch: schedules the answered returns -- the other list's (answered
  // during the last epoch), then, unless `lagged` (the list recorded is
  // answered during this epoch), the recorded list's -- and records in the
  // other list if `lagged`.
  uint32_t recordingList() const { return pipes_.recordingList(); }
  size_t deferredCount(uint32_t l) const { return pipes_.deferredCount(l); }
  uint64_t deferredCycle(uint32_t l, size_t i) const { return pipes_.deferredCycle(l, i); }
  uint64_t lowestDeferredReturn(uint32_t l) const { return pipes_.lowestReturn(l); }
  void foldOtherList(uint32_t l) { pipes_.foldOtherList(l); }
  void resolveDeferred(uint32_t l, size_t i) { pipes_.resolve(l, i); }
  uint64_t earliestDeferredReturn() const { return pipes_.earliestDone(); }
  void scheduleDeferred(bool lagged);
  // Resources given back since the last call: (cu, simd, slot) of retired waves, (cu, LDS bytes) of retired
  // workgroups.
  template <class OnWave, class OnWorkgroup>
  void takeRetired(OnWave&& onWave, OnWorkgroup&& onWorkgroup);
  // Waves of the workgroups admitted and not yet arrived (an estimate of the next epoch's work: EpochTasks).
  uint32_t arrivingWaves() const {
    uint32_t n = 0;
    for (const Arrival& a : admissions_) n += a.waves;
    return n;
  }
  bool idle() const {
    return events_.empty() && pipes_.deferredCount() == 0 && admissions_.empty() && !resident_;
  }
  const GroupFault& fault() const { return fault_; }
  uint64_t instructions() const { return stats_.instructions; }
  uint64_t workgroupsDone() const { return stats_.workgroups; }
  uint64_t lastRetire() const { return lastRetire_; }  // cycle of its last wave retirement
  // For watchdog and deadlock messages: the oldest resident wave that has not ended, or (`ended`) of
  // those that ended and wait for their memory operations; null if none.
  const WaveCtx* oldestWave(bool ended) const;
  // At the PC the timing model sees: a wave running ahead (run_ahead.hpp) is at its first queued instruction.
  std::string describe(const WaveCtx& wc) const;
  // Ends the run at `cycle`: occupancy up to it, the trace closed; adds the group's counters to `stats`.
  void finish(uint64_t cycle, TimingStats& stats);

 private:
  // The per-cycle path, instantiated for kTraced = false and true (see above).
  template <bool kTraced>
  void loop(uint64_t to);
  template <bool kTraced>
  bool tracing() const {
    if constexpr (kTraced)
      return tracer_.on();
    else
      return false;
  }
  CuCtx& cuCtx(uint32_t cu) { return cus_[cu - firstCu_]; }
  // cu_group.cpp
  // Puts the admitted workgroups whose cycle has come on their SIMDs.
  bool activateArrivals();
  template <bool kTraced>
  void processEvents();
  template <bool kTraced>
  void applyEvent(const Event& ev);
  void finishWave(WaveCtx& wc);
  void closeOpenStalls();  // (traced) the open stall intervals of the resident waves, at now_
  // Counts the amounts on the wave's counters; returns the return event's id (its sequence number).
  uint64_t reserve(WaveCtx& wc, CounterAmounts amounts);
  uint64_t schedule(uint64_t time, WaveCtx& wc, CounterAmounts amounts, PendingWrites* pw,
                    trace::MemKind kind = trace::MemKind::None, trace::MemOp op = trace::MemOp::Other);
  uint64_t nextInterestingCycle() const;
  // nextWork; parkedTurns: whether a SIMD's waves parked on its busy VALU count (see above).
  uint64_t nextWork(uint64_t from, bool parkedTurns) const;
  template <uint32_t kSimds, uint32_t kCus>
  uint64_t firstTurn(uint64_t from, bool parkedTurns) const;  // nextWork's turns of the SIMDs
  void countOccupancy();                                      // accumulate resident wave-cycles up to now_
  PendingWrites* takePw();
  void releasePw(PendingWrites* pw);
  // The instruction at the wave's PC with its timing (inline once fetchSlow has decoded it).
  const TimedInst* fetch(WaveCtx& wc) {
    if (const TimedInst* t = code_.executable(wc.w->pc)) return t;
    return fetchSlow(wc);
  }
  const TimedInst* fetchSlow(WaveCtx& wc);
  // The wave stops for good (its workgroup never finishes): the run ends at the epoch's end.
  void fault(WaveCtx& wc, const std::string& what);
  // issue.cpp
  // The SIMD's turn at now_; `scan` is simd.scan(now_). kLocal: a turn
  // taken ahead (turns_ahead.cpp), untraced, in which every wave's next
  // instruction is a queued local one (localIssueOf) at the turn's start --
  // and so at its look, the only one it gets in the turn: the paths of
  // barriers, instruction-buffer ops, fetches, memory instructions and
  // stopping ones are compiled out of it.
  template <bool kTraced, bool kLocal = false>
  bool issueSimd(SimdCtx& simd, const SimdCtx::Scan& scan);
  template <bool kTraced>
  bool issueSimd(SimdCtx& simd) {
    return issueSimd<kTraced>(simd, simd.scan(now_));
  }
  // turns_ahead.cpp: after the SIMD's turn at now_, its next turns up to `to` while they touch nothing
  // outside the SIMD.
  void runTurnsAhead(SimdCtx& simd, uint32_t s, uint64_t to);
  // A turn's issue slots: the ports taken, whether a wave issued, whether every slot is taken.
  struct IssueTurn {
    uint32_t used = 0;
    bool any = false, full = false;
  };
  template <bool kTraced, bool kLocal>
  void orderedTurn(SimdCtx& simd, uint32_t due, IssueTurn& turn);
  template <bool kTraced>
  void prioTurn(SimdCtx& simd, uint32_t due, IssueTurn& turn);
  template <bool kTraced, bool kLocal = false>
  bool lookAt(SimdCtx& simd, uint32_t pos, IssueTurn& turn, bool prio);
  // Sets the wave's pollAt: when it needs its next look.
  template <bool kTraced, bool kLocal>
  bool tryIssue(SimdCtx& simd, WaveCtx& wc, uint32_t& used);
  template <bool kTraced>
  bool handleInternal(WaveCtx& wc, const TimedInst& ti, bool& consumed);
  bool countersAllow(const WaveCtx& wc, const TimedInst& ti) const;
  // Untraced runs: the wave is blocked on the SIMD's busy VALU until its turn at or after simd.valuFree.
  void parkOnBusyValu(SimdCtx& simd, WaveCtx& wc);
  void parkIfValuStaysBusy(SimdCtx& simd, WaveCtx& wc);
  // Counts the VALU-busy stalls of the turns of the wave's SIMD after wc.busySince and before `until`.
  void settleBusyValu(SimdCtx& simd, WaveCtx& wc, uint64_t until);
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
  uint64_t turnsSince(uint64_t since) const { return clock_.turns(now_ - since); }
  // memory_issue.cpp: through the memory pipes: schedules the return (counters, `pw`'s register writes).
  template <bool kTraced>
  void issueMemory(WaveCtx& wc, const TimedInst& ti, PendingWrites* pw);
  // run_ahead.cpp: executes the wave's next instructions ahead (its queue is empty); replays the first
  // queued one at its issue.
  void runAhead(WaveCtx& wc);
  // kRunning: the queue's first entry does not stop the wave (a local one: its status stays Running).
  template <bool kRunning = false>
  StopReason replayAhead(WaveCtx& wc, const TimedInst& ti);
  void issueAheadLds(WaveCtx& wc, const TimedInst& ti);
  uint32_t settleAheadLds(WaveCtx& wc, const TimedInst* const* lds, uint32_t count, uint32_t settled,
                          uint32_t limit);
  // Whether the wave may run ahead after an issue (run_ahead.hpp); each instruction is checked too.
  bool mayRunAhead(const WaveCtx& wc) const {
    return runAhead_ && wc.ahead.empty() && wc.w->status == WaveStatus::Running;
  }
  // The dword index in the code of an address in it (how the ahead queue names instructions), and back.
  uint32_t codeIndex(uint64_t pc) const { return uint32_t((pc - code_.base()) / 4); }
  uint64_t codeAddress(uint32_t index) const { return code_.base() + uint64_t(index) * 4; }
  // The PC of the instruction the wave issues next: its first queued one while it runs ahead.
  uint64_t issuePc(const WaveCtx& wc) const {
    return wc.ahead.empty() ? wc.w->pc : codeAddress(wc.ahead.frontIndex());
  }
  // An executed instruction's counts (execute() and replayAhead()).
  void countExecuted(const WaveCtx& wc, const TimedInst& ti) {
    ++stats_.instructions;
    ++stats_.opCounts[ti.inst.opIndex];
    ++wc.home->instructions;  // (per SIMD: a line every look reads; per CU at finish)
  }
  // After an instruction executed at `pc`: a branch's taken cost and penalties, and what it wrote (for
  // the next one's penalty).
  void branchedAndWrote(WaveCtx& wc, const TimedInst& ti, uint64_t pc, bool branched, uint64_t target);
  // Issue-cost penalties of GcnTimings.md beyond the instruction's own cost (the alignment penalty is
  // TimedInst::alignPenalty).
  uint32_t branchPenalty(const WaveCtx& wc, const TimedInst& ti, uint64_t pc, bool taken,
                         uint64_t target) const;

  // A placed workgroup waiting for its arrival cycle; its waves' SIMD, slot
  // and scratch slot are admitted*_[firstWave, firstWave + waves) (one buffer
  // for all admissions: no allocation per workgroup).
  struct Arrival {
    uint64_t at = 0;
    uint32_t cu = 0, index = 0, ldsAlloc = 0, firstWaveId = 0;
    uint64_t firstAge = 0;
    uint32_t firstWave = 0, waves = 0;
  };
  const WorkgroupSource* src_ = nullptr;  // of the admitted workgroups
  void arrive(const Arrival& a);
  WorkgroupCtx& takeWorkgroup(uint32_t waves);
  // A return whose time the L2 gives later (the deferred request of the same list and index).
  struct DeferredReturn {
    uint64_t seq = 0;
    WaveCtx* wave = nullptr;
    PendingWrites* pw = nullptr;
    CounterAmounts amounts;
    trace::MemKind memKind = trace::MemKind::None;
    trace::MemOp memOp = trace::MemOp::Other;
  };

  GpuConfig cfg_;
  TurnClock clock_;  // which SIMD's turn a cycle is
  // Running ahead (run_ahead.hpp): on unless turned off, traced or checked.
  bool runAhead_ = false;
  // Faults of instructions executed ahead, reported when they issue (rare: one per faulting wave).
  std::vector<std::pair<const WaveCtx*, std::string>> aheadFaults_;
  // Per code address: the instruction and its timing (the run's TimedCode; describing a wave decodes
  // the instruction at its PC).
  BasicCodeCache<TimedInst>& code_;
  ExecEnv& env_;
  const TimingOptions& opt_;
  TimingStats stats_;
  WaveTracer tracer_;
  WaitcntLimits maxCnt_;

  MemoryPipes pipes_;
  uint32_t firstCu_ = 0;
  std::vector<CuCtx> cus_;  // CU firstCu_ + i
  // What the cycle loop and nextInterestingCycle read of every SIMD, dense:
  // per SIMD index s and CU i (at s * CUs + i), the SIMD's nextPoll, or
  // kNever while it has no wave. Two host cache lines for a group of 4 CUs,
  // where reading each SimdCtx touched a line of its own per CU and cycle.
  // Written after every change of a nextPoll or a SIMD's waves (the loop's
  // visit of the SIMD, wake, a wave leaving: syncLoopPoll).
  std::vector<uint64_t> loopPoll_;
  // The entries of SIMD index s, by CU.
  uint64_t* loopPolls(uint32_t s) { return &loopPoll_[s * cus_.size()]; }
  const uint64_t* loopPolls(uint32_t s) const { return &loopPoll_[s * cus_.size()]; }
  void syncLoopPoll(uint32_t cuIndex, uint32_t s) {
    const SimdCtx& simd = cus_[cuIndex].simds[s];
    loopPolls(s)[cuIndex] = simd.empty() ? kNever : simd.nextPoll;
  }

  std::vector<Arrival> admissions_;                                      // in arrival order
  std::vector<uint32_t> admittedSimd_, admittedSlot_, admittedScratch_;  // per wave of admissions_
  std::vector<std::array<uint32_t, 3>> retiredWaves_;                    // cu, simd, slot
  std::vector<std::array<uint32_t, 2>> retiredWorkgroups_;               // cu, LDS bytes
  uint32_t resident_ = 0;  // waves resident on the group's CUs (occupancy)
  uint32_t busyCus_ = 0;   // CUs with at least one resident wave
  uint64_t occupancySince_ = 0;
  uint64_t lastRetire_ = 0;
  // Storage reused by arriving workgroups (arrive(), wave_slots.hpp).
  WaveSlots slots_;                   // the waves' state, per wave slot
  std::vector<WaveState*> arriving_;  // arrive()'s scratch: the new waves' states
  // Every workgroup context made so far, resident (unfinished > 0) or free: a
  // retired workgroup's context, with its wave list's capacity and its LDS,
  // is taken by the next arrival.
  std::vector<std::unique_ptr<WorkgroupCtx>> workgroups_;
  std::vector<WorkgroupCtx*> freeWorkgroups_;

  EventQueue<Event> events_;
  std::vector<DeferredReturn> deferred_[2];  // per list of the pipes' deferred requests, in the same order
  void scheduleList(uint32_t l);
  uint64_t seq_ = 0;
  std::vector<std::unique_ptr<PendingWrites>> pwPool_;
  std::vector<PendingWrites*> pwFree_;
  PendingWrites internalPw_;  // the writes of an instruction that applies them at once (not memory)

  std::vector<WaveCtx*> gwsWaiters_;  // parked on GWS, woken by the next GDS instruction

  uint64_t now_ = 0;
  uint64_t epochEnd_ = 0;             // the `to` of the last runEpoch
  uint64_t nextAtEpochEnd_ = kNever;  // nextWork(epochEnd_) when it ended (a new group: nothing to do)
  bool progress_ = false;
  // tryIssue's register masks of a GPR-indexed instruction (scratch: no construction per call).
  RegMask indexedReads_, indexedWrites_;
  GroupFault fault_;
  AccessLog log_;  // the accesses of the memory instruction being issued
};

template <class OnWave, class OnWorkgroup>
void CuGroup::takeRetired(OnWave&& onWave, OnWorkgroup&& onWorkgroup) {
  for (const auto& w : retiredWaves_) onWave(w[0], w[1], w[2]);
  for (const auto& g : retiredWorkgroups_) onWorkgroup(g[0], g[1]);
  retiredWaves_.clear();
  retiredWorkgroups_.clear();
}

}  // namespace gcnsim::sim::timing
