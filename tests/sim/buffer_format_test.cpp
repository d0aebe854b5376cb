// Formatted buffer accesses: BUFFER_*_FORMAT_* take data/number format and
// DST_SEL from the V#, TBUFFER_* (MTBUF) take the format from the instruction
// with identity DST_SEL (seeds/001_2fc8a7f12b5d60d9.txt "MUBUF/MTBUF format
// conversion"); D16 packing on GCN 1.4.
#include <bit>
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
memory::BufferResource res(uint64_t base, uint32_t stride, uint32_t numRecords, uint8_t dfmt, uint8_t nfmt) {
  memory::BufferResource r;
  r.baseAddress = base;
  r.stride = stride;
  r.numRecords = numRecords;
  r.dataFormat = dfmt;
  r.numFormat = nfmt;
  return r;
}
uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }
uint32_t word(const test::WaveHarness& h, uint64_t a) { return h.get<uint32_t>(a, 1)[0]; }

constexpr uint8_t kDf16_16 = 5, kDf32 = 4, kDf8_8_8_8 = 10;
constexpr uint8_t kNfUnorm = 0, kNfUint = 4, kNfFloat = 7;

}  // namespace

TEST_CASE("buffer: format loads and stores, MUBUF from the V#, MTBUF from the instruction",
          "[sim][buffer][format]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    // A: 8_8_8_8 UNORM elements (x=0xff, y=0x00, z=0x33, w=0x80), DST_SEL = (B, G, R, 1).
    const uint64_t a = h.alloc(256), b = h.alloc(256), c = h.alloc(256), d = h.alloc(256);
    h.put(a, std::vector<uint32_t>(64, 0x803300ffu));
    memory::BufferResource ra = res(a, 4, 4, kDf8_8_8_8, kNfUnorm);
    ra.dstSelX = memory::kDstSelB;
    ra.dstSelY = memory::kDstSelG;
    ra.dstSelZ = memory::kDstSelR;
    ra.dstSelW = memory::kDstSel1;
    putVsharp(h, 4, ra);
    // B: 16_16 elements x = 0xfffe, y = 5 + i; the V# says 32/FLOAT and DST_SEL 0: MTBUF ignores both.
    std::vector<uint32_t> bv(64);
    for (unsigned i = 0; i < 64; ++i) bv[i] = (5u + i) << 16 | 0xfffeu;
    h.put(b, bv);
    memory::BufferResource rb = res(b, 4, 64, kDf32, kNfFloat);
    rb.dstSelX = rb.dstSelY = rb.dstSelZ = rb.dstSelW = memory::kDstSel0;
    putVsharp(h, 12, rb);
    // C: target of tbuffer_store_format_x 8_8_8_8 UINT (only x changes).
    h.put(c, std::vector<uint32_t>(64, 0x44332211u));
    putVsharp(h, 16, res(c, 4, 64, kDf32, kNfFloat));
    // D: buffer_store_format_xyzw with the V#'s 8_8_8_8 UNORM.
    putVsharp(h, 24, res(d, 4, 64, kDf8_8_8_8, kNfUnorm));
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = l;
      h.wave.v(16)[l] = 0x100 + l;
      h.wave.v(20)[l] = f32(1.0f);
      h.wave.v(21)[l] = f32(0.0f);
      h.wave.v(22)[l] = f32(0.5f);
      h.wave.v(23)[l] = f32(2.0f);
    }
    const sim::RunStatus st = h.runProgram("buffer_format");
    INFO(st.message);
    REQUIRE(st.ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l < 4) {
        // UNORM: x/255 -> (1.0, 0.0, 0.2, 128/255); DST_SEL (B, G, R, 1)
        CHECK(h.wave.v(10)[l] == f32(float(51.0 / 255.0)));
        CHECK(h.wave.v(11)[l] == f32(0.0f));
        CHECK(h.wave.v(12)[l] == f32(1.0f));
        CHECK(h.wave.v(13)[l] == f32(1.0f));
      } else {  // index >= NUMRECORDS: out of range, all components 0
        for (unsigned r = 10; r < 14; ++r) CHECK(h.wave.v(r)[l] == 0u);
      }
      // 16_16 SINT from the instruction, identity DST_SEL
      CHECK(h.wave.v(14)[l] == 0xfffffffeu);
      CHECK(h.wave.v(15)[l] == 5 + l);
      // UINT keeps the low 8 bits of x; y, z, w bytes are untouched
      CHECK(word(h, c + 4 * l) == (0x44332200u | ((0x100 + l) & 0xff)));
      // UNORM store: 1.0 -> 255, 0.0 -> 0, 0.5 -> 127.5 -> 128 (round to nearest even), 2.0 clamps to 255
      CHECK(word(h, d + 4 * l) == 0xff8000ffu);
    }
  }
}

TEST_CASE("buffer: packed D16 format loads and stores (GCN 1.4)", "[sim][buffer][format]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t a = h.alloc(256), b = h.alloc(256);
  h.put(a, std::vector<uint32_t>(64, 0x803300ffu));
  memory::BufferResource ra = res(a, 4, 64, kDf8_8_8_8, kNfUnorm);
  ra.dstSelX = memory::kDstSelB;
  ra.dstSelY = memory::kDstSelG;
  ra.dstSelZ = memory::kDstSelR;
  ra.dstSelW = memory::kDstSel1;
  putVsharp(h, 4, ra);
  putVsharp(h, 12, res(b, 4, 64, kDf16_16, kNfUint));
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(1)[l] = l;
    h.wave.v(26)[l] = 0x1234abcd;
    h.wave.v(27)[l] = 0x00070009u + l;
  }
  REQUIRE(h.runProgram("buffer_d16").ok());
  for (unsigned l = 0; l < 64; ++l) {
    INFO("lane " << l);
    // (0.2, 0.0, 1.0, 1.0) as halves: 0.2 -> 0x3266, 1.0 -> 0x3c00; two per VGPR, x low
    CHECK(h.wave.v(24)[l] == 0x00003266u);
    CHECK(h.wave.v(25)[l] == 0x3c003c00u);
    // _D16_HI_X: x in bits 16-31, low half kept
    CHECK(h.wave.v(26)[l] == 0x3266abcdu);
    // UINT D16 store: x = low half, y = high half of the VGPR
    CHECK(word(h, b + 4 * l) == 0x00070009u + l);
  }
}
