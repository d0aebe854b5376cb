// Flat address apertures: which FLAT addresses reach LDS or scratch instead of
// global memory (reference/llvm/AMDGPUUsage.rst "Memory Spaces"/"Generic":
// "two fixed ranges of virtual addresses (the private and local apertures),
// that are outside the range of addressable global memory").
//
// Contract: an aperture is the inclusive range [base, limit]; an address in
// neither aperture is global. FLAT instructions exist from GCN 1.1 on
// (clrx GcnInstrsFlat.md); GCN 1.0 gets empty apertures (everything global).
// Defaults are the values the ROCm kernel driver (amdkfd kfd_flat_memory.c)
// programs:
//   GCN 1.1/1.2 (kfd_init_apertures_vi): LDS base 1<<61, scratch base
//     (1<<61)+2^32; GCN 1.1/1.2 kernels read them from the HSA queue
//     (amd_queue_t) or hidden kernel arguments.
//   GCN 1.4 (kfd_init_apertures_v9): LDS base 1<<48, scratch base 2<<48,
//     readable as SRC_SHARED_BASE / SRC_PRIVATE_BASE (and _LIMIT).
//   Both: "the aperture sizes are 2^32 bytes and the base is aligned to 2^32"
//   (AMDGPUUsage.rst), so limit = base | 0xffffffff.
#pragma once
#include <cstdint>

#include "isa/gen.hpp"

namespace gcnsim::memory {

struct FlatApertures {
  uint64_t sharedBase = 0;
  uint64_t sharedLimit = 0;
  uint64_t privateBase = 0;
  uint64_t privateLimit = 0;
};

enum class FlatSegment { Global, Lds, Scratch };

FlatApertures defaultFlatApertures(isa::Gen gen);

inline FlatSegment classifyFlat(uint64_t addr, const FlatApertures& ap) {
  if (addr >= ap.sharedBase && addr <= ap.sharedLimit) return FlatSegment::Lds;
  if (addr >= ap.privateBase && addr <= ap.privateLimit) return FlatSegment::Scratch;
  return FlatSegment::Global;
}

// Offset of a flat address inside its aperture (the LDS byte address or the
// scratch segment offset). Only meaningful for Lds/Scratch addresses.
inline uint32_t flatLdsAddress(uint64_t addr, const FlatApertures& ap) {
  return uint32_t(addr - ap.sharedBase);
}
inline uint32_t flatScratchOffset(uint64_t addr, const FlatApertures& ap) {
  return uint32_t(addr - ap.privateBase);
}

// GCN 1.4 HW_REG_SH_MEM_BASES (s_getreg): bits 15:0 hold bits 63:48 of the
// private base, bits 31:16 those of the shared base (what LLVM reads on gfx9
// before the SRC_*_BASE registers: shift left by 48 to get the base).
inline uint32_t shMemBases(const FlatApertures& ap) {
  return uint32_t((ap.sharedBase >> 48) & 0xffff) << 16 | uint32_t((ap.privateBase >> 48) & 0xffff);
}

}  // namespace gcnsim::memory
