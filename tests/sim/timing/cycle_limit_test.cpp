// --max-cycles (TimingOptions::limits.maxCycles): the run stops at the limit.
// A wave in s_sleep leaves nothing to do for thousands of cycles; the
// event-driven loop skips them, and had skipped past the limit too, issuing
// at the cycle it landed on (a probe: --max-cycles 96000 ended at 96008).
#include <catch2/catch.hpp>
#include <tuple>
#include <vector>

#include "tests/sim/timing/timing_harness.hpp"

namespace gcnsim::test {

TEST_CASE("cycle limit: a run idle past the limit stops at it and issues nothing after it",
          "[sim][timing][watchdog]") {
  // llvm-mc-15 -mcpu=gfx600 and gfx900 encode both the same.
  // s_sleep 7: "Sleep approximately by (SIMM16&0x7)*64 cycles" (GcnInstrsSopp.md S_SLEEP), 448 cycles;
  // five of them, about 2240 cycles, then s_endpgm.
  const std::vector<uint32_t> code = {0xbf8e0007, 0xbf8e0007, 0xbf8e0007, 0xbf8e0007, 0xbf8e0007, 0xbf810000};
  for (const isa::Gen g : {isa::Gen::GCN10, isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}) {
    INFO("generation " << int(g));
    WaveHarness h(g);
    const TimedRun limited = runTimed(h, code, sim::timing::GpuConfig{}, 1, {}, true, 1000);
    INFO(limited.status.message);
    CHECK(limited.status.kind == sim::RunStatus::Watchdog);
    CHECK_THAT(limited.status.message, Catch::Contains("cycle limit reached (--max-cycles 1000)"));
    CHECK(limited.stats.cycles == 1000);
    REQUIRE(limited.trace.size() == 3);  // the sleeps issued by cycle 1000: at about 0, 448 and 896
    for (const auto& r : limited.trace) CHECK(r.cycle < 1000);

    WaveHarness h2(g);
    const TimedRun whole = runTimed(h2, code, sim::timing::GpuConfig{}, 1, {}, true, 100000);
    REQUIRE(whole.status.ok());
    REQUIRE(whole.trace.size() == 6);
    CHECK(whole.trace[5].cycle >= 5 * 448);  // s_endpgm after the sleeps
  }
}

TEST_CASE("cycle limit: --max-cycles N runs cycles 0 to N - 1, issuing what the whole run issues before N",
          "[sim][timing][watchdog]") {
  // Four waves, one per SIMD, each eight s_nop 0 and s_endpgm (SOPP words, the same in every generation):
  // the SIMDs take turns, so some wave issues at almost every cycle and N lands on issue cycles. A run
  // limited to N had simulated cycle N too, issuing there (the README: nothing issued at or after N).
  std::vector<uint32_t> code(8, 0xbf800000);
  code.push_back(0xbf810000);
  using Issue = std::tuple<uint64_t, uint32_t, uint64_t>;  // cycle, wave, pc offset
  const auto issues = [](const TimedRun& r, uint64_t base, uint64_t before) {
    std::vector<Issue> out;
    for (const auto& i : r.trace)
      if (i.cycle < before) out.emplace_back(i.cycle, i.waveId, i.pc - base);
    return out;
  };
  for (const isa::Gen g : {isa::Gen::GCN10, isa::Gen::GCN14}) {
    INFO("generation " << int(g));
    WaveHarness h(g);
    const TimedRun whole = runTimed(h, code, sim::timing::GpuConfig{}, 4, {0, 1, 2, 3});
    REQUIRE(whole.status.ok());
    REQUIRE(whole.trace.size() == 4 * 9);
    const uint64_t last = whole.trace.back().cycle;
    for (uint64_t n = 1; n <= last; ++n) {
      INFO("--max-cycles " << n);
      WaveHarness hn(g);
      const TimedRun limited = runTimed(hn, code, sim::timing::GpuConfig{}, 4, {0, 1, 2, 3}, true, n);
      CHECK(limited.status.kind == sim::RunStatus::Watchdog);
      CHECK(limited.stats.cycles == n);
      const std::vector<Issue> expected = issues(whole, h.codeBase, n);
      CHECK(issues(limited, hn.codeBase, ~uint64_t{0}) == expected);
      CHECK(limited.stats.instructions == expected.size());
    }
  }
}

}  // namespace gcnsim::test
