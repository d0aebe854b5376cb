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
  if (cfg.ways > kMaxWays) throw MemoryError(c + ": ways must be at most " + std::to_string(kMaxWays));
  const uint64_t sets = cfg.sizeBytes / (uint64_t(cfg.lineBytes) * cfg.ways);
  if (sets == 0 || sets * cfg.lineBytes * cfg.ways != cfg.sizeBytes)
    throw MemoryError(c + ": size_bytes must be a positive multiple of line_bytes x ways");
  lineShift_ = unsigned(std::countr_zero(cfg.lineBytes));
  sets_ = sets;
  setMask_ = sets > 1 && std::has_single_bit(sets) ? sets - 1 : 0;
  ways_ = cfg.ways;
  mshrs_ = cfg.mshrs;
  allocateWays(size_t(sets) * cfg.ways);
  valid_.assign(sets, 0u);
}

CacheTags::CacheTags(const CacheTags& o) : stats(o.stats) { copyFrom(o); }

CacheTags& CacheTags::operator=(const CacheTags& o) {
  if (this != &o) {
    stats = o.stats;
    copyFrom(o);
  }
  return *this;
}

// The per-way arrays, unwritten (see tag_).
void CacheTags::allocateWays(size_t n) {
  tag_ = lineAlignedArray<uint32_t>(n);
  wideTag_.reset();
  high_ = kNoHigh;
  readyAt_ = lineAlignedArray<uint64_t>(n);
  order_ = lineAlignedArray<uint16_t>(n);
}

// Every valid way's tag as a full line address, from now on.
void CacheTags::widen() {
  wideTag_ = lineAlignedArray<uint64_t>(size_t(sets_) * ways_);
  for (size_t s = 0; s < valid_.size(); ++s)
    for (size_t w = s * ways_, end = w + valid_[s]; w < end; ++w) wideTag_[w] = high_ << 32 | tag_[w];
  high_ = kWide;
}

// setTag of a line outside the narrow window: the first line held sets the window; any other widens.
void CacheTags::setTagSlow(size_t w, uint64_t line) {
  if (high_ == kNoHigh) {
    high_ = line >> 32;
    tag_[w] = uint32_t(line);
    return;
  }
  if (high_ != kWide) widen();
  wideTag_[w] = line;
}

void CacheTags::copyFrom(const CacheTags& o) {
  const size_t n = size_t(o.sets_) * o.ways_;
  if (!tag_ || size_t(sets_) * ways_ != n) allocateWays(n);
  high_ = o.high_;
  if (high_ == kWide && !wideTag_) wideTag_ = lineAlignedArray<uint64_t>(n);
  lineShift_ = o.lineShift_;
  sets_ = o.sets_;
  setMask_ = o.setMask_;
  ways_ = o.ways_;
  mshrs_ = o.mshrs_;
  valid_ = o.valid_;
  for (size_t s = 0; s < valid_.size(); ++s) {
    const size_t first = s * ways_, k = valid_[s];
    if (high_ == kWide)
      std::copy_n(&o.wideTag_[first], k, &wideTag_[first]);
    else
      std::copy_n(&o.tag_[first], k, &tag_[first]);
    std::copy_n(&o.readyAt_[first], k, &readyAt_[first]);
    std::copy_n(&o.order_[first], k, &order_[first]);
  }
  inFlight_ = o.inFlight_;
  lastAllocated_ = o.lastAllocated_;
}

uint32_t CacheTags::wayOf(size_t first, uint32_t n, uint64_t line) const {
  uint32_t i = 0;
  if (narrowHolds(line)) [[likely]] {
    const uint32_t* tags = &tag_[first];
    while (i < n && tags[i] != uint32_t(line)) ++i;
    return i;
  }
  if (high_ != kWide) return n;  // (narrow: every line held has high_ as its high half)
  const uint64_t* tags = &wideTag_[first];
  while (i < n && tags[i] != line) ++i;
  return i;
}

size_t CacheTags::find(uint64_t line) const {
  const uint64_t s = setOf(line);
  const size_t first = size_t(s) * ways_;
  const uint32_t n = valid_[s];
  const uint32_t i = wayOf(first, n, line);
  return i < n ? first + i : kNone;
}

