// Timing-model rules of issue 11, each worked out from its source (the
// expected cycle counts are computed here from the documented figures and the
// config struct, never read back from the model):
//  - FLAT counts on VM_CNT and LGKM_CNT (AMD GCN3/Vega ISA, FLAT; GcnInstrsFlat.md);
//  - DS instructions return in order, GDS and LDS alike (GcnInstrsDs.md);
//  - conflict-free b64/b128/read2 patterns cost no bank-conflict passes
//    (memory/lds_timing.hpp pass rule; AMD OpenCL optimisation guide);
//  - the 16-cycle VALU -> SALU delay and the SCC branch penalty
//    (GcnTimings.md "Instruction scheduling");
//  - the GCN 1.0/1.1 2-dword alignment penalty (GcnTimings.md "Instruction alignment");
//  - at most maxIssuePerCycle instructions per CU cycle; the arbitration policy.
#include <catch2/catch.hpp>
#include <map>

#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;
using namespace gcnsim::test;
using sim::timing::GpuConfig;
using sim::timing::Kind;

namespace {

// Wave 0's issue records of `kind`.
std::vector<sim::timing::IssueRecord> records(const TimedRun& r, Kind kind) {
  std::vector<sim::timing::IssueRecord> out;
  for (const auto& rec : r.trace)
    if (rec.kind == kind && rec.waveId == 0) out.push_back(rec);
  return out;
}

}  // namespace

TEST_CASE("FLAT: a load counts on VM_CNT and LGKM_CNT, and lgkmcnt(0) alone waits for it", "[sim][timing]") {
  for (isa::Gen g : {isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}) {
    CAPTURE(g);
    WaveHarness h(g);
    const uint64_t buf = h.alloc(64);
    h.put(buf, std::vector<uint32_t>{0xfeed});
    h.wave.setSreg64(0, buf);
    const GpuConfig cfg;
    const TimedRun r = runTimed(h, loadProgram("timing_flat_counters", g), cfg);
    REQUIRE(r.status.ok());
    const auto flat = records(r, Kind::VmemLoad);
    REQUIRE(flat.size() == 1);
    CHECK(flat[0].vm == 1);
    CHECK(flat[0].lgkm == 1);
    // The wait ends when the (cold, single-line) load is back: L1 + L2 + DRAM.
    const auto wait = records(r, Kind::Waitcnt);
    REQUIRE(wait.size() == 1);
    CHECK(wait[0].cycle - flat[0].cycle ==
          cfg.l1.cache.hitLatency + cfg.memory.l2.hitLatency + cfg.memory.dramLatency);
    CHECK(wait[0].vm == 0);
    CHECK(h.wave.v(3)[0] == 0xfeed);  // the copy after the wait sees the loaded value
    CHECK(h.wave.v(3)[63] == 0xfeed);
  }
}

TEST_CASE("DS: a GDS read and a later LDS read return in order", "[sim][timing]") {
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    WaveHarness h(g);
    const GpuConfig cfg;
    REQUIRE(cfg.lds.latency + 4 < cfg.lds.gdsLatency);  // the LDS read alone would be back first
    const TimedRun r = runTimed(h, loadProgram("timing_ds_order", g), cfg);
    REQUIRE(r.status.ok());
    const auto ds = records(r, Kind::Ds);
    const auto wait = records(r, Kind::Waitcnt);
    REQUIRE(ds.size() == 2);
    REQUIRE(wait.size() == 2);
    // lgkmcnt(1) is released by the first return, which is the GDS read's;
    // the LDS read, held behind it, comes back in the same cycle.
    CHECK(wait[0].cycle - ds[0].cycle == cfg.lds.gdsLatency);
    CHECK(wait[1].cycle == wait[0].cycle);
  }
}

