// KcacheTiming: the scalar data cache (K$) shared by up to 4 CUs. Holds no
// data; answers when an SMEM/SMRD access's data is back.
//
// Contract:
//  - Every access goes through the cache's one port, bytesPerCycle bytes a
//    cycle: an access of B bytes starts at max(now, port free) and holds the
//    port ceil(B / bytesPerCycle) cycles, so accesses from the CUs sharing
//    the cache queue behind each other under load.
//  - load(addr, bytes, now): every 64-byte line of [addr, addr+bytes) is
//    looked up at the start; a hit is back at start + hitLatency (or when its
//    pending fill arrives), a miss at start + hitLatency + the L2's answer
//    (the miss starts when an MSHR is free). The access completes when its
//    last line does. Independent accesses complete independently: SMEM
//    returns out of order (seeds/000_f05d49f6c840f2a3.txt,
//    seeds/003_d79646fcab33cb6c.txt).
//  - store(addr, bytes, now) (GCN 1.2+ s_store_*): write-through to L2; the
//    lines stay cached. Acknowledge at start + hitLatency + L2 write.
//  - The overloads with an L2Steps& do the lookups only and append what the
//    L2 must answer (l2_steps.hpp); they return the completion as far as it
//    is known without the L2 (the hits). The others resolve those steps at
//    once.
//  - invalidate(): S_DCACHE_INV / S_DCACHE_INV_VOL ("Invalidate entire L1 K
//    cache", seed 000) drop every line. writeback(): S_DCACHE_WB: the model
//    is write-through, so it only costs hitLatency.
#pragma once
#include <cstdint>

#include "memory/cache_timing.hpp"
#include "memory/l2_steps.hpp"
#include "memory/l2_timing.hpp"

namespace gcnsim::memory {

class KcacheTiming {
 public:
  KcacheTiming(const KcacheConfig& cfg, L2Timing& l2);

  uint64_t load(uint64_t addr, uint32_t bytes, uint64_t now);
  uint64_t store(uint64_t addr, uint32_t bytes, uint64_t now);
  uint64_t load(uint64_t addr, uint32_t bytes, uint64_t now, L2Steps& l2);
  uint64_t store(uint64_t addr, uint32_t bytes, uint64_t now, L2Steps& l2);
  void invalidate() { tags.invalidateAll(); }
  uint64_t writeback(uint64_t now) const { return now + cfg_.hitLatency; }

  CacheTags tags;
  uint64_t portWaitCycles = 0;  // cycles accesses waited for the port (statistics)

 private:
  uint64_t takePort(uint32_t bytes, uint64_t now);
  uint64_t resolveNow(uint64_t known);
  KcacheConfig cfg_;
  L2Timing& l2_;
  uint64_t portFree_ = 0;
  L2Steps steps_;  // scratch of the resolving overloads
};

}  // namespace gcnsim::memory
