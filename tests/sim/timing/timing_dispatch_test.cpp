// The timing model's dispatcher: workgroups go to CUs while their waves'
// slots, VGPRs (allocated in granules), SGPRs and LDS fit; occupancy hides
// latency; a workgroup that can never fit is an error naming the parameters.
#include <catch2/catch.hpp>
#include <map>

#include "memory/gds.hpp"
#include "memory/global_memory.hpp"
#include "sim/timing/timing_engine.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using sim::timing::GpuConfig;

namespace {

// Simulated memory and GDS, and the ExecEnv of a whole-model run over them.
struct Machine {
  memory::GlobalMemory mem{1ull << 30};
  memory::Gds gds;
  sim::ExecEnv env;
  Machine() {
    env.global = &mem;
    env.gds = &gds;
  }
};

struct DispatchRun {
  sim::RunStatus status;
  sim::timing::TimingStats stats;
  uint32_t maxWavesPerCu = 0;
};

DispatchRun dispatch(uint32_t vgprs, uint32_t workgroupSize, uint32_t workgroups, const GpuConfig& cfg) {
  Machine m;
  sim::DispatchSpec d = test::programDispatch(m.mem, "timing_lds_conflict", isa::Gen::GCN14);
  d.grid = {workgroupSize * workgroups, 1, 1};
  d.workgroup = {workgroupSize, 1, 1};
  d.vgprs = vgprs;
  d.ldsBytes = 4096;
  d.sgprs = {{4, sim::SgprInit::Value, 4}};  // s4 = 4: lane L reads dword L, no bank conflicts
  d.vgprsInit = {{0, sim::VgprInit::WorkitemIdX, 0}};
  DispatchRun r;
  // Live waves per CU from the issue trace (first to last issue of each wave).
  std::map<uint32_t, std::pair<uint64_t, uint64_t>> life;
  std::map<uint32_t, uint32_t> cuOf;
  sim::timing::TimingOptions opt;
  opt.onIssue = [&](const sim::timing::IssueRecord& rec) {
    auto [it, fresh] = life.try_emplace(rec.waveId, rec.cycle, rec.cycle);
    if (!fresh) it->second.second = rec.cycle;
    cuOf[rec.waveId] = rec.cu;
  };
  r.status = sim::timing::runTiming(d, m.env, cfg, opt, r.stats);
  for (const auto& [w, span] : life) {
    uint32_t n = 0;
    for (const auto& [v, s] : life)
      if (cuOf[v] == cuOf[w] && s.first <= span.first && span.first <= s.second) ++n;
    r.maxWavesPerCu = std::max(r.maxWavesPerCu, n);
  }
  return r;
}

}  // namespace

TEST_CASE("dispatcher: VGPR allocation limits the waves per CU", "[sim][timing][dispatch]") {
  GpuConfig cfg;
  cfg.cus = 2;
  const auto lean = dispatch(64, 256, 16, cfg);   // 4 waves per SIMD fit: 4 workgroups per CU
  const auto fat = dispatch(128, 256, 16, cfg);   // 2 waves per SIMD: 2 workgroups per CU
  const auto huge = dispatch(253, 256, 16, cfg);  // rounds up to 256 VGPRs: 1 workgroup per CU
  REQUIRE(lean.status.ok());
  REQUIRE(fat.status.ok());
  REQUIRE(huge.status.ok());
  CHECK(lean.stats.workgroups == 16);
  CHECK(lean.stats.waves == 64);
  CHECK(fat.maxWavesPerCu <= 2 * 4);
  CHECK(huge.maxWavesPerCu <= 1 * 4);
  CHECK(lean.maxWavesPerCu > fat.maxWavesPerCu);
  // More resident waves hide the LDS latency: fewer cycles.
  CHECK(lean.stats.cycles < fat.stats.cycles);
  CHECK(fat.stats.cycles < huge.stats.cycles);
}

TEST_CASE("dispatcher: a workgroup that can never fit names the limits", "[sim][timing][dispatch]") {
  GpuConfig cfg;
  const auto r = dispatch(256, 1024, 1, cfg);  // 16 waves x 256 VGPRs: 4 per SIMD, only 1 fits
  REQUIRE_FALSE(r.status.ok());
  CHECK_THAT(r.status.message, Catch::Contains("does not fit") && Catch::Contains("vgprs_per_simd"));
}

TEST_CASE("dispatcher: more CUs run independent workgroups in parallel", "[sim][timing][dispatch]") {
  GpuConfig one, four;
  one.cus = 1;
  four.cus = 4;
  one.cu.waveSlotsPerSimd = four.cu.waveSlotsPerSimd = 1;
  const auto a = dispatch(64, 256, 8, one), b = dispatch(64, 256, 8, four);
  REQUIRE(a.status.ok());
  REQUIRE(b.status.ok());
  CHECK(b.stats.cycles * 2 < a.stats.cycles);
}