TEST_CASE("LDS: float2/float4 per lane and read2 with OFFSET1 = 32 have no bank conflict", "[sim][timing]") {
  for (isa::Gen g : {isa::Gen::GCN11, isa::Gen::GCN12, isa::Gen::GCN14}) {
    CAPTURE(g);
    const GpuConfig cfg;
    auto run = [&](uint32_t b64Stride, uint32_t b128Stride) {
      WaveHarness h(g);
      for (unsigned l = 0; l < 64; ++l) h.wave.v(0)[l] = l;
      h.wave.sreg[4] = b64Stride;
      h.wave.sreg[5] = b128Stride;
      const TimedRun r = runTimed(h, loadProgram("timing_lds_wide", g), cfg);
      REQUIRE(r.status.ok());
      return r.stats;
    };
    const auto packed = run(8, 16);
    CHECK(packed.ldsConflictPasses == 0);
    CHECK(packed.ldsConflictCycles == 0);
    // Padded to twice the size: 16 lanes a pass (b64) share banks pairwise,
    // one extra pass in each of 4; 8 lanes a pass (b128) likewise in each of 8.
    const auto padded = run(16, 32);
    CHECK(padded.ldsConflictPasses == 4 + 8);
    CHECK(padded.ldsConflictCycles > 0);
  }
}

TEST_CASE("VALU -> SALU: an SALU op reading v_readfirstlane's SGPR waits 16 cycles more", "[sim][timing]") {
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    WaveHarness h(g);
    const GpuConfig cfg;
    REQUIRE(cfg.issue.saluAfterValuCycles == 16);  // GcnTimings.md:78-79
    const TimedRun r = runTimed(h, loadProgram("timing_valu_salu", g), cfg);
    REQUIRE(r.status.ok());
    const auto valu = r.cycles(Kind::Valu), salu = r.cycles(Kind::Salu);
    REQUIRE(valu.size() == 2);
    REQUIRE(salu.size() == 2);
    CHECK(salu[0] - valu[0] == 4 + 16);  // reads s4: 16 cycles more than after another VALU op
    CHECK(salu[1] - valu[1] == 4);       // reads s8: only the VALU op's 4 issue cycles
  }
}

TEST_CASE("VOP3 compares write their SDST, not VCC, each late SGPR keeps its own 16 cycles",
          "[sim][timing]") {
  // timing_vop3_sdst.s. The model had added VCC to the writes of every op whose e32 form writes it, and had
  // kept only the latest v_readfirstlane's SGPR late.
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    WaveHarness h(g);
    const GpuConfig cfg;
    REQUIRE(cfg.issue.saluAfterValuCycles == 16);  // GcnTimings.md:78-79
    REQUIRE(cfg.issue.alignmentPenaltyCycles == 0);
    REQUIRE(cfg.issue.branchPenaltyCycles == 4);  // GcnTimings.md:80-83
    const TimedRun r = runTimed(h, loadProgram("timing_vop3_sdst", g), cfg);
    REQUIRE(r.status.ok());
    const auto valu = r.cycles(Kind::Valu), salu = r.cycles(Kind::Salu), branch = r.cycles(Kind::Branch);
    REQUIRE(valu.size() == 5);
    REQUIRE(salu.size() == 5);
    REQUIRE(branch.size() == 2);
    // v_cmp_lt_f64 is a DP op: DPFACTOR x 4 cycles (GcnTimings.md); only the e32 form's VCC is waited for.
    const uint64_t cmpF64 = uint64_t{cfg.issue.dpFactor} * cfg.issue.valuCycles;
    CHECK(salu[0] - valu[0] == cfg.issue.valuCycles);
    CHECK(salu[1] - valu[1] == cmpF64);
    // s_mov_b32 s6, s4: 4 cycles of the first v_readfirstlane, then the 16-cycle delay.
    CHECK(salu[2] - valu[2] == cfg.issue.valuCycles + 16);
    // Both branches are taken (VCC = 0 from the e32 compare) and cost the same: no penalty after the e64 one.
    CHECK(salu[3] - branch[0] == salu[4] - branch[1]);
  }
}

