#include "memory/cache_timing.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <string>

#include "memory/memory_error.hpp"

namespace gcnsim::memory {

CacheTags::CacheTags(const CacheLevelConfig& cfg, const char* component) {
  const std::string c = component;
  if (!std::has_single_bit(cfg.lineBytes)) throw MemoryError(c + ": line_bytes must be a power of two");
  if (cfg.ways == 0 || cfg.mshrs == 0) throw MemoryError(c + ": ways and mshrs must be positive");
  const uint64_t sets = cfg.sizeBytes / (uint64_t(cfg.lineBytes) * cfg.ways);
  if (sets == 0 || sets * cfg.lineBytes * cfg.ways != cfg.sizeBytes)
    throw MemoryError(c + ": size_bytes must be a positive multiple of line_bytes x ways");
  lineShift_ = unsigned(std::countr_zero(cfg.lineBytes));
  sets_ = sets;
  ways_ = cfg.ways;
  mshrs_ = cfg.mshrs;
  ways.assign(sets * cfg.ways, Way{});
  valid_.assign(sets, 0u);
}

CacheTags::Way* CacheTags::find(uint64_t line) {
  const uint64_t s = line % sets_;
  Way* set = &ways[s * ways_];
  for (uint32_t i = 0; i < valid_[s]; ++i)
    if (set[i].tag == line) return &set[i];
  return nullptr;
}

bool CacheTags::contains(uint64_t addr) const {
  const uint64_t line = lineAddress(addr);
  const uint64_t s = line % sets_;
  const Way* set = &ways[s * ways_];
  for (uint32_t i = 0; i < valid_[s]; ++i)
    if (set[i].tag == line) return true;
  return false;
}

CacheTags::Result CacheTags::lookup(uint64_t addr, uint64_t now, uint64_t& ready, uint32_t missTag) {
  const uint64_t line = lineAddress(addr);
  if (Way* w = find(line)) {
    w->lastUse = ++useCounter_;
    ready = std::max(now, w->readyAt);
    ++stats.hits;
    if (w->readyAt > now) ++stats.pendingHits;
    return Result::Hit;
  }
  ++stats.misses;
  const uint64_t s = line % sets_;
  Way* set = &ways[s * ways_];
  // The first invalid way, else the least recently used (the first of equals).
  Way* victim = &set[0];
  if (valid_[s] < ways_) {
    victim = &set[valid_[s]++];
  } else {
    for (uint32_t i = 1; i < ways_; ++i)
      if (set[i].lastUse < victim->lastUse) victim = &set[i];
  }
  victim->tag = line;
  victim->lastUse = ++useCounter_;
  victim->readyAt = kFillUnknown | missTag;  // until fill()
  lastAllocated_ = size_t(victim - ways.data());
  ready = now;
  return Result::Miss;
}

// outstanding_[outstandingHead_..] holds the fill times of the misses in
// flight, ascending (fills mostly come in order, so an insertion rarely
// moves anything): the misses that ended by `now` leave from the front; with
// every MSHR busy, the new miss takes the one that frees first.
uint64_t CacheTags::missStart(uint64_t now) {
  while (outstandingHead_ < outstanding_.size() && outstanding_[outstandingHead_] <= now) ++outstandingHead_;
  if (outstanding_.size() - outstandingHead_ < mshrs_) return now;
  ++stats.mshrStalls;
  return outstanding_[outstandingHead_++];
}

void CacheTags::fill(uint64_t addr, uint64_t readyAt) {
  const uint64_t line = lineAddress(addr);
  // Right after the lookup that allocated the line (the L2's own misses) no search is needed.
  Way* w =
      lastAllocated_ < ways.size() && ways[lastAllocated_].tag == line ? &ways[lastAllocated_] : find(line);
  if (w) w->readyAt = readyAt;
  if (outstandingHead_ > 0 && 2 * outstandingHead_ >= outstanding_.size()) {  // drop the ended ones
    outstanding_.erase(outstanding_.begin(), outstanding_.begin() + std::ptrdiff_t(outstandingHead_));
    outstandingHead_ = 0;
  }
  size_t j = outstanding_.size();
  outstanding_.push_back(readyAt);
  for (; j > outstandingHead_ && outstanding_[j - 1] > readyAt; --j) outstanding_[j] = outstanding_[j - 1];
  outstanding_[j] = readyAt;
}

void CacheTags::invalidateAll() {
  for (Way& w : ways) w = Way{};
  std::fill(valid_.begin(), valid_.end(), 0u);
}

void CacheTags::settle() {
  for (Way& w : ways) w.readyAt = 0;
  outstanding_.clear();
  outstandingHead_ = 0;
}

}  // namespace gcnsim::memory
