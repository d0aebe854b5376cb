// The issue stage: each cycle, one SIMD per CU (gpu_timing.cpp's loop).
//  issueSimd  arbitration among the SIMD's waves (oldest first with
//             s_setprio, or round robin)
//  tryIssue   one wave's turn, the checks in order: barrier/GWS park, ready
//             cycle, fetch (timed_), VSKIP / GPR indexing, instruction-buffer
//             ops (handleInternal: s_waitcnt, s_nop, s_sleep, s_setprio,
//             s_barrier, s_endpgm -- up to 8 a turn), issue port of the
//             category, scoreboard (VALU result, SALU-after-VALU delay), the
//             SIMD's VALU, wait-counter room; then execute and hand memory
//             instructions to the memory pipes (memory_issue.cpp)
//  penalties  alignment and branch penalties of GcnTimings.md
#include <algorithm>
#include <array>
#include <cassert>

#include "sim/instruction_end.hpp"
#include "sim/timing/cu_group.hpp"
#include "sim/vector_modes.hpp"

namespace gcnsim::sim::timing {
namespace {
// The issue ports taken: a handful of bits (no popcount instruction in the baseline ISA), by table.
constexpr auto kPortCounts = [] {
  std::array<uint8_t, 1u << kIssueCats> t{};
  for (uint32_t i = 0; i < t.size(); ++i)
    for (uint32_t b = i; b; b &= b - 1) ++t[i];
  return t;
}();
uint32_t portsUsed(uint32_t used) { return kPortCounts[used]; }
constexpr uint32_t kValuPort = 1u << unsigned(IssueCat::Valu);
}  // namespace

// Branch penalties (GcnTimings.md "Instruction scheduling"): "any conditional
// jump that directly checks VCCZ or EXECZ after an instruction that changes
// VCC or EXEC adds a single penalty (4 cycles)"; "any conditional jump that
// directly checks SCC after an instruction that changes SCC, EXEC, VCC adds a
// single penalty". On GCN 1.0/1.1 also the jump rules of "Instruction
// alignment": a taken forward jump to dword N >= 5 of a 32-byte block adds
// N - 4 penalties; a conditional jump at dword N >= 4 (the block's second
// half) that is not taken adds N - 3.
uint32_t CuGroup::branchPenalty(const WaveCtx& wc, const TimedInst& ti, uint64_t pc, bool taken,
                                uint64_t target) const {
  const isa::OpInfo& info = *ti.inst.info;
  const bool checksVccExec = info.has(isa::kReadsVcc) || info.has(isa::kReadsExec);
  const bool checksScc = info.has(isa::kReadsScc);
  uint32_t n = 0;
  if (checksVccExec && wc.prevWroteVccExec) ++n;
  if (checksScc && (wc.prevWroteScc || wc.prevWroteVccExec)) ++n;
  uint32_t cycles = n * cfg_.issue.branchPenaltyCycles;
  if (const uint32_t p = cfg_.issue.alignmentPenaltyCycles) {
    if (taken && target > pc && dwordInBlock(target) >= 5) cycles += (dwordInBlock(target) - 4) * p;
    if (!taken && (checksVccExec || checksScc) && dwordInBlock(pc) >= 4) cycles += (dwordInBlock(pc) - 3) * p;
  }
  return cycles;
}

// Arbitration (IssueConfig::arbitration): oldest first (s_setprio first), or
// round robin, each turn starting after the first wave that issued last turn.
// A wave whose pollAt is later than now is not looked at: it would be found
// blocked (event-driven waiting, gpu_timing.cpp's loop). The turn reads the
// SIMD's dense arrays (simd_ctx.hpp) for every wave, and a wave's own context
// only when the wave is looked at.
template <bool kTraced, bool kLocal>
bool CuGroup::issueSimd(SimdCtx& simd, const SimdCtx::Scan& scan) {
  static_assert(!(kTraced && kLocal), "turns ahead are untraced");
  IssueTurn turn;
  // The turn's order is fixed at its start: a wave retiring in it keeps its position until it ends.
  simd.inTurn = true;
  // nextPoll: the waves not due now keep their pollAt (or a wake in this turn lowers it, and nextPoll with
  // it); the waves looked at add theirs after their look; parked waves count valuFree, at the end.
  simd.nextPoll = scan.rest;
  if (simd.anyPrio)
    prioTurn<kTraced>(simd, scan.due, turn);
  else
    orderedTurn<kTraced, kLocal>(simd, scan.due, turn);
  simd.inTurn = false;
  if (simd.vacant) simd.closeVacancies();  // (in a local turn too: s_setprio's order is not specialised)
  if (simd.parkedOnValu) simd.nextPoll = std::min(simd.nextPoll, simd.valuFree);
  return turn.any;
}

// The oldest-first or round-robin order: the positions from `start` up,
// then those below it; only the waves due at the turn's start are visited
// (the others' pollAt cannot come down to now during the turn: a wake is for
// a later cycle).
template <bool kTraced, bool kLocal>
void CuGroup::orderedTurn(SimdCtx& simd, uint32_t due, IssueTurn& turn) {
  const uint32_t n = simd.count;
  // (rrStart < 2n unless waves retired since: a division only then; else a select, not a branch)
  uint32_t rr = simd.rrStart;
  if (rr >= 2 * n) [[unlikely]]
    rr %= n;
  rr = rr >= n ? rr - n : rr;
  const uint32_t start = cfg_.issue.arbitration == Arbitration::RoundRobin ? rr : 0;
  const uint32_t fromStart = ~0u << start;  // the positions before the wrap-around
  // The positions after p in the turn's order.
  const auto after = [&](uint32_t p) {
    return p >= start ? (~0u << (p + 1)) | ~fromStart : (~0u << (p + 1)) & ~fromStart;
  };
  // The waves parked on the VALU at the turn's start (only a look changes that, and only the wave's own).
  const uint32_t parked = simd.parkedOnValu;
  uint32_t fullAfter = 0;  // the positions after the wave whose issue took the last slot
  for (uint32_t todo = due; todo;) {
    const uint32_t upper = todo & fromStart;
    const uint32_t p = uint32_t(__builtin_ctz(upper ? upper : todo));
    todo &= ~(1u << p);
    const bool issued = lookAt<kTraced, kLocal>(simd, p, turn, false);
    simd.nextPoll = std::min(simd.nextPoll, simd.pollAt[p]);
    if (!issued) continue;
    if (!turn.any) simd.rrStart = start + (p >= start ? p - start : p + n - start) + 1;
    turn.any = true;
    if (!turn.full && (turn.full = portsUsed(turn.used) >= cfg_.issue.maxIssuePerCycle)) fullAfter = after(p);
    if constexpr (!kTraced) {
      // Once the VALU is taken (or every slot) and stays busy past the next
      // turn, every later wave parked on it stays parked with this turn
      // uncounted (lookAt's first case), without a look.
      const uint32_t parkedLater = todo & parked;
      if (parkedLater && ((turn.used & kValuPort) || turn.full) && simd.valuFree > now_ + cfg_.cu.simds) {
        // One count for every parked wave, taken back from the (at most one) parked wave that is not
        // later -- typically the wave that just issued and was parked again -- or one count each.
        const uint32_t others = simd.parkedOnValu & ~parkedLater;
        if ((others & (others - 1)) == 0) {
          ++simd.allParkedUncounted;
          if (others) --simd.busyUncounted[__builtin_ctz(others)];
        } else {
          for (uint32_t k = parkedLater; k; k &= k - 1) ++simd.busyUncounted[__builtin_ctz(k)];
        }
        todo &= ~parkedLater;
      }
    }
  }
  // The waves parked on the busy VALU after the last slot was taken, passed over without a look: their turn
  // counts no stall (see lookAt).
  for (uint32_t m = parked & ~due & fullAfter; m; m &= m - 1) ++simd.busyUncounted[__builtin_ctz(m)];
}

// s_setprio: the positions by higher priority first, then oldest first (a stable insertion sort).
template <bool kTraced>
void CuGroup::prioTurn(SimdCtx& simd, uint32_t due, IssueTurn& turn) {
  const uint32_t n = simd.count;
  std::array<uint8_t, SimdCtx::kMaxWaves> order;
  for (uint32_t i = 0; i < n; ++i) {
    const uint8_t pr = simd.wave[i]->prio;
    uint32_t j = i;
    for (; j > 0 && simd.wave[order[j - 1]]->prio < pr; --j) order[j] = order[j - 1];
    order[j] = uint8_t(i);
  }
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t p = order[i];
    if (!(due & (1u << p))) {
      if (turn.full && (simd.parkedOnValu & (1u << p))) ++simd.busyUncounted[p];  // see orderedTurn
      continue;
    }
    const bool issued = lookAt<kTraced>(simd, p, turn, true);
    simd.nextPoll = std::min(simd.nextPoll, simd.pollAt[p]);
    if (issued) {
      turn.any = true;
      turn.full = portsUsed(turn.used) >= cfg_.issue.maxIssuePerCycle;
    }
  }
}

