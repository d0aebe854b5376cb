// The parallel functional run (dispatch.hpp, runFunctional): workers take
// workgroups in index order from a shared counter, each with its own engine,
// code cache, ExecEnv copy, LDS and scratch slots; outcomes are committed in
// index order, so the first fault or watchdog in index order is the one
// reported, whatever the thread count.
#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "isa/table.hpp"
#include "sim/code_cache.hpp"
#include "sim/dispatch_parallel.hpp"

namespace gcnsim::sim {
namespace {

// What every worker shares: the next workgroup to take, the first one whose
// outcome no longer matters, and the in-order commit of finished ones.
class Commit {
 public:
  Commit(const DispatchSpec& d, uint64_t maxInstructions) : d_(d), max_(maxInstructions) {}

  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> cancelFrom{UINT64_MAX};  // workgroups >= this one are not run (or given up)

  // Workgroup `index` finished after `instructions` with `status`.
  void finish(uint64_t index, uint64_t instructions, RunStatus status) {
    std::lock_guard lock(m_);
    if (!status.ok()) lowerCancel(index + 1);
    pending_.emplace(index, Outcome{instructions, std::move(status)});
    while (!result_ && !pending_.empty() && pending_.begin()->first == committed_) {
      Outcome o = std::move(pending_.begin()->second);
      pending_.erase(pending_.begin());
      if (!o.status.ok()) {
        result_ = std::move(o.status);
      } else if ((instructions_ += o.instructions) > max_) {
        result_ = {RunStatus::Watchdog, totalLimitMessage()};
      }
      if (result_) lowerCancel(committed_ + 1);
      ++committed_;
    }
  }

  RunStatus result() {
    std::lock_guard lock(m_);
    return result_.value_or(RunStatus{});
  }

 private:
  struct Outcome {
    uint64_t instructions;
    RunStatus status;
  };

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
  std::map<uint64_t, Outcome> pending_;  // finished, waiting for lower indices
  uint64_t committed_ = 0;               // every workgroup below it is committed
  uint64_t instructions_ = 0;            // of the committed workgroups
  std::optional<RunStatus> result_;
};

struct Worker {
  Worker(const DispatchSpec& d, const ExecEnv& shared, unsigned slot, RunControl* control)
      : code(d.gen, *shared.global, d.codeBase, d.codeSize),
        env(shared),
        engine(code, env),
        slot(slot),
        control(control) {
    opCounts.assign(isa::allOps().size(), 0);
    engine.countInstructionsInto(&opCounts);
    engine.controlledBy(control);
  }

  void run(const DispatchSpec& d, uint64_t maxInstructions, uint64_t total, Commit& commit) {
    engine.cancelWorkgroupsFrom(&commit.cancelFrom);
    const uint32_t firstSlot = slot * wavesPerWorkgroup(d.workgroup);
    for (;;) {
      const uint64_t index = commit.next.fetch_add(1);
      if (index >= total || index >= commit.cancelFrom.load()) return;
      std::vector<WaveState> waves = makeWorkgroupWaves(d, static_cast<uint32_t>(index), firstSlot);
      const std::unique_ptr<memory::Lds> lds = makeWorkgroupLds(d);
      clearWorkgroupScratch(d, firstSlot, *env.global);
      env.lds = lds.get();
      env.ldsBytes = d.ldsBytes;
      uint64_t budget = maxInstructions;
      RunStatus st = engine.runWorkgroup(waves, budget);
      env.lds = nullptr;
      if (engine.cancelled()) continue;
      const uint64_t done = maxInstructions - budget;
      stats.instructions += done;
      stats.waves += waves.size();
      ++stats.workgroups;
      commit.finish(index, done, std::move(st));
      if (control) control->add(control->workgroupsDone, 1);
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
  auto body = [&](Worker& w) {
    try {
      w.run(d, maxInstructions, total, commit);
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
