// Buffer addressing and range checking, expected values worked out by hand
// from seeds/001_2fc8a7f12b5d60d9.txt "Buffer addressing".
#include "memory/buffer_address.hpp"

#include <catch2/catch.hpp>

using gcnsim::isa::Gen;
using namespace gcnsim::memory;

namespace {

BufferResource rawBuffer(uint64_t base, uint32_t numRecords) {
  BufferResource r;
  r.baseAddress = base;
  r.numRecords = numRecords;
  return r;
}

BufferResource structured(uint64_t base, uint32_t stride, uint32_t numRecords) {
  BufferResource r = rawBuffer(base, numRecords);
  r.stride = stride;
  return r;
}

}  // namespace

TEST_CASE("buffer address: no OFFEN/IDXEN uses OFFSET and SGPR offset", "[memory][bufaddr]") {
  // ADDRESS = BASE + SGPR_OFFSET + BUFOFFSET, BUFOFFSET = AOFFSET = OFFSET = 12
  BufferAccess a;
  a.instOffset = 12;
  a.sgprOffset = 16;
  a.vgprOffset = 1000;  // ignored without OFFEN
  a.vgprIndex = 1000;   // ignored without IDXEN
  BufferAddress r = computeBufferAddress(rawBuffer(0x10000, 256), a);
  CHECK(r.address == 0x10000 + 16 + 12);
  CHECK(r.bufferOffset == 12);
  CHECK(r.inRange);
}

TEST_CASE("buffer address: OFFEN adds the VGPR offset", "[memory][bufaddr]") {
  BufferAccess a;
  a.offen = true;
  a.vgprOffset = 100;
  a.instOffset = 4;
  BufferAddress r = computeBufferAddress(rawBuffer(0x10000, 256), a);
  CHECK(r.offset == 104);
  CHECK(r.address == 0x10000 + 104);
}

TEST_CASE("buffer address: IDXEN multiplies the index by STRIDE", "[memory][bufaddr]") {
  BufferAccess a;
  a.idxen = true;
  a.vgprIndex = 3;
  a.instOffset = 4;
  BufferAddress r = computeBufferAddress(structured(0x20000, 16, 10), a);
  CHECK(r.index == 3);
  CHECK(r.bufferOffset == 3 * 16 + 4);
  CHECK(r.address == 0x20000 + 52);
}

TEST_CASE("buffer address: IDXEN and OFFEN together", "[memory][bufaddr]") {
  BufferAccess a;
  a.idxen = a.offen = true;
  a.vgprIndex = 5;   // VGPR[V]
  a.vgprOffset = 8;  // VGPR[V+1]
  a.instOffset = 2;
  a.bytes = 1;
  BufferAddress r = computeBufferAddress(structured(0x20000, 16, 10), a);
  CHECK(r.offset == 10);
  CHECK(r.bufferOffset == 5 * 16 + 10);
  CHECK(r.address == 0x20000 + 90);
  a.bytes = 4;  // "For 32-bit and wider operations, an address are aligned to 4 bytes."
  CHECK(computeBufferAddress(structured(0x20000, 16, 10), a).address == 0x20000 + 88);
  a.bytes = 2;       // 16-bit: aligned to 2 bytes (GcnMemHandling.md)
  a.instOffset = 3;  // BUFOFFSET 91
  CHECK(computeBufferAddress(structured(0x20000, 16, 10), a).address == 0x20000 + 90);
}

TEST_CASE("buffer address: UNALIGNED mode uses the address as computed", "[memory][bufaddr]") {
  // SH_MEM_CONFIG.ALIGNMENT_MODE UNALIGNED (the mode amdkfd sets for HSA processes): clang -O0 reads a
  // packed struct's short with buffer_load_ushort ... offset:37, which must move bytes 37-38, not 36-37.
  BufferAccess a;
  a.unaligned = true;
  a.instOffset = 37;
  a.bytes = 2;
  const BufferResource r = rawBuffer(0x10000, 40);
  BufferAddress out = computeBufferAddress(r, a);
  CHECK(out.address == 0x10000 + 37);
  CHECK(out.allInRange);  // bytes 37..38 < 40
  a.bytes = 4;            // a dword at 37 moves bytes 37..40: byte 40 is past NUMRECORDS 40
  out = computeBufferAddress(r, a);
  CHECK(out.address == 0x10000 + 37);
  CHECK(out.inRange);
  CHECK_FALSE(out.allInRange);
  a.unaligned = false;  // DWORD mode (the seed's rule): bytes 36..39, all in range
  out = computeBufferAddress(r, a);
  CHECK(out.address == 0x10000 + 36);
  CHECK(out.allInRange);
}

TEST_CASE("buffer address: TID_ENABLE adds the lane id to the index", "[memory][bufaddr]") {
  BufferResource r = structured(0x40000, 4, 64);
  r.addTidEnable = true;
  BufferAccess a;
  a.laneId = 7;
  CHECK(computeBufferAddress(r, a).address == 0x40000 + 7 * 4);
  a.idxen = true;
  a.vgprIndex = 10;  // AINDEX = 10 + 7
  CHECK(computeBufferAddress(r, a).address == 0x40000 + 17 * 4);
}

