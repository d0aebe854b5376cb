// L2Timing: the GPU's shared L2 and the DRAM behind it, as seen by the K$
// and the vector L1s. Holds no data.
//
// Contract:
//  - read(addr, now): a line request arriving at `now`; returns the cycle
//    its data is back at the requester: now + l2.hitLatency on a hit (or the
//    pending fill), plus dramLatency and any bandwidth queueing on a miss.
//  - write(addr, now) / atomic(addr, now): write-through store or atomic
//    performed at L2; returns the acknowledge cycle. Writes allocate the line
//    without a DRAM read (a store does not need the old data in this model);
//    an atomic needs the data, so it fetches on a miss.
//  - DRAM bandwidth: each line transfer occupies the channel for
//    lineBytes / dramBytesPerCycle cycles; transfers queue in arrival order.
#pragma once
#include <cstdint>

#include "memory/cache_timing.hpp"

namespace gcnsim::memory {

struct DramStats {
  uint64_t reads = 0, queuedCycles = 0;
};

class L2Timing {
 public:
  explicit L2Timing(const MemoryConfig& cfg);

  uint64_t read(uint64_t addr, uint64_t now);
  uint64_t write(uint64_t addr, uint64_t now);
  uint64_t atomic(uint64_t addr, uint64_t now) { return read(addr, now); }

  CacheTags tags;
  DramStats dram;

 private:
  uint64_t dramFetch(uint64_t now);  // cycle the line is back at L2
  MemoryConfig cfg_;
  uint64_t busyScaled_ = 0;  // DRAM channel free time, in units of 1/dramBytesPerCycle cycles
};

}  // namespace gcnsim::memory