// One wave's place in the turn's order, a wave due at the turn's start; returns whether it issued.
template <bool kTraced, bool kLocal>
bool CuGroup::lookAt(SimdCtx& simd, uint32_t p, IssueTurn& turn, bool prio) {
  const uint32_t bit = 1u << p;
  const bool parked = simd.parkedOnValu & bit;  // due at the turn's start: the VALU was free
  // Not due any more: a barrier released in this turn woke it for later.
  // Only in a traced run: untraced, a wave at a barrier waits with pollAt
  // kNever, so it was not due at the turn's start.
  if constexpr (kTraced)
    if (!parked && simd.pollAt[p] > now_) return false;
  WaveCtx& wc = *simd.wave[p];
  if constexpr (!kTraced) {
    // Its port is taken this turn (or every slot is): the wave would be
    // found blocked, and nothing is counted or traced for that. (Not with
    // s_setprio: that order has always called tryIssue, which also moves pollAt.)
    // A wave with a passPort that is looked at is running: one that stopped
    // at a barrier or s_endpgm executed its instruction, which cleared
    // `next`; one parked on GWS or faulted has pollAt kNever until woken.
    const uint32_t pass = simd.passPort[p];
    if (!prio && pass && ((turn.used & pass) || turn.full)) {
      if (pass == kValuPort && simd.valuFree > now_ + cfg_.cu.simds) {
        if (parked) {
          // Parked on the VALU (its next instruction a VALU one), which was
          // free and is taken again: it stays parked until the VALU is free
          // again (what settleBusyValu and parkIfValuStaysBusy would do: its
          // readiness and scoreboard were checked when it was parked, and
          // nothing changed them since), this turn counting no stall, as the
          // pass-over does.
          ++simd.busyUncounted[p];
          return false;
        }
        parkIfValuStaysBusy(simd, wc);
      } else if (parked) {
        settleBusyValu(simd, wc, now_);
      }
      return false;
    }
  }
  if (parked) settleBusyValu(simd, wc, now_);
  const bool issued = tryIssue<kTraced, kLocal>(simd, wc, turn.used);
  if (kLocal || !(simd.vacant & bit)) {  // (a local instruction retires no wave)
    simd.passPort[p] = passPortOf(wc);
    simd.localNext = localIssueOf(wc) ? simd.localNext | bit : simd.localNext & ~bit;
  }
  return issued;
}

