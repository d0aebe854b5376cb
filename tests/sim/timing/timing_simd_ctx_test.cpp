// The issue stage's per-SIMD arrays (sim/timing/simd_ctx.hpp) on their own:
// positions in arrival order, the due mask and the earliest later poll of a
// turn's scan, waves parked on the VALU, a retirement inside a turn, and the
// uncounted-turn arithmetic. The whole issue stage's behaviour (cycle counts
// and stall statistics) is tested by timing_issue_test.cpp and the
// fingerprint tool.
#include <array>
#include <catch2/catch.hpp>

#include "sim/timing/simd_ctx.hpp"

using namespace gcnsim::sim::timing;

namespace {
struct Waves {
  std::array<WaveCtx, 5> ctx{};
  SimdCtx simd;
  Waves() {
    for (WaveCtx& c : ctx) simd.add(c);
  }
};
}  // namespace

TEST_CASE("SimdCtx: arrivals take the next positions, with no poll until woken") {
  Waves t;
  CHECK(t.simd.count == 5);
  for (uint32_t i = 0; i < 5; ++i) {
    CHECK(t.ctx[i].pos == i);
    CHECK(t.ctx[i].home == &t.simd);
    CHECK(t.simd.wave[i] == &t.ctx[i]);
    CHECK(t.simd.waitsForEvent(i));
  }
  const SimdCtx::Scan s = t.simd.scan(100);
  CHECK(s.due == 0);
  CHECK(s.rest == kNever);
}

TEST_CASE("SimdCtx: a scan finds the waves due now and the earliest later poll") {
  Waves t;
  setPollAt(t.ctx[0], 90);   // due
  setPollAt(t.ctx[1], 130);  // later
  setPollAt(t.ctx[3], 100);  // due (exactly now)
  setPollAt(t.ctx[4], 120);  // later, the earliest of those
  const SimdCtx::Scan s = t.simd.scan(100);
  CHECK(s.due == 0b01001u);
  CHECK(s.rest == 120);
  // A wave back to waiting for an event is not scanned.
  setPollAt(t.ctx[4], kNever);
  CHECK(t.simd.scan(100).rest == 130);
  CHECK(t.simd.waitsForEvent(4));
}

TEST_CASE("SimdCtx: waves parked on the VALU are due when the VALU is free") {
  Waves t;
  t.simd.valuFree = 140;
  t.simd.setPollAt(2, kNever);  // what CuGroup::parkOnBusyValu does
  t.simd.parkedOnValu = 1u << 2;
  CHECK_FALSE(t.simd.waitsForEvent(2));  // a return does not wake it
  CHECK(t.simd.scan(139).due == 0);
  CHECK(t.simd.scan(140).due == 0b00100u);
}

TEST_CASE("SimdCtx: a wave retiring in a turn keeps its place until the turn ends") {
  Waves t;
  for (uint32_t i = 0; i < 3; ++i) setPollAt(t.ctx[i], 10 * (i + 1));
  t.simd.parkedOnValu = (1u << 3) | (1u << 4);  // waves 3 and 4 parked on the VALU, busy until 100
  t.simd.valuFree = 100;
  t.simd.localNext = 0b10101u;  // waves 0, 2 and 4 issue a local instruction next
  t.simd.inTurn = true;
  t.simd.remove(t.ctx[1]);
  CHECK(t.simd.count == 5);                // positions unchanged during the turn
  CHECK(t.simd.scan(20).due == 0b00001u);  // the vacated position is never due
  t.simd.inTurn = false;
  t.simd.closeVacancies();
  REQUIRE(t.simd.count == 4);
  // The younger waves moved down one place, with their state.
  CHECK(t.simd.wave[1] == &t.ctx[2]);
  CHECK(t.ctx[2].pos == 1);
  CHECK(t.ctx[4].pos == 3);
  CHECK(t.simd.pollAt[1] == 30);
  CHECK(t.simd.pollAt[4] == kNever);
  CHECK(t.simd.parkedOnValu == ((1u << 2) | (1u << 3)));
  CHECK(t.simd.localNext == 0b1011u);  // waves 0, 2 and 4 at positions 0, 1 and 3
  CHECK(t.simd.scan(40).due == 0b00011u);
  CHECK(t.simd.scan(100).due == 0b01111u);
  // Outside a turn a retirement closes up at once.
  t.simd.remove(t.ctx[0]);
  CHECK(t.simd.count == 3);
  CHECK(t.simd.wave[0] == &t.ctx[2]);
  CHECK(t.ctx[2].pos == 0);
}

TEST_CASE("SimdCtx: uncounted turns, one wave's and every parked wave's") {
  Waves t;
  t.simd.allParkedUncounted = 7;  // turns before the wave was parked do not count for it
  t.simd.startUncounted(1);
  CHECK(t.simd.uncounted(1) == 0);
  ++t.simd.busyUncounted[1];    // a turn uncounted for this wave only
  ++t.simd.allParkedUncounted;  // and two for every parked wave
  ++t.simd.allParkedUncounted;
  CHECK(t.simd.uncounted(1) == 3);
}

TEST_CASE("SimdCtx: turns ahead only when every wave issues a local instruction next and no return is due") {
  Waves t;
  CHECK_FALSE(t.simd.mayTurnAhead());
  t.simd.localNext = 0b01111u;  // wave 4's next instruction is not known to be local
  CHECK_FALSE(t.simd.mayTurnAhead());
  t.simd.localNext = 0b11111u;
  CHECK(t.simd.mayTurnAhead());
  t.simd.inFlight = 1;  // a return of one of its waves' memory instructions is to come
  CHECK_FALSE(t.simd.mayTurnAhead());
  t.simd.inFlight = 0;
  t.simd.remove(t.ctx[4]);  // the others still are local: positions 0..3
  CHECK(t.simd.localNext == 0b01111u);
  CHECK(t.simd.mayTurnAhead());
  SimdCtx empty;
  CHECK_FALSE(empty.mayTurnAhead());
}
