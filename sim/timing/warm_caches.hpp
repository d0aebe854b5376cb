// WarmCaches: the L2 tag state one timing dispatch leaves for the next, so
// that a Device's L2 stays warm between dispatches (issue 14). runTiming
// loads it at the start of a dispatch (if it holds a state) and saves it at
// the end (TimingOptions::warm).
//
// Only the L2: "The scalar and vector caches are invalidated between kernel
// dispatches by CP since constant address space data may change between
// kernel dispatch executions" (AMDGPUUsage.rst, memory model GFX6-GFX9), so
// every dispatch starts with empty K$es and vector L1s, as on the hardware.
//
// Tags and LRU order only, independent of cycles: every line is present and
// ready at cycle 0 of the next dispatch (whose cycles restart at 0; a
// dispatch ends when its last memory access has returned), no miss is
// outstanding, the K$/L1 ports and the DRAM channel start idle, and the
// statistics of each dispatch start at 0. The L2 is one for the whole GPU,
// so the state is the same for any thread count.
#pragma once
#include <optional>
#include <vector>

#include "memory/cache_timing.hpp"

namespace gcnsim::sim::timing {

struct WarmCaches {
  std::optional<memory::CacheTags> l2;

  bool empty() const { return !l2; }
  void clear() { l2.reset(); }
  // `tags` as the next dispatch finds it: settled (CacheTags::settle), statistics at 0.
  static memory::CacheTags carried(const memory::CacheTags& tags) {
    memory::CacheTags t = tags;
    t.settle();
    t.stats = {};
    return t;
  }
};

}  // namespace gcnsim::sim::timing
