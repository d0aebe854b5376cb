// Buffer atomics (GLC returns the pre-op value, cmpswap takes {new, compare},
// out-of-range lanes change nothing and return 0) and LDS-direct loads.
// Expected values worked out by hand from reference/clrx/GcnInstrsMubuf.md and
// seeds/001_2fc8a7f12b5d60d9.txt.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "memory/buffer_resource.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;

void putVsharp(test::WaveHarness& h, unsigned sreg, uint64_t base, uint32_t numRecords) {
  memory::BufferResource r;
  r.baseAddress = base;
  r.numRecords = numRecords;
  r.dataFormat = 4;
  r.numFormat = 4;
  const auto w = r.encode(h.gen);
  for (unsigned i = 0; i < 4; ++i) h.wave.sreg[sreg + i] = w[i];
}
uint32_t word(const test::WaveHarness& h, uint64_t a) { return h.get<uint32_t>(a, 1)[0]; }

}  // namespace

TEST_CASE("buffer: atomics with and without GLC", "[sim][buffer][atomic]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(4096);
    putVsharp(h, 4, a, 2304);             // STRIDE 0: bytes 0..2303
    std::vector<uint32_t> init(1024, 0);  // 4096 bytes
    for (unsigned l = 0; l < 64; ++l) {
      init[2 * l] = 100 + l;
      init[(512 + 8 * l) / 4] = l;
      init[(1024 + 8 * l) / 4] = uint32_t(-10);
      init[(1024 + 8 * l) / 4 + 1] = 0xffffffffu;
      init[(1536 + 8 * l) / 4] = 50;
      init[(2048 + 8 * l) / 4] = 7;
    }
    h.put(a, init);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 5;
      h.wave.v(2)[l] = 8 * l;
      h.wave.v(4)[l] = 0x777;  // new value
      h.wave.v(5)[l] = 3;      // compare value
      const int64_t s = int64_t(l) - 20;
      h.wave.v(6)[l] = uint32_t(s);
      h.wave.v(7)[l] = uint32_t(uint64_t(s) >> 32);
      h.wave.v(8)[l] = 3;
      h.wave.v(9)[l] = 10;
    }
    REQUIRE(h.runProgram("buffer_atomic").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      // BUFFER_ATOMIC_ADD glc: P = *VM; *VM = *VM + VDATA; VDATA = P
      CHECK(h.wave.v(1)[l] == 100 + l);
      CHECK(word(h, a + 8 * l) == 105 + l);
      // CMPSWAP glc: *VM = *VM==VDATA[1] ? VDATA[0] : *VM; VDATA[0] = P
      CHECK(h.wave.v(4)[l] == l);
      CHECK(h.wave.v(5)[l] == 3u);  // only VDATA[0] returns
      CHECK(word(h, a + 512 + 8 * l) == (l == 3 ? 0x777u : l));
      // SMAX_X2 glc: returns -10 (64-bit), stores max(-10, l-20)
      CHECK(h.wave.v(6)[l] == uint32_t(-10));
      CHECK(h.wave.v(7)[l] == 0xffffffffu);
      const int64_t mx = int64_t(l) - 20 > -10 ? int64_t(l) - 20 : -10;
      CHECK(word(h, a + 1024 + 8 * l) == uint32_t(mx));
      CHECK(word(h, a + 1024 + 8 * l + 4) == uint32_t(uint64_t(mx) >> 32));
      // SUB without GLC: VDATA keeps its value
      CHECK(h.wave.v(8)[l] == 3u);
      CHECK(word(h, a + 1536 + 8 * l) == 47u);
      // INC glc: *VM = (*VM < VDATA) ? *VM+1 : 0. BUFOFFSET 2048+8*l is in
      // range (< NUMRECORDS 2304) for l <= 31; beyond, nothing changes and 0 returns.
      const bool in = 2048 + 8 * l + 4 <= 2304;
      CHECK(h.wave.v(9)[l] == (in ? 7u : 0u));
      CHECK(word(h, a + 2048 + 8 * l) == (in ? 8u : 7u));
    }
  }
}

TEST_CASE("buffer: LDS-direct loads", "[sim][buffer][lds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(512);
    std::vector<uint32_t> init(128);
    for (unsigned i = 0; i < 128; ++i) init[i] = 0x80000000u + i;
    h.put(a, init);
    putVsharp(h, 4, a, 128);
    h.wave.setExec(0x0000ffffffffffffull);  // lanes 0..47
    for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = 4 * l;
    for (uint32_t x = 0; x < 1024; x += 4) h.lds.store(x, 0xeeeeeeeeu);
    REQUIRE(h.runProgram("buffer_lds").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      uint32_t d = 0, s = 0;
      h.lds.load(0x100 + 4 * l, d);
      h.lds.load(0x200 + 4 * l, s);
      if (l >= 48) {  // inactive
        CHECK(d == 0xeeeeeeeeu);
        CHECK(s == 0xeeeeeeeeu);
      } else if (l >= 32) {  // BUFOFFSET >= NUMRECORDS: reads are zero
        CHECK(d == 0u);
        CHECK(s == 0u);
      } else {
        // LDS_ADDR = (M0&0xffff) + LANEID*4
        CHECK(d == 0x80000000u + l);
        // byte 3 of the dword (0x80), "stored 4-byte value will be zero-extended"
        CHECK(s == 0x80u);
      }
      CHECK(h.wave.v(1)[l] == 4 * l);  // no VGPR written
    }
  }
}
