// The memory side of the timing model: every memory pipe a wave's
// instruction can enter, and when its return (the wait-counter decrement and
// any register writes) happens. Holds no data: addresses come from the
// access log the semantic function filled (Exec::recordAccess) -- the timing
// model never computes an address itself.
//
// Owns: the K$es (one per kcache.cus_per_cache CUs), per CU the LDS pipe and
// the vector L1, the GPU's GDS pipe and L2 (+ DRAM), the LDS bank model.
//
// Contract of issue(cu, op, inst, log, now, order) -> MemRequest:
//  SMEM/SMRD -> the K$ port and tags (out of order, LGKM_CNT +op.lgkm:
//               seeds/000, seeds/003); consecutive log entries are merged
//               into one access
//  s_memtime, s_dcache_inv, s_dcache_wb -> K$ hit latency (inv: drops every
//               line first)
//  DS (LDS)  -> the CU's LDS pipe with bank conflicts (LGKM_CNT +1: seed 004)
//  DS (GDS)  -> the GPU's GDS pipe (LGKM_CNT +1)
//               A wave's DS instructions return in order, LDS and GDS alike
//               ("every DS instruction returns data in order", GcnInstrsDs.md).
//  VMEM      -> coalescer, vector L1, L2, DRAM (in order on VM_CNT);
//               buffer_wbinvl1*: invalidates the L1, L1 hit latency
//  FLAT      -> VM_CNT +1 and LGKM_CNT +1 (AMD GCN3/Vega ISA, FLAT: a flat
//               instruction may reach LDS or memory, so it counts on both and
//               only a count of 0 is sure to cover it; GcnInstrsFlat.md).
//               Accesses in the LDS aperture go through the LDS pipe (one
//               cycle a pass) and return out of VM order; global ones
//               return in VM order.
//  s_sendmsg -> LGKM_CNT +1 for issue.msg_latency cycles
//  export    -> EXP_CNT +1 for issue.salu_cycles
//  any other kind -> MemRequest::kind None: no return event, nothing changes.
//
// The per-wave in-order rules are this component's (DS in order; VM in
// order except FLAT-to-LDS); their state, WaveMemOrder, lives with the
// wave and is passed in. Counting the amounts on the wave's counters and
// scheduling the return are the caller's (CuGroup::schedule, or
// CuGroup::resolveDeferred for a deferred request).
//
// Deferred L2 (the epoch model, gpu_timing.hpp): pipes built for a group of
// CUs with deferL2 do every lookup at issue but leave the L2's answers
// (memory/l2_steps.hpp) for the end of the epoch: a request that needs one
// comes back with `deferred` set and `done` only a lower bound; resolve(i)
// answers the i-th such request of the epoch (call it for every group's
// requests merged in (cycle, CU) order), clearDeferred() -- on the group's
// own thread -- finishes them (the group's cache lines, its waves' VM order)
// and starts the next epoch. A request behind a deferred one in VM order is
// deferred too.
//
// Deterministic, and no allocation per instruction once the scratch vectors
// are warm.
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "memory/kcache_timing.hpp"
#include "memory/l2_timing.hpp"
#include "memory/lds_timing.hpp"
#include "memory/vector_l1_timing.hpp"
#include "sim/exec_context.hpp"
#include "sim/timing/timing_engine.hpp"

namespace gcnsim::sim::timing {

// What an operation adds to the wave's counters at issue and takes off at its return.
struct CounterAmounts {
  uint8_t vm = 0, lgkm = 0, exp = 0;
};

// A wave's memory-ordering state: when its latest VM_CNT and DS returns are.
struct WaveMemOrder {
  uint64_t lastVmDone = 0;     // VM_CNT returns in order (except FLAT to LDS)
  uint32_t lastVmPending = 0;  // 1 + the deferred request that holds the last VM return, or 0
  uint64_t lastDsDone = 0;     // DS instructions return in order, LDS and GDS alike (GcnInstrsDs.md)
};

struct MemRequest {
  uint64_t done = 0;  // the cycle of the return
  CounterAmounts amounts;
  trace::MemKind kind = trace::MemKind::None;  // None: not a memory operation
  trace::MemOp op = trace::MemOp::Other;
  uint32_t conflicts = 0;       // extra LDS passes bank conflicts caused
  uint32_t conflictCycles = 0;  // the LDS pipe cycles they cost (for traces and profiles)
  bool deferred = false;        // the L2 answers at the end of the epoch (resolve); `done` is a lower bound
};

// Cache statistics at one moment (a trace's per-request hits and misses).
struct MemSnapshot {
  memory::CacheStats k, l1, l2;
};

class MemoryPipes {
 public:
  // `cfg` must outlive the pipes. All CUs, with an L2 of their own that
  // answers at once.
  explicit MemoryPipes(const GpuConfig& cfg);
  // CUs [firstCu, firstCu + cuCount) -- whole K$ groups -- in front of the
  // shared `l2` (which must outlive the pipes); see "Deferred L2" above.
  MemoryPipes(const GpuConfig& cfg, memory::L2Timing& l2, uint32_t firstCu, uint32_t cuCount, bool deferL2);
  ~MemoryPipes();