TEST_CASE("buffer address: (UINT32)(AINDEX*STRIDE) wraps at 2^32", "[memory][bufaddr]") {
  BufferAccess a;
  a.idxen = true;
  a.vgprIndex = 0x10000000;  // * 16 = 2^32 -> 0
  a.instOffset = 8;
  BufferAddress r = computeBufferAddress(structured(0x1000000000ull, 16, 0xffffffff), a);
  CHECK(r.bufferOffset == 8);
  CHECK(r.address == 0x1000000008ull);
}

TEST_CASE("buffer address: swizzled addressing", "[memory][bufaddr][swizzle]") {
  // BUFOFFSET = AOFFSET_LSB + ELEMSIZE*AINDEX_LSB + INDEXSTRIDE*(AINDEX_MSB*STRIDE + AOFFSET_MSB*ELEMSIZE)
  BufferResource r = structured(0x100000, 16, 0xffffffff);
  r.swizzleEnable = true;
  r.gen = Gen::GCN12;
  BufferAccess a;
  a.idxen = a.offen = true;
  a.bytes = 1;

  SECTION("ELEMSIZE 4, INDEXSTRIDE 8") {
    r.elementSize = 1;  // 2<<1 = 4
    r.indexStride = 0;  // 8<<0 = 8
    a.vgprIndex = 10;   // MSB 1, LSB 2
    a.vgprOffset = 6;   // MSB 1, LSB 2
    // 2 + 4*2 + 8*(1*16 + 1*4) = 170
    CHECK(computeBufferAddress(r, a).bufferOffset == 170);
    CHECK(computeBufferAddress(r, a).address == 0x100000 + 170);
  }
  SECTION("ELEMSIZE 16, INDEXSTRIDE 64") {
    r.elementSize = 3;  // 16
    r.indexStride = 3;  // 64
    r.stride = 32;
    a.vgprIndex = 130;  // MSB 2, LSB 2
    a.vgprOffset = 37;  // MSB 2, LSB 5
    // 5 + 16*2 + 64*(2*32 + 2*16) = 37 + 6144 = 6181
    CHECK(computeBufferAddress(r, a).bufferOffset == 6181);
  }
  SECTION("ELEMSIZE 2, INDEXSTRIDE 16") {
    r.elementSize = 0;  // 2
    r.indexStride = 1;  // 16
    r.stride = 8;
    a.vgprIndex = 17;  // MSB 1, LSB 1
    a.vgprOffset = 3;  // MSB 1, LSB 1
    // 1 + 2*1 + 16*(1*8 + 1*2) = 163
    CHECK(computeBufferAddress(r, a).bufferOffset == 163);
  }
  SECTION("GCN 1.4 ignores the ELEMSIZE field (4-byte elements)") {
    r.gen = Gen::GCN14;
    r.elementSize = 0;
    r.indexStride = 0;
    a.vgprIndex = 10;
    a.vgprOffset = 6;
    CHECK(computeBufferAddress(r, a).bufferOffset == 170);
  }
}

TEST_CASE("buffer address: scratch-style swizzle puts a lane's dwords 256 bytes apart",
          "[memory][bufaddr][swizzle]") {
  // Private segment V#: swizzle, TID_ENABLE, ELEMSIZE 4, INDEXSTRIDE 64, STRIDE 0.
  BufferResource r = rawBuffer(0x800000, 0xffffffff);
  r.gen = Gen::GCN12;
  r.swizzleEnable = r.addTidEnable = true;
  r.elementSize = 1;
  r.indexStride = 3;
  BufferAccess a;
  a.laneId = 5;
  a.instOffset = 8;  // dword 2 of the lane's private memory
  // AINDEX 5: MSB 0, LSB 5; AOFFSET 8: MSB 2, LSB 0 -> 0 + 4*5 + 64*(0 + 2*4) = 532
  BufferAddress res = computeBufferAddress(r, a);
  CHECK(res.bufferOffset == 532);
  CHECK(res.address == 0x800000 + 532);
  CHECK(res.inRange);
}

TEST_CASE("buffer address: ADDR64 (GCN 1.0/1.1) has no range check", "[memory][bufaddr]") {
  BufferAccess a;
  a.addr64 = true;
  a.vaddr64 = 0x100000000ull;
  a.instOffset = 8;
  a.sgprOffset = 4;
  a.idxen = true;  // not permitted with ADDR64; ignored
  a.vgprIndex = 99;
  // ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET
  BufferAddress r = computeBufferAddress(rawBuffer(0x1000, 0), a);
  CHECK(r.address == 0x1000 + 0x100000000ull + 8 + 4);
  CHECK(r.inRange);
  CHECK(r.allInRange);
}

