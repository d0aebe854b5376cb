// Running ahead: a wave's ALU and LDS instructions executed a few at a time,
// their timing replayed one by one as the issue stage issues them.
//
// Why: at full occupancy a CU group interleaves ~160 waves cycle by cycle,
// so between two instructions of one wave the host has touched every other
// wave's registers, and each VALU semantic finds its VGPR rows out of the
// host's L1 (README "Performance": skipping the VGPR-only VALU semantics of
// fma_loop altogether halves a full-occupancy timing run, although they are
// a fifth of its host instructions). Executed back to back, a wave's
// instructions find their rows where the previous one left them.
//
// Why it is exact. The timing model's contract is execute-at-issue: a
// semantic reads the wave's registers when the instruction issues. An ALU
// instruction's result depends on nothing but the wave's own registers, its
// hardware MODE and the instruction, and nothing but the wave itself changes
// those -- except a return of its own loads, which writes registers when the
// data comes back. So a wave runs ahead only through instructions that
// neither read nor write a register one of its memory instructions in flight
// will write (WaveCtx::inflightWrites: however late or early that return
// lands, they do not see it), and whose semantics read nothing else
// (eligibleAhead: VALU, SALU and branch instructions that read no clock,
// hardware register, LDS or message state, outside GPR indexing and VSKIP
// modes). Everything that decides timing is recorded per instruction (the
// instruction, whether it branched, how it stopped; where the PC went is
// the next record's) and replayed at issue; the wave's status changes (a
// fault, s_endpgm-like stops) happen at the replay, when they would have.
//
// LDS instructions and s_waitcnt. A wave also runs ahead through s_waitcnt
// (no effect; the issue stage still waits for the counters when it issues
// it) and through the LDS instructions that touch only the workgroup's LDS
// and the wave's registers (no GDS, GWS, append/consume or atomic):
//  - Registers. An LDS read's data stays in its PendingWrites, as at issue,
//    and the run stops at any instruction touching its registers -- until an
//    s_waitcnt run ahead covers it: a wave's DS instructions return in order
//    (memory_pipes.hpp), so at that s_waitcnt's issue (LGKM_CNT <= N) every
//    LDS read of the run that is followed by reads counting more than N is
//    back (CuGroup::settleAheadLds); its data goes into the registers there
//    and its return carries none. A read the run does not cover carries its
//    data to its return as at issue (and adds its registers to
//    inflightWrites). So every instruction sees the registers it would at
//    its issue, a read one s_waitcnt too early included.
//  - LDS. The bank model's passes come from the accesses at the execution
//    (queued in WaveCtx::aheadLds), the LDS pipe is entered at the issue.
//    An LDS access executed ahead takes effect before its issue; another
//    wave's access to the same address in between would see a different
//    order than at issue. Waves that order their LDS accesses by barriers
//    (s_barrier never runs ahead, so everything before it is executed when
//    it releases) see no difference: every OpenCL 1.2 kernel, which may
//    share __local data only across barrier(). Waves that hand data over
//    through LDS without a barrier (a flag they spin on) see it up to a run
//    (255 instructions) earlier or later than at issue: a correct hand-off
//    gives the same results, perhaps in other cycles than with
//    GCNSIM_RUN_AHEAD=0; a data race may read other values. Atomics never
//    run ahead, so their returned values keep the issue order.
// Memory instructions other than LDS ones and the other instruction-buffer
// instructions always run at issue. Traced and checked runs never run ahead
// (their per-instruction views see the registers at issue).
//
// The queue lives in the wave's context (WaveCtx::ahead); the functions that
// fill and replay it are CuGroup::runAhead and CuGroup::replayAhead
// (run_ahead.cpp). TimingOptions::runAhead (default on; GCNSIM_RUN_AHEAD=0
// in the environment turns it off) chooses; cycles, statistics and results
// are the same either way for kernels that share LDS data only across
// barriers (tests/sim/timing/run_ahead_test.cpp, and the timing fingerprint
// of every conformance and benchmark job).
#pragma once
#include <array>
#include <cstdint>

#include "memory/lds_timing.hpp"
#include "sim/exec_context.hpp"

