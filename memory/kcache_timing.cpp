#include "memory/kcache_timing.hpp"

#include <algorithm>

namespace gcnsim::memory {
namespace {
CacheLevelConfig asLevel(const KcacheConfig& k) {
  return CacheLevelConfig{k.sizeBytes, k.lineBytes, k.ways, k.hitLatency, k.mshrs};
}
}  // namespace

KcacheTiming::KcacheTiming(const KcacheConfig& cfg, L2Timing& l2)
    : tags(asLevel(cfg), "kcache"), cfg_(cfg), l2_(l2) {}

uint64_t KcacheTiming::takePort(uint32_t bytes, uint64_t now) {
  const uint64_t start = std::max(now, portFree_);
  portWaitCycles += start - now;
  portFree_ = start + (std::max(bytes, 1u) + cfg_.bytesPerCycle - 1) / cfg_.bytesPerCycle;
  return start;
}

uint64_t KcacheTiming::load(uint64_t addr, uint32_t bytes, uint64_t now) {
  const uint64_t start = takePort(bytes, now);
  const uint64_t line = tags.lineBytes();
  const uint64_t first = addr / line * line, last = (addr + std::max(bytes, 1u) - 1) / line * line;
  uint64_t done = start;
  for (uint64_t a = first; a <= last; a += line) {
    uint64_t ready = 0;
    if (tags.lookup(a, start, ready) == CacheTags::Result::Hit) {
      done = std::max(done, ready + cfg_.hitLatency);
      continue;
    }
    const uint64_t missStart = tags.missStart(start);
    const uint64_t back = l2_.read(a, missStart) + cfg_.hitLatency;
    tags.fill(a, back - cfg_.hitLatency);
    done = std::max(done, back);
  }
  return done;
}

uint64_t KcacheTiming::store(uint64_t addr, uint32_t bytes, uint64_t now) {
  const uint64_t start = takePort(bytes, now);
  const uint64_t line = tags.lineBytes();
  const uint64_t first = addr / line * line, last = (addr + std::max(bytes, 1u) - 1) / line * line;
  uint64_t done = start + cfg_.hitLatency;
  for (uint64_t a = first; a <= last; a += line) done = std::max(done, l2_.write(a, start) + cfg_.hitLatency);
  return done;
}

}  // namespace gcnsim::memory
