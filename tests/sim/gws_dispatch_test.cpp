// GWS barrier across the workgroups of one dispatch, in both engines
// (issue 3: "GWS ops (semaphores and barrier within one dispatch)"). The
// program (tests/sim/programs/gws_dispatch.s) makes each workgroup read, after
// the barrier, a GDS word another workgroup wrote before it: every word is
// right only if no workgroup passed the barrier before all had arrived.
// The functional engine runs workgroups one by one, so it must park a
// workgroup that waits on GWS and come back to it; the timing model parks the
// wave until a GDS instruction changes the GWS state.
#include <catch2/catch.hpp>

#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "sim/dispatch.hpp"
#include "sim/timing/timing_engine.hpp"
#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;

namespace {

struct GwsRun {
  sim::RunStatus status;
  std::vector<uint32_t> after;  // GDS words 16 .. 16 + N - 1
  uint64_t instructions = 0;
};

GwsRun run(isa::Gen g, uint32_t workgroups, uint32_t barrierWaves, bool timing, uint32_t scratch = 0) {
  memory::GlobalMemory mem(1ull << 30);
  memory::Gds gds;
  sim::ExecEnv env;
  env.global = &mem;
  env.gds = &gds;
  gds.gwsInit(0, barrierWaves);
  sim::DispatchSpec d = test::programDispatch(mem, "gws_dispatch", g);
  d.grid = {64 * workgroups, 1, 1};
  d.workgroup = {64, 1, 1};
  d.vgprs = 8;
  d.sgprs = {{2, sim::SgprInit::WorkgroupIdX, 0}, {5, sim::SgprInit::Value, workgroups}};
  d.vgprsInit = {{0, sim::VgprInit::WorkitemIdX, 0}};
  if (scratch) {  // parked workgroups keep their scratch (functional engine)
    d.scratchBytesPerLane = scratch;
    d.scratchBase = mem.allocate(sim::functionalScratchBytes(d), 256, "scratch");
  }
  GwsRun r;
  if (timing) {
    sim::timing::TimingOptions opt;
    opt.limits.maxCycles = 1'000'000;
    sim::timing::TimingStats stats;
    r.status = sim::timing::runTiming(d, env, sim::timing::GpuConfig{}, opt, stats);
    r.instructions = stats.instructions;
  } else {
    sim::DispatchStats stats;
    r.status = sim::runFunctional(d, env, 1'000'000, stats);
    r.instructions = stats.instructions;
  }
  for (uint32_t i = 0; i < workgroups; ++i) {
    uint32_t v = 0;
    gds.load(64 + 4 * i, v);
    r.after.push_back(v);
  }
  return r;
}

}  // namespace

TEST_CASE("GWS barrier across the workgroups of a dispatch", "[sim][gws]") {
  for (isa::Gen g : test::kAllGens) {
    for (bool timing : {false, true}) {
      CAPTURE(g, timing);
      const uint32_t n = 6;
      const GwsRun r = run(g, n, n, timing);
      INFO(r.status.message);
      REQUIRE(r.status.ok());
      for (uint32_t wg = 0; wg < n; ++wg) CHECK(r.after[wg] == (wg + 1) % n + 1);
      // Waiting is not executing: 19 instructions per wave, however long it waited.
      CHECK(r.instructions == 19 * n);
    }
  }
}

TEST_CASE("GWS barrier that can never release is a deadlock, not a hang", "[sim][gws]") {
  for (bool timing : {false, true}) {
    CAPTURE(timing);
    const GwsRun r = run(isa::Gen::GCN14, 3, 4, timing);  // 4 waves expected, 3 arrive
    CHECK(r.status.kind == sim::RunStatus::Fault);
    CHECK_THAT(r.status.message, Catch::Contains("deadlock"));
    CHECK_THAT(r.status.message, Catch::Contains("ds_gws_barrier"));
  }
}

TEST_CASE("GWS release-all frees a wave waiting in ds_gws_sema_p", "[sim][gws]") {
  // gws_release.s: wave 0 waits on a semaphore with count 0; wave 1 releases all.
  for (isa::Gen g : {isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}) {
    for (bool timing : {false, true}) {
      CAPTURE(g, timing);
      test::WaveHarness h(g);
      const auto code = test::loadProgram("gws_release", g);
      sim::RunStatus st;
      if (timing) {
        st = test::runTimed(h, code, {}, 2).status;
      } else {
        st = h.runWorkgroup(code, 2, 100000);
      }
      INFO(st.message);
      REQUIRE(st.ok());
      REQUIRE(h.waves.size() == 2);
      CHECK(h.waves[0].sreg[5] == 0x600d);  // passed ds_gws_sema_p
      CHECK(h.waves[1].sreg[5] == 0x1);
      CHECK(h.gds.gws(1).semaphore == 0);
      CHECK(h.gds.gws(1).releaseGeneration == 1);
      CHECK_FALSE(h.waves[0].gwsWaiting);
    }
  }
}
