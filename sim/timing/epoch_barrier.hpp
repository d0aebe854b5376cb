// The barrier the timing model's threads meet at between two epochs
// (gpu_timing.cpp): std::barrier's contract -- the last thread to arrive runs
// the completion step, then every thread goes on -- but a thread that waits
// spins for a while before it sleeps.
//
// Why: an epoch is short (epochCycles: ~100 simulated cycles, tens of
// microseconds of host time at full occupancy), and std::barrier (libstdc++
// 12) puts a waiting thread to sleep on a futex almost at once, so every
// epoch's critical path held a kernel wake-up of the other thread (saxpy on
// 2 threads: 1.36x faster than on 1; README "Performance"). Spinning, the
// waiting thread sees the completion as soon as it is published. A thread
// that waits longer than kSpins pauses (more threads than cores) sleeps as
// before.
#pragma once
#include <atomic>
#include <cstdint>

namespace gcnsim::sim::timing {

class EpochBarrier {
 public:
  explicit EpochBarrier(unsigned threads) : threads_(threads) {}

  // Arrives; the last of the threads to arrive runs `completion`, then all return (the completion's writes
  // visible to every thread, and every thread's writes before it arrived visible to the completion).
  template <class Completion>
  void arriveAndWait(Completion&& completion) {
    const uint32_t phase = phase_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
      arrived_.store(0, std::memory_order_relaxed);
      completion();
      phase_.store(phase + 1, std::memory_order_release);
      phase_.notify_all();
      return;
    }
    for (unsigned i = 0; i < kSpins; ++i) {
      if (phase_.load(std::memory_order_acquire) != phase) return;
      pause();
    }
    while (phase_.load(std::memory_order_acquire) == phase) phase_.wait(phase, std::memory_order_acquire);
  }

 private:
  // About 0.1-0.5 ms of pauses: longer than an epoch's imbalance, short enough not to matter when the
  // other thread is not running.
  static constexpr unsigned kSpins = 1u << 13;
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  const unsigned threads_;
  alignas(64) std::atomic<unsigned> arrived_{0};
  alignas(64) std::atomic<uint32_t> phase_{0};
};

}  // namespace gcnsim::sim::timing
