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

uint64_t KcacheTiming::load(uint64_t addr, uint32_t bytes, uint64_t now) {
  const uint64_t line = tags.lineBytes();
  const uint64_t first = addr / line * line, last = (addr + std::max(bytes, 1u) - 1) / line * line;
  uint64_t done = now;
  for (uint64_t a = first; a <= last; a += line) {
    uint64_t ready = 0;
    if (tags.lookup(a, now, ready) == CacheTags::Result::Hit) {
      done = std::max(done, ready + cfg_.hitLatency);
      continue;
    }
    const uint64_t start = tags.missStart(now);
    const uint64_t back = l2_.read(a, start) + cfg_.hitLatency;
    tags.fill(a, back - cfg_.hitLatency);
    done = std::max(done, back);
  }
  return done;
}

uint64_t KcacheTiming::store(uint64_t addr, uint32_t bytes, uint64_t now) {
  const uint64_t line = tags.lineBytes();
  const uint64_t first = addr / line * line, last = (addr + std::max(bytes, 1u) - 1) / line * line;
  uint64_t done = now + cfg_.hitLatency;
  for (uint64_t a = first; a <= last; a += line) done = std::max(done, l2_.write(a, now) + cfg_.hitLatency);
  return done;
}

}  // namespace gcnsim::memory
