// DS lane operations: DS_SWIZZLE_B32 (quad-perm and bitmask modes),
// DS_PERMUTE_B32 / DS_BPERMUTE_B32 (GCN 1.2+), DS_APPEND / DS_CONSUME.
// Expected values worked out by hand from reference/clrx/GcnInstrsDs.md.
#include <catch2/catch.hpp>
#include <cstdint>

#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {
using test::kAllGens;
}

TEST_CASE("ds: swizzle quad-perm and bitmask modes", "[sim][ds][lanes]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    const uint64_t exec = ~2ull;  // lane 1 inactive
    h.wave.setExec(exec);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(2)[l] = 100 + l;
      h.wave.v(3)[l] = h.wave.v(4)[l] = h.wave.v(5)[l] = 0xdead;
    }
    REQUIRE(h.runProgram("ds_lanes").ok());
    // VDST[LANEID] = (EXEC & (1ULL<<INLANEID)) ? ADDR[INLANEID] : 0
    auto pick = [&](unsigned in) { return (exec >> in & 1) ? 100 + in : 0u; };
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l == 1) {
        CHECK(h.wave.v(3)[l] == 0xdead);
        CHECK(h.wave.v(4)[l] == 0xdead);
        CHECK(h.wave.v(5)[l] == 0xdead);
        continue;
      }
      // QUAD_PERM(3,2,1,0): INLANEID = (LANEID&0x3c) + ((OFFSET >> (2*(LANEID&3))) & 3)
      CHECK(h.wave.v(3)[l] == pick((l & 0x3c) + 3 - (l & 3)));
      // SWAP,16: AND 0x1f, OR 0, XOR 0x10
      CHECK(h.wave.v(4)[l] == pick((l & 32) + ((l & 31) ^ 16)));
      // BITMASK_PERM "00p11": AND 0x04, OR 0x03, XOR 0
      CHECK(h.wave.v(5)[l] == pick((l & 32) + (((l & 31) & 4) | 3)));
    }
  }
}

TEST_CASE("ds: permute and bpermute (GCN 1.2+)", "[sim][ds][lanes]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    const uint64_t exec = ~(1ull << 5);  // lane 5 inactive
    h.wave.setExec(exec);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = (63 - l) * 4;        // byte address of lane 63-l
      h.wave.v(6)[l] = ((l + 1) & 63) * 4;  // push to lane l+1
      h.wave.v(2)[l] = 100 + l;
      h.wave.v(3)[l] = h.wave.v(4)[l] = h.wave.v(5)[l] = 0xdead;
    }
    REQUIRE(h.runProgram("ds_permute").ok());
    auto src = [&](unsigned in) { return (exec >> in & 1) ? 100 + in : 0u; };
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l == 5) {
        CHECK(h.wave.v(3)[l] == 0xdead);
        CHECK(h.wave.v(4)[l] == 0xdead);
        CHECK(h.wave.v(5)[l] == 0xdead);
        continue;
      }
      // bpermute: read lane ((ADDR + OFFSET) >> 2) & 63 (0 if it is inactive)
      CHECK(h.wave.v(3)[l] == src(63 - l));
      CHECK(h.wave.v(4)[l] == src((64 - l) & 63));  // offset:4 adds one lane
      // permute: lane l+1 receives lane l; inactive lane 5 sends nothing (lane 6 gets 0)
      CHECK(h.wave.v(5)[l] == src((l + 63) & 63));
    }
  }
}

TEST_CASE("ds: append and consume count active lanes once per wave", "[sim][ds][lanes]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0x40);  // counter base (M0[15:0])
    h.wave.setExec(0xffull);
    h.lds.store(0x48u, 10u);
    h.lds.store(0x4cu, 20u);
    h.gds.store(0x44u, 7u);
    for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = h.wave.v(2)[l] = h.wave.v(3)[l] = 0xdead;
    REQUIRE(h.runProgram("ds_append").ok());
    uint32_t a = 0, c = 0, gd = 0;
    h.lds.load(0x48u, a);
    h.lds.load(0x4cu, c);
    h.gds.load(0x44u, gd);
    CHECK(a == 18);   // *V += BITCOUNT(EXEC)
    CHECK(c == 12);   // *V -= BITCOUNT(EXEC)
    CHECK(gd == 15);  // GDS counter
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      const bool on = l < 8;
      CHECK(h.wave.v(1)[l] == (on ? 10u : 0xdeadu));  // VDST = *V (pre-op)
      CHECK(h.wave.v(2)[l] == (on ? 20u : 0xdeadu));
      CHECK(h.wave.v(3)[l] == (on ? 7u : 0xdeadu));
    }
  }
}

TEST_CASE("ds: GWS semaphores and barrier across the waves of a workgroup", "[sim][ds][gws]") {
  for (Gen g : kAllGens) {
    for (unsigned waves : {1u, 2u}) {
      INFO(isa::genName(g) << ", " << waves << " waves");
      test::WaveHarness h(g);
      h.wave.setM0(0);          // resource base M0[21:16] = 0
      h.gds.gwsInit(0, waves);  // barrier 0 releases when every wave arrived
      for (unsigned l = 0; l < 64; ++l) h.wave.v(2)[l] = 3;
      const sim::RunStatus st = h.runWorkgroup(test::loadProgram("ds_gws", g), waves, 100000);
      INFO(st.message);
      REQUIRE(st.ok());
      CHECK(h.gds.gws(0).barrierGeneration == 1);
      CHECK(h.gds.gws(0).barrierArrived == 0);
      CHECK(h.gds.gws(1).semaphore == 0);          // each wave: V then P
      CHECK(h.gds.gws(2).semaphore == 3 * waves);  // SEMA_BR adds DATA0 of the first active lane
      for (const sim::WaveState& w : h.waves) CHECK(w.ended());
    }
  }
}
