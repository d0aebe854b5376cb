// Wait counters in the timing model: LGKM_CNT increments (seeds/000_f05d49f6c840f2a3.txt,
// seeds/003_d79646fcab33cb6c.txt: +1 single dword, +2 for more), SMEM out-of-order
// returns, LDS in-order returns, old register values before s_waitcnt, and the
// s_waitcnt immediate layout (GcnInstrsSopp.md, llvm gfx*_waitcnt.rst).
#include <catch2/catch.hpp>

#include "sim/timing/inst_class.hpp"
#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;
using namespace gcnsim::test;
using sim::timing::GpuConfig;
using sim::timing::Kind;

namespace {

// Buffer of 512 bytes: dword i = 0x1000 + i; s[0:1] = its address.
uint64_t setupBuffer(WaveHarness& h) {
  const uint64_t buf = h.alloc(512);
  std::vector<uint32_t> v(128);
  for (uint32_t i = 0; i < 128; ++i) v[i] = 0x1000 + i;
  h.put(buf, v);
  h.wave.setSreg64(0, buf);
  return buf;
}

}  // namespace

TEST_CASE("s_waitcnt immediate layout per generation", "[sim][timing]") {
  using sim::timing::decodeWaitcnt;
  const auto a = decodeWaitcnt(0x0f7f, isa::Gen::GCN12);  // all "no wait"
  CHECK(a.vm == 15);
  CHECK(a.exp == 7);
  CHECK(a.lgkm == 15);
  const auto b = decodeWaitcnt(0xc07f, isa::Gen::GCN14);  // vmcnt high bits [15:14]
  CHECK(b.vm == 0x3f);
  CHECK(b.lgkm == 0);
  CHECK(decodeWaitcnt(0xc07f, isa::Gen::GCN12).vm == 15);  // ignored before GCN 1.4
  const auto c = decodeWaitcnt(1 | 2 << 4 | 3 << 8, isa::Gen::GCN10);
  CHECK((c.vm == 1 && c.exp == 2 && c.lgkm == 3));
  CHECK(sim::timing::counterMaxima(isa::Gen::GCN14).vm == 63);
  CHECK(sim::timing::counterMaxima(isa::Gen::GCN11).vm == 15);
}

TEST_CASE("LGKM_CNT: single-dword SMEM +1, multi-dword +2", "[sim][timing][lgkm]") {
  for (isa::Gen g : test::kAllGens) {
    WaveHarness h(g);
    setupBuffer(h);
    const GpuConfig cfg;
    const TimedRun r = runTimed(h, loadProgram("timing_lgkm_count", g), cfg);
    REQUIRE(r.status.ok());
    std::vector<unsigned> lgkm;
    for (const auto& rec : r.trace)
      if (rec.kind == Kind::Smem) lgkm.push_back(rec.lgkm);
    CHECK(lgkm ==
          std::vector<unsigned>{cfg.issue.smemLgkmSingle, cfg.issue.smemLgkmMulti, cfg.issue.smemLgkmMulti});
    CHECK(h.wave.sreg[10] == 0x1000);  // lgkmcnt(1) waited: the x4 load counts 2
  }
}

TEST_CASE("LGKM_CNT: the multi-dword increment is a config option", "[sim][timing][lgkm]") {
  WaveHarness h(isa::Gen::GCN14);
  setupBuffer(h);
  GpuConfig cfg;
  cfg.issue.smemLgkmMulti = 1;
  const TimedRun r = runTimed(h, loadProgram("timing_lgkm_count", h.gen), cfg);
  REQUIRE(r.status.ok());
  CHECK(h.wave.sreg[10] == 0x4444);  // lgkmcnt(1) no longer waits: the old value
}

TEST_CASE("SMEM: reading the destination before s_waitcnt gives the old value", "[sim][timing][lgkm]") {
  for (isa::Gen g : test::kAllGens) {
    WaveHarness h(g);
    setupBuffer(h);
    REQUIRE(runTimed(h, loadProgram("timing_smem_old_value", g), GpuConfig{}).status.ok());
    CHECK(h.wave.sreg[10] == 0x2222);
    CHECK(h.wave.sreg[11] == 0x1000);
    // The functional engine has no latency: the same program sees the new value.
    WaveHarness f(g);
    setupBuffer(f);
    REQUIRE(f.runProgram("timing_smem_old_value").ok());
    CHECK(f.wave.sreg[10] == 0x1000);
  }
}

TEST_CASE("SMEM: a later K$ hit returns before an earlier miss", "[sim][timing][lgkm]") {
  for (isa::Gen g : test::kAllGens) {
    WaveHarness h(g);
    setupBuffer(h);
    const TimedRun r = runTimed(h, loadProgram("timing_smem_ooo", g), GpuConfig{});
    REQUIRE(r.status.ok());
    CHECK(h.wave.sreg[10] == 0x2222);             // the miss's destination: still old after lgkmcnt(1)
    CHECK(h.wave.sreg[11] == 0x1000 + 0x40 / 4);  // the hit's data
    CHECK(h.wave.sreg[12] == 0x1000 + 0x100 / 4);
    CHECK(r.stats.kcache.hits >= 1);
  }
}

TEST_CASE("LDS: returns in order, lgkmcnt(1) after two ds_reads guarantees the first",
          "[sim][timing][lgkm]") {
  for (isa::Gen g : test::kAllGens) {
    WaveHarness h(g);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(0)[l] = l;
      h.lds.store<uint32_t>(l * 128, 5000 + l);
    }
    h.lds.store<uint32_t>(4, 77);
    const TimedRun r = runTimed(h, loadProgram("timing_lds_order", g), GpuConfig{});
    REQUIRE(r.status.ok());
    for (unsigned l = 0; l < 64; ++l) {
      CHECK(h.wave.v(5)[l] == 5000 + l);
      CHECK(h.wave.v(6)[l] == 77u);
    }
    CHECK(r.stats.ldsConflictPasses == 62);
  }
}
