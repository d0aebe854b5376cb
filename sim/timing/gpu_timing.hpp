// Internal: the whole GPU of the timing model -- its CU groups advanced in
// epochs, the dispatcher, the shared L2. Public entry points: timing_engine.hpp.
//
// The epoch model (issue 12, "Parallel simulation"). Time is cut into
// epochs of epochCycles(cfg) cycles. Within an epoch each CU group
// (cu_group.hpp: the CUs sharing a K$) runs on its own, on any thread. CUs
// interact only through
//  - the L2 and DRAM: with several groups every L2 request of the epoch is
//    answered at its end, in (cycle, CU) order across all groups -- the order
//    one group running every CU would answer them in at once. An answer is
//    never needed sooner: the shortest trip through the L2 (a K$ or L1 miss
//    that hits in L2: the cache's hitLatency + l2.hitLatency) is the epoch's
//    length (memory/l2_steps.hpp);
//  - the dispatcher: waves and workgroups that retired in an epoch give their
//    resources back at its end, and workgroups are placed there, arriving at
//    the epoch's cycles at the dispatcher's rate (workgroups_per_cycle), so a
//    freed slot is taken at the next epoch boundary rather than the next cycle;
//  - GDS/GWS, atomics' order and clock reads: a kernel whose results can
//    depend on the order of its workgroups (sim/order_dependence.hpp) runs as
//    one group of every CU, and so does a traced run. Every other run has a
//    group per K$, whatever the thread count.
//    Lagged answers: when no request of an epoch can return before the next
//    epoch's end (every L1 miss: the L1's 116 cycles + the L2's 80 > two
//    epochs of 96) and the next epoch follows at once, its answers are
//    computed during the next epoch -- as one more task beside the groups,
//    the groups recording in their other list meanwhile -- and scheduled
//    before the epoch after it. The answers are the same, in the same order;
//    only the serial boundary gets shorter. An epoch with a K$ miss (16 + 80
//    cycles), a hit under an earlier epoch's miss, or a stop is answered at
//    its boundary as before.
// One group of every CU and G groups give the same cycles and counters (the
// L2 sees the same requests in the same order; everything else is inside a
// group), so the thread count never changes a result: the determinism tests
// compare one group (a traced run) with groups on 1, 2 and 4 threads on
// every conformance job.
//
// A fault or a watchdog stop ends the run at the end of its epoch (other
// waves run on to it, the same with any thread count); the first fault in
// (cycle, CU) order is the one reported.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "memory/l2_timing.hpp"
#include "sim/timing/cu_group.hpp"

namespace gcnsim::sim::timing {

// The epoch length: the shortest trip of a request through the L2.
uint64_t epochCycles(const GpuConfig& cfg);

class GpuTiming {
 public:
  // `groups`: 1 (every CU in one group), or more: one group per K$.
  GpuTiming(const GpuConfig& cfg, CodeCache& code, ExecEnv& env, const TimingOptions& opt, TimingStats& stats,
            bool splitGroups);
  ~GpuTiming();
  // Runs the workgroups of `src` on `threads` threads (at most one per group).
  RunStatus run(WorkgroupSource src, unsigned threads);
  unsigned threads() const { return threads_; }  // the threads run() used

 private:
  // Between two epochs: retirements, the L2's answers, placement, the checks
  // that end the run, the next epoch's cycles. False: the run is over.
  bool boundary();
  // The L2's answers to every group's deferred requests of list l (cu_group.hpp), in (cycle, CU) order.
  void resolveDeferred(uint32_t l);
  // Whether list l (the epoch just run) may be answered during the next epoch, [from_, from_ + epoch_).
  bool mayLag(uint32_t l) const;
  // groupNext_, busyGroups_ and from_/to_ for the next epoch from the groups' work; false: a deadlock.
  bool planNextEpoch();
  void runLaggedAnswers() {
    if (lagging_) resolveDeferred(laggedList_);
  }
  void place();
  std::string oldestWave() const;
  void runThreads(unsigned threads);
  void runEpochHere();  // every group's epoch [from_, to_) on this thread

  const GpuConfig& cfg_;
  const TimingOptions& opt_;
  TimingStats& stats_;
  memory::L2Timing l2_;
  TimedCode code_;                              // every group's (timed_code.hpp)
  std::vector<std::unique_ptr<ExecEnv>> envs_;  // with groups: each group's copy of the caller's ExecEnv
  std::vector<std::unique_ptr<CuGroup>> groups_;
  std::vector<uint32_t> groupOfCu_;
  // resolveDeferred's scratch: the requests in answer order; per cycle of the epoch, where its requests go.
  struct Deferred {
    CuGroup* group;
    size_t index;
  };
  std::vector<Deferred> order_;
  std::vector<size_t> startOf_;
  Dispatcher dispatcher_;
  WorkgroupSource src_;
  const uint64_t epoch_;
  uint64_t from_ = 0, to_ = 0;       // the epoch about to run: cycles [from_, to_)
  std::vector<uint64_t> groupNext_;  // boundary's scratch: each group's first cycle with work
  uint32_t busyGroups_ = 0;          // groups with work in [from_, to_)
  uint32_t recording_ = 0;           // the list the groups record in (they switch together)
  bool lagging_ = false;             // list laggedList_ is answered during the epoch [from_, to_)
  uint32_t laggedList_ = 0;
  uint64_t nextAge_ = 0;
  uint32_t nextWaveId_ = 0;
  uint64_t endCycle_ = 0;
  unsigned threads_ = 1;
  RunStatus status_;
};

}  // namespace gcnsim::sim::timing
