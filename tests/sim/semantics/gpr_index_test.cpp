// GPR indexing mode (GCN 1.2/1.4), program tests/sim/programs/gpr_index.s.
// CLRX GcnState.md "GPR indexing mode": while MODE bit 27 is set, M0[7:0] is
// added to the VGPR number of the operands enabled in M0[15:12] (bit 0 VSRC0,
// 1 VSRC1, 2 VSRC2, 3 VDST); an indexed register beyond the last VGPR is V0.
// GcnInstrsSopc.md S_SET_GPR_IDX_ON: MODE |= 1<<27,
//   M0 = (M0 & 0xffff0f00) | ((IMM8 & 15)<<12) | (SSRC0 & 0xff);
// GcnInstrsSopp.md S_SET_GPR_IDX_MODE: M0 = (M0 & 0xffff0fff) | ((SIMM16 & 15)<<12),
//   S_SET_GPR_IDX_OFF: MODE &= ~(1<<27);
// GcnInstrsSop1.md S_SET_GPR_IDX_IDX: M0 = (M0 & 0xffffff00) | (SSRC0 & 0xff).
// Expected values are worked out by hand below; both engines must agree.
#include <catch2/catch.hpp>

#include "tests/sim/semantics/valu_test_util.hpp"
#include "tests/sim/timing/timing_harness.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {
uint32_t init(unsigned reg, unsigned lane) { return 1000u * reg + lane; }
}  // namespace

TEST_CASE("GPR indexing mode offsets VALU VGPR operands", "[sim][valu]") {
  for (Gen g : kGcn12Plus) {
    for (uint64_t exec : {~0ull, 0x0123456789abcdefull}) {
      for (bool timing : {false, true}) {
        CAPTURE(timing);
        WaveHarness h(g, 64);
        for (unsigned r = 0; r < 64; ++r)
          for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = init(r, l);
        h.wave.sreg[2] = 3;
        h.wave.sreg[3] = 60;
        h.wave.sreg[5] = 0x5555;
        h.wave.setM0(0xabcd1234u);
        h.wave.setExec(exec);
        if (timing)
          REQUIRE(gcnsim::test::runTimed(h, gcnsim::test::loadProgram("gpr_index", g), {}).status.ok());
        else
          REQUIRE(h.runProgram("gpr_index").ok());
        // Every VGPR keeps its initial value except the destinations listed here.
        std::array<uint32_t (*)(unsigned), 64> want{};
        // s_set_gpr_idx_on s2, gpr_idx(SRC0,DST): M0 = 0xabcd0200 | 9<<12 | 3, index 3
        want[13] = [](unsigned l) { return init(4, l); };  // v_mov_b32 v10, v1 -> v13 = v4
        want[23] = [](unsigned l) {
          return init(4, l) & init(2, l);
        };                                            // v_and_b32 v20, v1, v2 -> v23 = v4 & v2
        want[17] = [](unsigned) { return 0x5555u; };  // v_mov_b32 v14, s5 -> v17 = s5 (SGPR not indexed)
        // s_set_gpr_idx_mode gpr_idx(SRC1): only VSRC1 indexed (index 3)
        want[30] = [](unsigned l) { return init(1, l) | init(5, l); };  // v_or_b32 v30, v1, v2 -> v1 | v5
        // s_set_gpr_idx_idx s3: index 60
        want[31] = [](unsigned l) { return init(1, l) ^ init(62, l); };  // v_xor_b32 v31, v1, v2 -> v1 ^ v62
        want[40] = [](unsigned l) {  // v_mad_u32_u24 v40, v1, v2, v3 -> v1*v62+v3
          return (init(1, l) & 0xffffff) * (init(62, l) & 0xffffff) + init(3, l);
        };
        // s_set_gpr_idx_mode gpr_idx(DST): v_mov_b32 v5, v2 -> v65 is beyond v63: V0 = v2
        want[0] = [](unsigned l) { return init(2, l); };
        // s_set_gpr_idx_off: v_mov_b32 v11, v2 is not indexed
        want[11] = [](unsigned l) { return init(2, l); };
        for (unsigned r = 0; r < 64; ++r)
          for (unsigned l = 0; l < 64; ++l) {
            INFO(gname(g) << " v" << r << " lane " << l);
            const bool on = (exec >> l) & 1;
            CHECK(getV(h, r, l) == (want[r] && on ? want[r](l) : init(r, l)));
          }
        // M0 after the last s_set_gpr_idx_mode gpr_idx(DST) (8<<12) with index 60; the mode bit is off.
        CHECK(h.wave.m0() == 0xabcd823cu);
        CHECK(((h.wave.hw.mode >> 27) & 1) == 0);
      }
    }
  }
}

TEST_CASE("GPR indexing mode: M0 and MODE after s_set_gpr_idx_on", "[sim][valu]") {
  // A program cut before s_set_gpr_idx_mode: the first four instructions then s_endpgm.
  for (Gen g : kGcn12Plus) {
    WaveHarness h(g, 64);
    std::vector<uint32_t> code = gcnsim::test::loadProgram("gpr_index", g);
    // s_set_gpr_idx_on (1 word), v_mov_b32 (1 word): keep them, then s_endpgm (0xbf810000)
    code.resize(2);
    code.push_back(0xbf810000u);
    for (unsigned l = 0; l < 64; ++l) h.wave.v(4)[l] = 77 + l;
    h.wave.sreg[2] = 0x103;  // SSRC0 & 0xff = 3
    h.wave.setM0(0xabcd1234u);
    REQUIRE(h.run(code).ok());
    CHECK(h.wave.m0() == 0xabcd9203u);
    CHECK(((h.wave.hw.mode >> 27) & 1) == 1);
    for (unsigned l = 0; l < 64; ++l) CHECK(getV(h, 13, l) == 77 + l);
  }
}

TEST_CASE("GPR indexing: the timing model's scoreboard sees the indexed registers", "[sim][valu][timing]") {
  // gpr_index_dep.s: the quarter-rate multiply writes v13 through the index; the
  // ds_write_b32 that reads v13 issues no earlier than the multiply's 16 cycles
  // (issue.quarter_rate_cycles) after it, as if v13 had been named directly.
  for (Gen g : kGcn12Plus) {
    WaveHarness h(g, 64);
    h.wave.sreg[2] = 3;
    h.wave.setM0(0xffffffffu);  // s_set_gpr_idx_on keeps M0[31:16] and M0[11:8]: LDS limit 0x8f03
    for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = l + 1, h.wave.v(2)[l] = 3, h.wave.v(3)[l] = 4 * l;
    const gcnsim::sim::timing::GpuConfig cfg;
    const auto r = gcnsim::test::runTimed(h, gcnsim::test::loadProgram("gpr_index_dep", g), cfg);
    REQUIRE(r.status.ok());
    REQUIRE(r.trace.size() >= 4);
    const auto& mul = r.trace[1];
    const auto& use = r.trace[3];
    CHECK(use.pc > mul.pc);
    CHECK(use.cycle - mul.cycle >= cfg.issue.quarterRateCycles);
    for (unsigned l = 0; l < 64; ++l) {
      CHECK(getV(h, 13, l) == (l + 1) * 3);
      uint32_t stored = 0;
      h.lds.load(4 * l, stored);
      CHECK(stored == (l + 1) * 3);
    }
  }
}
