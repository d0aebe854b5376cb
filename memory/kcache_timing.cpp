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

uint64_t KcacheTiming::resolveNow(uint64_t known) {
  for (size_t i = 0; i < steps_.size(); ++i) known = std::max(known, resolveStep(l2_, steps_, i));
  steps_.clear();
  return known;
}

uint64_t KcacheTiming::load(uint64_t addr, uint32_t bytes, uint64_t now) {
  return resolveNow(load(addr, bytes, now, steps_));
}

uint64_t KcacheTiming::store(uint64_t addr, uint32_t bytes, uint64_t now) {
  return resolveNow(store(addr, bytes, now, steps_));
}

uint64_t KcacheTiming::load(uint64_t addr, uint32_t bytes, uint64_t now, L2Steps& l2) {
  const uint64_t start = takePort(bytes, now);
  const uint64_t line = tags.lineBytes();
  const uint64_t first = addr / line * line, last = (addr + std::max(bytes, 1u) - 1) / line * line;
  uint64_t done = start;
  for (uint64_t a = first; a <= last; a += line) {
    uint64_t ready = 0;
    if (tags.lookup(a, start, ready, l2.nextTag()) == CacheTags::Result::Miss)
      l2.miss(tags, a, start, cfg_.hitLatency);
    else if (fillUnknown(ready))
      l2.awaitFill(tags, ready, a, start, cfg_.hitLatency);
    else
      done = std::max(done, ready + cfg_.hitLatency);
  }
  return done;
}

uint64_t KcacheTiming::store(uint64_t addr, uint32_t bytes, uint64_t now, L2Steps& l2) {
  const uint64_t start = takePort(bytes, now);
  const uint64_t line = tags.lineBytes();
  const uint64_t first = addr / line * line, last = (addr + std::max(bytes, 1u) - 1) / line * line;
  for (uint64_t a = first; a <= last; a += line) l2.add(L2Step::Kind::Write, a, start, cfg_.hitLatency);
  return start + cfg_.hitLatency;
}

}  // namespace gcnsim::memory
