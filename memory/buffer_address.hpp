// Buffer address computation and range checking for MUBUF/MTBUF, exactly as
// seeds/001_2fc8a7f12b5d60d9.txt "Buffer addressing" (same text in
// reference/clrx/GcnMemHandling.md) describes it. Pure functions, no state.
//
// Contract: computeBufferAddress() handles one lane and one access. For a
// multi-dword access (DWORDX2/3/4, FORMAT_XY..XYZW of 32-bit components) call
// it once per dword with instOffset + 4*i: that is how the per-dword address
// is formed (also in swizzle mode) and how each dword is range checked.
// Out-of-range lanes: "Reads are zero and writes are ignored" (seed 001) --
// the caller acts on BufferAddress::inRange.
#pragma once
#include <cstdint>

#include "memory/buffer_resource.hpp"

namespace gcnsim::memory {

struct BufferAccess {
  uint32_t vgprOffset = 0;  // VGPR[V] (OFFEN only) or VGPR[V+1] (IDXEN and OFFEN)
  uint32_t vgprIndex = 0;   // VGPR[V] (IDXEN)
  uint32_t sgprOffset = 0;  // SOFFSET operand value
  uint32_t instOffset = 0;  // instruction OFFSET field (12 bits)
  uint32_t laneId = 0;      // 0..63, used when the resource's ADD_TID_ENABLE is set
  bool offen = false;
  bool idxen = false;
  bool addr64 = false;   // GCN 1.0/1.1 only: VADDR holds a 64-bit address
  uint64_t vaddr64 = 0;  // VADDR pair when addr64
  uint32_t bytes = 4;    // access size in bytes (1, 2, 4, ...)
  // SH_MEM_CONFIG.ALIGNMENT_MODE UNALIGNED: the address is used as computed;
  // otherwise (DWORD mode, the seed's rule) it is rounded down to the access
  // size, at most 4 (buffer_address.cpp alignForAccess).
  bool unaligned = false;
};

struct BufferAddress {
  uint64_t address = 0;       // final device address (aligned unless BufferAccess::unaligned)
  bool inRange = true;        // the seed's range check, applied to the first byte
  bool allInRange = true;     // the same rule applied to the last byte of `bytes` too
  uint32_t index = 0;         // AINDEX
  uint32_t offset = 0;        // AOFFSET
  uint32_t bufferOffset = 0;  // BUFOFFSET (0 with addr64)
};

BufferAddress computeBufferAddress(const BufferResource& rsrc, const BufferAccess& access);

// The range rule alone, for callers that already hold index/offset/BUFOFFSET.
bool bufferInRange(const BufferResource& rsrc, const BufferAccess& access, uint32_t index, uint32_t offset,
                   uint32_t bufferOffset);

}  // namespace gcnsim::memory
