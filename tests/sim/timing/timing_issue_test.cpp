// Issue rules of the timing model (GCN: one SIMD per cycle round-robin, one
// instruction per category per cycle from different waves). Costs come from
// the default config (reference/clrx/GcnTimings.md), never hard-coded twice.
#include <catch2/catch.hpp>
#include <string_view>

#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;
using namespace gcnsim::test;
using sim::timing::GpuConfig;
using sim::timing::Kind;

TEST_CASE("VALU: independent ops 4 cycles apart, quarter-rate 16, scoreboard", "[sim][timing][issue]") {
  for (isa::Gen g : test::kAllGens) {
    WaveHarness h(g);
    const GpuConfig cfg;
    const TimedRun r = runTimed(h, loadProgram("timing_valu", g), cfg);
    REQUIRE(r.status.ok());
    const auto v = r.cycles(Kind::Valu);
    REQUIRE(v.size() == 9);
    const uint64_t full = cfg.issue.valuCycles, quarter = cfg.issue.quarterRateCycles;
    // mov, mov, mov, mov, rcp, rcp, mov, rcp, (s_mov), mov-reading-the-rcp
    CHECK(diffs(v) == std::vector<uint64_t>{full, full, full, full, quarter, quarter, full, quarter});
    const auto s = r.cycles(Kind::Salu);
    REQUIRE(s.size() == 1);
    CHECK(s[0] == v[7] + full);  // independent scalar op: the next turn, while the rcp runs
    CHECK(r.stats.scoreboardStalls + r.stats.unitBusyStalls > 0);
    CHECK(h.wave.v(8)[0] == h.wave.v(5)[0]);
  }
}

TEST_CASE("Issue: SALU and VALU issue in the same cycle from different waves", "[sim][timing][issue]") {
  WaveHarness h(isa::Gen::GCN14);
  const TimedRun r = runTimed(h, loadProgram("timing_mix", h.gen), GpuConfig{}, 2, {0, 0});
  REQUIRE(r.status.ok());
  bool together = false;
  for (const auto& a : r.trace)
    for (const auto& b : r.trace)
      if (a.cycle == b.cycle && a.waveId != b.waveId && a.kind == Kind::Valu && b.kind == Kind::Salu)
        together = true;
  CHECK(together);
  // Never two VALU ops (or two SALU ops) on one SIMD in one cycle.
  for (const auto& a : r.trace)
    for (const auto& b : r.trace)
      if (&a != &b && a.cycle == b.cycle && a.simd == b.simd &&
          (a.kind == Kind::Valu || a.kind == Kind::Salu))
        CHECK(a.kind != b.kind);
}

TEST_CASE("Issue: two waves on different SIMDs overlap", "[sim][timing][issue]") {
  const GpuConfig cfg;
  WaveHarness one(isa::Gen::GCN14);
  const TimedRun r1 = runTimed(one, loadProgram("timing_mix", one.gen), cfg, 1);
  WaveHarness two(isa::Gen::GCN14);
  const TimedRun r2 = runTimed(two, loadProgram("timing_mix", two.gen), cfg, 2, {0, 1});
  REQUIRE(r1.status.ok());
  REQUIRE(r2.status.ok());
  // The second wave costs one cycle (its SIMD's turn), not a second program's worth.
  CHECK(r2.stats.cycles <= r1.stats.cycles + cfg.cu.simds);
  const auto w0 = r2.cycles(Kind::Valu, 0), w1 = r2.cycles(Kind::Valu, 1);
  REQUIRE(w0.size() == w1.size());
  for (size_t i = 0; i < w0.size(); ++i)
    CHECK((w1[i] > w0[i] ? w1[i] - w0[i] : w0[i] - w1[i]) < cfg.cu.simds);
  // On one SIMD they take turns instead.
  WaveHarness same(isa::Gen::GCN14);
  const TimedRun r3 = runTimed(same, loadProgram("timing_mix", same.gen), cfg, 2, {0, 0});
  REQUIRE(r3.status.ok());
  CHECK(r3.stats.cycles > r2.stats.cycles);
}

TEST_CASE("Timing runs are deterministic", "[sim][timing]") {
  auto run = [] {
    WaveHarness h(isa::Gen::GCN14);
    return runTimed(h, loadProgram("timing_mix", h.gen), GpuConfig{}, 3).stats.cycles;
  };
  CHECK(run() == run());
}

// Untraced runs park a wave whose VALU instruction finds the SIMD's VALU busy
// until the VALU is free, and count the skipped turns' stalls by arithmetic;
// a traced run looks at every wave every turn. The two must agree on every
// count, also when every issue slot of a turn is taken (one issue a cycle) and
// under oldest-first arbitration.
TEST_CASE("Issue: waves parked on a busy VALU count the stalls of a run that polls them",
          "[sim][timing][issue]") {
  for (const char* program : {"timing_valu", "timing_mix"})
    for (const uint32_t maxIssue : {5u, 1u})
      for (const auto arbitration :
           {sim::timing::Arbitration::RoundRobin, sim::timing::Arbitration::OldestFirst}) {
        CAPTURE(program, maxIssue, int(arbitration));
        GpuConfig cfg;
        cfg.issue.maxIssuePerCycle = maxIssue;
        cfg.issue.arbitration = arbitration;
        const std::vector<uint32_t> simdOf(4,
                                           0);  // four waves (its VGPRs) on one SIMD: they queue for its VALU
        WaveHarness polled(isa::Gen::GCN14), parked(isa::Gen::GCN14);
        const TimedRun a = runTimed(polled, loadProgram(program, polled.gen), cfg, 4, simdOf, true);
        const TimedRun b = runTimed(parked, loadProgram(program, parked.gen), cfg, 4, simdOf, false);
        INFO(a.status.message << " / " << b.status.message);
        REQUIRE(a.status.ok());
        REQUIRE(b.status.ok());
        if (std::string_view(program) == "timing_valu")
          CHECK(b.stats.unitBusyStalls > 0);  // quarter-rate ops
        CHECK(a.stats.cycles == b.stats.cycles);
        CHECK(a.stats.unitBusyStalls == b.stats.unitBusyStalls);
        CHECK(a.stats.scoreboardStalls == b.stats.scoreboardStalls);
        CHECK(a.stats.issued == b.stats.issued);
        CHECK(a.stats.instructions == b.stats.instructions);
      }
}
