#include "memory/l2_timing.hpp"

#include <algorithm>

namespace gcnsim::memory {

L2Timing::L2Timing(const MemoryConfig& cfg) : tags(cfg.l2, "memory.l2"), cfg_(cfg) {}

uint64_t L2Timing::dramFetch(uint64_t now, Arrival arrival) {
  const uint64_t bpc = cfg_.dramBytesPerCycle, len = tags.lineBytes();
  uint64_t start = std::max(now * bpc, busyScaled_);
  // The first slot from `start` on that no booked transfer overlaps.
  const auto endsBy = [](const std::pair<uint64_t, uint64_t>& b, uint64_t t) { return b.second <= t; };
  size_t i = size_t(std::lower_bound(booked_.begin(), booked_.end(), start, endsBy) - booked_.begin());
  for (; i < booked_.size() && booked_[i].first < start + len; ++i)
    start = std::max(start, booked_[i].second);
  if (arrival == Arrival::Ahead && start > busyScaled_) {
    // The channel is idle until then: book the slot, leaving the queue where it is. A slot less than a
    // transfer from its neighbours joins them: no transfer fits between, so the union is what counts.
    // Bookings come close (a few lines a cycle), and kept apart they made every later transfer walk
    // and shift a list of thousands (the walk above passes every gap).
    const bool joinsPrev = i > 0 && start - booked_[i - 1].second < len;
    const bool joinsNext = i < booked_.size() && booked_[i].first - (start + len) < len;
    if (joinsPrev && joinsNext) {
      booked_[i - 1].second = booked_[i].second;
      booked_.erase(booked_.begin() + std::ptrdiff_t(i));
    } else if (joinsPrev) {
      booked_[i - 1].second = start + len;
    } else if (joinsNext) {
      booked_[i].first = start;
    } else {
      booked_.insert(booked_.begin() + std::ptrdiff_t(i), {start, start + len});
    }
  } else {
    busyScaled_ = start + len;
    booked_.erase(booked_.begin(), std::lower_bound(booked_.begin(), booked_.end(), busyScaled_, endsBy));
  }
  const uint64_t startCycle = (start + bpc - 1) / bpc;
  ++dram.reads;
  dram.queuedCycles += startCycle - now;
  return startCycle + cfg_.dramLatency;
}

uint64_t L2Timing::read(uint64_t addr, uint64_t now, Arrival arrival) {
  uint64_t ready = 0;
  if (tags.lookup(addr, now, ready) == CacheTags::Result::Hit) return ready + cfg_.l2.hitLatency;
  const uint64_t start = arrival == Arrival::Ahead ? tags.missStartAhead(now) : tags.missStart(now);
  const uint64_t filled = dramFetch(start, arrival);
  tags.fill(addr, filled);
  return filled + cfg_.l2.hitLatency;
}

uint64_t L2Timing::write(uint64_t addr, uint64_t now) {
  uint64_t ready = 0;
  if (tags.lookup(addr, now, ready) == CacheTags::Result::Miss) tags.fill(addr, now);
  return now + cfg_.l2.hitLatency;
}

}  // namespace gcnsim::memory
