// TurnClock (sim/timing/turn_clock.hpp) against the definitions it speeds
// up: cycle c is SIMD c mod n's turn; turns(k) = k / n; turnAtOrAfter(t, s)
// the smallest c >= t with c mod n == s (found by stepping). Every SIMD count
// a config allows (1..16: powers of two shift, the others divide), cycles
// near 0, random and near 2^64.
#include "sim/timing/turn_clock.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <vector>

using gcnsim::sim::timing::TurnClock;

TEST_CASE("TurnClock: turns, the SIMD of a cycle and the next turn equal division and stepping",
          "[sim][timing]") {
  std::mt19937_64 rng(12);
  std::vector<uint64_t> cycles;
  for (uint64_t c = 0; c < 40; ++c) cycles.push_back(c);
  for (int i = 0; i < 200; ++i) cycles.push_back(rng() >> (i % 40));
  for (uint64_t c = 0; c < 40; ++c) cycles.push_back(~uint64_t(0) - 40 - c);
  for (uint32_t n = 1; n <= 16; ++n) {
    INFO(n << " SIMDs");
    const TurnClock clock(n);
    REQUIRE(clock.simds() == n);
    for (const uint64_t c : cycles) {
      INFO("cycle " << c);
      REQUIRE(clock.turns(c) == c / n);
      REQUIRE(clock.simdAt(c) == c % n);
      for (uint32_t s = 0; s < n; ++s) {
        uint64_t t = c;
        while (t % n != s) ++t;
        REQUIRE(clock.turnAtOrAfter(c, s) == t);
      }
    }
  }
}
