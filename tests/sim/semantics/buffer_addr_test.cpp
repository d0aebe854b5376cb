// MUBUF addressing: OFFEN/IDXEN/both, SGPR offset, TID_ENABLE, ADDR64,
// swizzle, and range checking at the boundary for STRIDE==0 and STRIDE!=0
// (out of range: reads 0, writes dropped), TFE. Expected values worked out by
// hand from seeds/001_2fc8a7f12b5d60d9.txt "Buffer addressing".
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "memory/buffer_resource.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;

void putVsharp(test::WaveHarness& h, unsigned sreg, const memory::BufferResource& r) {
  const auto w = r.encode(h.gen);
  for (unsigned i = 0; i < 4; ++i) h.wave.sreg[sreg + i] = w[i];
}

memory::BufferResource raw(uint64_t base, uint32_t stride, uint32_t numRecords) {
  memory::BufferResource r;
  r.baseAddress = base;
  r.stride = stride;
  r.numRecords = numRecords;
  r.dataFormat = 4;  // 32 (any valid format; untyped ops ignore it)
  r.numFormat = 4;
  return r;
}

// A buffer of `dwords` dwords holding first + i at dword i.
uint64_t filled(test::WaveHarness& h, uint32_t dwords, uint32_t first) {
  const uint64_t b = h.alloc(dwords * 4);
  std::vector<uint32_t> v(dwords);
  for (uint32_t i = 0; i < dwords; ++i) v[i] = first + i;
  h.put(b, v);
  return b;
}

uint32_t word(const test::WaveHarness& h, uint64_t a) { return h.get<uint32_t>(a, 1)[0]; }

}  // namespace

TEST_CASE("buffer: OFFEN/IDXEN addressing and range checks", "[sim][buffer]") {
  for (Gen g : kAllGens) {
    for (uint32_t soff : {0u, 8u}) {
      INFO(isa::genName(g) << " soffset " << soff);
      test::WaveHarness h(g);
      const uint64_t a = filled(h, 256, 0x1000), b = filled(h, 256, 0x2000), c = filled(h, 512, 0x3000);
      putVsharp(h, 4, raw(a, 0, 32));  // STRIDE==0: 32 bytes
      putVsharp(h, 12, raw(b, 8, 4));  // STRIDE==8: 4 records
      memory::BufferResource tid = raw(c, 16, 64);
      tid.addTidEnable = true;  // AINDEX = LANEID
      putVsharp(h, 16, tid);
      h.wave.sreg[8] = soff;
      for (unsigned l = 0; l < 64; ++l) {
        h.wave.v(1)[l] = 4 * l;
        h.wave.v(2)[l] = l;
        h.wave.v(3)[l] = (l & 1) ? 8 : 0;
        h.wave.v(15)[l] = 0xdead;
        h.wave.v(20)[l] = 0xa000 + l;
      }
      REQUIRE(h.runProgram("buffer_addr").ok());
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        // STRIDE==0: "if BUFOFFSET >= NUMRECORDS-SGPR_OFFSET then ... out of range";
        // BUFOFFSET = 4*lane, the dword's last byte must be in range too.
        const bool in0 = 4 * l + 4 <= 32 - soff;
        CHECK(h.wave.v(10)[l] == (in0 ? 0x1000 + l + soff / 4 : 0u));
        CHECK(h.wave.v(14)[l] == (in0 ? 0x1000 + l + soff / 4 : 0u));
        CHECK(h.wave.v(15)[l] == 0u);  // TFE status dword
        // STRIDE!=0, IDXEN: "AINDEX >= NUMRECORDS or OFFSET >= STRIDE" -> out of range
        CHECK(h.wave.v(11)[l] == (l < 4 ? 0x2000 + 2 * l + 1 : 0u));
        // IDXEN+OFFEN: index VGPR[V], offset VGPR[V+1] (8 on odd lanes = STRIDE: out of range)
        CHECK(h.wave.v(12)[l] == (l < 4 && !(l & 1) ? 0x2000 + 2 * l : 0u));
        // TID_ENABLE: AINDEX = LANEID, BUFOFFSET = 16*lane + 8
        CHECK(h.wave.v(13)[l] == 0x3000 + 4 * l + 2);
      }
      // Store at OFFSET 4: BUFOFFSET = 4*lane + 4; lanes out of range are dropped.
      for (unsigned l = 0; l < 16; ++l) {
        INFO("store lane " << l);
        const bool in = 4 * l + 4 + 4 <= 32 - soff;
        const uint64_t at = a + soff + 4 + 4 * l;
        CHECK(word(h, at) == (in ? 0xa000 + l : 0x1000 + uint32_t((at - a) / 4)));
      }
    }
  }
}

TEST_CASE("buffer: ADDR64 addressing without range checks (GCN 1.0/1.1)", "[sim][buffer]") {
  for (Gen g : {Gen::GCN10, Gen::GCN11}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = filled(h, 1024, 0x1000);
    putVsharp(h, 4, raw(a - 0x100, 0, 0));  // NUMRECORDS 0: ignored with ADDR64
    h.wave.sreg[8] = 4;
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(2)[l] = 0x100 + 16 * l;
      h.wave.v(3)[l] = 0;
      h.wave.v(11)[l] = 0xb000 + l;
    }
    REQUIRE(h.runProgram("buffer_addr64").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      // ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET = a + 16*l + 8
      CHECK(h.wave.v(10)[l] == 0x1000 + 4 * l + 2);
      CHECK(word(h, a + 16 * l + 12) == 0xb000 + l);
    }
  }
}

TEST_CASE("buffer: swizzled addressing", "[sim][buffer]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(4096);
    memory::BufferResource r = raw(a, 16, 64);
    r.swizzleEnable = true;
    r.elementSize = 1;  // 2<<1 = 4 bytes (GCN 1.4: always 4)
    r.indexStride = 0;  // 8<<0 = 8 records
    putVsharp(h, 4, r);
    const uint64_t exec = ~(1ull << 9);
    h.wave.setExec(exec);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 0x5000 + l;
      h.wave.v(2)[l] = l;
      h.wave.v(3)[l] = 0xdead;
    }
    REQUIRE(h.runProgram("buffer_swizzle").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      // BUFOFFSET = AOFFSET_LSB + ELEMSIZE*AINDEX_LSB + INDEXSTRIDE*(AINDEX_MSB*STRIDE +
      // AOFFSET_MSB*ELEMSIZE)
      //           = 0 + 4*(l%8) + 8*((l/8)*16 + 1*4)
      const uint32_t off = 4 * (l % 8) + 128 * (l / 8) + 32;
      const bool on = exec >> l & 1;
      CHECK(word(h, a + off) == (on ? 0x5000 + l : 0u));
      CHECK(h.wave.v(3)[l] == (on ? 0x5000 + l : 0xdeadu));
    }
  }
}
