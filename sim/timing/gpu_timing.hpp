// Internal: the state of the timing model (GPU, CUs, SIMDs, waves, events)
// and the class that advances it. Public entry points: timing_engine.hpp.
// Split by responsibility: gpu_timing.cpp (main loop, events, building the
// workgroups dispatcher.hpp places), issue.cpp (per-cycle arbitration,
// instruction buffer), memory_issue.cpp (hand-off to memory_pipes.hpp, which
// gives completion times and counters), trace_hooks.cpp (trace events).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <span>
#include <utility>
#include <vector>

#include "memory/lds.hpp"
#include "sim/code_cache.hpp"
#include "sim/functional_engine.hpp"
#include "sim/timing/dispatcher.hpp"
#include "sim/timing/memory_pipes.hpp"
#include "sim/timing/timing_engine.hpp"

namespace gcnsim::sim::timing {

struct WorkgroupCtx;

// An outstanding memory operation of a wave, as the trace knows it.
struct OpenOp {
  uint64_t id = 0, done = 0;  // request id; the cycle its return is scheduled
  trace::MemKind kind = trace::MemKind::None;
  trace::MemOp op = trace::MemOp::Other;
  uint8_t vm = 0, lgkm = 0;  // what its return takes off VM_CNT and LGKM_CNT
};

// Per-wave state kept only while a trace sink is set (trace_hooks.cpp): the
// open stall interval and the outstanding memory operations, in issue order.
struct WaveTrace {
  bool open = false;
  uint64_t since = 0, pc = 0;
  const isa::DecodedInst* inst = nullptr;  // null: the instruction at the wave's PC when it closes
  trace::StallReason reason = trace::StallReason::Lgkm;
  trace::MemKind waitingOn = trace::MemKind::None;
  trace::MemOp vmOp = trace::MemOp::Other;
  bool vmToo = false;
  uint64_t barrierPc = 0;
  const isa::DecodedInst* barrierInst = nullptr;
  std::vector<OpenOp> ops;
};

struct WaveCtx {
  WaveState* w = nullptr;
  WorkgroupCtx* wg = nullptr;
  uint32_t cu = 0, simd = 0, slot = 0;
  uint64_t age = 0;
  uint8_t prio = 0;
  uint64_t readyAt = 0;    // earliest cycle of its next issue
  uint64_t valuUntil = 0;  // in-flight VALU op completes (scoreboard)
  RegMask valuWrites;      // registers that op writes
  uint8_t vm = 0, lgkm = 0, exp = 0;
  WaveMemOrder memOrder;  // the memory pipes' in-order rules (VM, DS)
  // GcnTimings.md "Instruction scheduling": an SALU instruction reading an
  // SGPR that an integer VALU op (OpTiming::lateForSalu) wrote waits until
  // lateSgprsUntil.
  RegMask lateSgprs;
  uint64_t lateSgprsUntil = 0;
  // What the wave's previous instruction wrote, for the branch penalties.
  bool prevWroteVccExec = false, prevWroteScc = false;
  bool atBarrier = false, draining = false, finished = false;
  bool gwsWait = false;  // parked: its GWS instruction must wait for other waves
  WaveTrace tr;
};

struct WorkgroupCtx {
  std::vector<WaveState> waves;
  std::vector<WaveCtx> ctx;
  std::unique_ptr<memory::Lds> ownLds;
  memory::Lds* lds = nullptr;
  uint32_t ldsBytes = 0, ldsAlloc = 0;
  uint32_t cu = 0, index = 0;
  uint32_t live = 0;        // waves not yet at s_endpgm
  uint32_t unfinished = 0;  // waves not yet retired
  uint32_t arrived = 0;     // waves waiting in s_barrier
};

struct SimdCtx {
  std::vector<WaveCtx*> waves;  // oldest first
  uint32_t rrStart = 0;         // round-robin arbitration: where the next turn starts
  uint64_t valuFree = 0;
  bool anyPrio = false;
};

struct CuCtx {
  std::vector<SimdCtx> simds;
  uint32_t resident = 0;  // waves resident on the CU
};

// Per code address: the cached instruction, its timing class and register masks.
struct TimedInst {
  const CachedInst* ci = nullptr;
  const OpTiming* op = nullptr;
  RegMask reads, writes;
  WaitcntLimits waitcnt;  // s_waitcnt: the decoded SIMM16
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
  // Every function on the per-cycle path is instantiated twice: with
  // kTraced = false it contains no trace code at all, so a run without a
  // sink or issue hook pays nothing for tracing (issue 6).
  template <bool kTraced>
  void loop();
  template <bool kTraced>
  bool tracing() const {
    if constexpr (kTraced)
      return sink_ != nullptr;
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
  void countOccupancy();  // accumulate resident wave-cycles up to now_
  PendingWrites* takePw();
  void releasePw(PendingWrites* pw);
  const TimedInst* fetch(WaveCtx& wc);
  void fault(const WaveState& w, const std::string& what);
  std::string oldestWave() const;
  // issue.cpp
  template <bool kTraced>
  bool issueSimd(SimdCtx& simd, uint64_t& wake);
  template <bool kTraced>
  bool tryIssue(SimdCtx& simd, WaveCtx& wc, uint32_t& used, uint64_t& wake);
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
  // memory_issue.cpp
  // Through the memory pipes: schedules the return (counters, `pw`'s register writes).
  template <bool kTraced>
  void issueMemory(WaveCtx& wc, const TimedInst& ti, PendingWrites* pw);
  // Issue-cost penalties of GcnTimings.md beyond the instruction's own cost.
  uint32_t alignmentPenalty(const WaveCtx& wc, const TimedInst& ti) const;
  uint32_t branchPenalty(const WaveCtx& wc, const TimedInst& ti, uint64_t pc, bool taken,
                         uint64_t target) const;
  // trace_hooks.cpp: events for sink_ (only called when it is set)
  trace::WaveRef ref(const WaveCtx& wc) const;
  // lgkmLimit/vmLimit: the counter value the wave waits for (attribution).
  void traceBlocked(WaveCtx& wc, const TimedInst* ti, trace::StallReason r, bool vmToo = false,
                    uint8_t lgkmLimit = 0, uint8_t vmLimit = 0);
  void traceBlockedOnCounters(WaveCtx& wc, const TimedInst& ti);
  void closeStall(WaveCtx& wc, const isa::DecodedInst* current);
  void traceIssue(WaveCtx& wc, const TimedInst& ti, uint64_t pc, uint64_t exec);
  void traceMemRequest(WaveCtx& wc, const TimedInst& ti, const MemSnapshot& before, uint64_t id,
                       const MemRequest& m);
  // The outstanding operation whose return brings the counter down to
  // `limit` (the one an s_waitcnt waits for), or null.
  const OpenOp* releasingOp(const WaveCtx& wc, bool lgkm, uint8_t limit) const;
  void traceMemReturn(const Event& ev);
  void traceWave(const WaveCtx& wc, bool end);
  void traceWorkgroup(const WorkgroupCtx& wg, trace::WorkgroupEvent::What what);

  GpuConfig cfg_;
  CodeCache& code_;
  ExecEnv& env_;
  const TimingOptions& opt_;
  TimingStats& stats_;
  trace::TraceSink* const sink_;
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
  uint64_t nextAge_ = 0, nextWaveId_ = 0;
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