TEST_CASE("SCC branch penalty: 4 cycles right after s_cmp, none after an s_nop", "[sim][timing]") {
  for (isa::Gen g : {isa::Gen::GCN12, isa::Gen::GCN14}) {
    CAPTURE(g);
    WaveHarness h(g);
    GpuConfig cfg;
    cfg.issue = sim::timing::defaultConfig(g).issue;
    const TimedRun r = runTimed(h, loadProgram("timing_branch_penalty", g), cfg);
    REQUIRE(r.status.ok());
    const auto salu = r.cycles(Kind::Salu), branch = r.cycles(Kind::Branch);
    REQUIRE(salu.size() == 4);
    REQUIRE(branch.size() == 2);
    CHECK(salu[1] - branch[0] == 4 + 4);  // not taken: 4 (GcnTimings.md:105) + the penalty (:82-83)
    CHECK(salu[3] - branch[1] == 4);
  }
}

TEST_CASE("GCN 1.0/1.1: 2-dword instructions past the third dword of a 32-byte block cost 4 more",
          "[sim][timing]") {
  for (isa::Gen g : kAllGens) {
    CAPTURE(g);
    WaveHarness h(g);
    GpuConfig cfg;
    cfg.issue = sim::timing::defaultConfig(g).issue;  // the chip's issue rules (alignment penalty on 1.0/1.1)
    const TimedRun r = runTimed(h, loadProgram("timing_alignment", g), cfg);
    REQUIRE(r.status.ok());
    // Instructions at dwords 0, 2, 4, 6 and 8 (= 0 of the next block).
    const bool penalised = g == isa::Gen::GCN10 || g == isa::Gen::GCN11;  // GcnTimings.md:50, 70-71
    const std::vector<uint64_t> expected =
        penalised ? std::vector<uint64_t>{4, 8, 8, 8} : std::vector<uint64_t>{4, 4, 4, 4};
    CHECK(diffs(r.cycles(Kind::Salu)) == expected);
  }
}

TEST_CASE("issue: at most issue.max_issue_per_cycle instructions per CU cycle", "[sim][timing]") {
  // Four waves on SIMD 0 alternate VALU and SALU work: two categories.
  auto mostPerCycle = [](uint32_t cap) {
    WaveHarness h(isa::Gen::GCN14, 16);
    GpuConfig cfg;
    cfg.issue.maxIssuePerCycle = cap;
    const TimedRun r =
        runTimed(h, loadProgram("timing_valu_salu", h.gen), cfg, 4, std::vector<uint32_t>(4, 0));
    INFO(r.status.message);
    REQUIRE(r.status.ok());
    std::map<uint64_t, uint32_t> perCycle;
    for (const auto& rec : r.trace)
      if (rec.kind == Kind::Valu || rec.kind == Kind::Salu) ++perCycle[rec.cycle];
    uint32_t most = 0;
    for (const auto& [cycle, n] : perCycle) most = std::max(most, n);
    return most;
  };
  CHECK(mostPerCycle(5) == 2);  // VALU and SALU from two waves in one cycle
  CHECK(mostPerCycle(1) == 1);
}

TEST_CASE("arbitration: oldest first starves the younger wave, round robin alternates", "[sim][timing]") {
  auto run = [](sim::timing::Arbitration a) {
    WaveHarness h(isa::Gen::GCN14);
    GpuConfig cfg;
    cfg.issue.arbitration = a;
    TimedRun r = runTimed(h, loadProgram("timing_valu_stream", h.gen), cfg, 2, {0, 0});
    REQUIRE(r.status.ok());
    return std::pair{r.cycles(Kind::Valu, 0), r.cycles(Kind::Valu, 1)};
  };
  const auto [old0, old1] = run(sim::timing::Arbitration::OldestFirst);
  REQUIRE(old0.size() == 8);
  REQUIRE(old1.size() == 8);
  CHECK(old0.back() < old1.front());  // wave 1 waits for all of wave 0's VALU ops
  const auto [rr0, rr1] = run(sim::timing::Arbitration::RoundRobin);
  REQUIRE(rr0.size() == 8);
  REQUIRE(rr1.size() == 8);
  for (size_t i = 0; i + 1 < 8; ++i) {
    CAPTURE(i);
    CHECK(rr0[i] < rr1[i]);
    CHECK(rr1[i] < rr0[i + 1]);  // the SIMD's VALU goes to each wave in turn
  }
}
