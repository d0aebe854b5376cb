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
// Two lists of deferred requests: the groups may record an epoch's requests
// in one while the other -- the previous epoch's -- is being answered (the
// lagged answers of GpuTiming::boundary). The pipes record in
// recordingList(); GpuTiming answers a list by its index; switchList()
// records in the other from then on (it must be empty). A request of one
// list may return behind (VM order) or hit under a miss of the other, which
// is then answered first; foldOtherList folds the first into the request
// once that answer is known. lowestReturn(list): no return of the list is
// earlier (its answers can wait until then).
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
  uint64_t lastVmDone = 0;  // VM_CNT returns in order (except FLAT to LDS)
  // The deferred request that holds the last VM return (MemoryPipes::refOf), or 0.
  uint32_t lastVmPending = 0;
  uint64_t lastDsDone = 0;  // DS instructions return in order, LDS and GDS alike (GcnInstrsDs.md)
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
  uint64_t l1Writes = 0;  // stores' and atomics' lines (no L1 lookup: VectorL1Timing::writes)
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
  MemoryPipes(const MemoryPipes&) = delete;  // (the two lists point at each other)
  MemoryPipes& operator=(const MemoryPipes&) = delete;

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

  // The deferred requests of list `l` (0 or 1), in issue order.
  uint32_t recordingList() const { return cur_; }
  size_t deferredCount(uint32_t l) const { return lists_[l].deferred.size(); }
  size_t deferredCount() const { return deferredCount(0) + deferredCount(1); }
  uint64_t deferredCycle(uint32_t l, size_t i) const { return lists_[l].deferred[i].cycle; }
  uint64_t lowestReturn(uint32_t l) const { return lists_[l].lowestReturn; }
  // Folds the answers of the other list (known by now) into list l's requests that return behind one of it.
  void foldOtherList(uint32_t l);
  // Answers deferred request i of list l: the cycle of its return (deferredDone(l, i) from then on).
  uint64_t resolve(uint32_t l, size_t i);
  uint64_t deferredDone(uint32_t l, size_t i) const { return lists_[l].deferred[i].done; }
  // Of the answered requests of both lists (~0: none).
  uint64_t earliestDone() const { return std::min(lists_[0].earliestDone, lists_[1].earliestDone); }
  // Sets list l's cache lines and its waves' VM order from its answers, and empties it.
  void clearDeferred(uint32_t l);
  void switchList();

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
    uint32_t firstStep = 0, steps = 0;
    uint64_t known = 0;             // the completion as far as it is known without the L2
    uint64_t lowest = 0;            // no earlier than this, whatever the L2 answers
    uint32_t after = 0;             // the request it returns behind (VM order; refOf), or 0
    WaveMemOrder* order = nullptr;  // set if it holds the wave's last VM return
    uint64_t done = 0;              // once resolved
  };
  struct List {
    memory::L2Steps steps;
    std::vector<Deferred> deferred;
    std::vector<uint32_t> behindOther;  // its requests whose `after` is in the other list
    uint64_t earliestDone = ~uint64_t(0);
    uint64_t lowestReturn = ~uint64_t(0);
    void clear();
  };
  // A deferred request as a WaveMemOrder or Deferred refers to it: the list in the top bit, 1 + its index.
  static uint32_t refOf(uint32_t list, size_t i) { return list << 31 | uint32_t(i + 1); }
  static uint32_t listOf(uint32_t ref) { return ref >> 31; }
  static size_t indexOf(uint32_t ref) { return (ref & ~(1u << 31)) - 1; }
  const Deferred& deferredOf(uint32_t ref) const { return lists_[listOf(ref)].deferred[indexOf(ref)]; }
  // The earliest return the L2 can give step `s` of list `l` (a bound: see lowestReturn).
  uint64_t lowestStepReturn(const List& l, const memory::L2Step& s) const;
  void build(uint32_t firstCu, uint32_t cuCount);
  // Finishes request `r` of the instruction being issued: answers its L2
  // steps now, or defers them.
  void finishRequest(MemRequest& r, uint64_t now, bool vmOrdered, WaveMemOrder& order);

  const GpuConfig& cfg_;
  std::unique_ptr<memory::L2Timing> ownL2_;
  memory::L2Timing* l2_ = nullptr;
  uint32_t firstCu_ = 0;
  bool deferL2_ = false;
  // The epochs' deferred requests and their L2 steps (or, without deferL2, the instruction's steps).
  List lists_[2];
  uint32_t cur_ = 0;        // the list recorded in
  size_t requestStep_ = 0;  // where the instruction being issued starts in the recorded list's steps
  memory::L2Steps& steps() { return lists_[cur_].steps; }
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
