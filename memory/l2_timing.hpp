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
//  - read(addr, now, Arrival::Ahead): a request that arrives at `now` ahead
//    of requests the caller will still make for earlier cycles: an L1 or K$
//    miss that waited for an MSHR of its cache, made when its cache looked
//    the line up but sent on only when an earlier miss's fill freed the MSHR
//    (l2_steps.hpp). It must not hold those requests back: its L2 MSHR is
//    counted from `now` on without ending the earlier misses' before it, and
//    its DRAM transfer takes the first free slot from `now` on, booked ahead
//    of the queue, which later requests pass over (rather than queue
//    behind: that made the CUs wait for each other's MSHR waits one by one).
//    Requests in cycle order give what the queue gave.
//  - noRequestBefore(cycle): the caller's requests to come all arrive at
//    `cycle` or later (those it sends ahead included): the L2 forgets the
//    misses that ended by then. Results do not change; without it, misses
//    ahead keep every ended fill (CacheTags::forgetFillsBy).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "memory/cache_timing.hpp"

namespace gcnsim::memory {

struct DramStats {
  uint64_t reads = 0, queuedCycles = 0;
};

enum class Arrival : uint8_t { InOrder, Ahead };

class L2Timing {
 public:
  explicit L2Timing(const MemoryConfig& cfg);

  uint64_t read(uint64_t addr, uint64_t now, Arrival arrival = Arrival::InOrder);
  uint64_t write(uint64_t addr, uint64_t now);
  uint64_t atomic(uint64_t addr, uint64_t now) { return read(addr, now); }
  void noRequestBefore(uint64_t cycle) { tags.forgetFillsBy(cycle); }

  CacheTags tags;
  DramStats dram;

 private:
  uint64_t dramFetch(uint64_t now, Arrival arrival);  // cycle the line is back at L2
  MemoryConfig cfg_;
  uint64_t busyScaled_ = 0;  // DRAM channel free time, in units of 1/dramBytesPerCycle cycles
  // Transfers of Ahead requests booked past busyScaled_ (with the channel
  // idle before them), ascending, not overlapping: [first, second) in the
  // units of busyScaled_. A transfer placed from busyScaled_ on passes over
  // them; those busyScaled_ passes are dropped. Two bookings less than a
  // transfer apart are one (every transfer takes a line's time: none fits
  // between them).
  std::vector<std::pair<uint64_t, uint64_t>> booked_;
};

}  // namespace gcnsim::memory
