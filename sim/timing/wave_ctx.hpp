// The timing model's per-wave and per-workgroup state, shared by the issue
// stage (CuGroup), the tracer (wave_tracer.hpp) and the memory pipes'
// ordering rules (WaveMemOrder). Plain data: every rule that changes it is in
// one of those components.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "memory/lds.hpp"
#include "sim/code_cache.hpp"
#include "sim/timing/inst_class.hpp"
#include "sim/timing/late_sgprs.hpp"
#include "sim/timing/memory_pipes.hpp"
#include "sim/timing/run_ahead.hpp"
#include "sim/trace/trace_sink.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::sim::timing {

struct WorkgroupCtx;
struct TimedInst;
struct SimdCtx;

inline constexpr uint64_t kNever = ~uint64_t(0);

// An outstanding memory operation of a wave, as the trace knows it.
struct OpenOp {
  uint64_t id = 0, done = 0;  // request id; the cycle its return is scheduled
  trace::MemKind kind = trace::MemKind::None;
  trace::MemOp op = trace::MemOp::Other;
  uint8_t vm = 0, lgkm = 0;  // what its return takes off VM_CNT and LGKM_CNT
};

// Per-wave state of the tracer (WaveTracer), kept only while a trace sink is
// set: the open stall interval and the outstanding memory operations, in
// issue order.
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

// The fields a look at the wave reads come first, in one 64-byte line (the
// struct is aligned to it); the rest of the context is touched only by a
// wave that issues. What every turn reads for every wave of a SIMD (when
// the wave needs its next look, whether it may be passed over) is in the
// SIMD's dense arrays (SimdCtx, simd_ctx.hpp), not here.
struct alignas(64) WaveCtx {
  // The first line: what a look at the wave reads.
  // The instruction at the wave's PC once fetched (null after the PC moved,
  // and while VSKIP or GPR indexing is on): lets a turn whose port is taken
  // pass the wave over without a fetch.
  const TimedInst* next = nullptr;
  uint64_t readyAt = 0;  // earliest cycle of its next issue
  // Event-driven waiting on a busy VALU (untraced runs, CuGroup::parkOnBusyValu):
  // the wave's VALU instruction found the SIMD's VALU busy at the turn of
  // cycle busySince (kNever: not parked); it is not looked at again before
  // the VALU is free. Every turn in between would have found it blocked the
  // same way (nothing it depends on changes meanwhile) and counted a VALU-busy
  // stall, except the turns that count none (SimdCtx::busyUncounted): those
  // whose issue slots were all taken before its place in the order, and
  // those at which the VALU was free but taken again before its place;
  // settleBusyValu counts them when it is looked at.
  uint64_t busySince = kNever;
  uint64_t valuUntil = 0;  // in-flight VALU op completes (scoreboard)
  // Its status (at a barrier, parked on GWS, faulted, ended, retired) is
  // w->status (WaveStatus), next to w->pc: read by a wave that is looked at,
  // not by one passed over (issueSimd).
  WaveState* w = nullptr;
  // Its SIMD and its position there (SimdCtx::wave): where its pollAt is.
  SimdCtx* home = nullptr;
  // Until this cycle some SGPR is late for the SALU (lateSgprs below): an SALU issue after it needs no look.
  uint64_t lateSgprsUntil = 0;
  uint8_t pos = 0;
  uint8_t prio = 0;
  uint8_t vm = 0, lgkm = 0, exp = 0;
  // What the wave's previous instruction wrote, for the branch penalties.
  bool prevWroteVccExec = false, prevWroteScc = false;
  // Found at a barrier or GWS wait since the turn of cycle barrierSince (stall statistics, see waitcntSince).
  bool atBarrier = false;
  // The second line: what every issue writes or reads.
  RegMask valuWrites;  // registers the in-flight VALU op writes
  // Instructions executed ahead, not yet issued (run_ahead.hpp). While it is
  // not empty, w->pc is past them and `next` is the first one.
  AheadQueue ahead;
  // The rest is touched by fewer than every issue, or only when a wave arrives.
  // SGPRs an integer VALU op (OpTiming::lateForSalu) wrote, late for the SALU (late_sgprs.hpp).
  LateSgprs lateSgprs;
  // The registers the wave's memory instructions in flight will write when
  // their data returns (a union, cleared when VM_CNT and LGKM_CNT are 0): an
  // instruction that reads or writes one does not run ahead (run_ahead.hpp).
  RegMask inflightWrites;
  // The cycle its last instruction's cost counts from (readyAt - issueFrom = cost; traced runs).
  uint64_t issueFrom = 0;
  // Stall statistics by issue turns: the cycle of the first turn the wave
  // was found blocked on s_waitcnt (waitcntSince, kNever if it is not) or at
  // a barrier/GWS (barrierSince, while atBarrier); the turns in between are
  // counted when it moves on (skipped polls do not change the count).
  uint64_t waitcntSince = kNever;
  uint64_t barrierSince = 0;
  uint32_t cu = 0, simd = 0, slot = 0;
  WorkgroupCtx* wg = nullptr;
  uint64_t age = 0;
  WaveMemOrder memOrder;   // the memory pipes' in-order rules (VM, DS)
  AheadLdsQueue aheadLds;  // the LDS instructions among the queued ones
  WaveTrace tr;
};
// Lines a turn touches per wave (a group's waves leave the host's caches between epochs, gpu_timing.hpp).
static_assert(offsetof(WaveCtx, atBarrier) == 63 && offsetof(WaveCtx, ahead) == 112,
              "WaveCtx: a look reads the first line, an issue the second (with the ahead queue)");