  // The instruction `inst` (timing class `op`) of a wave on CU `cu` issues
  // at `now`, having made the accesses in `log`.
  MemRequest issue(uint32_t cu, const OpTiming& op, const isa::DecodedInst& inst, const AccessLog& log,
                   uint64_t now, WaveMemOrder& order);

  // An LDS instruction in two steps (an instruction executed ahead of its
  // issue, run_ahead.hpp): the bank model's passes of the accesses in `log`
  // when it executes, then its issue at `now` with them -- the same request
  // as issue() with that log.
  memory::LdsBankModel::Passes ldsPasses(const AccessLog& log);
  MemRequest issueLds(uint32_t cu, const OpTiming& op, const isa::DecodedInst& inst,
                      memory::LdsBankModel::Passes passes, uint64_t now, WaveMemOrder& order);

  // The deferred requests of this epoch, in issue order.
  size_t deferredCount() const { return deferred_.size(); }
  uint64_t deferredCycle(size_t i) const { return deferred_[i].cycle; }
  uint32_t deferredCu(size_t i) const { return deferred_[i].cu; }
  // Answers deferred request i: the cycle of its return (deferredDone(i) from then on).
  uint64_t resolve(size_t i);
  uint64_t deferredDone(size_t i) const { return deferred_[i].done; }
  uint64_t earliestDone() const { return earliestDone_; }  // of the answered requests (~0: none)
  void clearDeferred();

  MemSnapshot snapshot(uint32_t cu) const;
  // Adds the pipes' counters to `stats` (cache hits and misses, K$ port
  // waits, LDS conflicts, L1 requests, VMEM lane bytes; the L2's and DRAM's
  // only if the pipes own their L2).
  void collect(TimingStats& stats) const;

 private:
  struct Cu {
    memory::KcacheTiming* kcache = nullptr;
    std::unique_ptr<memory::LdsPipe> lds;
    std::unique_ptr<memory::VectorL1Timing> l1;
  };
  // Splits the access log into LDS accesses (lds_) and global ones (vmAddr_,
  // vmBytes_): the log's arrays in place when it holds one space only (every
  // DS instruction, nearly every VMEM one), else copies (FLAT reaching both).
  void gatherAccesses(const AccessLog& log);
  uint64_t smemDone(Cu& cu, bool store, const AccessLog& log, uint64_t now);
  uint64_t ldsDone(Cu& cu, uint32_t pipeCycles, uint64_t now);
  uint64_t ldsPipeDone(Cu& cu, uint32_t pipeCycles, uint64_t now);
  memory::LdsBankModel::Passes bankPasses();
  static void finishDs(MemRequest& r, const isa::DecodedInst& inst, WaveMemOrder& order);
  uint64_t vmemDone(Cu& cu, Kind kind, bool glc, uint64_t now);

  // A request whose L2 steps wait for the end of the epoch.
  struct Deferred {
    uint64_t cycle = 0;
    uint32_t cu = 0;
    uint32_t firstStep = 0, steps = 0;
    uint64_t known = 0;             // the completion as far as it is known without the L2
    uint32_t after = 0;             // 1 + the request it returns behind (VM order), or 0
    WaveMemOrder* order = nullptr;  // set if it holds the wave's last VM return
    uint64_t done = 0;              // once resolved
  };
  void build(uint32_t firstCu, uint32_t cuCount);
  // Finishes request `r` of the instruction being issued: answers its L2
  // steps now, or defers them.
  void finishRequest(MemRequest& r, uint32_t cu, uint64_t now, bool vmOrdered, WaveMemOrder& order);

  const GpuConfig& cfg_;
  std::unique_ptr<memory::L2Timing> ownL2_;
  memory::L2Timing* l2_ = nullptr;
  uint32_t firstCu_ = 0;
  bool deferL2_ = false;
  memory::L2Steps steps_;   // the epoch's (deferred) or the instruction's L2 steps
  size_t requestStep_ = 0;  // where the instruction being issued starts in steps_
  std::vector<Deferred> deferred_;
  uint64_t earliestDone_ = ~uint64_t(0);
  std::vector<std::unique_ptr<memory::KcacheTiming>> kcaches_;
  std::unique_ptr<memory::LdsPipe> gds_;
  std::unique_ptr<memory::LdsBankModel> bank_;
  std::vector<Cu> cus_;  // CU firstCu_ + i
  uint64_t ldsConflictPasses_ = 0, ldsConflictCycles_ = 0, vmemLaneBytes_ = 0;
  uint32_t ldsExtraCycles_ = 0;  // conflict cycles of the current request
  // The instruction being issued: its accesses for the bank and coalescing
  // models, its bank-conflict passes, its coalesced lines.
  memory::LdsAccesses lds_;
  memory::LdsRows ldsRows_;  // or the rows of a DS instruction's log (rows[0] null: lds_)
  memory::LdsBankModel::Passes ldsPasses_;
  std::vector<memory::AddressRun> vmRuns_;  // or the runs of the log's global accesses (AccessLog::run)
  std::span<const uint64_t> vmAddr_;
  std::span<const uint32_t> vmBytes_;
  std::vector<uint64_t> lines_;
  // gatherAccesses' copies of a log that holds both spaces.
  std::vector<uint64_t> ldsAddr_, splitVmAddr_;
  std::vector<uint32_t> ldsBytes_, splitVmBytes_;
  std::vector<uint8_t> ldsLane_;
};

}  // namespace gcnsim::sim::timing
