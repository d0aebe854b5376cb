// VSKIP in both engines (sim/vector_modes.hpp): while it is set, vector
// instructions (VALU, LDS, vector memory) have no effect and scalar ones run.
// Program tests/sim/programs/vskip.s; expected values from GcnInstrsSopc.md.
#include <catch2/catch.hpp>

#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;

TEST_CASE("s_setvskip skips vector instructions until it is cleared", "[sim][valu]") {
  for (isa::Gen g : test::kAllGens) {
    for (bool timing : {false, true}) {
      CAPTURE(g, timing);
      test::WaveHarness h(g);
      h.wave.sreg[0] = 4;
      h.wave.setM0(0xffffffffu);
      for (unsigned l = 0; l < 64; ++l) h.wave.v(2)[l] = 4 * l, h.wave.v(3)[l] = 0x77;
      const auto code = test::loadProgram("vskip", g);
      if (timing)
        REQUIRE(test::runTimed(h, code, {}).status.ok());
      else
        REQUIRE(h.run(code).ok());
      CHECK(h.wave.sreg[1] == 7);
      for (unsigned l = 0; l < 64; ++l) {
        CHECK(h.wave.v(1)[l] == 0);  // v_mov_b32 and v_add_f32 skipped
        CHECK(h.wave.v(4)[l] == 9);
        uint32_t skipped = 1, written = 0;
        h.lds.load(4 * l, skipped);
        h.lds.load(256 + 4 * l, written);
        CHECK(skipped == 0);
        CHECK(written == 0x77);
      }
      // Skipped instructions still pass through the wave: 10 executed.
      CHECK(h.wave.instructionsExecuted == 10);
      CHECK(((h.wave.hw.status >> sim::kStatusVskipBit) & 1) == 0);
    }
  }
}