struct WorkgroupCtx {
  std::vector<WaveCtx*> ctx;  // its waves, in order: blocks of the CU group's wave slots (wave_slots.hpp)
  std::unique_ptr<memory::Lds> ownLds;
  memory::Lds* lds = nullptr;
  uint32_t ldsBytes = 0, ldsAlloc = 0;
  uint32_t cu = 0, index = 0;
  uint32_t live = 0;        // waves not yet at s_endpgm
  uint32_t unfinished = 0;  // waves not yet retired
  uint32_t arrived = 0;     // waves waiting in s_barrier
  // Whether `c` is one of its waves that has not retired (a retired wave's
  // slot, and so ctx's pointer, may hold another workgroup's wave by now).
  bool resident(const WaveCtx& c) const { return c.wg == this && c.w->status != WaveStatus::Retired; }
};

// Per code address, in the timing model's code cache (BasicCodeCache<TimedInst>,
// filled once after the decode: CuGroup::timeInstruction): the cached
// instruction, its timing class and register masks.
struct TimedInst : CachedInst {
  const OpTiming* op = nullptr;
  RegMask reads, writes;
  WaitcntLimits waitcnt;  // s_waitcnt: the decoded SIMM16
  // The issue port it takes (1 << IssueCat; a GDS instruction the GDS/export
  // port), 0 for the instruction buffer's own instructions.
  uint32_t portBit = 0;
  // A wave may execute it ahead of its issue (run_ahead.hpp).
  bool aheadOk = false;
  // What it writes, for the next instruction's branch penalty (CuGroup::branchPenalty): VCC or EXEC, SCC.
  bool writesVccExec = false, writesScc = false;
  // A VALU, SALU or branch instruction: its issue takes no memory pipe (turns_ahead.cpp).
  bool localIssue = false;
  // Its length in dwords, and for a SOPP branch the dwords from it to its target (RELADDR: PC + 4 +
  // SIMM16 * 4), 0 otherwise: where the instruction after it is (AheadQueue).
  uint8_t dwords = 1;
  int32_t branchDelta = 0;
  // Its alignment penalty at its address (alignmentPenalty, timed_code.hpp).
  uint32_t alignPenalty = 0;
};

// Whether an instruction's semantic may run ahead of its issue (run_ahead.hpp).
bool eligibleAhead(const TimedInst& t);

}  // namespace gcnsim::sim::timing
