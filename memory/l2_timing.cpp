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
    // The channel is idle until then: book the slot, leaving the queue where it is. A slot that touches
    // its neighbours joins them (the union of the booked time is what counts): bookings come back to
    // back, and kept apart they made every later transfer walk and shift a list of thousands.
    const bool joinsPrev = i > 0 && booked_[i - 1].second == start;
    const bool joinsNext = i < booked_.size() && booked_[i].first == start + len;
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
