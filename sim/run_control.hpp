// Run control shared between a running engine and the frontend: a stop flag
// the engines check at the places they already check their watchdog limits,
// and progress counters they publish there, for a frontend thread to print.
// Every access is a relaxed atomic: the engines never wait on the frontend,
// and the counters are only for display (the statistics of record are the
// engines' own DispatchStats / TimingStats).
#pragma once
#include <atomic>
#include <cstdint>

namespace gcnsim::sim {

struct RunControl {
  // Set (e.g. by a SIGINT handler: a lock-free atomic store is
  // async-signal-safe) to stop the run; it ends with RunStatus::Interrupted.
  std::atomic<bool> stop{false};
  // Published by the engines, read by progress displays.
  std::atomic<uint64_t> instructions{0};    // wave-instructions executed so far
  std::atomic<uint64_t> cycles{0};          // timing mode: the current cycle
  std::atomic<uint64_t> workgroupsDone{0};  // workgroups that have ended

  bool stopRequested() const { return stop.load(std::memory_order_relaxed); }
  void add(std::atomic<uint64_t>& counter, uint64_t n) { counter.fetch_add(n, std::memory_order_relaxed); }
  void set(std::atomic<uint64_t>& counter, uint64_t v) { counter.store(v, std::memory_order_relaxed); }
  // Publishes all three counters; true if the run should stop.
  bool publish(uint64_t instructionsNow, uint64_t cycleNow, uint64_t workgroupsDoneNow) {
    set(instructions, instructionsNow);
    set(cycles, cycleNow);
    set(workgroupsDone, workgroupsDoneNow);
    return stopRequested();
  }
};

}  // namespace gcnsim::sim
