// Microbenchmarks: assembly programs measure with s_memtime what the config
// says -- K$ hit/miss latency by pointer chase, LDS latency with 0..32-way
// bank conflicts, vector L1/L2/DRAM latency. Each expected number is computed
// from the config struct (sim::timing::GpuConfig defaults), never written twice.
//
// A measurement is the difference of two s_memtime values around
//   s_memtime; OP; s_waitcnt ...; s_memtime
// which is OP's issue slot after the first s_memtime (S_MEMTIME's issue cycles)
// plus OP's latency (the default latencies are multiples of the 4-cycle
// issue turn, so no rounding enters).
#include <catch2/catch.hpp>

#include "memory/buffer_resource.hpp"
#include "tests/sim/timing/timing_harness.hpp"

using namespace gcnsim;
using namespace gcnsim::test;
using sim::timing::GpuConfig;

namespace {
uint64_t delta(const sim::WaveState& w, unsigned a, unsigned b) { return w.sreg64(b) - w.sreg64(a); }
}  // namespace

TEST_CASE("microbenchmark: K$ hit and miss latency by pointer chase", "[sim][timing][microbench]") {
  for (isa::Gen g : test::kAllGens) {
    WaveHarness h(g);
    const uint64_t buf = h.alloc(256);
    h.put(buf, std::vector<uint64_t>{buf + 8, 0x1234});
    h.wave.setSreg64(0, buf);
    const GpuConfig cfg;
    const TimedRun r = runTimed(h, loadProgram("timing_kcache", g), cfg);
    REQUIRE(r.status.ok());
    const uint64_t issue = issueCycles("s_memtime", g, cfg);
    const uint64_t hit = cfg.kcache.hitLatency;
    const uint64_t l2Hit = hit + cfg.memory.l2.hitLatency;
    const uint64_t cold = l2Hit + cfg.memory.dramLatency;
    CHECK(delta(h.wave, 20, 22) - issue == cold);
    CHECK(delta(h.wave, 22, 24) - issue == hit);
    CHECK(delta(h.wave, 26, 28) - issue == l2Hit);
    CHECK(h.wave.sreg64(4) == 0x1234);  // the chase followed the pointer
  }
}

TEST_CASE("microbenchmark: K$ latency follows the config", "[sim][timing][microbench]") {
  WaveHarness h(isa::Gen::GCN14);
  const uint64_t buf = h.alloc(256);
  h.put(buf, std::vector<uint64_t>{buf + 8, 0x1234});
  h.wave.setSreg64(0, buf);
  GpuConfig cfg;
  cfg.kcache.hitLatency = 40;
  cfg.memory.dramLatency = 320;
  REQUIRE(runTimed(h, loadProgram("timing_kcache", h.gen), cfg).status.ok());
  const uint64_t issue = issueCycles("s_memtime", h.gen, cfg);
  CHECK(delta(h.wave, 22, 24) - issue == 40);
  CHECK(delta(h.wave, 20, 22) - issue == 40 + cfg.memory.l2.hitLatency + 320);
}

TEST_CASE("microbenchmark: LDS latency with 0, 2, 4 .. 32-way bank conflicts", "[sim][timing][microbench]") {
  const GpuConfig cfg;
  for (isa::Gen g : {isa::Gen::GCN10, isa::Gen::GCN14}) {
    for (uint32_t ways : {0u, 1u, 2u, 4u, 8u, 16u, 32u}) {
      CAPTURE(g, ways);
      WaveHarness h(g);
      for (unsigned l = 0; l < 64; ++l) h.wave.v(0)[l] = l;
      // Lane L reads L * 4 * ways bytes: `ways` distinct dwords per bank in
      // each 32-lane half (GcnTimings.md bank rule); 0 = one address (broadcast).
      h.wave.sreg[4] = 4 * ways;
      const TimedRun r = runTimed(h, loadProgram("timing_lds_conflict", g), cfg);
      REQUIRE(r.status.ok());
      // Pass rule (memory/lds_timing.hpp): ds_read_b32 is served 32 lanes a
      // pass, two passes per wave64, in its 2 pipe cycles (GcnTimings.md:357
      // throughput 1/2), so each extra pass costs 1 cycle; an N-way conflict
      // adds N - 1 passes in each half.
      // The wave sees the return at its SIMD's next issue turn (one SIMD of
      // the CU a cycle: every cfg.cu.simds cycles).
      const uint64_t degree = ways == 0 ? 1 : ways;
      const uint64_t back = cfg.lds.latency + 2 * (degree - 1) * 1;
      const uint64_t expected = (back + cfg.cu.simds - 1) / cfg.cu.simds * cfg.cu.simds;
      CHECK(delta(h.wave, 20, 22) - issueCycles("s_memtime", g, cfg) == expected);
    }
  }
}

TEST_CASE("microbenchmark: vector memory L1 hit, L2 hit and DRAM latency", "[sim][timing][microbench]") {
  for (isa::Gen g : test::kAllGens) {
    CAPTURE(g);
    WaveHarness h(g);
    const uint64_t buf = h.alloc(256);
    h.put(buf, std::vector<uint32_t>{0xabcd});
    memory::BufferResource rsrc;
    rsrc.baseAddress = buf;
    rsrc.numRecords = 256;
    rsrc.dataFormat = 4;  // BUF_DATA_FORMAT_32
    rsrc.numFormat = 4;   // BUF_NUM_FORMAT_UINT
    const auto words = rsrc.encode(g);
    for (unsigned i = 0; i < 4; ++i) h.wave.sreg[4 + i] = words[i];
    const GpuConfig cfg;
    const TimedRun r = runTimed(h, loadProgram("timing_vmem", g), cfg);
    REQUIRE(r.status.ok());
    const uint64_t issue = issueCycles("s_memtime", g, cfg);
    const uint64_t l1 = cfg.l1.cache.hitLatency, l2 = l1 + cfg.memory.l2.hitLatency;
    CHECK(delta(h.wave, 20, 22) - issue == l2 + cfg.memory.dramLatency);
    CHECK(delta(h.wave, 22, 24) - issue == l1);
    CHECK(delta(h.wave, 26, 28) - issue == l2);
    CHECK(h.wave.v(2)[0] == 0xabcd);
    CHECK(h.wave.v(4)[63] == 0xabcd);
  }
}
