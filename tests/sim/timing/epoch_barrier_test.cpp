// EpochBarrier (sim/timing/epoch_barrier.hpp): std::barrier's contract with
// a completion step. Threads meet 2,000 times; before each meeting every
// thread adds its share to a counter; the completion (one thread) sees every
// share of that round and publishes a round number; after the meeting every
// thread sees the completion's round. With 1, 2 and 4 threads (the last
// more than this machine's cores: waiting threads then sleep, not spin).
#include "sim/timing/epoch_barrier.hpp"

#include <catch2/catch.hpp>
#include <thread>
#include <vector>

using gcnsim::sim::timing::EpochBarrier;

TEST_CASE("EpochBarrier: the completion sees every arrival, every thread sees the completion",
          "[sim][timing][threads]") {
  for (const unsigned threads : {1u, 2u, 4u}) {
    INFO(threads << " threads");
    constexpr unsigned kRounds = 2000;
    EpochBarrier barrier(threads);
    std::atomic<uint64_t> shares{0};
    uint64_t published = 0;  // written by the completion only, read after the barrier
    unsigned completions = 0, badCompletions = 0;
    std::atomic<unsigned> badReads{0};
    auto worker = [&](unsigned t) {
      for (unsigned r = 1; r <= kRounds; ++r) {
        shares.fetch_add(t + 1, std::memory_order_relaxed);
        barrier.arriveAndWait([&] {
          ++completions;
          // Every thread added its share (1 + 2 + ... + threads) in each of rounds 1..r.
          if (shares.load(std::memory_order_relaxed) != uint64_t(r) * threads * (threads + 1) / 2)
            ++badCompletions;
          published = r;
        });
        if (published != r) badReads.fetch_add(1);
        // No thread starts the next round's share before all have read this round's result.
        barrier.arriveAndWait([] {});
      }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    CHECK(completions == kRounds);
    CHECK(badCompletions == 0);
    CHECK(badReads.load() == 0);
  }
}