TEST_CASE("dispatcher: occupancy counts resident waves and busy CUs", "[sim][timing][dispatch]") {
  GpuConfig cfg;
  cfg.cus = 8;
  // One workgroup of one wave: one CU busy exactly while its wave is resident.
  const auto single = dispatch(64, 64, 1, cfg);
  REQUIRE(single.status.ok());
  CHECK(single.stats.residentWaveCycles > 0);
  CHECK(single.stats.busyCuCycles == single.stats.residentWaveCycles);
  CHECK(single.stats.busyCuCycles <= single.stats.cycles);
  // Sixteen workgroups of four waves on eight CUs: a busy CU holds 1 to 40 waves
  // (4 SIMDs x 10 slots), and with every CU given work, more than one on average.
  const auto many = dispatch(64, 256, 16, cfg);
  REQUIRE(many.status.ok());
  CHECK(many.stats.busyCuCycles <= many.stats.cycles * cfg.cus);
  CHECK(many.stats.residentWaveCycles > many.stats.busyCuCycles);
  CHECK(many.stats.residentWaveCycles <= 40 * many.stats.busyCuCycles);
}

// The timing model reuses a wave slot's WaveState for the next wave placed in
// it (sim/timing/wave_slots.hpp): whatever the last wave left there, the new
// wave starts as the dispatch defines a fresh one, in the same VGPR storage.
TEST_CASE("timing dispatch: a wave built in a used slot starts like a fresh wave", "[timing][dispatch]") {
  sim::DispatchSpec d;
  d.entryPc = 0x1000;
  d.vgprs = 4;
  d.grid = {100, 1, 1};
  d.workgroup = {64, 1, 1};
  d.sgprs = {{8, sim::SgprInit::WorkgroupIdX, 0}};
  d.vgprsInit = {{0, sim::VgprInit::WorkitemIdX, 0}};
  sim::WaveState w = sim::makeWave(d, {0, 0, 0}, 0, 0);
  // What a wave leaves behind: registers written, PC moved, flags set.
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned lane = 0; lane < sim::kWaveSize; ++lane) w.v(r)[lane] = 0xdeadbeef;
  w.sreg.fill(0x12345678);
  w.pc = 0x2000;
  w.status = sim::WaveStatus::Retired;
  w.gwsWaiting = true;
  w.instructionsExecuted = 99;
  const uint32_t* storage = w.vgpr.data();
  // Workgroup 1 of a 100-item grid in workgroups of 64 has 36 work-items (HSA partial workgroup).
  sim::initWave(w, d, {1, 0, 0}, 0, 0);
  CHECK(w.vgpr.data() == storage);
  CHECK(w.pc == 0x1000);
  CHECK(w.exec() == (uint64_t{1} << 36) - 1);
  CHECK(w.sreg[8] == 1);  // the workgroup id
  CHECK(w.sreg[9] == 0);  // no other SGPR is initialised
  for (unsigned lane = 0; lane < sim::kWaveSize; ++lane) {
    CHECK(w.v(0)[lane] == (lane < 36 ? lane : 0u));
    for (unsigned r = 1; r < 4; ++r) CHECK(w.v(r)[lane] == 0);
  }
  CHECK(w.status == sim::WaveStatus::Running);
  CHECK(!w.gwsWaiting);
  CHECK(w.instructionsExecuted == 0);
}

// A CU reuses a finished workgroup's storage for the next one (its context,
// its LDS): the next workgroup must still find its LDS zeroed, as the
// functional engine gives every workgroup a new one. One wave slot on one CU
// puts the workgroups on it one after another; each reads its LDS before
// writing -1 there (tests/sim/programs/timing_lds_fresh.gfx9.s).
TEST_CASE("timing dispatch: every workgroup's LDS starts zeroed on a CU that ran others before",
          "[timing][dispatch]") {
  Machine m;
  memory::GlobalMemory& mem = m.mem;
  sim::DispatchSpec d = test::programDispatch(mem, "timing_lds_fresh", isa::Gen::GCN14);
  const uint32_t workgroups = 6;
  d.grid = {64 * workgroups, 1, 1};
  d.workgroup = {64, 1, 1};
  d.vgprs = 8;
  d.ldsBytes = 256;
  const uint64_t out = mem.allocate(workgroups * 256, 256, "out");
  std::vector<uint32_t> junk(workgroups * 64, 0x55555555);
  mem.write(out, junk.data(), junk.size() * 4);
  d.sgprs = {{0, sim::SgprInit::Value, uint32_t(out)},
             {1, sim::SgprInit::Value, uint32_t(out >> 32)},
             {4, sim::SgprInit::WorkgroupIdX, 0}};
  d.vgprsInit = {{0, sim::VgprInit::WorkitemIdX, 0}};
  GpuConfig cfg;
  cfg.cus = 1;
  cfg.cu.simds = 1;
  cfg.cu.waveSlotsPerSimd = 1;
  sim::timing::TimingStats stats;
  REQUIRE(sim::timing::runTiming(d, m.env, cfg, {}, stats).ok());
  REQUIRE(stats.workgroups == workgroups);
  std::vector<uint32_t> seen(workgroups * 64);
  mem.read(out, seen.data(), seen.size() * 4);
  for (uint32_t i = 0; i < seen.size(); ++i) {
    INFO("workgroup " << i / 64 << " lane " << i % 64);
    CHECK(seen[i] == 0);
  }
}
