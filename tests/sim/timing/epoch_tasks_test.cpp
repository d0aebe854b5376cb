// EpochTasks (sim/timing/epoch_tasks.hpp): which thread runs which CU group
// in an epoch. One thread: its own list by descending cost (ties by index),
// then the other lists from their backs. Several threads at once: every group
// handed out exactly once, 2,000 epochs over, with 2 and 4 threads (the last
// more than this machine's cores).
#include "sim/timing/epoch_tasks.hpp"

#include <catch2/catch.hpp>
#include <thread>
#include <vector>

using gcnsim::sim::timing::EpochTasks;

namespace {
std::vector<uint32_t> takeAll(EpochTasks& tasks, unsigned t) {
  std::vector<uint32_t> got;
  while (const auto g = tasks.take(t)) got.push_back(*g);
  return got;
}
}  // namespace

TEST_CASE("EpochTasks: own groups by descending cost first, then the others' cheapest",
          "[sim][timing][threads]") {
  // 7 groups on 2 threads: thread 0 owns 0, 2, 4, 6; thread 1 owns 1, 3, 5.
  EpochTasks tasks(2);
  tasks.plan({0, 5, 3, 0, 9, 5, 3});
  // Thread 0 alone: 4 (9), then 2 and 6 (3, by index), 0 (0); then thread 1's list
  // (1 and 5 cost 5, 3 costs 0) from its back: 3, 5, 1.
  CHECK(takeAll(tasks, 0) == std::vector<uint32_t>{4, 2, 6, 0, 3, 5, 1});
  CHECK_FALSE(tasks.take(1).has_value());

  // A new plan starts over; thread 1 first takes its own most costly one.
  tasks.plan({1, 1, 1, 1, 1, 1, 1});
  CHECK(tasks.take(1) == 1u);
  CHECK(tasks.take(0) == 0u);
  CHECK(tasks.take(1) == 3u);
  CHECK(takeAll(tasks, 0) == std::vector<uint32_t>{2, 4, 6, 5});

  // One thread owns every group.
  EpochTasks one(1);
  one.plan({2, 7, 7, 1});
  CHECK(takeAll(one, 0) == std::vector<uint32_t>{1, 2, 0, 3});
  // No groups.
  one.plan({});
  CHECK_FALSE(one.take(0).has_value());
}

TEST_CASE("EpochTasks: threads taking at once get every group exactly once", "[sim][timing][threads]") {
  for (const unsigned threads : {2u, 4u}) {
    INFO(threads << " threads");
    constexpr unsigned kEpochs = 2000;
    constexpr uint32_t kGroups = 16;
    EpochTasks tasks(threads);
    std::vector<std::vector<uint32_t>> got(threads);
    std::vector<uint32_t> costs(kGroups);
    unsigned bad = 0;
    std::vector<std::thread> pool;
    for (unsigned e = 0; e < kEpochs; ++e) {
      for (uint32_t g = 0; g < kGroups; ++g) costs[g] = (g * 7 + e) % 5;
      tasks.plan(costs);
      for (unsigned t = 0; t < threads; ++t) got[t].clear();
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back([&, t] { got[t] = takeAll(tasks, t); });
      for (auto& th : pool) th.join();
      pool.clear();
      std::vector<unsigned> times(kGroups, 0);
      for (const auto& list : got)
        for (const uint32_t g : list) ++times[g < kGroups ? g : 0];
      for (const unsigned n : times) bad += n != 1;
    }
    CHECK(bad == 0);
  }
}