void CuGroup::parkOnBusyValu(SimdCtx& simd, WaveCtx& wc) {
  wc.busySince = now_;
  simd.startUncounted(wc.pos);
  simd.setPollAt(wc.pos, kNever);  // due when the VALU is free (SimdCtx::scan)
  simd.parkedOnValu |= 1u << wc.pos;
}

// A wave passed over this turn (its port or every slot taken), or that
// issued in it, whose next instruction is a VALU one: if at its next turn it
// would be blocked on the busy VALU (ready by then, no scoreboard wait), it
// is parked now; this turn counts nothing, as the pass-over (or the issue)
// does.
void CuGroup::parkIfValuStaysBusy(SimdCtx& simd, WaveCtx& wc) {
  const uint64_t nextTurn = now_ + cfg_.cu.simds;
  if (simd.valuFree <= nextTurn || wc.readyAt > nextTurn) return;
  if (nextTurn < wc.valuUntil && wc.next->reads.intersects(wc.valuWrites)) return;
  parkOnBusyValu(simd, wc);
}

void CuGroup::settleBusyValu(SimdCtx& simd, WaveCtx& wc, uint64_t until) {
  const uint64_t turns = clock_.turns(until - wc.busySince - 1);  // of its SIMD, after busySince
  stats_.unitBusyStalls += turns - simd.uncounted(wc.pos);
  wc.busySince = kNever;
  simd.parkedOnValu &= ~(1u << wc.pos);
  simd.setPollAt(wc.pos, std::min(until, now_));  // (it was due: the VALU is free)
}

