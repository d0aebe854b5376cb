// BufferResource decode/encode; bit positions from seeds/001_2fc8a7f12b5d60d9.txt
// "Buffer resource format" (bit n of the 128-bit V# is bit n%32 of word n/32).
#include "memory/buffer_resource.hpp"

namespace gcnsim::memory {

namespace {

constexpr uint32_t field(uint32_t word, unsigned lo, unsigned bits) {
  return (word >> lo) & ((1u << bits) - 1);
}
constexpr uint32_t place(uint32_t value, unsigned lo, unsigned bits) {
  return (value & ((1u << bits) - 1)) << lo;
}

bool hasAtcAndMtype(isa::Gen g) { return g == isa::Gen::GCN11 || g == isa::Gen::GCN12; }
// Stride bits 14-17 live in DATA_FORMAT when TID_ENABLE is set (GCN 1.2/1.4).
bool tidExtendsStride(isa::Gen g) { return g == isa::Gen::GCN12 || g == isa::Gen::GCN14; }

// Word-3 bits (relative to bit 96) that carry no named field on `g`.
uint32_t reservedMask(isa::Gen g) {
  constexpr uint32_t bit120 = 1u << 24, bits123to125 = 7u << 27, bits124to125 = 3u << 28;
  switch (g) {
    case isa::Gen::GCN10: return bit120 | bits123to125;
    case isa::Gen::GCN11:
    case isa::Gen::GCN12: return 0;
    case isa::Gen::GCN14: return bit120 | bits124to125;
  }
  return 0;
}

}  // namespace

BufferResource BufferResource::decode(const uint32_t w[4], isa::Gen gen) {
  BufferResource r;
  r.gen = gen;
  r.baseAddress = uint64_t(w[0]) | uint64_t(field(w[1], 0, 16)) << 32;  // bits 0-47
  r.stride = field(w[1], 16, 14);                                       // bits 48-61
  r.cacheSwizzle = field(w[1], 30, 1);                                  // bit 62
  r.swizzleEnable = field(w[1], 31, 1);                                 // bit 63
  r.numRecords = w[2];                                                  // bits 64-95
  r.dstSelX = field(w[3], 0, 3);                                        // bits 96-98
  r.dstSelY = field(w[3], 3, 3);                                        // bits 99-101
  r.dstSelZ = field(w[3], 6, 3);                                        // bits 102-104
  r.dstSelW = field(w[3], 9, 3);                                        // bits 105-107
  r.numFormat = field(w[3], 12, 3);                                     // bits 108-110
  r.dataFormat = field(w[3], 15, 4);                                    // bits 111-114
  r.elementSize = field(w[3], 19, 2);                                   // bits 115-116
  r.indexStride = field(w[3], 21, 2);                                   // bits 117-118
  r.addTidEnable = field(w[3], 23, 1);                                  // bit 119
  r.hashEnable = field(w[3], 25, 1);                                    // bit 121
  r.heap = field(w[3], 26, 1);                                          // bit 122
  r.type = field(w[3], 30, 2);                                          // bits 126-127
  if (hasAtcAndMtype(gen)) {
    r.atc = field(w[3], 24, 1);    // bit 120
    r.mtype = field(w[3], 27, 3);  // bits 123-125
  }
  if (gen == isa::Gen::GCN14) r.nv = field(w[3], 27, 1);  // bit 123
  r.reservedWord3Bits = w[3] & reservedMask(gen);
  if (tidExtendsStride(gen) && r.addTidEnable) r.stride |= uint32_t(r.dataFormat) << 14;
  return r;
}

std::array<uint32_t, 4> BufferResource::encode(isa::Gen g) const {
  std::array<uint32_t, 4> w{};
  w[0] = uint32_t(baseAddress);
  w[1] = place(uint32_t(baseAddress >> 32), 0, 16) | place(stride, 16, 14) | place(cacheSwizzle, 30, 1) |
         place(swizzleEnable, 31, 1);
  w[2] = numRecords;
  uint32_t df = dataFormat;
  if (tidExtendsStride(g) && addTidEnable) df = stride >> 14;
  w[3] = place(dstSelX, 0, 3) | place(dstSelY, 3, 3) | place(dstSelZ, 6, 3) | place(dstSelW, 9, 3) |
         place(numFormat, 12, 3) | place(df, 15, 4) | place(elementSize, 19, 2) | place(indexStride, 21, 2) |
         place(addTidEnable, 23, 1) | place(hashEnable, 25, 1) | place(heap, 26, 1) | place(type, 30, 2);
  if (hasAtcAndMtype(g)) w[3] |= place(atc, 24, 1) | place(mtype, 27, 3);
  if (g == isa::Gen::GCN14) w[3] |= place(nv, 27, 1);
  w[3] |= reservedWord3Bits & reservedMask(g);
  return w;
}

uint32_t BufferResource::elementSizeBytes() const {
  if (gen == isa::Gen::GCN14) return 4;
  return 2u << (elementSize & 3);
}

}  // namespace gcnsim::memory
