// DS atomics: *_RTN_* return the pre-op value, CMPST/MSKOR/WRXCHG2ST64,
// INC/DEC wrap rules, 64-bit and float forms, and the SRC2 addressing.
// Expected values worked out by hand from reference/clrx/GcnInstrsDs.md.
#include <bit>
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
uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }

}  // namespace

TEST_CASE("ds: atomics return pre-op values", "[sim][ds][atomic]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    for (unsigned l = 0; l < 64; ++l) {
      h.lds.store(4 * l, 100 + l);
      h.lds.store(256 + 4 * l, l);
      h.lds.store(512 + 4 * l, 0xff00ff00u);
      h.lds.store(768 + 4 * l, 0x300 + l);
      h.lds.store(1024 + 4 * l, 0x400 + l);
      h.lds.store(1280 + 4 * l, 0xfffffffbu);  // -5
      h.lds.store(1536 + 4 * l, 3u);
      h.lds.store(1792 + 4 * l, 3u);
      h.lds.store(2048 + 4 * l, 10u);
      h.lds.store(2304 + 4 * l, f32(1.5f));
      h.lds.store(4096 + 8 * l, 0xffffffffu);
      h.wave.v(1)[l] = 4 * l;
      h.wave.v(2)[l] = 5;
      h.wave.v(3)[l] = 2;
      h.wave.v(4)[l] = 0xabc;
      h.wave.v(5)[l] = 0x0000ffff;
      h.wave.v(6)[l] = 0x12 + l;
      h.wave.v(7)[l] = l - 32;
      h.wave.v(8)[l] = l;
      h.wave.v(9)[l] = 4096 + 8 * l;
      h.wave.v(20)[l] = 1;
      h.wave.v(21)[l] = 0;
      h.wave.v(23)[l] = f32(float(l) - 1.0f);
    }
    REQUIRE(h.runProgram("ds_atomic").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      // DS_ADD_RTN_U32: VDST = *V; *V = *V + VDATA0
      CHECK(h.wave.v(10)[l] == 100 + l);
      CHECK(ldsWord(h, 4 * l) == 105 + l);
      // DS_CMPST_RTN_B32: *V = (*V==VDATA0) ? VDATA1 : *V (VDATA0 = 2 matches lane 2 only)
      CHECK(h.wave.v(11)[l] == l);
      CHECK(ldsWord(h, 256 + 4 * l) == (l == 2 ? 0xabcu : l));
      // DS_MSKOR_RTN_B32: *V = (*V & ~VDATA0) | VDATA1
      CHECK(h.wave.v(12)[l] == 0xff00ff00u);
      CHECK(ldsWord(h, 512 + 4 * l) == (0xff000000u | (0x12 + l)));
      // DS_WRXCHG2ST64_RTN_B32 offset0:3 offset1:4: ADDR+768, ADDR+1024
      CHECK(h.wave.v(13)[l] == 0x300 + l);
      CHECK(h.wave.v(14)[l] == 0x400 + l);
      CHECK(ldsWord(h, 768 + 4 * l) == 5);
      CHECK(ldsWord(h, 1024 + 4 * l) == 2);
      // DS_MAX_RTN_I32: signed max(-5, l-32)
      CHECK(h.wave.v(15)[l] == 0xfffffffbu);
      CHECK(int32_t(ldsWord(h, 1280 + 4 * l)) == (int32_t(l) - 32 > -5 ? int32_t(l) - 32 : -5));
      // DS_INC_RTN_U32: *V = (VDATA0 > *V) ? *V+1 : 0
      CHECK(h.wave.v(16)[l] == 3);
      CHECK(ldsWord(h, 1536 + 4 * l) == (l > 3 ? 4u : 0u));
      // DS_DEC_RTN_U32: *V = (VDATA0 >= *V && *V!=0) ? *V-1 : VDATA0
      CHECK(h.wave.v(17)[l] == 3);
      CHECK(ldsWord(h, 1792 + 4 * l) == (l >= 3 ? 2u : l));
      // DS_ADD_RTN_U64: 0x00000000_ffffffff + 1 carries into the high dword
      CHECK(h.wave.v(18)[l] == 0xffffffffu);
      CHECK(h.wave.v(19)[l] == 0u);
      CHECK(ldsWord(h, 4096 + 8 * l) == 0u);
      CHECK(ldsWord(h, 4096 + 8 * l + 4) == 1u);
      // DS_SUB_U32 (no return)
      CHECK(ldsWord(h, 2048 + 4 * l) == 5);
      // DS_MIN_RTN_F32: min(1.5, l-1)
      CHECK(h.wave.v(22)[l] == f32(1.5f));
      CHECK(ldsWord(h, 2304 + 4 * l) == f32(float(l) - 1.0f < 1.5f ? float(l) - 1.0f : 1.5f));
    }
  }
}

TEST_CASE("ds: SRC2 operand addressing", "[sim][ds][atomic]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    h.wave.setExec(1);  // lane 0 only
    h.wave.v(1)[0] = 4096;
    h.wave.v(2)[0] = 5120;
    h.wave.v(3)[0] = (3u << 17) | 6144;
    h.wave.v(4)[0] = 7168;
    h.lds.store(4096u, 1000u);
    h.lds.store(4096u + 256, 58u);
    h.lds.store(5120u, 7u);
    h.lds.store(5120u - 16, 8u);
    h.lds.store(6144u, 4u);
    h.lds.store(6144u + 12, 9u);
    h.lds.store(7176u, 0x11u);
    h.lds.store(7180u, 0x22u);
    REQUIRE(h.runProgram("ds_src2").ok());
    // offset:64: B = A + ((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)*4 = A + 256; *A = *A - *B
    CHECK(ldsWord(h, 4096) == 942);
    // offset:0x7ffc: bit 14 replicated into bit 15 -> 0xfffc = -4 dwords: B = A - 16
    CHECK(ldsWord(h, 5120) == 15);
    // offset:0x8000: A = ADDR&0x1fffc = 6144, B = A + ((ADDR>>17) | ((ADDR>>16)&0x8000))*4 = A + 12
    CHECK(ldsWord(h, 6144) == 9);
    // DS_WRITE_SRC2_B64 offset:2: B = (A + 2*4)&~7 = A + 8
    CHECK(ldsWord(h, 7168) == 0x11);
    CHECK(ldsWord(h, 7172) == 0x22);
  }
}