bool CuGroup::countersAllow(const WaveCtx& wc, const TimedInst& ti) const {
  const OpTiming& op = *ti.op;
  switch (op.kind) {
    case Kind::Smem:
    case Kind::SmemStore:
    case Kind::SmemTime:
    case Kind::DcacheInv:
    case Kind::DcacheWb:
    case Kind::Msg:
    case Kind::Ds: return wc.lgkm + op.lgkm <= maxCnt_.lgkm;
    case Kind::VmemLoad:
    case Kind::VmemStore:
    case Kind::VmemAtomic:
    case Kind::VmemInvL1: return wc.vm + 1 <= maxCnt_.vm && wc.lgkm + op.lgkm <= maxCnt_.lgkm;
    case Kind::Export: return wc.exp + 1 <= maxCnt_.exp;
    default: return true;
  }
}

template <bool kTraced>
StopReason CuGroup::execute(WaveCtx& wc, const TimedInst& ti, PendingWrites& pw, bool logAccesses,
                            const isa::DecodedInst* inst) {
  WaveState& w = *wc.w;
  const uint64_t pc = w.pc;
  env_.clock = now_;  // S_MEMTIME: the simulated cycle counter
  // S_MEMREALTIME: a counter at a constant rate, independent of the shader clock; 100 MHz is an estimate
  // (the rate is the device's: HIP reports it as hipDeviceAttributeWallClockRate; "typically 100 MHz" in
  // Rust's core::arch::amdgpu::s_memrealtime documentation; no figure in reference/). A division: only for
  // the instructions that read it.
  if (ti.op->kind == Kind::SmemTime) env_.realtime = now_ * 100 / std::max(cfg_.clockMhz, 1u);
  env_.lds = wc.wg->lds;
  env_.ldsBytes = wc.wg->ldsBytes;
  pw.clear();
  Exec x(w, inst ? *inst : ti.inst, env_, pw);
  if (logAccesses || env_.observer) {
    log_.clear();
    x.log = &log_;
  }
  ti.fn(x);
  // Register writes from memory (`pw`) are the caller's: they apply when the data returns.
  const StopReason r = endInstruction(x, log_, [&] { countExecuted(wc, ti); });
  if (r == StopReason::Wait) [[unlikely]]
    return StopReason::Wait;  // no effect: the wave parks and runs it again later
  if (r == StopReason::Fault) {
    fault(wc, x.faultMessage());
    return StopReason::Fault;
  }
  wc.next = nullptr;
  if (ti.op->cat == IssueCat::Internal) {
    if constexpr (kTraced)
      if (opt_.onIssue) trace(wc, pc, ti.op->kind);
    if (tracing<kTraced>()) tracer_.issue(wc, ti, pc, w.exec(), now_);
  }
  branchedAndWrote(wc, ti, pc, x.branched(), x.branchTarget());
  return r;
}

void CuGroup::branchedAndWrote(WaveCtx& wc, const TimedInst& ti, uint64_t pc, bool branched,
                               uint64_t target) {
  if (ti.op->kind == Kind::Branch) {
    if (branched) wc.readyAt = now_ + cfg_.issue.branchTakenCycles;
    wc.readyAt += branchPenalty(wc, ti, pc, branched, target);
  }
  // What this instruction wrote, for the next one's branch penalty.
  wc.prevWroteVccExec = ti.writesVccExec;
  wc.prevWroteScc = ti.writesScc;
}

