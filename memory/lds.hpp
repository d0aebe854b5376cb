// Lds: one workgroup's local data share (functional storage, no timing).
//
// Contract: see DataShare (data_share.hpp) for the range rule. The per-wave
// limit is M0: "The M0 register holds maximum size of a LDS memory, that can
// be accessed by wavefront. To set no limits, just set a M0 register to
// 0xffffffff." (seeds/004_b50c7630dc28dbb3.txt) -- pass M0 as `limit`.
// DS addresses are byte addresses; the instruction's own alignment
// ("(ADDR+OFFSET)&~3" etc., seed 004) is the caller's job.
#pragma once
#include <cstdint>
#include <memory>

#include "memory/data_share.hpp"

namespace gcnsim::memory {

class Lds : public DataShare {
 public:
  static constexpr uint32_t kMaxBytes = 64 * 1024;  // LDS per compute unit on GCN 1.0-1.4
  // Throws MemoryError if bytes is 0 or larger than kMaxBytes.
  explicit Lds(uint32_t bytes) : DataShare(bytes, kMaxBytes, "Lds") {}

  // LDS_ADDR of a buffer load with the LDS flag: "LDS_ADDR = LDS_BASE +
  // (M0&0xffff) + LANEID*4" (seeds/001_2fc8a7f12b5d60d9.txt; LDS_BASE is the
  // wave's LDS base, 0 when the Lds object is the workgroup's allocation).
  static uint32_t bufferLoadLdsAddress(uint32_t ldsBase, uint32_t m0, uint32_t laneId) {
    return ldsBase + (m0 & 0xffff) + laneId * 4;
  }
};

// Makes `lds` a fresh (zeroed) LDS for a workgroup with `allocated` bytes:
// the one it holds, cleared in place, if it has that size (a workgroup
// reusing the last one's: no allocation), else a new one. It holds at least
// 4 bytes (an Lds needs >= 1; the semantics check accesses against the
// allocated size, ExecEnv::ldsBytes, so with 0 allocated they still fault).
// Both modes make their workgroups' LDS here.
inline void freshLds(std::unique_ptr<Lds>& lds, uint32_t allocated) {
  const uint32_t bytes = allocated > 4 ? allocated : 4;
  if (lds && lds->size() == bytes)
    lds->clear();
  else
    lds = std::make_unique<Lds>(bytes);
}

}  // namespace gcnsim::memory