TEST_CASE("buffer range: STRIDE==0 checks BUFOFFSET against NUMRECORDS-SGPR_OFFSET",
          "[memory][bufaddr][range]") {
  // NUMRECORDS 256 bytes, SGPR_OFFSET 16: BUFOFFSET 239 is the last in range.
  BufferResource r = rawBuffer(0x10000, 256);
  BufferAccess a;
  a.offen = true;
  a.sgprOffset = 16;
  a.bytes = 1;
  a.vgprOffset = 239;
  CHECK(computeBufferAddress(r, a).inRange);
  a.vgprOffset = 240;
  CHECK_FALSE(computeBufferAddress(r, a).inRange);

  // Multi-byte access: the rule on the first byte vs on every byte it moves
  // (from the aligned address: "For 32-bit operations, an address are aligned
  // to 4 bytes", seed 001; 16-bit ones to 2 bytes, GcnMemHandling.md).
  a.bytes = 4;
  a.vgprOffset = 236;  // bytes 236..239
  CHECK(computeBufferAddress(r, a).inRange);
  CHECK(computeBufferAddress(r, a).allInRange);
  a.vgprOffset = 237;  // aligned: bytes 236..239 again
  CHECK(computeBufferAddress(r, a).inRange);
  CHECK(computeBufferAddress(r, a).allInRange);
  {
    const BufferResource r255 = rawBuffer(0x10000, 255);    // NUMRECORDS-SGPR_OFFSET = 239
    CHECK(computeBufferAddress(r255, a).inRange);           // bytes 236..239: 237 is in range,
    CHECK_FALSE(computeBufferAddress(r255, a).allInRange);  // 239 is not
  }
  a.bytes = 2;
  a.vgprOffset = 239;  // aligned: bytes 238..239, both in range
  CHECK(computeBufferAddress(r, a).allInRange);
  a.sgprOffset = 18;  // limit 238: byte 239 is out
  CHECK_FALSE(computeBufferAddress(r, a).allInRange);
  a.sgprOffset = 16;

  // With IDXEN and STRIDE 0 the index contributes nothing (AINDEX*0).
  a.idxen = true;
  a.vgprIndex = 1000000;
  a.vgprOffset = 236;
  CHECK(computeBufferAddress(r, a).inRange);

  // SGPR_OFFSET beyond NUMRECORDS: nothing is in range (no wrap-around).
  a.sgprOffset = 300;
  a.vgprOffset = 0;
  CHECK_FALSE(computeBufferAddress(r, a).inRange);
}

TEST_CASE("buffer range: STRIDE!=0 checks AINDEX and, with IDXEN or TID, OFFSET",
          "[memory][bufaddr][range]") {
  BufferResource r = structured(0x20000, 16, 10);
  BufferAccess a;
  a.idxen = a.offen = true;
  a.bytes = 1;
  a.vgprIndex = 9;
  a.vgprOffset = 15;
  CHECK(computeBufferAddress(r, a).inRange);  // last record, last byte
  a.vgprIndex = 10;
  CHECK_FALSE(computeBufferAddress(r, a).inRange);  // AINDEX >= NUMRECORDS
  a.vgprIndex = 9;
  a.vgprOffset = 16;
  CHECK_FALSE(computeBufferAddress(r, a).inRange);  // OFFSET >= STRIDE
  a.vgprOffset = 14;
  a.bytes = 2;
  CHECK(computeBufferAddress(r, a).inRange);
  CHECK(computeBufferAddress(r, a).allInRange);  // bytes 14..15: the record's last two
  a.bytes = 4;
  CHECK(computeBufferAddress(r, a).allInRange);  // aligned: bytes 12..15 of the record
  a.vgprOffset = 13;
  a.instOffset = 4;  // AOFFSET 17 >= STRIDE
  CHECK_FALSE(computeBufferAddress(r, a).inRange);
  a.instOffset = 0;

  // SGPR_OFFSET takes no part for STRIDE != 0.
  a.bytes = 1;
  a.sgprOffset = 0x7fffffff;
  CHECK(computeBufferAddress(r, a).inRange);

  // Without IDXEN/TID the offset test does not apply; AINDEX is 0.
  BufferAccess plain;
  plain.offen = true;
  plain.vgprOffset = 1000;
  CHECK(computeBufferAddress(r, plain).inRange);
  CHECK_FALSE(computeBufferAddress(structured(0x20000, 16, 0), plain).inRange);  // 0 >= NUMRECORDS 0
}

TEST_CASE("buffer range: TID_ENABLE index and offset at the boundary", "[memory][bufaddr][range]") {
  BufferResource r = structured(0x20000, 16, 63);
  r.addTidEnable = true;
  BufferAccess a;
  a.bytes = 1;
  a.laneId = 62;
  CHECK(computeBufferAddress(r, a).inRange);
  a.laneId = 63;
  CHECK_FALSE(computeBufferAddress(r, a).inRange);
  a.laneId = 0;
  a.instOffset = 15;
  CHECK(computeBufferAddress(r, a).inRange);
  a.instOffset = 16;
  CHECK_FALSE(computeBufferAddress(r, a).inRange);  // OFFSET >= STRIDE applies with TID_ENABLE
}