void CuGroup::trace(const WaveCtx& wc, uint64_t pc, Kind kind) {
  opt_.onIssue(IssueRecord{now_, wc.w->waveId, wc.cu, wc.simd, pc, kind, wc.vm, wc.lgkm, wc.exp});
}

void CuGroup::releaseBarrierIfDone(WorkgroupCtx& wg) {
  if (wg.arrived == 0 || wg.arrived < wg.live) return;
  for (WaveCtx* c : wg.ctx)
    if (wg.resident(*c) && c->w->status == WaveStatus::AtBarrier) {
      c->w->status = WaveStatus::Running;
      c->readyAt = std::max(c->readyAt, now_ + 1);
      setPollAt(*c, kNever);  // traced: it may wait for readyAt
      wake(*c, c->readyAt);
    }
  wg.arrived = 0;
  progress_ = true;
  if (tracer_.on()) [[unlikely]]
    tracer_.workgroup(wg, trace::WorkgroupEvent::BarrierRelease, now_);
}

// GWS state changes only through GDS instructions: after each one, every
// parked wave tries its instruction again at its next turn.
void CuGroup::wakeGwsWaiters() {
  for (WaveCtx* wc : gwsWaiters_) {
    wc->w->status = WaveStatus::Running;
    wc->readyAt = std::max(wc->readyAt, now_ + 1);
    wake(*wc, wc->readyAt);
  }
  gwsWaiters_.clear();
  progress_ = true;
}

// The wave executed s_barrier (endInstruction made it AtBarrier).
void CuGroup::arriveAtBarrier(WaveCtx& wc) {
  ++wc.wg->arrived;
  releaseBarrierIfDone(*wc.wg);
}

// The wave executed s_endpgm (endInstruction made it Ended).
void CuGroup::endWave(WaveCtx& wc) {
  --wc.wg->live;
  releaseBarrierIfDone(*wc.wg);  // ended waves do not take part in barriers
  if (wc.vm == 0 && wc.lgkm == 0 && wc.exp == 0) finishWave(wc);
}

// Instruction-buffer instructions. Returns false if the wave stops for this
// turn; `consumed` tells whether it used the wave's turn.
template <bool kTraced>
bool CuGroup::handleInternal(WaveCtx& wc, const TimedInst& ti, bool& consumed) {
  const int32_t simm = ti.inst.simm16;
  PendingWrites& pw = internalPw_;  // internal ops write no memory results: applied at once
  if (tracing<kTraced>()) wc.issueFrom = now_;
  switch (ti.op->kind) {
    case Kind::Waitcnt: {
      // "S_WAITCNT: waits until every named counter <= its limit" (GcnInstrsSopp.md).
      const WaitcntLimits& l = ti.waitcnt;
      if (wc.vm > l.vm || wc.lgkm > l.lgkm || wc.exp > l.exp) {
        if (wc.waitcntSince == kNever) wc.waitcntSince = now_;
        setPollAt(wc, kNever);  // parked: a return of the wave's wakes it
        if (tracing<kTraced>()) tracer_.blockedOnCounters(wc, ti, now_);
        return false;
      }
      if (wc.waitcntSince != kNever) {
        stats_.waitcntStalls += turnsSince(wc.waitcntSince);
        wc.waitcntSince = kNever;
      }
      if constexpr (!kTraced) {
        if (!wc.ahead.empty()) {  // run ahead (run_ahead.hpp): replayed
          replayAhead(wc, ti);
          return true;
        }
      }
      if (execute<kTraced>(wc, ti, pw, false) == StopReason::Fault) return false;
      if constexpr (!kTraced)
        if (mayRunAhead(wc)) runAhead(wc);
      return true;
    }
    // Nop, Sleep, Barrier: readyAt (and the next look) is set before execute() so that a trace sees the
    // duration.
    // s_nop: "Do nothing by (SIMM16&7) + 1 cycles" (GcnInstrsSopp.md); s_sleep: "Sleep approximately by
    // (SIMM16&0x7)*64 cycles" (GcnInstrsSopp.md). Both at least salu_cycles: an estimate.
    case Kind::Nop:
      wc.readyAt = now_ + std::max<uint64_t>(cfg_.issue.saluCycles, (uint32_t(simm) & 7) + 1);
      setPollAt(wc, wc.readyAt);
      if (execute<kTraced>(wc, ti, pw, false) == StopReason::Fault) return false;
      consumed = true;
      return false;
    case Kind::Sleep:
      wc.readyAt = now_ + std::max<uint64_t>(cfg_.issue.saluCycles, (uint32_t(simm) & 7) * 64u);
      setPollAt(wc, wc.readyAt);
      if (execute<kTraced>(wc, ti, pw, false) == StopReason::Fault) return false;
      consumed = true;
      return false;
    case Kind::Setprio:  // "PRIORITY = SIMM16&3" (GcnInstrsSopp.md)
      if (execute<kTraced>(wc, ti, pw, false) == StopReason::Fault) return false;
      wc.prio = uint8_t(uint32_t(simm) & 3);
      if (wc.prio) cuCtx(wc.cu).simds[wc.simd].anyPrio = true;
      return true;
    case Kind::Barrier: {
      // Holds the wave one scalar turn (salu_cycles) before it waits at the barrier: an estimate (no figure
      // in GcnTimings.md), as s_nop's and s_sleep's shortest hold above.
      wc.readyAt = now_ + cfg_.issue.saluCycles;
      setPollAt(wc, wc.readyAt);
      if (tracing<kTraced>()) WaveTracer::atBarrier(wc, wc.w->pc, ti.inst);
      const StopReason r = execute<kTraced>(wc, ti, pw, false);
      if (r == StopReason::Fault) return false;
      consumed = true;
      arriveAtBarrier(wc);
      return false;
    }
    case Kind::EndPgm: {
      const StopReason r = execute<kTraced>(wc, ti, pw, false);
      if (r == StopReason::Fault) return false;
      consumed = true;
      endWave(wc);
      return false;
    }
    default: {
      const StopReason r = execute<kTraced>(wc, ti, pw, false);
      if (r == StopReason::Fault) return false;
      pw.applyTo(*wc.w);
      if (r == StopReason::EndProgram) {
        consumed = true;
        endWave(wc);
        return false;
      }
      return true;
    }
  }
}

