// v_readlane / v_readfirstlane / v_writelane ignore EXEC (readfirstlane uses the first
// active lane) — CLRX GcnInstrsVop1.md V_READFIRSTLANE_B32, GcnInstrsVop2.md V_READLANE_B32,
// V_WRITELANE_B32; program tests/sim/programs/valu_lane.s.
#include <catch2/catch.hpp>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

TEST_CASE("VALU readlane, readfirstlane, writelane", "[sim][valu]") {
  for (Gen g : kAllGens) {
    WaveHarness h(g);
    Lanes v1{}, v2{};
    for (unsigned l = 0; l < 64; ++l) v1[l] = 1000 + l, v2[l] = 0x55550000u + l;
    setV(h, 1, v1), setV(h, 2, v2);
    fillV(h, 3, 3, 0xdeadbeefu);
    h.wave.sreg[20] = 127;                        // lane 127 & 63 = 63
    h.wave.sreg[13] = 0xabcdef01u;                // written to lane 7
    h.wave.sreg[14] = 0x4000002au;                // written to lane 42 (0x2a)
    const uint64_t exec = 0xfff0000000000000ull;  // lanes 5, 7, 42 inactive; first active lane 52
    h.wave.setExec(exec);
    REQUIRE(h.runProgram("valu_lane").ok());
    INFO(gname(g));
    CHECK(h.wave.sreg[10] == 1005);
    CHECK(h.wave.sreg[11] == 1063);
    CHECK(h.wave.sreg[12] == 1052);
    for (unsigned l = 0; l < 64; ++l) {
      const uint32_t want2 = l == 7 ? 0xabcdef01u : l == 42 ? 0x4000002au : v2[l];
      CHECK(getV(h, 2, l) == want2);
      CHECK(getV(h, 3, l) == ((exec >> l) & 1 ? 1005u : 0xdeadbeefu));
    }
  }
}
