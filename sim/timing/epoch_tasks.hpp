// Which thread runs which CU group in an epoch (gpu_timing.cpp's runThreads).
//
// Contract:
//  - plan(costs) (one thread, between epochs): of the `threads` given at
//    construction, thread t's own list is groups t, t + threads, ... -- the
//    same every epoch, so a thread finds its groups' waves in its core's
//    caches -- ordered by descending cost (ties: by index).
//  - take(t) (any number of threads at once, during the epoch): the next
//    group for thread t, each group handed out exactly once: the front of
//    its own list while there is one, then the back of the others' lists
//    (the next thread's first); nullopt when every group is taken.
//  - The plan changes only which thread runs a group and when, never a
//    result: groups are independent within an epoch.
//
// Why this order: the work of a group's epoch is lumpy (saxpy, 6400
// workgroups, 2 threads: an epoch in which workgroups arrive took 19-119 us,
// one without 7 us), and the threads wait for the last group at the epoch's
// end. Big groups first and small ones stolen last leaves the smallest
// pieces for the end.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gcnsim::sim::timing {

class EpochTasks {
 public:
  explicit EpochTasks(unsigned threads) : lists_(threads), ends_(std::make_unique<Ends[]>(threads)) {}

  // costs[g]: group g's estimated work this epoch (any unit; only the order counts).
  void plan(const std::vector<uint32_t>& costs) {
    const unsigned threads = unsigned(lists_.size());
    for (unsigned t = 0; t < threads; ++t) {
      std::vector<uint32_t>& list = lists_[t];
      list.clear();
      for (size_t g = t; g < costs.size(); g += threads) list.push_back(uint32_t(g));
      std::stable_sort(list.begin(), list.end(), [&](uint32_t a, uint32_t b) { return costs[a] > costs[b]; });
      ends_[t].v.store(pack(0, uint32_t(list.size())), std::memory_order_relaxed);
    }
  }

  std::optional<uint32_t> take(unsigned t) {
    const unsigned threads = unsigned(lists_.size());
    for (unsigned k = 0; k < threads; ++k) {
      const unsigned list = (t + k) % threads;
      std::atomic<uint64_t>& ends = ends_[list].v;
      uint64_t e = ends.load(std::memory_order_relaxed);
      for (;;) {
        const uint32_t front = uint32_t(e >> 32), back = uint32_t(e);
        if (front >= back) break;
        const bool own = k == 0;
        if (ends.compare_exchange_weak(e, own ? pack(front + 1, back) : pack(front, back - 1),
                                       std::memory_order_relaxed))
          return lists_[list][own ? front : back - 1];
      }
    }
    return std::nullopt;
  }

 private:
  static uint64_t pack(uint32_t front, uint32_t back) { return uint64_t(front) << 32 | back; }
  // Per list: [front, back) not taken yet, in one word so that an owner and a thief never take the same one.
  struct alignas(64) Ends {
    std::atomic<uint64_t> v{0};
  };
  std::vector<std::vector<uint32_t>> lists_;
  std::unique_ptr<Ends[]> ends_;
};

}  // namespace gcnsim::sim::timing