// The entry at position k of a set's order (k may be one past its valid ways: a new one) becomes `way`,
// its most recently used, and the entries before it move back one.
void CacheTags::moveToFront(uint16_t* order, uint32_t k, uint32_t way) {
  std::copy_backward(order, order + k, order + k + 1);
  order[0] = uint16_t(way);
}

bool CacheTags::contains(uint64_t addr) const { return find(lineAddress(addr)) != kNone; }

CacheTags::Result CacheTags::lookup(uint64_t addr, uint64_t now, uint64_t& ready, uint32_t missTag) {
  const uint64_t line = lineAddress(addr);
  const uint64_t s = setOf(line);
  const size_t first = size_t(s) * ways_;
  const uint32_t n = valid_[s];
  uint16_t* order = &order_[first];
  if (const uint32_t i = wayOf(first, n, line); i < n) {
    uint32_t k = 0;
    while (order[k] != i) ++k;
    moveToFront(order, k, i);
    const size_t w = first + i;
    ready = std::max(now, readyAt_[w]);
    ++stats.hits;
    if (readyAt_[w] > now) ++stats.pendingHits;
    return Result::Hit;
  }
  ++stats.misses;
  // The first invalid way (a new entry past the order's valid ones), else the least recently used (the
  // order's last).
  uint32_t way;
  if (n < ways_) {
    way = n;
    setTag(first + way, line);  // (before the set's valid count covers it: widen() reads the valid ways)
    valid_[s] = n + 1;
    moveToFront(order, n, way);
  } else {
    way = order[n - 1];
    setTag(first + way, line);
    moveToFront(order, n - 1, way);
  }
  const size_t victim = first + way;
  readyAt_[victim] = kFillUnknown | missTag;  // until fill()
  lastAllocated_ = victim;
  ready = now;
  return Result::Miss;
}

inline void CacheTags::AscendingRun::dropUpTo(uint64_t now) {
  if (gapBegin != gapEnd) {
    while (head < gapBegin && times[head] <= now) ++head;
    if (head < gapBegin) return;
    head = gapBegin = gapEnd;  // past the gap: none left
  }
  while (head < times.size() && times[head] <= now) ++head;
}

// The fill times of the misses in flight, as two ascending runs (InFlight):
// the misses that ended by `now` leave from their fronts; with every MSHR
// busy, the new miss takes the one that frees first.
void CacheTags::forgetFillsBy(uint64_t cycle) {
  inFlight_.ordered.dropUpTo(cycle);
  if (!inFlight_.early.empty()) inFlight_.early.dropUpTo(cycle);
}

uint64_t CacheTags::missStart(uint64_t now) {
  InFlight& f = inFlight_;
  forgetFillsBy(now);
  if (f.ordered.size() + f.early.size() < mshrs_) return now;
  ++stats.mshrStalls;
  return f.takeFirst(f.ordered.head, f.early.head);
}

// missStart without dropping the fills up to `now` from the runs: the fills
// after it, counted by a search in each run; with every MSHR busy, the new
// miss takes (and removes) the one that frees first after `now`.
uint64_t CacheTags::missStartAhead(uint64_t now) {
  InFlight& f = inFlight_;
  const size_t o = f.ordered.firstAfter(now), e = f.early.firstAfter(now);
  if (f.ordered.countFrom(o) + f.early.countFrom(e) < mshrs_) return now;
  ++stats.mshrStalls;
  return f.takeFirst(o, e);
}

size_t CacheTags::AscendingRun::firstAfter(uint64_t t) const {
  const auto b = times.begin();
  if (gapBegin != gapEnd && times[gapBegin - 1] > t)
    return size_t(std::upper_bound(b + std::ptrdiff_t(head), b + std::ptrdiff_t(gapBegin), t) - b);
  const size_t from = gapBegin != gapEnd ? gapEnd : head;
  return size_t(std::upper_bound(b + std::ptrdiff_t(from), times.end(), t) - b);
}

