// The parallel functional run (dispatch.hpp, runFunctional): workers take
// chunks of workgroups in index order from a shared counter, each with its
// own engine, code cache, ExecEnv copy, wave states, LDS and scratch slots
// (reused from workgroup to workgroup); outcomes are committed in index
// order, so the first fault or watchdog in index order is the one reported,
// whatever the thread count.
#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "isa/table.hpp"
#include "sim/code_cache.hpp"
#include "sim/dispatch_parallel.hpp"

namespace gcnsim::sim {
namespace {

// What every worker shares: the next workgroup to take, the first one whose
// outcome no longer matters, and the in-order commit of finished ones.
//
// Workers take workgroups a chunk at a time and commit a chunk's outcomes
// at once: one shared counter step and one lock a chunk, not a workgroup
// (with 2 threads each was a host cache line moving between the cores for
// every workgroup of a few microseconds).
class Commit {
 public:
  Commit(const DispatchSpec& d, uint64_t maxInstructions) : d_(d), max_(maxInstructions) {}

  // A workgroup's outcome: the wave-instructions it ran and how it ended.
  struct Outcome {
    uint64_t instructions;
    RunStatus status;
  };

  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> cancelFrom{UINT64_MAX};  // workgroups >= this one are not run (or given up)

  // Workgroup `index` failed: the ones after it need not run (the others stop at their next workgroup).
  void failed(uint64_t index) { lowerCancel(index + 1); }

  // Workgroups first, first + 1, ... finished with `outcomes` (emptied).
  void finish(uint64_t first, std::vector<Outcome>& outcomes) {
    std::lock_guard lock(m_);
    // The next ones in order are committed at once (with one thread, every chunk: no map node).
    if (first == committed_)
      commitChunk(outcomes);
    else
      pending_.emplace(first, std::move(outcomes));
    outcomes.clear();
    while (!result_ && !pending_.empty() && pending_.begin()->first == committed_) {
      std::vector<Outcome> chunk = std::move(pending_.begin()->second);
      pending_.erase(pending_.begin());
      commitChunk(chunk);
    }
  }

  RunStatus result() {
    std::lock_guard lock(m_);
    return result_.value_or(RunStatus{});
  }

 private:
  // The outcomes of workgroups committed_, committed_ + 1, ..., until one ends the run (the lock held).
  void commitChunk(std::vector<Outcome>& chunk) {
    for (Outcome& o : chunk) {
      if (result_) return;
      commitNext(std::move(o));
    }
  }
  // The outcome of workgroup committed_ (the lock held).
  void commitNext(Outcome o) {
    if (!o.status.ok()) {
      result_ = std::move(o.status);
    } else if ((instructions_ += o.instructions) > max_) {
      result_ = {RunStatus::Watchdog, totalLimitMessage()};
    }
    if (result_) lowerCancel(committed_ + 1);
    ++committed_;
  }

  void lowerCancel(uint64_t index) {
    uint64_t cur = cancelFrom.load();
    while (index < cur && !cancelFrom.compare_exchange_weak(cur, index)) {
    }
  }

  std::string totalLimitMessage() const {
    const auto c = workgroupCounts(d_);
    const uint64_t i = committed_;
    return "workgroup (" + std::to_string(i % c[0]) + "," + std::to_string(i / c[0] % c[1]) + "," +
           std::to_string(i / (uint64_t{c[0]} * c[1])) +
           "): instruction limit reached (--max-instructions): workgroups 0 to " + std::to_string(i) +
           " ran " + std::to_string(instructions_) + " wave-instructions";
  }

  const DispatchSpec& d_;
  const uint64_t max_;
  std::mutex m_;
  std::map<uint64_t, std::vector<Outcome>>
      pending_;                // finished chunks by first index, waiting for lower ones
  uint64_t committed_ = 0;     // every workgroup below it is committed
  uint64_t instructions_ = 0;  // of the committed workgroups
  std::optional<RunStatus> result_;
};

struct Worker {
  Worker(const DispatchSpec& d, const ExecEnv& shared, unsigned slot, RunControl* control)
      : code(d.gen, *shared.global, d.codeBase, d.codeSize),
        env(shared),
        engine(code, env),
        slot(slot),
        control(control) {
    setDispatch(code, d);
    opCounts.assign(isa::allOps().size(), 0);
    engine.countInstructionsInto(&opCounts);
    engine.controlledBy(control);
  }

