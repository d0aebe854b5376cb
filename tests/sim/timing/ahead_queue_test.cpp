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
  q.push(100, false, StopReason::None, false);
  q.push(101, false, StopReason::None, false);
  q.push(103, true, StopReason::None, true);
  q.push(100, false, StopReason::EndProgram, false);
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
    const AheadQueue::Entry e = q.pop(s.dwords, s.delta, s.delta != 0);  // (the branch has the delta)
    CHECK(e.index == s.index);
    CHECK(e.branched == s.branched);
    CHECK(e.stop == s.stop);
  }
  CHECK(q.empty());
}

TEST_CASE("AheadQueue: full at 64 branches, or at 255 instructions", "[sim][timing][run_ahead]") {
  AheadQueue q;
  // A two-instruction loop: a VALU op at 10, a branch at 11 back to 10 (delta -1), taken every time
  // but the last, which falls through to 12.
  uint32_t pushed = 0;
  for (uint32_t b = 0; b < AheadQueue::kMaxBranches; ++b) {
    REQUIRE_FALSE(q.full());
    q.push(10, false, StopReason::None, false);
    q.push(11, b + 1 < AheadQueue::kMaxBranches, StopReason::None, true);
    pushed += 2;
  }
  CHECK(q.full());
  for (uint32_t i = 0; i < pushed; ++i) {
    const bool branch = i % 2 == 1;
    const AheadQueue::Entry e = q.pop(1, branch ? -1 : 0, branch);
    CHECK(e.index == (branch ? 11u : 10u));
    CHECK(e.branched == (branch && i + 1 < pushed));
  }
  CHECK(q.empty());
  // Straight-line code: 255 instructions, no branch among them; the last jumped (s_setpc_b64, say:
  // not a branch instruction, so it ended the run) and stops nothing.
  for (uint32_t i = 0; i < AheadQueue::kMax; ++i) {
    REQUIRE_FALSE(q.full());
    q.push(100 + i, i + 1 == AheadQueue::kMax, StopReason::None, false);
  }
  CHECK(q.full());
  for (uint32_t i = 0; i < AheadQueue::kMax; ++i) {
    const AheadQueue::Entry e = q.pop(1, 0, false);
    CHECK(e.index == 100 + i);
    CHECK(e.branched == (i + 1 == AheadQueue::kMax));
  }
  CHECK(q.empty());
}
