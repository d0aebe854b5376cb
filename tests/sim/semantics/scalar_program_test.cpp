// End-to-end scalar programs through the decoder and the functional engine
// (programs in tests/sim/programs/scalar_*.s, assembled by
// tests/tools/assemble_programs.py). Expected values are worked out by hand
// from the program text; rules cited in each program's header comment.
#include <catch2/catch.hpp>
#include <vector>

#include "isa/gen.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {
using test::kAllGens;
}

TEST_CASE("scalar_sum: SGPR-offset loads in a loop, SMRD dword vs SMEM byte offsets, swappc/setpc",
          "[sim][scalar][program]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t buf = h.alloc(64);
    std::vector<uint32_t> d(16);
    for (unsigned i = 0; i < 16; ++i) d[i] = i * i + 1;  // 1, 2, 5, 10, 17, 26, 37, 50, ...
    h.put(buf, d);
    h.wave.setSreg64(0, buf);
    const sim::RunStatus st = h.runProgram("scalar_sum");
    INFO(st.message);
    REQUIRE(st.ok());
    CHECK(h.wave.sreg[10] == 148u);  // 1+2+5+10+17+26+37+50
    CHECK(h.wave.sreg[20] == 8u);
    CHECK(h.wave.sreg[8] == 9u);  // (148 >> 4) & 0xf
    CHECK(h.wave.sreg[7] == 42u);
    if (g <= Gen::GCN11) {
      // seed 003: SMRD immediate offset 4 counts dwords -> d[4], d[5]; 4-byte loads
      CHECK(h.wave.sreg[14] == 17u);
      CHECK(h.wave.sreg[15] == 26u);
      CHECK(h.wave.sreg64(30) == h.codeBase + 64);  // address of `s_branch done`
    } else {
      // seed 000: SMEM immediate offset 4 counts bytes -> d[1], d[2]; 8-byte loads
      CHECK(h.wave.sreg[14] == 2u);
      CHECK(h.wave.sreg[15] == 5u);
      CHECK(h.wave.sreg64(30) == h.codeBase + 72);
    }
  }
}

TEST_CASE("scalar_exec: saveexec and s_cbranch_execz", "[sim][scalar][program]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const sim::RunStatus st = h.runProgram("scalar_exec");
    INFO(st.message);
    REQUIRE(st.ok());
    CHECK(h.wave.sreg[10] == 1u);
    CHECK(h.wave.sreg64(16) == 0xffffffffffff0000ull);
    CHECK(h.wave.sreg[11] == 0u);
    CHECK(h.wave.sreg64(4) == ~0ull);
    CHECK(h.wave.sreg64(6) == ~0ull);
    CHECK(h.wave.sreg[12] == 1u);
    CHECK(h.wave.exec() == ~0ull);
  }
}

TEST_CASE("scalar_store: GCN 1.2/1.4 scalar stores with M0 and immediate offsets (seed 000)",
          "[sim][scalar][program]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t buf = h.alloc(64);
    h.wave.setSreg64(0, buf);
    const sim::RunStatus st = h.runProgram("scalar_store");
    INFO(st.message);
    REQUIRE(st.ok());
    const std::vector<uint32_t> d = h.get<uint32_t>(buf, 8);
    CHECK(d[2] == 0x11111111u);
    CHECK(d[4] == 0x11111111u);
    CHECK(d[5] == 0x22222222u);
    CHECK(d[3] == 0u);
    CHECK(h.wave.sreg[12] == 0x11111111u);
    CHECK(h.wave.sreg64(8) ==
          6u);  // s_memtime: the functional engine's clock counts instructions (6 before it)
  }
}

TEST_CASE("scalar_atomic: GCN 1.4 s_atomic_add with and without GLC, s_atomic_inc_x2 (seed 000)",
          "[sim][scalar][program]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t buf = h.alloc(64);
  h.put<uint32_t>(buf, {40, 0, 0xffffffff, 0});
  h.wave.setSreg64(0, buf);
  const sim::RunStatus st = h.runProgram("scalar_atomic");
  INFO(st.message);
  REQUIRE(st.ok());
  const std::vector<uint32_t> d = h.get<uint32_t>(buf, 4);
  CHECK(d[0] == 50u);
  CHECK(h.wave.sreg[4] == 40u);
  CHECK(h.wave.sreg[5] == 8u);
  CHECK(d[2] == 0u);  // 0x00000000ffffffff < SDATA (-1): +1
  CHECK(d[3] == 1u);
  CHECK(h.wave.sreg64(6) == ~0ull);
}

TEST_CASE("scalar_fork: s_cbranch_g_fork / s_cbranch_join on GCN 1.0-1.2 (seed 002)",
          "[sim][scalar][program]") {
  for (Gen g : {Gen::GCN10, Gen::GCN11, Gen::GCN12}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const sim::RunStatus st = h.runProgram("scalar_fork");
    INFO(st.message);
    REQUIRE(st.ok());
    CHECK(h.wave.sreg[31] == 0x0fu);  // passing lanes ran first
    CHECK(h.wave.sreg[30] == 0xf0u);  // then the failing lanes, popped by the join
    CHECK(h.wave.exec() == 0xf0u);
    CHECK(h.wave.sreg[20] == 0u);
    CHECK(h.wave.sreg[21] == 0u);  // CSP back to 0
  }
}