// The fill at position p (not in the gap), removed with the fewest moves:
// the head moves past it; or the fills before it move up one (fewer than
// those between it and the gap after it); or the gap moves to it over the
// fills between (they move across the gap); or, with no gap, the gap is it.
// A gap that reaches the head or the end is dropped.
uint64_t CacheTags::AscendingRun::take(size_t p) {
  const uint64_t t = times[p];
  const auto b = times.begin();
  if (p == head) {
    ++head;
  } else if (gapBegin != gapEnd && p < gapBegin && p - head < gapBegin - p - 1) {
    std::copy_backward(b + std::ptrdiff_t(head), b + std::ptrdiff_t(p), b + std::ptrdiff_t(p + 1));
    ++head;
  } else if (gapBegin == gapEnd) {
    gapBegin = p, gapEnd = p + 1;
  } else if (p >= gapEnd) {
    std::copy(b + std::ptrdiff_t(gapEnd), b + std::ptrdiff_t(p), b + std::ptrdiff_t(gapBegin));
    gapBegin += p - gapEnd;
    gapEnd = p + 1;
  } else {
    std::copy_backward(b + std::ptrdiff_t(p + 1), b + std::ptrdiff_t(gapBegin), b + std::ptrdiff_t(gapEnd));
    gapEnd -= gapBegin - p - 1;
    gapBegin = p;
  }
  if (gapBegin != gapEnd) {
    if (head == gapBegin) {
      head = gapBegin = gapEnd;
    } else if (gapEnd == times.size()) {
      times.resize(gapBegin);
      gapEnd = gapBegin;
    }
  }
  return t;
}

// The earlier of the fills at position o of `ordered` and e of `early` (a
// run's end: none there), removed.
uint64_t CacheTags::InFlight::takeFirst(size_t o, size_t e) {
  const bool fromEarly =
      e < early.times.size() && (o == ordered.times.size() || early.times[e] < ordered.times[o]);
  return fromEarly ? early.take(e) : ordered.take(o);
}

inline void CacheTags::AscendingRun::compact() {
  if (head > 0 && 2 * head >= times.size()) {
    times.erase(times.begin(), times.begin() + std::ptrdiff_t(head));
    const bool gap = gapBegin != gapEnd;
    gapBegin = gap ? gapBegin - head : 0;
    gapEnd = gap ? gapEnd - head : 0;
    head = 0;
  }
}

// From the back of its part of the run: the later times before the gap move
// up into it, or those after it up by one.
inline void CacheTags::AscendingRun::insertSorted(uint64_t t) {
  const bool gap = gapBegin != gapEnd;
  if (gap && t < times[gapEnd]) {
    size_t j = gapBegin++;
    for (; j > head && times[j - 1] > t; --j) times[j] = times[j - 1];
    times[j] = t;
    return;
  }
  const size_t first = gap ? gapEnd : head;
  size_t j = times.size();
  times.push_back(t);
  for (; j > first && times[j - 1] > t; --j) times[j] = times[j - 1];
  times[j] = t;
}

[[gnu::always_inline]] inline void CacheTags::InFlight::add(uint64_t readyAt) {
  ordered.compact();
  early.compact();
  // (a run's last time is its last fill: a gap never reaches the end)
  if (ordered.empty() || readyAt >= ordered.times.back())
    ordered.times.push_back(readyAt);
  else
    early.insertSorted(readyAt);
}

void CacheTags::occupyMshr(uint64_t readyAt) { inFlight_.add(readyAt); }

// Right after the lookup that allocated the line (the L2's own misses) no search is needed.
size_t CacheTags::findFilled(uint64_t line) const {
  return lastAllocated_ != kNone && holds(lastAllocated_, line) ? lastAllocated_ : find(line);
}

void CacheTags::setReady(uint64_t addr, uint64_t readyAt) {
  if (const size_t w = findFilled(lineAddress(addr)); w != kNone) readyAt_[w] = readyAt;
}

void CacheTags::setReadyIfAwaiting(uint64_t addr, uint32_t missTag, uint64_t readyAt) {
  const size_t w = findFilled(lineAddress(addr));
  if (w != kNone && readyAt_[w] == (kFillUnknown | missTag)) readyAt_[w] = readyAt;
}

void CacheTags::invalidateAll() {
  std::fill(valid_.begin(), valid_.end(), 0u);  // (the ways past valid_ are never read)
  lastAllocated_ = kNone;
  if (high_ != kWide) high_ = kNoHigh;  // no line held: the next one sets the window
}

void CacheTags::settle() {
  for (size_t s = 0; s < valid_.size(); ++s) std::fill_n(&readyAt_[s * ways_], valid_[s], uint64_t{0});
  inFlight_ = InFlight{};
}

}  // namespace gcnsim::memory