// kLocal (issueSimd): the wave's next instruction is a queued local one.
template <bool kTraced, bool kLocal>
bool CuGroup::tryIssue(SimdCtx& simd, WaveCtx& wc, uint32_t& used) {
  constexpr unsigned kMaxInternalPerTurn = kLocal ? 1 : 8;
  simd.setPollAtCycle(wc.pos, now_ + 1);  // by default: look again at the next turn
  for (unsigned k = 0; k < kMaxInternalPerTurn; ++k) {
    // A wave with instructions queued ahead is Running: only its own issues change its status, and the
    // one that stops it is the last it queues (run_ahead.hpp). So its WaveState is not read for it.
    assert(wc.ahead.empty() || wc.w->status == WaveStatus::Running);
    // (Nor is it at a barrier: after s_barrier a wave's next instruction is not known.)
    assert(!kLocal || (localIssueOf(wc) && !wc.atBarrier));
    if (const WaveStatus status = kLocal || !wc.ahead.empty() ? WaveStatus::Running : wc.w->status;
        status != WaveStatus::Running) {
      // The last return, the barrier's release, a GDS instruction wake it (a fault: nothing).
      simd.setPollAt(wc.pos, kNever);
      if (status == WaveStatus::AtBarrier || status == WaveStatus::GwsParked) {
        if (!wc.atBarrier) wc.barrierSince = now_, wc.atBarrier = true;
        if (tracing<kTraced>()) {
          // The trace's barrier interval starts when the wave's own issue cycles are over.
          if (wc.readyAt <= now_)
            tracer_.blocked(wc, nullptr, trace::StallReason::Barrier, now_);
          else
            simd.setPollAtCycle(wc.pos, wc.readyAt);
        }
      }
      return false;
    }
    if (!kLocal && wc.atBarrier) {
      stats_.barrierWaits += turnsSince(wc.barrierSince);
      wc.atBarrier = false;
    }
    if (wc.readyAt > now_) {
      simd.setPollAtCycle(wc.pos, wc.readyAt);
      return false;
    }
    // wc.next: fetched at an earlier turn, PC unchanged
    const TimedInst* ti = kLocal || wc.next ? wc.next : fetch(wc);
    if (!ti) return false;
    // The instruction to run and the registers the scoreboard sees: the cached
    // ones, or under GPR indexing those of the indexed copy.
    wc.next = ti;
    const isa::DecodedInst* inst = &ti->inst;
    const RegMask* reads = &ti->reads;
    const RegMask* writes = &ti->writes;
    // (A wave running ahead queued only instructions executed outside those modes.)
    if (!kLocal && wc.ahead.empty() && vectorModesActive(*wc.w)) [[unlikely]] {
      wc.next = nullptr;
      // VSKIP (sim/vector_modes.hpp): the instruction buffer drops vector instructions.
      if (vskipSkips(*wc.w, ti->inst)) {
        skipInstruction(*wc.w, ti->inst);
        ++stats_.instructions;
        progress_ = true;
        continue;
      }
      inst = &indexedInstruction(*wc.w, ti->inst);
      if (inst != &ti->inst) {
        registerMasks(*inst, indexedReads_, indexedWrites_);
        reads = &indexedReads_, writes = &indexedWrites_;
      }
    }
    const OpTiming& op = *ti->op;
    if (!kLocal && op.cat == IssueCat::Internal) {
      bool consumed = false;
      const bool more = handleInternal<kTraced>(wc, *ti, consumed);
      if (consumed) progress_ = true;
      if (!more) return consumed;  // the wave may have retired (and be gone)
      progress_ = true;
      continue;
    }
    const uint32_t bit = ti->portBit;
    const IssueCat cat = IssueCat(__builtin_ctz(bit));
    // One instruction per category, at most maxIssuePerCycle in all (GcnTimings.md occupancy table, "Issue").
    if ((used & bit) || portsUsed(used) >= cfg_.issue.maxIssuePerCycle) {
      if (tracing<kTraced>()) tracer_.blocked(wc, ti, trace::StallReason::PortBusy, now_);
      return false;
    }
    if (now_ < wc.valuUntil && reads->intersects(wc.valuWrites)) {
      ++stats_.scoreboardStalls;
      if (tracing<kTraced>()) tracer_.blocked(wc, ti, trace::StallReason::Dependency, now_);
      return false;
    }
    if (op.kind == Kind::Salu && now_ < wc.lateSgprsUntil && wc.lateSgprs.blocks(*reads, now_)) {
      ++stats_.scoreboardStalls;
      if (tracing<kTraced>()) tracer_.blocked(wc, ti, trace::StallReason::Dependency, now_);
      return false;
    }
    if (cat == IssueCat::Valu && simd.valuFree > now_) {
      ++stats_.unitBusyStalls;
      if (tracing<kTraced>()) tracer_.blocked(wc, ti, trace::StallReason::PortBusy, now_);
      // Untraced: not looked at again until the VALU is free (a trace sees every turn's stall).
      if constexpr (!kTraced) parkOnBusyValu(simd, wc);
      return false;
    }
    if (!kLocal && !countersAllow(wc, *ti)) {  // a return (event) frees the counter
      simd.setPollAt(wc.pos, kNever);
      if (tracing<kTraced>()) tracer_.blockedOnCounters(wc, *ti, now_);
      return false;
    }

    const bool memory = !kLocal && !isAluKind(op.kind);
    // An instruction executed ahead only replays its record (run_ahead.hpp).
    const bool replay = kLocal || (!kTraced && !wc.ahead.empty());
    // A memory instruction's writes wait for its return (a pooled PendingWrites); the others' apply at once.
    PendingWrites* pw = replay ? nullptr : memory ? takePw() : &internalPw_;
    const bool glc = op.glcCycles && ti->inst.mem.glc;
    const uint64_t pc = issuePc(wc);
    const uint32_t align = ti->alignPenalty;
    // A wave is looked at once per issue turn (every cfg_.cu.simds cycles);
    // costs that are not a multiple of the turn (buffer_load_dwordx2's 18,
    // +GLC1) are honoured on average: the next issue counts from when the
    // wave was ready, not from the turn it got, unless it was held up longer.
    const uint64_t from = now_ - wc.readyAt < cfg_.cu.simds ? wc.readyAt : now_;
    if (tracing<kTraced>()) wc.issueFrom = from;
    wc.readyAt = from + op.cycles + (glc ? op.glcCycles : 0) + align;
    const uint64_t exec = tracing<kTraced>() ? wc.w->exec() : 0;  // before the instruction may change it
    // Memory instructions log their accesses for the cache, bank and coalescing models.
    StopReason r = StopReason::None;
    if constexpr (kLocal)
      replayAhead<true>(wc, *ti);
    else
      r = replay ? replayAhead(wc, *ti) : execute<kTraced>(wc, *ti, *pw, memory, inst);
    if (r == StopReason::Fault) {
      if (memory && pw) releasePw(pw);
      return false;
    }
    if (r == StopReason::Wait) [[unlikely]] {
      if (memory && pw) releasePw(pw);
      wc.readyAt = now_;
      simd.setPollAt(wc.pos, kNever);
      wc.w->status = WaveStatus::GwsParked;
      gwsWaiters_.push_back(&wc);
      if (tracing<kTraced>()) WaveTracer::atBarrier(wc, pc, ti->inst);
      return false;
    }
    if (cat == IssueCat::GdsExport && !gwsWaiters_.empty()) wakeGwsWaiters();
    used |= bit;
    ++stats_.issued[unsigned(cat)];
    progress_ = true;
    switch (op.kind) {
      case Kind::Valu:
        // Wave64 on a SIMD16: the SIMD is busy for the op's cycles; the wave
        // may issue again at its next turn if it does not read the result.
        simd.valuFree = now_ + op.cycles;
        wc.valuUntil = now_ + op.cycles;
        wc.valuWrites = *writes;
        wc.readyAt = from + cfg_.issue.valuCycles + align;
        if (op.lateForSalu) {
          const uint64_t end = now_ + op.cycles + cfg_.issue.saluAfterValuCycles;
          wc.lateSgprs.add(*writes, now_, end);
          wc.lateSgprsUntil = std::max(wc.lateSgprsUntil, end);
        }
        if (pw && (pw->hasSgpr || pw->hasVgpr)) pw->applyTo(*wc.w);
        break;
      case Kind::Salu:
      case Kind::Branch:
        if (pw && (pw->hasSgpr || pw->hasVgpr)) pw->applyTo(*wc.w);
        break;
      default:
        if (!memory) break;
        if (replay) {  // an LDS instruction (the only memory ones that run ahead)
          issueAheadLds(wc, *ti);
          break;
        }
        // Until the wave's last return, an instruction touching these registers does not run ahead.
        if (pw->hasSgpr || pw->hasVgpr) wc.inflightWrites.add(*writes);
        issueMemory<kTraced>(wc, *ti, pw);
        break;
    }
    if constexpr (kTraced)
      if (opt_.onIssue) trace(wc, pc, op.kind);
    if (tracing<kTraced>()) {
      if (r == StopReason::Barrier) WaveTracer::atBarrier(wc, pc, ti->inst);
      tracer_.issue(wc, *ti, pc, exec, now_);
    }
    simd.setPollAtCycle(wc.pos, wc.readyAt);
    if (r == StopReason::EndProgram) endWave(wc);
    if (r == StopReason::Barrier) arriveAtBarrier(wc);
    if constexpr (!kTraced) {
      if (r == StopReason::None && ti->aheadOk && mayRunAhead(wc)) runAhead(wc);
      // Its next instruction known (queued ahead) and a VALU one that would find the VALU still busy at
      // its next turn: parked now rather than at that look (the stall the look would count, the
      // parking's settleBusyValu counts: the turns after this one).
      if (wc.next && wc.next->portBit == kValuPort) parkIfValuStaysBusy(simd, wc);
    }
    return true;
  }
  return false;
}

template bool CuGroup::issueSimd<false>(SimdCtx&, const SimdCtx::Scan&);
template bool CuGroup::issueSimd<false, true>(SimdCtx&, const SimdCtx::Scan&);
template bool CuGroup::issueSimd<true>(SimdCtx&, const SimdCtx::Scan&);

}  // namespace gcnsim::sim::timing
