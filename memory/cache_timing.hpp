// CacheTags: the tag store of a set-associative LRU cache for the timing
// models (K$, vector L1, L2). Holds no data: only which lines are present
// and when each line's data arrives.
//
// Contract:
//  - lookup(addr, now): Hit if the line is present (its data is there at
//    max(now, fill time) -- a line whose miss is still outstanding is a
//    "hit under miss" and merges with it, as an MSHR does); Miss otherwise:
//    the line is allocated at once (the LRU way is evicted) and the caller
//    must set its fill time with fill(); until then a hit on it reports a
//    `ready` for which fillUnknown(ready) holds, carrying the `missTag` the
//    miss was looked up with (missTagOf; l2_steps.hpp: a fill resolved later,
//    the tag is the index of the step that will resolve it).
//  - missStart(now): the earliest cycle >= now at which a new miss can
//    start, given `mshrs` outstanding misses at most (a miss occupies an MSHR
//    from its start until its fill time). Call it before fill().
//  - missStartAhead(now): missStart for a miss that arrives ahead of misses
//    still to come for earlier cycles (l2_timing.hpp, Arrival::Ahead): the
//    misses that end by `now` stay counted for those.
//  - forgetFillsBy(cycle): no miss to come starts before `cycle` (the caller
//    sends its requests in cycle order): the fills that end by it no longer
//    count for any, and leave the record (missStart(now) does this for `now`;
//    misses ahead do not, so their caller says how far it has come).
//  - fill(addr, readyAt) = occupyMshr(readyAt), the miss's MSHR until its
//    fill time, then setReady(addr, readyAt), the line's data there at
//    readyAt (if it is still in the cache). The two may be apart: missStart
//    reads only the MSHRs, lookup only the lines (the deferred L2,
//    l2_steps.hpp, sets the lines of an epoch's misses on the CU group's
//    own thread).
//  - Deterministic: no randomness, LRU by access order.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "memory/timing_config.hpp"

namespace gcnsim::memory {

// CacheTags::lookup's `ready` for a hit on a line allocated by a miss whose
// fill() has not been called yet: kFillUnknown | the miss's tag (far beyond
// any cycle, so it also counts as a pending hit).
inline constexpr uint64_t kFillUnknown = ~uint64_t(0) << 32;
inline bool fillUnknown(uint64_t ready) { return ready >= kFillUnknown; }
inline uint32_t missTagOf(uint64_t ready) { return uint32_t(ready); }

struct CacheStats {
  uint64_t hits = 0, misses = 0, pendingHits = 0, mshrStalls = 0;
};

// An array of a trivial type on 64-byte boundaries (a host cache line),
// unwritten: a set's 16 entries start a line (its 32-bit tags are one line,
// its readyAt two), not straddle one more (issue 12).
template <class T>
struct LineAlignedDelete {
  void operator()(T* p) const { ::operator delete[](p, std::align_val_t{64}); }
};
template <class T>
using LineAlignedArray = std::unique_ptr<T[], LineAlignedDelete<T>>;
template <class T>
LineAlignedArray<T> lineAlignedArray(size_t n) {
  return LineAlignedArray<T>(static_cast<T*>(::operator new[](n * sizeof(T), std::align_val_t{64})));
}

class CacheTags {
 public:
  // Throws MemoryError naming `component` for a bad geometry.
  CacheTags(const CacheLevelConfig& cfg, const char* component);
  // Copies what is read: every set's valid ways (WarmCaches carries the L2 from dispatch to dispatch).
  CacheTags(const CacheTags& o);
  CacheTags& operator=(const CacheTags& o);
  CacheTags(CacheTags&&) noexcept = default;
  CacheTags& operator=(CacheTags&&) noexcept = default;
  ~CacheTags() = default;

  enum class Result : uint8_t { Hit, Miss };
  Result lookup(uint64_t addr, uint64_t now, uint64_t& ready, uint32_t missTag = 0);
  uint64_t missStart(uint64_t now);
  uint64_t missStartAhead(uint64_t now);
  void forgetFillsBy(uint64_t cycle);
  void fill(uint64_t addr, uint64_t readyAt) {
    occupyMshr(readyAt);
    setReady(addr, readyAt);
  }
  void occupyMshr(uint64_t readyAt);
  void setReady(uint64_t addr, uint64_t readyAt);
  // setReady if the line still waits for the miss looked up with `missTag` (no later miss took its way).
  void setReadyIfAwaiting(uint64_t addr, uint32_t missTag, uint64_t readyAt);
  // Present without changing LRU state or statistics (for tests and probes).
  bool contains(uint64_t addr) const;
  void invalidateAll();
  // Every outstanding fill has arrived and every line is ready at cycle 0: the
  // state a following dispatch, whose cycles restart at 0, finds (WarmCaches).
  void settle();

  uint64_t lineAddress(uint64_t addr) const { return addr >> lineShift_; }
  uint32_t lineBytes() const { return 1u << lineShift_; }
  CacheStats stats;

