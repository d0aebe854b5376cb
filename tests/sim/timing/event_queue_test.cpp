// EventQueue (sim/timing/event_queue.hpp) against std::priority_queue, the
// heap it replaces: random pushes and pops of (cycle, sequence) keys, many
// cycles equal (the sequence number orders them), sizes from empty to
// thousands; every top agrees, and the payload travels with its key.
#include "sim/timing/event_queue.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <vector>

using gcnsim::sim::timing::EventQueue;

namespace {
struct Item {
  uint64_t time = 0, seq = 0;
  uint32_t payload = 0;
  unsigned __int128 key() const { return (unsigned __int128)time << 64 | seq; }
  bool operator>(const Item& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};
}  // namespace

TEST_CASE("EventQueue: pops in std::priority_queue's order, payload with its key", "[sim][timing]") {
  std::mt19937_64 rng(2026);
  for (const uint32_t spread : {1u, 8u, 1000u}) {  // cycles in [now, now + spread): many equal, or few
    INFO("spread " << spread);
    EventQueue<Item> q;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> ref;
    uint64_t now = 0, seq = 0;
    size_t maxSize = 0;
    for (int i = 0; i < 60000; ++i) {
      // Phases that fill the queue and phases that drain it.
      const bool filling = (i / 5000) % 2 == 0;
      if (ref.empty() || rng() % 8 < (filling ? 6u : 2u)) {
        const Item x{now + rng() % spread, seq++, uint32_t(rng())};
        q.push(x);
        ref.push(x);
      } else {
        REQUIRE(q.top().time == ref.top().time);
        REQUIRE(q.top().seq == ref.top().seq);
        REQUIRE(q.top().payload == ref.top().payload);
        now = q.top().time;
        q.pop();
        ref.pop();
      }
      REQUIRE(q.size() == ref.size());
      maxSize = std::max(maxSize, q.size());
    }
    CHECK(maxSize > 2000);
    while (!ref.empty()) {
      REQUIRE(q.top().seq == ref.top().seq);
      q.pop();
      ref.pop();
    }
    CHECK(q.empty());
  }
}
