// Buffer addressing: every rule below quotes seeds/001_2fc8a7f12b5d60d9.txt
// "Buffer addressing".
#include "memory/buffer_address.hpp"

#include <algorithm>

namespace gcnsim::memory {

namespace {

// "BUFOFFSET = (UINT32)(AINDEX*STRIDE) + AOFFSET"
uint32_t linearBufferOffset(uint32_t index, uint32_t offset, uint32_t stride) {
  return uint32_t(index * stride) + offset;
}

// "AINDEX_MSB = AINDEX / INDEXSTRIDE
//  AINDEX_LSB = AINDEX % INDEXSTRIDE
//  AOFFSET_MSB = AOFFSET / ELEMSIZE
//  AOFFSET_LSB = AOFFSET % ELEMSIZE
//  BUFOFFSET = AOFFSET_LSB + ELEMSIZE*AINDEX_LSB + INDEXSTRIDE * (AINDEX_MSB*STRIDE +
//          AOFFSET_MSB * ELEMSIZE)"
// "ELEMSIZE ... is: 2<<ELEMSIZE ... INDEXSTRIDE ... is: 8<<INDEXSTRIDE."
// All terms are UINT32 like the operands, so the sum wraps at 2^32.
uint32_t swizzledBufferOffset(uint32_t index, uint32_t offset, uint32_t stride, uint32_t elemSize,
                              uint32_t indexStride) {
  uint32_t indexMsb = index / indexStride;
  uint32_t indexLsb = index % indexStride;
  uint32_t offsetMsb = offset / elemSize;
  uint32_t offsetLsb = offset % elemSize;
  return offsetLsb + elemSize * indexLsb + indexStride * (indexMsb * stride + offsetMsb * elemSize);
}

// "For 32-bit and wider operations, an address are aligned to 4 bytes.
//  For 16-bit operations, an address are aligned to 2 bytes."
// (GcnMemHandling.md; the seed states the 32-bit rule.) That is the hardware's
// DWORD alignment mode (SH_MEM_CONFIG.ALIGNMENT_MODE). In UNALIGNED mode --
// the one the ROCm kernel driver sets for every HSA process (amdkfd
// update_qpd_cik/_vi/_v9: SH_MEM_ALIGNMENT_MODE_UNALIGNED) and LLVM assumes for
// amdhsa code (+unaligned-buffer-access, reviews.llvm.org/D20595) -- the
// address is used as it is: clang -O0 code loads a packed struct's short from
// an odd scratch offset.
uint64_t alignForAccess(uint64_t address, uint32_t bytes, bool unaligned) {
  if (unaligned) return address;
  if (bytes >= 4) return address & ~uint64_t(3);
  if (bytes == 2) return address & ~uint64_t(1);
  return address;
}

}  // namespace

// "The hardware checks range for buffer resources with STRIDE=0 in following
//  way: if BUFOFFSET >= NUMRECORDS-SGPR_OFFSET then an address is out of range.
//  For STRIDE!=0 if AINDEX >= NUMRECORDS or OFFSET >= STRIDE when IDXEN or
//  TID_ENABLE is set, then an address is out of range."
// Reading of the rule: the STRIDE!=0 OFFSET is the position inside the record,
// AOFFSET (instruction OFFSET plus the VGPR offset when OFFEN), and the offset
// test only applies when IDXEN or TID_ENABLE is set; SGPR_OFFSET plays no part
// for STRIDE!=0. NUMRECORDS-SGPR_OFFSET is computed without wrapping: with
// SGPR_OFFSET > NUMRECORDS every address is out of range.
bool bufferInRange(const BufferResource& rsrc, const BufferAccess& access, uint32_t index, uint32_t offset,
                   uint32_t bufferOffset) {
  if (rsrc.stride == 0) return uint64_t(bufferOffset) + access.sgprOffset < uint64_t(rsrc.numRecords);
  if (index >= rsrc.numRecords) return false;
  if ((access.idxen || rsrc.addTidEnable) && offset >= rsrc.stride) return false;
  return true;
}

BufferAddress computeBufferAddress(const BufferResource& rsrc, const BufferAccess& access) {
  BufferAddress out;
  if (access.addr64) {
    // "ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET // 64-bit addressing"
    // "No range checking for 64-bit mode addressing."
    out.address = alignForAccess(rsrc.baseAddress + access.vaddr64 + access.instOffset + access.sgprOffset,
                                 access.bytes, access.unaligned);
    out.offset = access.instOffset;
    return out;
  }
  // "UINT32 AOFFSET = OFFSET + (OFFEN ? VGPR_OFFSET : 0)
  //  UINT32 AINDEX = (IDXEN ? VGPR_INDEX : 0) + (TID_ENABLE ? LANEID : 0)"
  out.offset = access.instOffset + (access.offen ? access.vgprOffset : 0);
  out.index = (access.idxen ? access.vgprIndex : 0) + (rsrc.addTidEnable ? access.laneId : 0);

  auto bufferOffsetOf = [&](uint32_t offset) {
    return rsrc.swizzleEnable ? swizzledBufferOffset(out.index, offset, rsrc.stride, rsrc.elementSizeBytes(),
                                                     rsrc.indexStrideRecords())
                              : linearBufferOffset(out.index, offset, rsrc.stride);
  };
  out.bufferOffset = bufferOffsetOf(out.offset);
  // "The base address are calculated as sum of BASE and SGPR offset."
  out.address =
      alignForAccess(rsrc.baseAddress + access.sgprOffset + out.bufferOffset, access.bytes, access.unaligned);

  out.inRange = bufferInRange(rsrc, access, out.index, out.offset, out.bufferOffset);
  // The whole access must be in range, checked on the bytes it actually moves:
  // from the aligned address (a ushort at offset 5 moves bytes 4-5, so with
  // NUMRECORDS 6 it is in range), to its last byte (a dword at offset 4 with
  // NUMRECORDS 5 is not). The seed states the rule for "an address"; that a
  // dword partly past NUMRECORDS reads zero as a whole is how LLVM's AMDGPU
  // documentation describes the hardware's bounds check (each dword of a
  // wider access on its own, which the semantics do: one call per dword).
  const uint32_t misalign = uint32_t((rsrc.baseAddress + access.sgprOffset + out.bufferOffset) - out.address);
  const uint32_t firstOffset = out.offset - std::min(misalign, out.offset);
  const uint32_t lastOffset = firstOffset + (access.bytes > 0 ? access.bytes - 1 : 0);
  out.allInRange =
      out.inRange && bufferInRange(rsrc, access, out.index, lastOffset, bufferOffsetOf(lastOffset));
  return out;
}

}  // namespace gcnsim::memory