 private:
  static constexpr size_t kNone = ~size_t(0);
  static constexpr uint32_t kMaxWays = 65536;  // (a way's index in order_ is 16 bits)
  uint64_t setOf(uint64_t line) const { return setMask_ ? line & setMask_ : line % sets_; }
  size_t find(uint64_t line) const;        // the way holding `line`, or kNone
  size_t findFilled(uint64_t line) const;  // find, for a line being filled (tried at lastAllocated_ first)
  // The index of `line` among the n valid ways of the set at `first`, or n.
  uint32_t wayOf(size_t first, uint32_t n, uint64_t line) const;
  static void moveToFront(uint16_t* order, uint32_t k, uint32_t way);
  void allocateWays(size_t n);
  void copyFrom(const CacheTags& o);
  unsigned lineShift_ = 6;
  uint64_t sets_ = 1;     // any count (Tahiti's 768 KB L2 has 768 sets of 16 x 64 B)
  uint64_t setMask_ = 0;  // sets_ - 1 if sets_ is a power of two above 1, else 0 (then line % sets_)
  uint32_t ways_ = 1, mshrs_ = 1;
  // Per way, set-major (sets x ways), one array per field so that a search
  // reads the set's tags only (16 ways: one host cache line, where a
  // {tag, readyAt, LRU count} record per way took six). Allocated unwritten: a
  // set's ways past valid_[s] are never read, so a megabytes-large L2 costs
  // nothing until it is used, and settle() and a copy touch the valid ways
  // only.
  // The line address, in one of two forms. Narrow: its low 32 bits, every
  // line held sharing the high ones (high_): a set's 16 tags are one host
  // cache line, where 64-bit tags took two -- a streaming kernel's L2 lookup
  // finds its set cold in the host's caches (issue 12). Addresses put every
  // line of a run in one 2^32-line (256 GiB) window, so a cache that sees a
  // line of another turns wide for good: wideTag_, full line addresses
  // (widen()), and high_ a value no line's high half is. One comparison
  // with high_ tells a lookup that the narrow tags answer it.
  LineAlignedArray<uint32_t> tag_;
  LineAlignedArray<uint64_t> wideTag_;  // (null while narrow)
  // (A line's high half is below 2^32: neither of these.)
  static constexpr uint64_t kNoHigh = ~uint64_t(0);    // narrow, no line held yet
  static constexpr uint64_t kWide = ~uint64_t(0) - 1;  // wide
  uint64_t high_ = kNoHigh;
  bool narrowHolds(uint64_t line) const { return (line >> 32) == high_; }
  bool holds(size_t w, uint64_t line) const {
    return narrowHolds(line) ? tag_[w] == uint32_t(line) : high_ == kWide && wideTag_[w] == line;
  }
  void setTag(size_t w, uint64_t line) {
    if (narrowHolds(line)) [[likely]]
      tag_[w] = uint32_t(line);
    else
      setTagSlow(w, line);
  }
  void setTagSlow(size_t w, uint64_t line);
  void widen();
  LineAlignedArray<uint64_t> readyAt_;  // when the line's data is there (kFillUnknown | tag: not yet known)
  // LRU order, per set: its first valid_[s] entries are its valid ways, most
  // recently used first (a lookup moves its way to the front; the last one is
  // the victim). Two bytes a way: a set's order is one host cache line where
  // a 64-bit use count per way took two, and the L2's 128 KB of it stays in
  // the host's caches, so that a streaming kernel's L2 lookup misses them on
  // its tags and readyAt only (issue 12).
  LineAlignedArray<uint16_t> order_;
  // Per set, how many ways hold a line: always its first ways, as a miss
  // fills the first invalid way and only invalidateAll empties ways. find
  // looks at those only; a miss takes the next one while there is one.
  std::vector<uint32_t> valid_;
  // An ascending run of fill times, read from its head (those before it have
  // ended), with at most one gap [gapBegin, gapEnd) of fills taken from its
  // middle. A miss ahead takes the first fill after its cycle, and the next
  // one mostly a fill near it (saxpy at 6,400 work-groups: 76 positions away
  // on average, 449 from the head): the gap moves there over the fills
  // between, where removing the fill moved every fill before it.
  struct AscendingRun {
    std::vector<uint64_t> times;
    size_t head = 0;
    size_t gapBegin = 0, gapEnd = 0;  // if the gap is not empty: head < gapBegin < gapEnd < times.size()
    bool empty() const { return size() == 0; }
    size_t size() const { return times.size() - head - (gapEnd - gapBegin); }
    // The fills at position p or after it (p is the head, a firstAfter or the end).
    size_t countFrom(size_t p) const { return times.size() - p - (p < gapBegin ? gapEnd - gapBegin : 0); }
    size_t firstAfter(uint64_t t) const;  // the position of the first fill after t (the end if none)
    void dropUpTo(uint64_t now);
    uint64_t take(size_t p);  // removes the fill at position p
    void compact();           // drops the ended ones once they are half of the run
    void insertSorted(uint64_t t);
  };
  // The fill times of the misses in flight (missStart), as two ascending
  // runs from their heads: a fill no earlier than the last in `ordered` (most
  // of them: a later miss mostly fills later) is appended to it; an earlier
  // one -- a write's, filled at once, or an L2 hit behind L2 misses -- goes
  // into `early`, kept sorted, which stays short as such fills end soon.
  // (One sorted run moved every later fill for each early one: thousands of
  // host instructions a write when a streaming kernel keeps hundreds of
  // DRAM misses in flight.)
  struct InFlight {
    AscendingRun ordered, early;
    void add(uint64_t readyAt);
    uint64_t takeFirst(size_t o, size_t e);
  };
  InFlight inFlight_;
  size_t lastAllocated_ = kNone;  // the way of the last miss (checked by tag before use)
};

}  // namespace gcnsim::memory
