#include "memory/l2_timing.hpp"

#include <algorithm>

namespace gcnsim::memory {

L2Timing::L2Timing(const MemoryConfig& cfg) : tags(cfg.l2, "memory.l2"), cfg_(cfg) {}

uint64_t L2Timing::dramFetch(uint64_t now) {
  const uint64_t bpc = cfg_.dramBytesPerCycle;
  const uint64_t start = std::max(now * bpc, busyScaled_);
  busyScaled_ = start + tags.lineBytes();
  const uint64_t startCycle = (start + bpc - 1) / bpc;
  ++dram.reads;
  dram.queuedCycles += startCycle - now;
  return startCycle + cfg_.dramLatency;
}

uint64_t L2Timing::read(uint64_t addr, uint64_t now) {
  uint64_t ready = 0;
  if (tags.lookup(addr, now, ready) == CacheTags::Result::Hit) return ready + cfg_.l2.hitLatency;
  const uint64_t start = tags.missStart(now);
  const uint64_t filled = dramFetch(start);
  tags.fill(addr, filled);
  return filled + cfg_.l2.hitLatency;
}

uint64_t L2Timing::write(uint64_t addr, uint64_t now) {
  uint64_t ready = 0;
  if (tags.lookup(addr, now, ready) == CacheTags::Result::Miss) tags.fill(addr, now);
  return now + cfg_.l2.hitLatency;
}

}  // namespace gcnsim::memory
