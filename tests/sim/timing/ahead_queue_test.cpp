// The ahead queue (sim/timing/run_ahead.hpp) on its own: what a wave ran
// ahead comes back in order -- each entry's dword index found from the one
// before (after its end, or at its relative branch target when it jumped),
// the jump bit of each, and the stop of the last one only. The replay of
// whole runs is tested against running ahead turned off by run_ahead_test.
#include <catch2/catch.hpp>

#include "sim/timing/run_ahead.hpp"

using namespace gcnsim::sim;
using gcnsim::sim::timing::AheadQueue;

TEST_CASE("AheadQueue: entries come back in order with their jump bits and the last one's stop",
          "[sim][timing][run_ahead]") {
  // A run: s_add (1 dword) at 100, v_fma (2 dwords) at 101, s_cbranch (1 dword) at 103 jumping back
  // to 100 (RELADDR = PC + 4 + SIMM16 * 4 with SIMM16 = -4: a delta of 1 - 4 dwords), s_add at 100
  // again, which ends the wave (a stop the replay applies).
  AheadQueue q;
  CHECK(q.empty());
  q.push(100, false, StopReason::None);
  q.push(101, false, StopReason::None);
  q.push(103, true, StopReason::None);
  q.push(100, false, StopReason::EndProgram);
  CHECK(AheadQueue::nextIndex(100, 1, 0, false) == 101);
  CHECK(AheadQueue::nextIndex(101, 2, 0, false) == 103);
  CHECK(AheadQueue::nextIndex(103, 1, -3, true) == 100);
  CHECK(q.frontIndex() == 100);
  CHECK_FALSE(q.frontStops());
  struct Step {
    uint32_t dwords;
    int32_t delta;
    uint32_t index;
    bool branched;
    StopReason stop;
  };
  const Step steps[] = {{1, 0, 100, false, StopReason::None},
                        {2, 0, 101, false, StopReason::None},
                        {1, -3, 103, true, StopReason::None},
                        {1, 0, 100, false, StopReason::EndProgram}};
  for (const Step& s : steps) {
    INFO("entry at " << s.index);
    REQUIRE_FALSE(q.empty());
    CHECK(q.frontIndex() == s.index);
    CHECK(q.frontStops() == (s.stop != StopReason::None));
    const AheadQueue::Entry e = q.pop(s.dwords, s.delta);
    CHECK(e.index == s.index);
    CHECK(e.branched == s.branched);
    CHECK(e.stop == s.stop);
  }
  CHECK(q.empty());
}

TEST_CASE("AheadQueue: a full queue of 64 jump bits", "[sim][timing][run_ahead]") {
  AheadQueue q;
  for (uint32_t i = 0; i < AheadQueue::kMax; ++i) q.push(i % 2 ? 10 : 11, i % 2 == 0, StopReason::None);
  CHECK(q.full());
  // Entry i at 11 jumps back to 10 (delta -1); entry i at 10 falls through to 11.
  for (uint32_t i = 0; i < AheadQueue::kMax; ++i) {
    const bool jumps = i % 2 == 0;
    const AheadQueue::Entry e = q.pop(1, jumps ? -1 : 0);
    CHECK(e.index == (jumps ? 11u : 10u));
    CHECK(e.branched == jumps);
  }
  CHECK(q.empty());
}