namespace gcnsim::sim::timing {

// The instructions a wave executed ahead and has not issued yet, oldest
// first, in 16 bytes (they share a cache line with what every issue writes,
// WaveCtx): the first one's dword index in the code, for each branch
// instruction (Kind::Branch) a bit for whether it jumped, whether the last
// one jumped, and how the last one stopped the wave (a run ends at the first
// instruction that stops it). The instruction after an entry is at the
// entry's index plus its length, or, if it jumped, plus its relative branch
// offset (TimedInst::dwords, branchDelta); a run ends after a jump whose
// target is not that (s_setpc_b64 ...: the wave's PC is where it went), and
// after any jump of an instruction that is not a branch one -- so only the
// last entry may be such a jump, and only branch instructions need a bit.
// Where the PC went after the last entry is the wave's PC (w->pc).
//
// Why bits for branches only: a run is as long as 255 instructions, where a
// bit for every one held 64. A wave's registers come into the host's caches
// once a run; at full occupancy the group's waves have pushed them out
// before its next run (fma_loop: a quarter of a timing run's misses in the
// host's last-level cache were the VALU semantics' VGPR reads).
struct AheadQueue {
  static constexpr uint32_t kMax = 255;         // instructions executed ahead at most
  static constexpr uint32_t kMaxBranches = 64;  // branch instructions among them (a bit each)

  struct Entry {
    uint32_t index;   // dword index of the instruction in the code (CodeImage)
    bool branched;    // it jumped (a taken branch, s_setpc, ...)
    StopReason stop;  // None, or how it stops the wave (replayed at its issue)
  };

  bool empty() const { return count_ == 0; }
  bool full() const { return count_ == kMax || branches_ == kMaxBranches; }
  // The dword index of the first queued instruction.
  uint32_t frontIndex() const { return front_; }
  // Whether the first queued instruction stops the wave (its StopReason is not None).
  bool frontStops() const { return count_ == 1 && stop_ != StopReason::None; }
  // Queues the next instruction executed ahead: at `index` if the queue is empty, else where the
  // last one leads (the caller checks that with nextIndex). `branch`: it is a branch instruction
  // (Kind::Branch); one that is not and jumped must be the run's last.
  void push(uint32_t index, bool branched, StopReason stop, bool branch) {
    if (count_ == 0) front_ = index;
    ++count_;
    if (branch) branched_ |= uint64_t(branched) << branches_++;
    lastBranched_ = branched;
    stop_ = stop;
  }
  // The index of the instruction after one at `index` of `dwords` dwords that jumped by
  // `branchDelta` dwords (if `branched`).
  static uint32_t nextIndex(uint32_t index, uint32_t dwords, int32_t branchDelta, bool branched) {
    return branched ? uint32_t(int64_t(index) + branchDelta) : index + dwords;
  }
  // Takes the first entry; `dwords`, `branchDelta` and `branch` are its instruction's.
  Entry pop(uint32_t dwords, int32_t branchDelta, bool branch) {
    bool branched = count_ == 1 && lastBranched_;
    if (branch) {
      branched = branched_ & 1;
      branched_ >>= 1;
      --branches_;
    }
    const Entry e{front_, branched, count_ == 1 ? stop_ : StopReason::None};
    if (--count_) front_ = nextIndex(front_, dwords, branchDelta, e.branched);
    return e;
  }

 private:
  uint32_t front_ = 0;
  uint8_t count_ = 0, branches_ = 0;
  StopReason stop_ = StopReason::None;  // of the last entry
  bool lastBranched_ = false;
  uint64_t branched_ = 0;  // a bit per queued branch instruction, the first one's lowest
};
static_assert(sizeof(AheadQueue) == 16, "AheadQueue: 16 bytes");
// The LDS instructions among a wave's queued ones, oldest first: what their
// issue needs besides the record (the bank model's passes, computed from the
// accesses when they ran ahead) and the register writes their return still
// carries (null: none, or applied already at an s_waitcnt run ahead that
// covered it; see run_ahead.hpp's "LDS instructions").
struct AheadLds {
  PendingWrites* pw = nullptr;
  memory::LdsBankModel::Passes passes;
};
struct AheadLdsQueue {
  static constexpr uint32_t kMax = 16;  // LDS instructions executed ahead at most
  bool empty() const { return count == 0; }
  bool full() const { return count == kMax; }
  uint32_t size() const { return count; }
  void push(const AheadLds& e) { slots[(head + count++) % kMax] = e; }
  AheadLds& at(uint32_t i) { return slots[(head + i) % kMax]; }  // i-th oldest
  AheadLds pop() {
    const AheadLds e = slots[head];
    head = uint8_t((head + 1) % kMax);
    --count;
    return e;
  }

 private:
  std::array<AheadLds, kMax> slots{};
  uint8_t head = 0, count = 0;
};
// The code a queue can index: 2^32 dwords.
inline constexpr uint64_t kAheadMaxCodeBytes = uint64_t{4} << 32;

}  // namespace gcnsim::sim::timing
