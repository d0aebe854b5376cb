// The timing model's trace events (sim/trace/trace_sink.hpp): issues, stall
// intervals, memory requests and returns, waves and workgroups.
//
// Contract:
//  - Observes only. Every function is called only while a sink is set
//    (on()), and none changes timing state; its only state is the per-wave
//    WaveTrace (WaveCtx::tr) and the sink. The issue stage's per-cycle path
//    is instantiated with kTraced = false without a single call here, so a
//    run without a sink pays nothing for tracing (gpu_timing.hpp).
//  - Stall intervals: each issue turn examines every ready wave of the SIMD;
//    a wave that cannot issue reports why (blocked). An interval stays open
//    while the reason, the instruction and (for waits) the operation whose
//    return releases the wait stay the same; it closes when any of them
//    changes or the wave issues, and is then reported with its start and
//    length. A taken branch opens an instruction-fetch interval right after
//    its issue cycles.
//  - Attribution: a wait on LGKM_CNT or VM_CNT names the outstanding
//    operation (in the order their returns are scheduled) whose return
//    brings the counter down to the limit waited for (releasingOp).
#pragma once
#include <cstdint>

#include "sim/exec_context.hpp"
#include "sim/timing/memory_pipes.hpp"
#include "sim/timing/wave_ctx.hpp"
#include "sim/trace/trace_sink.hpp"

namespace gcnsim::sim::timing {

class WaveTracer {
 public:
  // `maxCnt`: the counter maxima (a memory instruction blocked on a full
  // counter waits for one below it); `simds`: a SIMD's issue turn comes
  // every `simds` cycles.
  WaveTracer(trace::TraceSink* sink, WaitcntLimits maxCnt, uint32_t simds)
      : sink_(sink), maxCnt_(maxCnt), simds_(simds) {}
  bool on() const { return sink_ != nullptr; }

  // The wave cannot issue `ti` (null: none fetched) at `now` because of `r`.
  // lgkmLimit/vmLimit: the counter value the wave waits for (attribution).
  void blocked(WaveCtx& wc, const TimedInst* ti, trace::StallReason r, uint64_t now, bool vmToo = false,
               uint8_t lgkmLimit = 0, uint8_t vmLimit = 0);
  // s_waitcnt with an unsatisfied counter, or a memory instruction whose counter is saturated.
  void blockedOnCounters(WaveCtx& wc, const TimedInst& ti, uint64_t now);
  // The wave waits at a barrier (or parks on GWS) at the instruction at `pc`.
  static void atBarrier(WaveCtx& wc, uint64_t pc, const isa::DecodedInst& inst) {
    wc.tr.barrierPc = pc, wc.tr.barrierInst = &inst;
  }
  // `ti` at `pc` issued at `now` with `exec` (the mask before it ran);
  // wc.readyAt is already the wave's next issue cycle.
  void issue(WaveCtx& wc, const TimedInst& ti, uint64_t pc, uint64_t exec, uint64_t now);
  // The request `id` of the instruction at `pc`; before/after: cache
  // statistics around it; wc's counters already include its amounts.
  void memRequest(WaveCtx& wc, uint64_t pc, const MemSnapshot& before, const MemSnapshot& after, uint64_t id,
                  const MemRequest& m, const AccessLog& log, uint64_t now);
  // Request `id` returned (wc's counters already without it).
  void memReturn(WaveCtx& wc, uint64_t id, trace::MemKind kind, trace::MemOp op, uint64_t now);
  void wave(const WaveCtx& wc, bool end, uint64_t now) { sink_->wave({now, ref(wc), end}); }
  void workgroup(const WorkgroupCtx& wg, trace::WorkgroupEvent::What what, uint64_t now) {
    sink_->workgroup({now, wg.cu, wg.index, uint32_t(wg.ctx.size()), what});
  }
  void finish(uint64_t now) { sink_->finish(now); }
  // Reports the wave's open stall interval, if any, as ending at `now` (`current`: the instruction it
  // stalled at, if the interval did not record it).
  void closeStall(WaveCtx& wc, const isa::DecodedInst* current, uint64_t now);

 private:
  static trace::WaveRef ref(const WaveCtx& wc) {
    return {wc.w->waveId, wc.wg->index, wc.cu, wc.simd, wc.slot};
  }
  // The outstanding operation whose return brings the counter down to
  // `limit` (the one an s_waitcnt waits for), or null.
  static const OpenOp* releasingOp(const WaveCtx& wc, bool lgkm, uint8_t limit);

  trace::TraceSink* const sink_;
  const WaitcntLimits maxCnt_;
  const uint64_t simds_;
};

}  // namespace gcnsim::sim::timing
