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

// A VGPR source past the wave's allocation is a fault naming it, for the cross-lane reads too (they had
// read 0 and gone on). Programs: v_readlane_b32 s10, v12, 0 / v_readfirstlane_b32 s11, v12.
TEST_CASE("VALU readlane and readfirstlane fault on a VGPR past the allocation", "[sim][valu][robust]") {
  for (Gen g : kAllGens) {
    INFO(gname(g));
    for (const auto& [program, name, sdst] :
         {std::tuple{"vgpr_bounds_readlane", "v_readlane_b32", 10},
          std::tuple{"vgpr_bounds_readfirstlane", "v_readfirstlane_b32", 11}}) {
      WaveHarness h(g, 12);
      h.wave.sreg[sdst] = 0x5eed;
      const gcnsim::sim::RunStatus st = h.runProgram(program);
      CHECK(st.kind == gcnsim::sim::RunStatus::Fault);
      CHECK_THAT(st.message, Catch::Contains(std::string(name) + ": v12 beyond the wave's 12 VGPRs"));
      CHECK(h.wave.sreg[sdst] == 0x5eed);  // nothing written
      WaveHarness ok(g, 13);
      REQUIRE(ok.runProgram(program).ok());
    }
  }
}

// v_mqsad_u32_u8 reads a 64-bit SRC0, SRC1 and a 4-VGPR SRC2 and writes 4 VGPRs: each past the wave's
// allocation is a fault before anything is read (the fuzz-found case read SRC0 and SRC1 out of bounds:
// ASan's heap-buffer-overflow, silent garbage in a release build). Program: v_mqsad_u32_u8 v[0:3], v[8:9],
// v10, v[4:7]. The values themselves: valu_ops_qsad.s.
TEST_CASE("VALU v_mqsad_u32_u8 checks every VGPR operand against the allocation", "[sim][valu][robust]") {
  for (Gen g : {Gen::GCN11, Gen::GCN12, Gen::GCN14}) {
    INFO(gname(g));
    for (const uint32_t vgprs : {9u, 10u}) {  // v9 (SRC0's high half), then v10 (SRC1) the first one out
      WaveHarness h(g, vgprs);
      const gcnsim::sim::RunStatus st = h.runProgram("vgpr_bounds_mqsad");
      INFO(vgprs << " VGPRs: " << st.message);
      CHECK(st.kind == gcnsim::sim::RunStatus::Fault);
      CHECK_THAT(st.message,
                 Catch::Contains(vgprs == 9 ? "v_mqsad_u32_u8: SRC0 v8..v9 beyond the wave's 9 VGPRs"
                                            : "v_mqsad_u32_u8: SRC1 v10 beyond the wave's 10 VGPRs"));
      for (unsigned r = 0; r < 4; ++r) CHECK(getV(h, r, 0) == 0);  // nothing written
    }
    WaveHarness h(g, 11);
    REQUIRE(h.runProgram("vgpr_bounds_mqsad").ok());
  }
}
