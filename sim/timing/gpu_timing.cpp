// The epoch loop of the timing model (gpu_timing.hpp): CU groups, the
// dispatcher, the shared L2, and the threads that run the groups.
#include "sim/timing/gpu_timing.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "memory/global_memory.hpp"
#include "sim/order_dependence.hpp"
#include "sim/timing/epoch_barrier.hpp"
#include "sim/timing/epoch_tasks.hpp"
#include "sim/timing/warm_caches.hpp"

namespace gcnsim::sim::timing {

uint64_t epochCycles(const GpuConfig& cfg) {
  const uint64_t cache = std::min(cfg.kcache.hitLatency, cfg.l1.cache.hitLatency);
  return std::max<uint64_t>(1, cache + cfg.memory.l2.hitLatency);
}

GpuTiming::GpuTiming(const GpuConfig& cfg, CodeCache& code, ExecEnv& env, const TimingOptions& opt,
                     TimingStats& stats, bool splitGroups)
    : cfg_(cfg),
      opt_(opt),
      stats_(stats),
      l2_(cfg.memory),
      code_(cfg.issue, code),
      dispatcher_(cfg_),
      epoch_(epochCycles(cfg)) {
  const uint32_t per = splitGroups ? cfg.kcache.cusPerCache : cfg.cus;
  groupOfCu_.resize(cfg.cus);
  for (uint32_t first = 0; first < cfg.cus; first += per) {
    const uint32_t n = std::min(per, cfg.cus - first);
    // One group uses the caller's ExecEnv (its clock, e.g. for the checker, is the run's); groups their own.
    ExecEnv* e = &env;
    if (splitGroups) {
      envs_.push_back(std::make_unique<ExecEnv>(env));
      e = envs_.back().get();
    }
    for (uint32_t i = 0; i < n; ++i) groupOfCu_[first + i] = uint32_t(groups_.size());
    groups_.push_back(std::make_unique<CuGroup>(cfg_, code_, *e, opt, l2_, first, n, splitGroups));
  }
  if (opt.warm && !opt.warm->empty()) l2_.tags = *opt.warm->l2;  // K$es and L1s start empty (warm_caches.hpp)
}

GpuTiming::~GpuTiming() = default;

// For watchdog and deadlock messages: the oldest resident wave that has not
// ended, described like a fault (wave, workgroup, PC, instruction); else the
// oldest that ended and waits for its memory operations (it had said "no
// resident wave").
std::string GpuTiming::oldestWave() const {
  for (const bool ended : {false, true}) {
    const WaveCtx* oldest = nullptr;
    const CuGroup* in = nullptr;
    for (const auto& g : groups_)
      if (const WaveCtx* c = g->oldestWave(ended); c && (!oldest || c->age < oldest->age))
        oldest = c, in = g.get();
    if (oldest) return in->describe(*oldest);
  }
  return "no resident wave";
}

// Every group's deferred L2 requests, answered in (cycle, CU) order: each
// group's list is in that order already (its loop goes cycle by cycle, CU by
// CU), and the groups hold ascending ranges of CUs, so taking cycle after
// cycle, and within a cycle group after group, gives the order one group of
// every CU would have answered them in. Only the answers are computed here,
// on one thread; each group schedules its returns on its own thread before
// its next epoch (CuGroup::scheduleDeferred).
//
// The requests lie within one epoch's cycles, so the order is a counting
// sort by cycle (stable: group after group, request after request) -- a few
// host instructions per request, where a merge would look at every group
// for each cycle.
void GpuTiming::resolveDeferred(uint32_t l) {
  uint64_t first = kNever, last = 0;
  size_t total = 0;
  for (const auto& g : groups_)
    if (const size_t n = g->deferredCount(l)) {
      first = std::min(first, g->deferredCycle(l, 0));
      last = std::max(last, g->deferredCycle(l, n - 1));
      total += n;
    }
  if (total == 0) return;
  startOf_.assign(size_t(last - first) + 2, 0);  // startOf_[c - first + 1]: requests at cycles before c
  for (const auto& g : groups_)
    for (size_t i = 0, n = g->deferredCount(l); i < n; ++i)
      ++startOf_[size_t(g->deferredCycle(l, i) - first) + 1];
  for (size_t c = 1; c < startOf_.size(); ++c) startOf_[c] += startOf_[c - 1];
  order_.resize(total);
  for (auto& g : groups_)
    for (size_t i = 0, n = g->deferredCount(l); i < n; ++i)
      order_[startOf_[size_t(g->deferredCycle(l, i) - first)]++] = {g.get(), i};
  for (const Deferred& r : order_) r.group->resolveDeferred(l, r.index);
}

// The epoch just run recorded list l, and the next one starts right after it
// at from_: its answers may wait until the next epoch's end if no return can
// come sooner (each group's lowestDeferredReturn) and the next epoch is the
// one right after (a group has work at from_: an epoch skipped ahead would
// need the answers to know how far). The groups' work is known without
// them: none of them is earlier than from_ + epoch_.
bool GpuTiming::mayLag(uint32_t l) const {
  bool any = false, workNow = false;
  for (const auto& g : groups_) {
    if (g->deferredCount(l) == 0) continue;
    any = true;
    if (g->lowestDeferredReturn(l) < from_ + epoch_) return false;
  }
  if (!any) return false;
  for (const auto& g : groups_)
    if (g->nextWorkAtBoundary(from_) <= from_ || g->earliestDeferredReturn() <= from_) workNow = true;
  return workNow;
}

// Placement for the epoch [from_, from_ + epoch_): the dispatcher's rule
// cycle by cycle (dispatcher.hpp), with the resources as they are at the
// boundary; each workgroup arrives at the cycle it was placed in.
void GpuTiming::place() {
  if (!dispatcher_.mayPlace()) return;
  const bool was = dispatcher_.residentWorkgroups() > 0;
  // (Nothing arrives at or after the cycle limit: the run stops before it.)
  const uint64_t end = std::min(from_ + epoch_, opt_.limits.maxCycles);
  for (uint64_t c = from_; c < end && dispatcher_.mayPlace(); ++c)
    dispatcher_.placeWorkgroups([this, c](const Placement& p) {
      groups_[groupOfCu_[p.cu]]->admit(p, c, src_, nextAge_, nextWaveId_);
    });
  if (!was && dispatcher_.residentWorkgroups() == 0 && dispatcher_.pending())
    status_ = {RunStatus::Refused, dispatcher_.doesNotFitMessage()};
}

bool GpuTiming::boundary() {
  const bool first = to_ == 0;
  for (auto& g : groups_)
    g->takeRetired(
        [this](uint32_t cu, uint32_t simd, uint32_t slot) { dispatcher_.retireWave(cu, simd, slot); },
        [this](uint32_t cu, uint32_t lds) { dispatcher_.retireWorkgroup(cu, lds); });
  // The list the epoch recorded: answered now (every list is by the time the
  // run stops), or during the next epoch (mayLag). (Nothing deferred with one group of every CU.)
  const uint32_t list = recording_;
  if (lagging_)  // the other list was answered during the epoch: requests behind one of it take its answer
    for (auto& g : groups_) g->foldOtherList(list);
  lagging_ = false;
  bool answered = false;
  const auto answer = [&] {
    if (!answered) resolveDeferred(list);
    answered = true;
  };
  const uint64_t last = first ? 0 : to_ - 1;  // the last cycle simulated
  const GroupFault* fault = nullptr;
  for (const auto& g : groups_) {
    const GroupFault& f = g->fault();
    if (f.cycle != kNever &&
        (!fault || f.cycle < fault->cycle || (f.cycle == fault->cycle && f.cu < fault->cu)))
      fault = &f;
  }
  if (fault) {
    answer();
    status_ = {RunStatus::Fault, fault->message};
    endCycle_ = last;
    return false;
  }
  const bool idle = std::all_of(groups_.begin(), groups_.end(), [](const auto& g) { return g->idle(); });
  if (dispatcher_.done() && idle) {
    for (const auto& g : groups_) endCycle_ = std::max(endCycle_, g->lastRetire());
    return false;
  }
  if (!first) {
    uint64_t instructions = 0, workgroups = 0;
    for (const auto& g : groups_) instructions += g->instructions(), workgroups += g->workgroupsDone();
    if (opt_.control && opt_.control->publish(instructions, last, workgroups)) {
      answer();
      status_ = {RunStatus::Interrupted, oldestWave() + ": interrupted at cycle " + std::to_string(last)};
      endCycle_ = last;
      return false;
    }
    if (instructions > opt_.limits.maxInstructions) {
      answer();
      status_ = {
          RunStatus::Watchdog,
          oldestWave() + ": instruction limit reached (--max-instructions) at cycle " + std::to_string(last)};
      endCycle_ = last;
      return false;
    }
  }
  // The epochs ran cycles [0, to_): at the limit N the run stops, having run cycles 0 to N - 1 (it had run
  // cycle N too, issuing and dispatching there). (With N = 0 nothing runs.)
  if (to_ >= opt_.limits.maxCycles) {
    answer();
    status_ = {RunStatus::Watchdog, oldestWave() + ": cycle limit reached (--max-cycles " +
                                        std::to_string(opt_.limits.maxCycles) + ")"};
    endCycle_ = opt_.limits.maxCycles;
    return false;
  }
  from_ = to_;
  place();
  if (!status_.ok()) {
    answer();
    return false;
  }
  if (mayLag(list)) {
    lagging_ = true;
    laggedList_ = list;
    recording_ ^= 1;  // (each group switches in scheduleDeferred)
  } else {
    answer();
  }
  return planNextEpoch();
}

bool GpuTiming::planNextEpoch() {
  uint64_t next = kNever;
  groupNext_.resize(groups_.size());
  for (size_t g = 0; g < groups_.size(); ++g) {
    groupNext_[g] = std::min(groups_[g]->nextWorkAtBoundary(from_),
                             std::max(from_, groups_[g]->earliestDeferredReturn()));
    next = std::min(next, groupNext_[g]);
  }
  if (next == kNever) {
    status_ = {RunStatus::Fault, oldestWave() +
                                     ": timing model: no wave can make progress (deadlock at cycle " +
                                     std::to_string(from_) + ")"};
    endCycle_ = from_;
    return false;
  }
  from_ = std::max(from_, next);
  // The epochs stop at the cycle limit N (the boundary then ends the run): nothing runs at or after it.
  // With nothing to do until past it, the run waits up to it -- an idle last cycle N - 1 -- instead of
  // skipping ahead and issuing past it (--max-cycles 96000 had ended at 96008 with instructions issued at
  // 96008). (from_ < N here: the boundary stops the run at to_ >= N.)
  const uint64_t limit = opt_.limits.maxCycles;
  from_ = std::min(from_, limit - 1);
  to_ = std::min(from_ + epoch_, limit);
  busyGroups_ =
      uint32_t(std::count_if(groupNext_.begin(), groupNext_.end(), [&](uint64_t t) { return t < to_; }));
  return true;
}

void GpuTiming::runEpochHere() {
  runLaggedAnswers();
  for (auto& g : groups_) {
    g->scheduleDeferred(lagging_);
    g->runEpoch(from_, to_);
  }
}

// The groups of an epoch run on `threads` threads (this one included); the
// boundary runs on one of them while the others wait (std::barrier's
// completion step). Groups are independent within an epoch, so which thread
// runs which group changes nothing.
//  - Thread t first takes groups t, t + threads, ... (in the next epoch it
//    finds its groups' waves in its core's caches), those that workgroups
//    arrive in first, then helps with the others' lists from their ends
//    (epoch_tasks.hpp): the CUs' work differs from epoch to epoch, and a
//    fixed split left one thread idle (saxpy, 6400 workgroups: 1.63x of 2
//    threads' CPU time on the critical path instead of 1.76x).
//  - An epoch in which at most one group has anything to do runs right in the
//    boundary step, on one thread: waking the others would buy nothing.
void GpuTiming::runThreads(unsigned threads) {
  if (threads <= 1) {
    while (boundary()) runEpochHere();
    return;
  }
  bool over = false;
  std::exception_ptr error;
  std::mutex errorLock;
  EpochTasks tasks(threads);
  std::vector<uint32_t> costs;
  auto onBoundary = [&]() noexcept {
    try {
      while (!over && !error) {
        over = !boundary();
        if (over || busyGroups_ > 1) break;
        runEpochHere();
      }
    } catch (...) {
      error = std::current_exception();
    }
    if (error) over = true;
    if (!over) {
      // Task groups_.size(): the lagged answers, first in its thread's list (they are one serial piece).
      costs.resize(groups_.size() + (lagging_ ? 1 : 0));
      for (size_t g = 0; g < groups_.size(); ++g) costs[g] = groups_[g]->arrivingWaves();
      if (lagging_) costs.back() = ~0u;
      tasks.plan(costs);  // (the barrier orders it before the epoch)
    }
  };
  EpochBarrier sync(threads);
  auto worker = [&](unsigned t) {
    for (;;) {
      sync.arriveAndWait(onBoundary);
      if (over) return;
      while (const std::optional<uint32_t> g = tasks.take(t)) {
        try {
          if (*g == groups_.size()) {
            runLaggedAnswers();
          } else {
            groups_[*g]->scheduleDeferred(lagging_);
            groups_[*g]->runEpoch(from_, to_);
          }
        } catch (...) {
          std::lock_guard lock(errorLock);
          if (!error) error = std::current_exception();
        }
      }
    }
  };
  std::vector<std::jthread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(worker, i);
  worker(0);
  pool.clear();
  if (error) std::rethrow_exception(error);
}

RunStatus GpuTiming::run(WorkgroupSource src, unsigned threads) {
  src_ = std::move(src);
  if (const std::string e = dispatcher_.start(src_); !e.empty()) return {RunStatus::Refused, e};
  threads_ = std::min<unsigned>(std::max(threads, 1u), unsigned(groups_.size()));
  runThreads(threads_);
  stats_.cycles = endCycle_;
  for (auto& g : groups_) g->finish(endCycle_, stats_);
  stats_.l2 = l2_.tags.stats;
  stats_.dramReads = l2_.dram.reads;
  if (opt_.warm) opt_.warm->l2 = WarmCaches::carried(l2_.tags);
  return status_;
}

bool runAheadByDefault() {
  static const bool on = [] {
    const char* e = std::getenv("GCNSIM_RUN_AHEAD");
    return !(e && std::string_view(e) == "0");
  }();
  return on;
}

uint32_t timingScratchSlots(const GpuConfig& cfg) { return cfg.cus * cfg.cu.simds * cfg.cu.waveSlotsPerSimd; }

RunStatus runTiming(const DispatchSpec& d, ExecEnv& env, const GpuConfig& cfg, const TimingOptions& opt,
                    TimingStats& stats) {
  if (const std::string e = cfg.validate(); !e.empty()) return {RunStatus::Fault, "config: " + e};
  CodeCache code(d.gen, *env.global, d.codeBase, d.codeSize);
  setDispatch(code, d);
  stats = TimingStats{};
  // One group of every CU when groups could differ from it (a trace sees
  // every cycle of every CU in order; the checker is not shared between
  // threads; the order of a kernel's workgroups could change its results); else a group per K$, on any number
  // of threads
  // -- also on one, where a group's waves stay in the host's caches for an
  // epoch instead of every CU's waves being visited every cycle.
  std::string oneGroupReason;
  if (opt.sink || opt.onIssue) {
    oneGroupReason = "a traced run";
  } else if (env.observer) {
    oneGroupReason = "a checked run (--check)";  // the checker follows one instruction at a time
  } else {
    if (const std::string why = orderDependence(d, *env.global); !why.empty())
      oneGroupReason = "the kernel's results could depend on the order of its workgroups: " + why;
  }
  const bool split = oneGroupReason.empty();
  GpuTiming gpu(cfg, code, env, opt, stats, split);
  std::array<uint32_t, 3> count{};
  for (int i = 0; i < 3; ++i) count[i] = (d.grid[i] + d.workgroup[i] - 1) / d.workgroup[i];
  auto idOf = [count](uint32_t index) {
    return std::array<uint32_t, 3>{index % count[0], index / count[0] % count[1],
                                   index / (count[0] * count[1])};
  };
  auto wavesIn = [&d, idOf](uint32_t index) {
    const auto id = idOf(index);
    uint64_t items = 1;
    for (int i = 0; i < 3; ++i) {
      const uint64_t start = uint64_t(id[i]) * d.workgroup[i];
      items *= std::min<uint64_t>(d.workgroup[i], d.grid[i] - start);
    }
    return uint32_t((items + kWaveSize - 1) / kWaveSize);
  };
  WorkgroupSource src;
  src.count = count[0] * count[1] * count[2];
  src.ldsBytes = d.ldsBytes;
  src.vgprsPerWave = d.vgprs;
  src.sgprsPerWave = opt.sgprsPerWave;
  src.wavesIn = wavesIn;
  src.build = [&d, idOf](uint32_t index, uint32_t firstWaveId, std::span<const uint32_t> slots,
                         std::span<WaveState* const> out) {
    const auto id = idOf(index);
    for (uint32_t i = 0; i < out.size(); ++i) {
      initWave(*out[i], d, id, i, slots[i]);
      out[i]->waveId = firstWaveId + i;
      out[i]->workgroupIndex = index;
    }
  };
  const unsigned threads = split ? opt.threads : 1;
  const RunStatus status = gpu.run(std::move(src), threads);
  stats.threads = split ? std::min<uint32_t>(threads, uint32_t((cfg.cus + cfg.kcache.cusPerCache - 1) /
                                                               cfg.kcache.cusPerCache))
                        : 1;
  stats.singleThreadReason = oneGroupReason;  // (a sentence; empty when the groups could differ)
  return status;
}

RunStatus runWorkgroupTiming(CodeCache& code, ExecEnv& env, const GpuConfig& cfg,
                             std::vector<WaveState>& waves, const TimingOptions& opt, TimingStats& stats,
                             const std::vector<uint32_t>& simdOf) {
  if (const std::string e = cfg.validate(); !e.empty()) return {RunStatus::Fault, "config: " + e};
  stats = TimingStats{};
  GpuTiming gpu(cfg, code, env, opt, stats, false);
  WorkgroupSource src;
  src.count = 1;
  src.ldsBytes = env.ldsBytes;
  src.vgprsPerWave = waves.empty() ? 0 : waves[0].numVgprs;
  src.sgprsPerWave = opt.sgprsPerWave;
  src.simdOf = simdOf;
  src.externalLds = env.lds;
  const uint32_t n = uint32_t(waves.size());
  src.wavesIn = [n](uint32_t) { return n; };
  src.build = [&waves](uint32_t, uint32_t, std::span<const uint32_t>, std::span<WaveState* const> out) {
    for (size_t i = 0; i < out.size(); ++i) *out[i] = waves[i];
  };
  // One workgroup: no other wave has taken the slots of its retired waves.
  src.onFinish = [&waves](WorkgroupCtx& wg) {
    for (size_t i = 0; i < waves.size(); ++i) waves[i] = *wg.ctx[i]->w;
  };
  return gpu.run(std::move(src), 1);
}

}  // namespace gcnsim::sim::timing
