// SGPR operands against the wave's SGPR allocation (sim/sgpr_bounds.hpp). The rule, from the AMD
// "Vega" ISA reference guide 3.6.1 "Out-of-Range behavior" (an SGPR is out of range when
// sgpr >= sgpr_size) and 3.6.2 "SGPR Allocation and storage" (VCC is reached through its own
// operand code): an instruction naming an SGPR at or past the allocation is a fault naming the
// instruction, the operand and its registers, in functional and timing mode; VCC, EXEC and M0 are
// not SGPR numbers and never count. Programs: tests/sim/programs/sgpr_bounds_*.s.
#include <catch2/catch.hpp>
#include <string>
#include <tuple>

#include "tests/sim/harness.hpp"
#include "tests/sim/timing/timing_harness.hpp"

using gcnsim::isa::Gen;
using gcnsim::sim::RunStatus;
using gcnsim::test::kAllGens;
using gcnsim::test::WaveHarness;

namespace {

std::string gname(Gen g) { return std::string(gcnsim::isa::genFamily(g)); }

// Runs `program` on one wave of `sgprs` SGPRs, in functional mode, or on the timing model.
RunStatus run(WaveHarness& h, const char* program, uint32_t sgprs, bool timing) {
  h.wave.numSgprs = sgprs;
  if (!timing) return h.runProgram(program);
  return gcnsim::test::runTimed(h, gcnsim::test::loadProgram(program, h.gen),
                                gcnsim::sim::timing::GpuConfig{})
      .status;
}

// Calls f(gen, timing) on every generation in both modes.
template <class F>
void inBothModes(F f) {
  for (const bool timing : {false, true})
    for (const Gen g : kAllGens) {
      INFO(gname(g) << (timing ? " timing" : " functional"));
      f(g, timing);
    }
}

}  // namespace

TEST_CASE("SGPR bounds: an operand past the allocation faults, naming it, one SGPR more runs",
          "[sim][sgpr][robust]") {
  // {program, SGPRs that are one too few, the message}
  const std::tuple<const char*, uint32_t, const char*> cases[] = {
      {"sgpr_bounds_sdst", 50, "s_mov_b32: SDST s50 beyond the wave's 50 SGPRs"},
      {"sgpr_bounds_ssrc", 50, "s_add_u32: SSRC1 s50 beyond the wave's 50 SGPRs"},
      // Both registers of a 64-bit operand count: s15 is the one out.
      {"sgpr_bounds_pair", 15, "s_mov_b64: SDST s14..s15 beyond the wave's 15 SGPRs"},
      // Every register of a multi-dword load's destination.
      {"sgpr_bounds_smem", 15, "s_load_dwordx8: SDATA s8..s15 beyond the wave's 15 SGPRs"},
      {"sgpr_bounds_valu", 40, "v_add_f32: SRC0 s40 beyond the wave's 40 SGPRs"},
      {"sgpr_bounds_vcmp", 21, "v_cmp_eq_u32: SDST s20..s21 beyond the wave's 21 SGPRs"},
  };
  inBothModes([&](Gen g, bool timing) {
    for (const auto& [program, sgprs, message] : cases) {
      INFO(program);
      WaveHarness h(g);
      for (unsigned r : {1u, 2u, 3u}) h.wave.sreg[r] = 0x5eed;
      const RunStatus st = run(h, program, sgprs, timing);
      INFO(st.message);
      CHECK(st.kind == RunStatus::Fault);
      CHECK_THAT(st.message, Catch::Contains(message));
      // Nothing written: s50, s1 (s_add_u32's destination), s14 (s_mov_b64's).
      CHECK(h.wave.sreg[50] == 0);
      CHECK(h.wave.sreg[1] == 0x5eed);
      CHECK(h.wave.sreg[14] == 0);
      if (std::string(program) == "sgpr_bounds_smem") continue;  // (runs only with memory at s[0:1])
      WaveHarness ok(g);
      const RunStatus okSt = run(ok, program, sgprs + 1, timing);
      INFO(okSt.message);
      CHECK(okSt.ok());
    }
  });
}

// VCC, EXEC and M0 are not SGPR numbers, and the allocation's last SGPRs are usable (sgpr_bounds_special);
// the check is made when an instruction would run, not when the code is loaded, so code that is branched
// over may name any SGPR (sgpr_bounds_skipped).
TEST_CASE("SGPR bounds: special registers never count, an instruction branched over does not fault",
          "[sim][sgpr][robust]") {
  inBothModes([&](Gen g, bool timing) {
    for (const char* program : {"sgpr_bounds_special", "sgpr_bounds_skipped"}) {
      INFO(program);
      WaveHarness h(g);
      const RunStatus st = run(h, program, 16, timing);
      INFO(st.message);
      REQUIRE(st.ok());
      if (std::string(program) == "sgpr_bounds_skipped") {
        CHECK(h.wave.sreg[3] == 7);
      } else {
        CHECK(h.wave.sreg64(14) == ~0ull);  // s[14:15] = VCC = EXEC
        CHECK(h.wave.sreg[13] == 5);        // s13 = M0
      }
    }
  });
}

// s_movrel* index SGPRs by M0 at run time (CLRX GcnInstrsSop1.md S_MOVRELS_B32, S_MOVRELD_B64); the
// indexed registers must lie in the allocation too (Vega 3.6.1: indexing from SGPRs into other
// register types is illegal).
TEST_CASE("SGPR bounds: s_movrels and s_movreld check SGPR + M0 against the allocation",
          "[sim][sgpr][robust]") {
  // {program, the largest M0 within 16 SGPRs, the fault with M0 one more}
  const std::tuple<const char*, uint32_t, const char*> cases[] = {
      {"sgpr_bounds_movrels", 5, "s_movrels_b32: SSRC0 s10 + M0 (6) = s16 beyond the wave's 16 SGPRs"},
      {"sgpr_bounds_movreld", 4, "s_movreld_b64: SDST s10 + M0 (5) = s15..s16 beyond the wave's 16 SGPRs"},
  };
  inBothModes([&](Gen g, bool timing) {
    for (const auto& [program, m0, message] : cases) {
      INFO(program);
      for (const uint32_t extra : {0u, 1u}) {
        WaveHarness h(g);
        h.wave.setM0(m0 + extra);
        h.wave.sreg[15] = 0xabcd;
        h.wave.setSreg64(2, 0x1122334455667788ull);
        const RunStatus st = run(h, program, 16, timing);
        INFO(st.message);
        if (extra) {
          CHECK(st.kind == RunStatus::Fault);
          CHECK_THAT(st.message, Catch::Contains(message));
          CHECK(h.wave.sreg[15] == 0xabcd);  // nothing written
        } else if (std::string(program) == "sgpr_bounds_movrels") {
          REQUIRE(st.ok());
          CHECK(h.wave.sreg[1] == 0xabcd);  // s1 = s[10 + 5]
        } else {
          REQUIRE(st.ok());
          CHECK(h.wave.sreg64(14) == 0x1122334455667788ull);  // s[14:15] = s[2:3]
        }
      }
    }
  });
}
