// DS reads and writes: 8/16/32/64-bit forms, *2 and *2ST64 offset scaling,
// partial EXEC, the M0 LDS limit of GCN 1.0-1.2 and the GDS M0 window.
// Expected values worked out by hand from reference/clrx/GcnInstrsDs.md and
// seeds/004_b50c7630dc28dbb3.txt (M0 limit). Programs: tests/sim/programs/ds_*.s.
#include <catch2/catch.hpp>
#include <cstdint>

#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;

uint32_t ldsWord(const test::WaveHarness& h, uint32_t a) {
  uint32_t v = 0;
  h.lds.load(a, v);
  return v;
}

void setRows(test::WaveHarness& h) {
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(1)[l] = 4 * l;
    h.wave.v(2)[l] = 0x80818200u + l;  // bytes: l, 0x82, 0x81, 0x80
    h.wave.v(3)[l] = 0x1000 + l;
    h.wave.v(4)[l] = 0x2000 + l;
    h.wave.v(5)[l] = 2048 + 8 * l;
    h.wave.v(6)[l] = l;
    h.wave.v(7)[l] = ~l;
    h.wave.v(8)[l] = 4096 + 8 * l;
  }
}

}  // namespace

TEST_CASE("ds: reads and writes with *2 / *2ST64 offsets", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);  // "To set no limits, just set a M0 register to 0xffffffff" (seed 004)
    setRows(h);
    const sim::RunStatus st = h.runProgram("ds_rw");
    REQUIRE(st.ok());
    for (unsigned l = 0; l < 64; l += 9) {
      INFO("lane " << l);
      // DS_WRITE2_B32 offset0:64 offset1:128 -> ADDR + 64*4, ADDR + 128*4
      CHECK(ldsWord(h, 256 + 4 * l) == 0x1000 + l);
      CHECK(ldsWord(h, 512 + 4 * l) == 0x2000 + l);
      // DS_WRITE2ST64_B32 offset0:4 offset1:5 -> ADDR + 4*256, ADDR + 5*256
      CHECK(ldsWord(h, 1024 + 4 * l) == 0x1000 + l);
      CHECK(ldsWord(h, 1280 + 4 * l) == 0x2000 + l);
      // DS_WRITE2ST64_B64 offset0:1 offset1:2 -> ADDR + 1*512, ADDR + 2*512
      CHECK(ldsWord(h, 4096 + 8 * l + 512) == l);
      CHECK(ldsWord(h, 4096 + 8 * l + 1024 + 4) == 0x1000 + l);
      CHECK(h.wave.v(10)[l] == 0x80818200u + l);
      CHECK(h.wave.v(11)[l] == 0x1000 + l);
      CHECK(h.wave.v(12)[l] == 0x2000 + l);
      CHECK(h.wave.v(13)[l] == 0x1000 + l);
      CHECK(h.wave.v(14)[l] == 0x2000 + l);
      CHECK(h.wave.v(15)[l] == l);  // DS_WRITE_B64 / DS_READ_B64 at ADDR+8
      CHECK(h.wave.v(16)[l] == ~l);
      CHECK(h.wave.v(17)[l] == 0x82u);        // DS_READ_U8 at +1
      CHECK(h.wave.v(18)[l] == 0xffffff82u);  // DS_READ_I8 sign-extends
      CHECK(h.wave.v(19)[l] == 0x8081u);      // DS_READ_U16 at +2
      CHECK(h.wave.v(20)[l] == 0xffff8081u);  // DS_READ_I16
      // DS_READ2ST64_B64: VDST = *V0 | (*V1 << 64)
      CHECK(h.wave.v(24)[l] == l);
      CHECK(h.wave.v(25)[l] == ~l);
      CHECK(h.wave.v(26)[l] == 0x80818200u + l);
      CHECK(h.wave.v(27)[l] == 0x1000 + l);
      // DS_WRITE_B8 (VDATA0&0xff) at +3072 and DS_WRITE_B16 at +3074
      CHECK(h.wave.v(21)[l] == ((0x2000u + l) << 16 | l));
    }
  }
}

