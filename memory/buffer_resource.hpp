// BufferResource: the 128-bit buffer resource descriptor (V#) of MUBUF/MTBUF.
//
// Contract: decode() and encode() are exact inverses for every 128-bit value
// on every generation (bits gcnsim does not interpret are kept in
// reservedWord3Bits). Field names and positions follow the table in
// seeds/001_2fc8a7f12b5d60d9.txt "Buffer resource format" (identical in
// reference/clrx/GcnMemHandling.md); generation differences are documented at
// each field.
#pragma once
#include <array>
#include <cstdint>

#include "isa/gen.hpp"

namespace gcnsim::memory {

// DST_SEL codes (seed 001 "DST_SEL_X ... Following values are permitted").
enum DstSel : uint8_t { kDstSel0 = 0, kDstSel1 = 1, kDstSelR = 4, kDstSelG = 5, kDstSelB = 6, kDstSelA = 7 };

struct BufferResource {
  // Generation the descriptor was decoded for (it decides how ELEMSIZE and,
  // with ADD_TID_ENABLE, the stride are interpreted; see below).
  isa::Gen gen = isa::Gen::GCN14;

  uint64_t baseAddress = 0;  // bits 0-47   BASE
  // bits 48-61 STRIDE, in bytes. GCN 1.2/1.4 only: when ADD_TID_ENABLE is
  // set, DATA_FORMAT supplies stride bits 14-17 (LLVM
  // SIInstrInfo::getScratchRsrcWords23: "If TID_ENABLE is set, DATA_FORMAT
  // specifies stride bits [14:17]"); decode() folds them in, so this field
  // is then up to 18 bits wide and encode() writes stride bits 14-17 back
  // into DATA_FORMAT.
  uint32_t stride = 0;
  bool cacheSwizzle = false;   // bit 62
  bool swizzleEnable = false;  // bit 63
  uint32_t numRecords = 0;     // bits 64-95: bytes if STRIDE==0, else records
  uint8_t dstSelX = kDstSelR;  // bits 96-98
  uint8_t dstSelY = kDstSelG;  // bits 99-101
  uint8_t dstSelZ = kDstSelB;  // bits 102-104
  uint8_t dstSelW = kDstSelA;  // bits 105-107
  uint8_t numFormat = 0;       // bits 108-110 (BufNumFormat)
  uint8_t dataFormat = 0;      // bits 111-114 (BufDataFormat)
  // bits 115-116 ELEMSIZE: element size 2<<ELEMSIZE bytes (swizzle only).
  // On GCN 1.4 these bits are USER_VM_ENABLE/USER_VM_MODE and the swizzle
  // element is fixed at 4 bytes (LLVM getScratchRsrcWords23: "GFX9 doesn't
  // have ELEMENT_SIZE"); the raw bits are still kept here for round trips.
  uint8_t elementSize = 0;
  uint8_t indexStride = 0;    // bits 117-118: 8<<INDEXSTRIDE records (swizzle only)
  bool addTidEnable = false;  // bit 119 TID_ENABLE: add lane id to index
  bool atc = false;           // bit 120: GCN 1.1/1.2 ATC (reserved elsewhere)
  bool hashEnable = false;    // bit 121
  bool heap = false;          // bit 122
  uint8_t mtype = 0;          // bits 123-125: GCN 1.1/1.2 MTYPE
  bool nv = false;            // bit 123: GCN 1.4 NV (non-volatile)
  uint8_t type = 0;           // bits 126-127: 0 for a buffer
  // Word-3 bits with no field above on this generation (bit 120 on GCN 1.0
  // and 1.4, bits 123-125 on GCN 1.0, bits 124-125 on GCN 1.4), in place.
  uint32_t reservedWord3Bits = 0;

  static BufferResource decode(const uint32_t words[4], isa::Gen gen);
  static BufferResource decode(const std::array<uint32_t, 4>& words, isa::Gen gen) {
    return decode(words.data(), gen);
  }
  std::array<uint32_t, 4> encode(isa::Gen gen) const;

  std::array<uint8_t, 4> dstSel() const { return {dstSelX, dstSelY, dstSelZ, dstSelW}; }
  // Swizzle element size in bytes: 2<<ELEMSIZE (seed 001), 4 on GCN 1.4.
  uint32_t elementSizeBytes() const;
  // Swizzle index stride in records: 8<<INDEXSTRIDE (seed 001).
  uint32_t indexStrideRecords() const { return 8u << (indexStride & 3); }
};

}  // namespace gcnsim::memory
