// WarmCaches: the K$, vector L1 and L2 tag state one timing dispatch leaves
// for the next, so that a Device's caches stay warm between dispatches
// (issue 14). runTiming loads it at the start of a dispatch (if it holds a
// state) and saves it at the end (TimingOptions::warm).
//
// Tags and LRU order only, independent of cycles: every line is present and
// ready at cycle 0 of the next dispatch (whose cycles restart at 0; a
// dispatch ends when its last memory access has returned), no miss is
// outstanding, the K$/L1 ports and the DRAM channel start idle, and the
// statistics of each dispatch start at 0. The state is the same for any
// thread count: K$ i serves CUs [i * cus_per_cache, (i + 1) * cus_per_cache)
// whichever CU group owns it.
#pragma once
#include <optional>
#include <vector>

#include "memory/cache_timing.hpp"

namespace gcnsim::sim::timing {

struct WarmCaches {
  std::vector<std::optional<memory::CacheTags>> kcaches;  // by K$ index (CU / kcache.cus_per_cache)
  std::vector<std::optional<memory::CacheTags>> l1s;      // by CU
  std::optional<memory::CacheTags> l2;

  bool empty() const { return !l2; }
  void clear() {
    kcaches.clear();
    l1s.clear();
    l2.reset();
  }
  // `tags` as the next dispatch finds it: settled (CacheTags::settle), statistics at 0.
  static memory::CacheTags carried(const memory::CacheTags& tags) {
    memory::CacheTags t = tags;
    t.settle();
    t.stats = {};
    return t;
  }
};

}  // namespace gcnsim::sim::timing
