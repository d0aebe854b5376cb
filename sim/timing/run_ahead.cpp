// Running ahead (run_ahead.hpp): filling a wave's queue of instructions
// executed ahead, and replaying one at its issue.
#include <algorithm>
#include <cassert>

#include "sim/instruction_end.hpp"
#include "sim/timing/cu_group.hpp"
#include "sim/vector_modes.hpp"

namespace gcnsim::sim::timing {

namespace {
// Semantics that read more than the wave's registers, MODE and the
// instruction (run_ahead.hpp): hardware registers (IB_STS holds the
// counters), VSKIP, messages; graphics-only instructions fault anyway.
constexpr uint32_t kNotAheadFlags = isa::kReadsHwreg | isa::kWritesHwreg | isa::kWritesVskip | isa::kMessage |
                                    isa::kGraphicsOnly | isa::kLoad | isa::kStore | isa::kAtomic;

// Whether the ahead queue keeps a jump bit for the instruction (AheadQueue): the one rule both its
// push (runAhead) and its pop (replayAhead) follow.
bool hasJumpBit(const TimedInst& t) { return t.op->kind == Kind::Branch; }

bool readsLdsDirect(const isa::DecodedInst& in) {
  return std::any_of(in.src.begin(), in.src.end(),
                     [](const isa::Operand& o) { return o.kind == isa::OpdKind::LdsDirect; });
}

// LDS instructions that touch nothing but the workgroup's LDS and the wave's
// registers (no GDS, GWS, ordered count or append/consume; no atomic, whose
// returned value would depend on the order of the waves' accesses).
constexpr uint32_t kNotAheadLdsFlags = (kNotAheadFlags & ~(isa::kLoad | isa::kStore)) | isa::kGdsOnly;
}  // namespace

bool eligibleAhead(const TimedInst& t) {
  const Kind k = t.op->kind;
  if (k == Kind::Waitcnt) return true;  // no effect; its wait is the issue stage's
  if (k == Kind::Ds) return !t.inst.mem.gds && (t.inst.info->flags & kNotAheadLdsFlags) == 0;
  if (!isAluKind(k)) return false;
  return (t.inst.info->flags & kNotAheadFlags) == 0 && !readsLdsDirect(t.inst);
}

// The LDS instructions of the current run (`lds`, with their LGKM_CNT
// amounts) from `settled` on whose return an s_waitcnt run ahead with LGKM
// limit `limit` covers: the wave's DS returns come in order
// (memory_pipes.hpp), so when LGKM_CNT <= limit at its issue, an instruction
// is back if it and the LDS instructions after it count more than `limit`
// (were it still out, they all would be). Returns the new `settled`.
uint32_t CuGroup::settleAheadLds(WaveCtx& wc, const TimedInst* const* lds, uint32_t count, uint32_t settled,
                                 uint32_t limit) {
  uint32_t back = 0;
  for (uint32_t j = count, outstanding = 0; j > settled; --j)
    if ((outstanding += lds[j - 1]->op->lgkm) > limit) {
      back = j;
      break;
    }
  for (uint32_t i = settled; i < back; ++i) {
    // Its data is in the registers before the wave issues anything that
    // touches them (the run stops at such an instruction until here).
    AheadLds& e = wc.aheadLds.at(i);
    if (!e.pw) continue;
    e.pw->applyTo(*wc.w);
    releasePw(e.pw);
    e.pw = nullptr;
  }
  return std::max(settled, back);
}

// After an issue that left the queue empty: executes the instructions that
// follow, while they may run ahead, and queues them. The wave is Running.
void CuGroup::runAhead(WaveCtx& wc) {
  WaveState& w = *wc.w;
  AheadQueue& q = wc.ahead;
  assert(wc.aheadLds.empty());  // emptied with the queue: this run's LDS instructions are its first ones
  std::string error;
  env_.lds = wc.wg->lds;
  env_.ldsBytes = wc.wg->ldsBytes;
  // The registers an instruction run ahead may not read or write: those a
  // return of the wave's will still write -- of its memory instructions in
  // flight, and of the LDS instructions of this run not yet covered by an
  // s_waitcnt (their data waits in their PendingWrites) -- since it would
  // see, or overwrite, them before the data came back.
  RegMask blocked = wc.inflightWrites;
  bool anyBlocked = blocked.any();
  std::array<const TimedInst*, AheadLdsQueue::kMax> lds;  // this run's LDS instructions (wc.aheadLds)
  uint32_t ldsCount = 0, settled = 0;
  while (!q.full() && !vectorModesActive(w)) {
    const TimedInst* t = code_.executable(w.pc);
    if (!t) {
      t = code_.at(w.pc, error);  // decoded now; an error is reported when the wave fetches it
      if (!t || !t->fn) break;
    }
    if (!t->aheadOk || (anyBlocked && (t->reads.intersects(blocked) || t->writes.intersects(blocked)))) break;
    const Kind kind = t->op->kind;
    const bool isLds = kind == Kind::Ds;
    if (isLds && ldsCount == AheadLdsQueue::kMax) break;
    const uint32_t index = codeIndex(w.pc);
    // An LDS instruction's register writes wait for its return (or a covering s_waitcnt); an ALU
    // instruction's apply at once.
    PendingWrites& pw = isLds ? *takePw() : internalPw_;
    pw.clear();
    Exec x(w, t->inst, env_, pw);
    if (isLds) {
      log_.clear();
      x.log = &log_;
    }
    t->fn(x);
    const StopReason r = endInstruction(x, log_, [] {});
    if (r == StopReason::Wait) {  // no effect (GWS only; never an instruction run ahead)
      if (isLds) releasePw(&pw);
      break;
    }
    const bool writes = pw.hasSgpr || pw.hasVgpr;
    if (isLds) {
      const bool issues = r != StopReason::Fault;  // a fault ends the wave at its issue: no LDS access
      if (issues) {
        wc.aheadLds.push({writes ? &pw : nullptr, pipes_.ldsPasses(log_)});
        lds[ldsCount++] = t;
        if (writes) blocked.add(t->writes), anyBlocked = true;
      }
      if (!issues || !writes) releasePw(&pw);
    } else if (writes) {
      pw.applyTo(w);
    }
    const bool branch = hasJumpBit(*t);
    q.push(index, x.branched(), r, branch);
    ++stats_.ranAhead;
    if (r != StopReason::None) {
      // The wave's status changes when the instruction issues (replayAhead); until then it runs.
      w.status = WaveStatus::Running;
      if (r == StopReason::Fault) aheadFaults_.push_back({&wc, env_.faultMessage});
      break;
    }
    // The queue finds the next instruction after the end or at the relative target of this one; after
    // any other jump (s_setpc_b64 ...) the run ends: the wave's PC is where it went. So does it after a
    // jump of an instruction that is not a branch one (the queue keeps no bit for it).
    if (AheadQueue::nextIndex(index, t->dwords, t->branchDelta, x.branched()) != codeIndex(w.pc) ||
        (x.branched() && !branch))
      break;
    if (kind == Kind::Waitcnt && settled < ldsCount) {
      const uint32_t before = settled;
      settled = settleAheadLds(wc, lds.data(), ldsCount, settled, t->waitcnt.lgkm);
      if (settled != before) {  // fewer registers wait for their data
        blocked = wc.inflightWrites;
        for (uint32_t i = settled; i < ldsCount; ++i)
          if (wc.aheadLds.at(i).pw) blocked.add(lds[i]->writes);
        anyBlocked = blocked.any();
      }
    }
  }
  if (!q.empty()) wc.next = code_.executable(issuePc(wc));
}

// The issue of a queued LDS instruction (after replayAhead): the LDS pipe
// with the passes of its accesses, its return with the register writes it
// still carries.
void CuGroup::issueAheadLds(WaveCtx& wc, const TimedInst& ti) {
  const AheadLds e = wc.aheadLds.pop();
  if (e.pw) wc.inflightWrites.add(ti.writes);
  const MemRequest m = pipes_.issueLds(wc.cu, *ti.op, ti.inst, e.passes, now_, wc.memOrder);
  schedule(m.done, wc, m.amounts, e.pw, m.kind, m.op);
}

// The issue of the queue's first instruction (`ti`): what execute() does
// after the semantic, from the record (the semantic ran ahead).
template <bool kRunning>
StopReason CuGroup::replayAhead(WaveCtx& wc, const TimedInst& ti) {
  const uint64_t pc = issuePc(wc);
  const AheadQueue::Entry e = wc.ahead.pop(ti.dwords, ti.branchDelta, hasJumpBit(ti));
  const uint64_t nextPc = issuePc(wc);  // the next queued instruction's, or w->pc after the last
  if (kRunning || e.stop != StopReason::Fault)
    countExecuted(wc, ti);  // (a faulting one: not, as endInstruction)
  if constexpr (kRunning) {
    assert(e.stop == StopReason::None);
  } else {
    setStatusAfter(*wc.w, e.stop);
    if (e.stop == StopReason::Fault) {
      const auto it = std::find_if(aheadFaults_.begin(), aheadFaults_.end(),
                                   [&](const auto& f) { return f.first == &wc; });
      const std::string message = it->second;
      aheadFaults_.erase(it);
      fault(wc, message);
      return StopReason::Fault;
    }
  }
  wc.next = wc.ahead.empty() ? nullptr : code_.executable(nextPc);
  branchedAndWrote(wc, ti, pc, e.branched, nextPc);
  return kRunning ? StopReason::None : e.stop;
}

template StopReason CuGroup::replayAhead<false>(WaveCtx&, const TimedInst&);
template StopReason CuGroup::replayAhead<true>(WaveCtx&, const TimedInst&);

}  // namespace gcnsim::sim::timing
