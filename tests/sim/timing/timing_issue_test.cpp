// Issue rules of the timing model (GCN: one SIMD per cycle round-robin, one
// instruction per category per cycle from different waves). Costs come from
// the default config (reference/clrx/GcnTimings.md), never hard-coded twice.
#include <catch2/catch.hpp>

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