TEST_CASE("ds: inactive lanes are untouched", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    setRows(h);
    h.wave.setExec(0x5555555555555555ull);
    for (unsigned l = 0; l < 64; ++l) h.wave.v(10)[l] = 0xdeadbeef;
    REQUIRE(h.runProgram("ds_rw").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l & 1) {
        CHECK(h.wave.v(10)[l] == 0xdeadbeef);
        CHECK(ldsWord(h, 4 * l) == 0);
        CHECK(ldsWord(h, 256 + 4 * l) == 0);
      } else {
        CHECK(h.wave.v(10)[l] == 0x80818200u + l);
        CHECK(ldsWord(h, 256 + 4 * l) == 0x1000 + l);
      }
    }
  }
}

TEST_CASE("ds: M0 limits LDS on GCN 1.0-1.2, ignored on GCN 1.4", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    for (uint32_t a = 0; a < 1024; a += 4) h.lds.store(a, 0x5a000000u + a);
    h.wave.setM0(16);  // bytes 0..15 accessible (seed 004)
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 4 * l;
      h.wave.v(2)[l] = 0x100 + l;
      h.wave.v(4)[l] = 4 * l;
      h.wave.v(6)[l] = 512 + 4 * l;
    }
    REQUIRE(h.runProgram("ds_m0_limit").ok());
    const bool limited = g != Gen::GCN14;
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      const bool inRange = !limited || 4 * l + 4 <= 16;
      // ds_write_b32: dropped beyond M0
      CHECK(ldsWord(h, 4 * l) == (inRange ? 0x100 + l : 0x5a000000u + 4 * l));
      // ds_read_b32: 0 beyond M0
      CHECK(h.wave.v(3)[l] == (inRange ? 0x100 + l : 0u));
      // ds_add_rtn_u32 at 512+: entirely beyond M0=16 on GCN 1.0-1.2
      const uint32_t old = 0x5a000000u + 512 + 4 * l;
      CHECK(h.wave.v(5)[l] == (limited ? 0u : old));
      CHECK(ldsWord(h, 512 + 4 * l) == (limited ? old : old + 0x100 + l));
    }
  }
}

TEST_CASE("ds: GDS accesses through the M0 window", "[sim][ds][gds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    // "M0 ... maximum size of a GDS memory in bits 0-15 ... GDS base offset in
    // bits 16-31" (GcnInstrsDs.md): base 0x100, 32 bytes.
    h.wave.setM0(0x100u << 16 | 0x20);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 4 * l;
      h.wave.v(2)[l] = 0x700 + l;
    }
    REQUIRE(h.runProgram("ds_gds").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      uint32_t gv = 0;
      h.gds.load(0x100 + 4 * l, gv);
      if (l < 8) {
        CHECK(gv == 2 * (0x700 + l));  // written, then ds_add_rtn_u32 added v2 again
        CHECK(h.wave.v(4)[l] == 0x700 + l);
        CHECK(h.wave.v(3)[l] == (l < 7 ? 0x700 + l + 1 : 0u));  // lane 7 reads 0x20..0x23: beyond the window
      } else {
        CHECK(gv == 0);
        CHECK(h.wave.v(3)[l] == 0);
        CHECK(h.wave.v(4)[l] == 0);
      }
    }
  }
}

TEST_CASE("ds: unaligned addresses are masked before GCN 1.4", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    h.wave.setExec(1);
    h.lds.store(0u, 0x33221100u);
    h.lds.store(4u, 0x77665544u);
    h.lds.store(64u, 0x10u);
    h.lds.store(68u, 0x20u);
    h.wave.v(1)[0] = 2;
    h.wave.v(2)[0] = 1;
    REQUIRE(h.runProgram("ds_align").ok());
    const bool gcn14 = g == Gen::GCN14;
    // DS_READ_B32: (ADDR+OFFSET)&~3, or ADDR+OFFSET on GCN 1.4
    CHECK(h.wave.v(3)[0] == (gcn14 ? 0x55443322u : 0x33221100u));
    // DS_READ_U16 at 3: &~1 = 2 before GCN 1.4
    CHECK(h.wave.v(4)[0] == (gcn14 ? 0x4433u : 0x3322u));
    // Atomics stay dword aligned on every generation: 66&~3 = 64
    CHECK(h.wave.v(5)[0] == 0x10u);
    CHECK(ldsWord(h, 64) == 0x11u);
  }
}
