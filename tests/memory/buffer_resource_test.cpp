// BufferResource decode/encode against words built by hand from the bit table
// in seeds/001_2fc8a7f12b5d60d9.txt "Buffer resource format".
#include "memory/buffer_resource.hpp"

#include <catch2/catch.hpp>
#include <random>

using gcnsim::isa::Gen;
using gcnsim::memory::BufferResource;

TEST_CASE("BufferResource decodes every seed-001 field", "[memory][rsrc]") {
  // BASE 0x123456789abc (bits 0-47), STRIDE 16 (48-61), cache swizzle (62),
  // swizzle enable (63), NUMRECORDS 0x100 (64-95), DST_SEL 4,5,6,7 (96-107),
  // NUMFORMAT 7 (108-110), DATAFORMAT 14 (111-114), ELEMSIZE 1 (115-116),
  // INDEXSTRIDE 3 (117-118), TID_ENABLE (119), hash (121), heap (122), TYPE 0.
  const uint32_t words[4] = {0x56789abc, 0xc0101234, 0x00000100, 0x00ef7fac | 1u << 25 | 1u << 26};
  BufferResource r = BufferResource::decode(words, Gen::GCN10);
  CHECK(r.baseAddress == 0x123456789abcull);
  CHECK(r.stride == 16);
  CHECK(r.cacheSwizzle);
  CHECK(r.swizzleEnable);
  CHECK(r.numRecords == 0x100);
  CHECK(r.dstSelX == 4);
  CHECK(r.dstSelY == 5);
  CHECK(r.dstSelZ == 6);
  CHECK(r.dstSelW == 7);
  CHECK(r.numFormat == 7);
  CHECK(r.dataFormat == 14);
  CHECK(r.elementSize == 1);
  CHECK(r.indexStride == 3);
  CHECK(r.addTidEnable);
  CHECK(r.hashEnable);
  CHECK(r.heap);
  CHECK(r.type == 0);
  CHECK(r.elementSizeBytes() == 4);     // 2<<1
  CHECK(r.indexStrideRecords() == 64);  // 8<<3
  CHECK(r.encode(Gen::GCN10) == std::array<uint32_t, 4>{words[0], words[1], words[2], words[3]});
}

TEST_CASE("BufferResource GCN 1.1/1.2 ATC and MTYPE, GCN 1.4 NV", "[memory][rsrc]") {
  // bit 120 = word3 bit 24; bits 123-125 = word3 bits 27-29; TYPE 3 = bits 30-31.
  const uint32_t words[4] = {0, 0, 0, 1u << 24 | 5u << 27 | 3u << 30};
  BufferResource ci = BufferResource::decode(words, Gen::GCN11);
  CHECK(ci.atc);
  CHECK(ci.mtype == 5);
  CHECK(ci.type == 3);
  CHECK(ci.reservedWord3Bits == 0);

  BufferResource vega = BufferResource::decode(words, Gen::GCN14);
  CHECK(vega.nv);         // bit 123
  CHECK_FALSE(vega.atc);  // bit 120 reserved on GCN 1.4
  CHECK(vega.mtype == 0);
  CHECK(vega.reservedWord3Bits == (1u << 24 | 4u << 27));  // bits 120 and 125
  CHECK(vega.encode(Gen::GCN14)[3] == words[3]);

  BufferResource si = BufferResource::decode(words, Gen::GCN10);
  CHECK_FALSE(si.atc);
  CHECK_FALSE(si.nv);
  CHECK(si.encode(Gen::GCN10)[3] == words[3]);
}

TEST_CASE("BufferResource: with TID_ENABLE on GCN 1.2/1.4 DATA_FORMAT holds stride bits 14-17",
          "[memory][rsrc]") {
  // STRIDE field 0x10, DATAFORMAT field 3, TID_ENABLE.
  const uint32_t words[4] = {0, 0x10u << 16, 0, 3u << 15 | 1u << 23};
  CHECK(BufferResource::decode(words, Gen::GCN12).stride == (0x10u | 3u << 14));
  CHECK(BufferResource::decode(words, Gen::GCN14).stride == (0x10u | 3u << 14));
  CHECK(BufferResource::decode(words, Gen::GCN11).stride == 0x10u);
  CHECK(BufferResource::decode(words, Gen::GCN11).dataFormat == 3);

  BufferResource r;
  r.addTidEnable = true;
  r.stride = 0x2c010;  // bits 14-17 = 0xb
  auto w = r.encode(Gen::GCN12);
  CHECK(((w[1] >> 16) & 0x3fff) == 0x10);
  CHECK(((w[3] >> 15) & 0xf) == 0xb);
}

TEST_CASE("BufferResource: GCN 1.4 swizzle element size is fixed at 4 bytes", "[memory][rsrc]") {
  const uint32_t words[4] = {0, 0, 0, 3u << 19};                              // ELEMSIZE field 3
  CHECK(BufferResource::decode(words, Gen::GCN12).elementSizeBytes() == 16);  // 2<<3
  CHECK(BufferResource::decode(words, Gen::GCN14).elementSizeBytes() == 4);
}

TEST_CASE("BufferResource encode(decode(words)) is the identity on every generation", "[memory][rsrc]") {
  std::mt19937 rng(12345);
  for (Gen gen : {Gen::GCN10, Gen::GCN11, Gen::GCN12, Gen::GCN14}) {
    for (int i = 0; i < 2000; ++i) {
      std::array<uint32_t, 4> w{uint32_t(rng()), uint32_t(rng()), uint32_t(rng()), uint32_t(rng())};
      INFO("gen " << int(gen) << " words " << w[0] << " " << w[1] << " " << w[2] << " " << w[3]);
      REQUIRE(BufferResource::decode(w, gen).encode(gen) == w);
    }
  }
}
