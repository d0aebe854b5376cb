// Running ahead (sim/timing/run_ahead.hpp): a wave's ALU, LDS and s_waitcnt
// instructions executed ahead of their issue change nothing the run reports -- status,
// fault and watchdog messages, cycles, every statistic, memory -- on all four
// generations, with several waves per SIMD; and they do run ahead.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "memory/buffer_resource.hpp"
#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "sim/timing/timing_engine.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using sim::timing::GpuConfig;

namespace {

constexpr uint32_t kWorkgroups = 48, kItems = 128;  // two waves per workgroup
constexpr uint32_t kBytes = kWorkgroups * kItems * 16;

struct Outcome {
  sim::RunStatus status;
  sim::timing::TimingStats stats;
  std::vector<uint8_t> memory;
};

// `program` over kWorkgroups workgroups on a 4-CU GPU (several waves per
// SIMD), with `ldsBytes` of LDS each, its buffer filled with a pattern; s[4:7] = the buffer's resource,
// s8 = workgroup id, v0 = work-item id.
Outcome run(const std::string& program, isa::Gen g, bool runAhead, uint64_t maxInstructions = 0,
            uint32_t ldsBytes = kItems * 4) {
  memory::GlobalMemory mem{1ull << 30};
  memory::Gds gds;
  sim::ExecEnv env;
  env.global = &mem;
  env.gds = &gds;
  sim::DispatchSpec d = test::programDispatch(mem, program, g);
  d.grid = {kWorkgroups * kItems, 1, 1};
  d.workgroup = {kItems, 1, 1};
  d.vgprs = 24;
  d.ldsBytes = ldsBytes;
  const uint64_t buffer = mem.allocate(kBytes, 256, "buffer");
  std::vector<uint32_t> pattern(kBytes / 4);
  for (uint32_t i = 0; i < pattern.size(); ++i) pattern[i] = i * 2654435761u;
  mem.write(buffer, pattern.data(), kBytes);
  memory::BufferResource r;
  r.baseAddress = buffer;
  r.numRecords = kBytes;
  r.dataFormat = 4;  // 32 (any valid format; untyped ops ignore it)
  r.numFormat = 4;
  const auto words = r.encode(g);
  for (uint16_t i = 0; i < 4; ++i) d.sgprs.push_back({uint16_t(4 + i), sim::SgprInit::Value, words[i]});
  d.sgprs.push_back({8, sim::SgprInit::WorkgroupIdX, 0});
  d.vgprsInit = {{0, sim::VgprInit::WorkitemIdX, 0}};
  GpuConfig cfg;
  cfg.cus = 4;
  sim::timing::TimingOptions opt;
  opt.runAhead = runAhead;
  if (maxInstructions) opt.limits.maxInstructions = maxInstructions;
  Outcome o;
  o.status = sim::timing::runTiming(d, env, cfg, opt, o.stats);
  o.memory.resize(kBytes);
  mem.read(buffer, o.memory.data(), kBytes);
  return o;
}

void requireSame(const Outcome& a, const Outcome& b) {
  CHECK(a.status.kind == b.status.kind);
  CHECK(a.status.message == b.status.message);
  CHECK(a.stats.cycles == b.stats.cycles);
  CHECK(a.stats.instructions == b.stats.instructions);
  CHECK(a.stats.opCounts == b.stats.opCounts);
  CHECK(a.stats.issued == b.stats.issued);
  CHECK(a.stats.waitcntStalls == b.stats.waitcntStalls);
  CHECK(a.stats.scoreboardStalls == b.stats.scoreboardStalls);
  CHECK(a.stats.unitBusyStalls == b.stats.unitBusyStalls);
  CHECK(a.stats.barrierWaits == b.stats.barrierWaits);
  CHECK(a.stats.cuInstructions == b.stats.cuInstructions);
  CHECK(a.stats.residentWaveCycles == b.stats.residentWaveCycles);
  CHECK(a.stats.l1.hits == b.stats.l1.hits);
  CHECK(a.stats.l2.misses == b.stats.l2.misses);
  CHECK(a.memory == b.memory);
}

const isa::Gen kGens[] = {isa::Gen::GCN10, isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14};

}  // namespace

TEST_CASE("run ahead: ALU loops, EXEC and VCC, a load, LDS and a barrier: the same run",
          "[sim][timing][run_ahead]") {
  for (const isa::Gen g : kGens) {
    INFO("generation " << int(g));
    const Outcome at = run("run_ahead", g, false), ahead = run("run_ahead", g, true);
    INFO(at.status.message);
    REQUIRE(at.status.ok());
    CHECK(at.stats.ranAhead == 0);
    // The 20-round loop (11 instructions a round) and the rest run ahead, all but the memory and
    // instruction-buffer instructions and the first of each run.
    CHECK(ahead.stats.ranAhead > at.stats.instructions / 2);
    // Its SIMDs take turns ahead of the cycle loop (turns_ahead.cpp) while their waves are in the loop.
    CHECK(at.stats.turnsAhead == 0);
    CHECK(ahead.stats.turnsAhead > 0);
    INFO("turns ahead " << ahead.stats.turnsAhead);
    requireSame(at, ahead);
    // The kernel did its work: every work-item stored something other than the pattern's last dword.
    uint32_t w = 0;
    std::memcpy(&w, ahead.memory.data() + 12, 4);
    CHECK(w != 3 * 2654435761u);
  }
}