  // Workgroups `chunk` at a time (the last chunk may be shorter), until none is left or they are cancelled.
  void run(const DispatchSpec& d, uint64_t maxInstructions, uint64_t total, uint64_t chunk, Commit& commit) {
    engine.cancelWorkgroupsFrom(&commit.cancelFrom);
    const uint32_t firstSlot = slot * wavesPerWorkgroup(d.workgroup);
    for (;;) {
      const uint64_t first = commit.next.fetch_add(chunk);
      const uint64_t end = std::min(first + chunk, total);
      for (uint64_t index = first; index < end && index < commit.cancelFrom.load(); ++index) {
        // The last workgroup's wave states and LDS, made fresh in place: nothing allocated per workgroup.
        reuseWorkgroupWaves(waves, d, static_cast<uint32_t>(index), firstSlot);
        reuseWorkgroupLds(lds, d);
        clearWorkgroupScratch(d, firstSlot, *env.global);
        env.lds = lds.get();
        env.ldsBytes = d.ldsBytes;
        uint64_t budget = maxInstructions;
        RunStatus st = engine.runWorkgroup(waves, budget);
        env.lds = nullptr;
        if (engine.cancelled()) break;
        const uint64_t done = maxInstructions - budget;
        stats.instructions += done;
        stats.waves += waves.size();
        const bool ok = st.ok();
        stats.workgroups += ok;  // finished ones, as the timing model counts
        outcomes.push_back({done, std::move(st)});
        if (!ok) {
          commit.failed(index);
          break;
        }
      }
      const size_t finished = outcomes.size();
      if (finished) commit.finish(first, outcomes);
      if (control && finished) control->add(control->workgroupsDone, finished);
      if (end >= total || end > commit.cancelFrom.load() || finished < end - first) return;
    }
  }

  CodeCache code;
  ExecEnv env;
  FunctionalEngine engine;
  unsigned slot;
  RunControl* control;
  std::vector<uint64_t> opCounts;
  DispatchStats stats;
  std::exception_ptr error;
  std::vector<WaveState> waves;           // the workgroup being run (reused: run())
  std::unique_ptr<memory::Lds> lds;       // its LDS (reused)
  std::vector<Commit::Outcome> outcomes;  // the chunk's, until committed
};

}  // namespace

RunStatus runParallel(const DispatchSpec& d, const ExecEnv& env, uint64_t maxInstructions, unsigned threads,
                      DispatchStats& stats, RunControl* control) {
  const auto c = workgroupCounts(d);
  const uint64_t total = uint64_t{c[0]} * c[1] * c[2];
  threads = static_cast<unsigned>(std::clamp<uint64_t>(total, 1, threads));
  Commit commit(d, maxInstructions);
  std::vector<std::unique_ptr<Worker>> workers;
  for (unsigned t = 0; t < threads; ++t) workers.push_back(std::make_unique<Worker>(d, env, t, control));
  // Chunks of up to 16 workgroups, at least 8 a thread (so that the last ones balance the threads).
  const uint64_t chunk = std::clamp<uint64_t>(total / (uint64_t{threads} * 8), 1, 16);
  auto body = [&](Worker& w) {
    try {
      w.run(d, maxInstructions, total, chunk, commit);
    } catch (...) {
      w.error = std::current_exception();
      commit.cancelFrom.store(0);  // stop the others; the exception is rethrown below
    }
  };
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(body, std::ref(*workers[t]));
    body(*workers[0]);
  }  // joins
  stats.threads = threads;
  stats.opCounts.assign(isa::allOps().size(), 0);
  for (const auto& w : workers) {
    if (w->error) std::rethrow_exception(w->error);
    stats.workgroups += w->stats.workgroups;
    stats.waves += w->stats.waves;
    stats.instructions += w->stats.instructions;
    for (size_t i = 0; i < stats.opCounts.size(); ++i) stats.opCounts[i] += w->opCounts[i];
  }
  return commit.result();
}

}  // namespace gcnsim::sim