TEST_CASE("run ahead: a fault of an instruction executed ahead is reported at its issue",
          "[sim][timing][run_ahead]") {
  for (const isa::Gen g : kGens) {
    INFO("generation " << int(g));
    const Outcome at = run("run_ahead_fault", g, false), ahead = run("run_ahead_fault", g, true);
    REQUIRE(at.status.kind == sim::RunStatus::Fault);
    CHECK_THAT(at.status.message, Catch::Contains("s_movrels_b32") && Catch::Contains("M0 (200)"));
    CHECK(ahead.stats.ranAhead > 0);
    requireSame(at, ahead);
  }
}

TEST_CASE("run ahead: the watchdog names the PC the timing model is at", "[sim][timing][run_ahead]") {
  for (const isa::Gen g : kGens) {
    INFO("generation " << int(g));
    const Outcome at = run("run_ahead_spin", g, false, 20000), ahead = run("run_ahead_spin", g, true, 20000);
    REQUIRE(at.status.kind == sim::RunStatus::Watchdog);
    CHECK(ahead.stats.ranAhead > 0);
    requireSame(at, ahead);
  }
}

TEST_CASE("run ahead: LDS reads in flight, partial s_waitcnt, a read one s_waitcnt too early: the same run",
          "[sim][timing][run_ahead]") {
  for (const isa::Gen g : kGens) {
    INFO("generation " << int(g));
    const Outcome at = run("run_ahead_lds", g, false, 0, 0x4200),
                  ahead = run("run_ahead_lds", g, true, 0, 0x4200);
    INFO(at.status.message);
    REQUIRE(at.status.ok());
    // Nearly every instruction of a round runs ahead, the LDS reads and the s_waitcnt between them too: a
    // round has 9 ALU instructions of 16, and the run stops once a round (at the early read).
    CHECK(ahead.stats.ranAhead > at.stats.instructions * 3 / 4);
    requireSame(at, ahead);
    // The slow reads were slow: bank conflicts were counted.
    CHECK(at.stats.ldsConflictPasses > 0);
    CHECK(ahead.stats.ldsConflictPasses == at.stats.ldsConflictPasses);
    // The rounds ran: no work-item's first dword is still the pattern's.
    uint32_t w = 0;
    std::memcpy(&w, ahead.memory.data(), 4);
    CHECK(w != 0);
  }
}

TEST_CASE("run ahead: straight-line code longer than 64 instructions and subroutine calls: the same run",
          "[sim][timing][run_ahead]") {
  // The program's results, worked out here (run_ahead_long.s): per work-item v2, v3, v5 and s11 after
  // eight rounds of 50 x {v2 = (v2 * 3 + v0) & 0xffff (v_mad_u32_u24: v2 <= 0xffff), s11 += round}
  // and a subroutine v3 = max(v3, v2 ^ v0), v5 = s11 | v3.
  std::vector<uint32_t> expected(kBytes / 4);
  for (uint32_t wg = 0; wg < kWorkgroups; ++wg)
    for (uint32_t lane = 0; lane < kItems; ++lane) {
      uint32_t v2 = 1, v3 = 0, v5 = 0, s11 = 7;
      for (uint32_t round = 0; round < 8; ++round) {
        for (int i = 0; i < 50; ++i) {
          v2 = (v2 * 3 + lane) & 0xffff;
          s11 += round;
        }
        v3 = std::max(v3, v2 ^ lane);
        v5 = s11 | v3;
      }
      const uint32_t at = (wg * kItems + lane) * 4;
      expected[at] = v2, expected[at + 1] = v3, expected[at + 2] = v5, expected[at + 3] = s11;
    }
  for (const isa::Gen g : kGens) {
    INFO("generation " << int(g));
    const Outcome at = run("run_ahead_long", g, false), ahead = run("run_ahead_long", g, true);
    INFO(at.status.message);
    REQUIRE(at.status.ok());
    // All but the first instruction of each run, the buffer store, s_waitcnt and s_endpgm run ahead: a
    // round's 161 instructions take about three runs (s_swappc_b64 and s_setpc_b64 each end one).
    CHECK(ahead.stats.ranAhead > at.stats.instructions * 9 / 10);
    requireSame(at, ahead);
    std::vector<uint32_t> got(kBytes / 4);
    std::memcpy(got.data(), ahead.memory.data(), kBytes);
    CHECK(got == expected);
  }
}
