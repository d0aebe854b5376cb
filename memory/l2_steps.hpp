// L2Steps: what a cache asks of the shared L2 for one memory instruction, as
// a list of steps that are answered ("resolved") separately from the cache
// lookups that produced them.
//
// Why: the timing model advances groups of CUs on their own for an epoch of
// cycles (sim/timing/gpu_timing.hpp); the only thing they share within an
// epoch is the L2 (and DRAM behind it). A cache's own state (tags, LRU, its
// port) changes at the lookup, in the CU group's order; the L2's answer is
// needed only when the data returns, which is never sooner than
// l2.hitLatency + the cache's hitLatency after the lookup -- so if the epoch
// is no longer than that, every step of an epoch can be resolved at its end,
// in the order the lookups happened across all CUs, with the same answers as
// resolving each at once.
//
// Contract:
//  - Steps are appended by the caches (kcache_timing.hpp, vector_l1_timing.hpp)
//    in lookup order; resolveStep(l2, steps, i) answers step i, and steps
//    must be resolved in index order (a step's answer may depend on an
//    earlier one: AwaitFill).
//  - Miss: the line was allocated in `tags` at the lookup; at resolution the
//    miss waits for an MSHR (tags->missStart(at)), reads the L2, and fills
//    the line (tags->fill). Answer: fill + hitLatency. A miss that waited
//    reads the L2 at its start, later than steps still to be resolved after
//    it may be sent: as Arrival::Ahead (l2_timing.hpp), which does not hold
//    those back. resolveStep(...,
//    SetLine::Later) leaves the line's part of the fill (tags->setReady) to
//    setLines(steps), which must follow before the cache's next lookup: the
//    epoch model resolves every group's steps on one thread, in the global
//    order, and each group sets its caches' lines on its own thread.
//  - AwaitFill: a lookup hit a line whose own Miss step is not yet resolved
//    (a hit under a miss): answer max(at, that fill) + hitLatency. Which step
//    that is, the cache's tags say: a cache looks a line up with missTag =
//    nextTag(), the tag its Miss step will get, and a hit under it reports
//    that tag (cache_timing.hpp) -- no search.
//  - Bypass / Write / Atomic: the L2's read / write / atomic at `at`, plus
//    hitLatency (GLC loads, write-through stores, atomics at L2).
//  - Two lists (the epoch model answers one list while the groups record the
//    next: GpuTiming's lagged answers): a list made with a tag bit gives its
//    Miss steps the tags `tagBit | index`, and a hit under a miss of the
//    other list (`other`, still unanswered when the hit was looked up) is an
//    AwaitFill on that list's step. Such a hit counted as a pending hit at
//    its lookup (the fill was unknown); resolving it takes that back if the
//    fill was there by then, as a lookup that knew the fill would have
//    counted. setLines sets a line only while it still waits for that very
//    step (a later miss may have taken the way since, in either list).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "memory/cache_timing.hpp"
#include "memory/l2_timing.hpp"

namespace gcnsim::memory {

struct L2Step {
  enum class Kind : uint8_t { Miss, AwaitFill, Bypass, Write, Atomic };
  Kind kind = Kind::Miss;
  uint32_t hitLatency = 0;    // the requesting cache's latency, added to the L2's answer
  CacheTags* tags = nullptr;  // Miss: the cache that allocated the line; AwaitFill: the cache hit
  uint64_t addr = 0;          // line address in bytes
  uint64_t at = 0;            // the cycle the cache sends it (a Miss may then wait for an MSHR)
  uint32_t missStep = 0;      // AwaitFill: the tag of the Miss step it waits for (list bit | index)
  uint64_t fill = 0;          // Miss, once resolved: when the line's data is in the cache
};

class L2Steps {
 public:
  // The bit that tells this list's Miss tags from the other list's.
  static constexpr uint32_t kListBit = 1u << 31;
  L2Steps() = default;
  // One of two lists: tags with `tagBit` (0 or kListBit); `other` the other list.
  L2Steps(uint32_t tagBit, const L2Steps* other) : tagBit_(tagBit), other_(other) {}

  std::vector<L2Step> steps;

  // The missTag a cache looks a line up with: the tag of the Miss step it may add next.
  uint32_t nextTag() const { return tagBit_ | size(); }
  uint32_t tagBit() const { return tagBit_; }
  // A miss the cache looked up with missTag = nextTag().
  void miss(CacheTags& tags, uint64_t addr, uint64_t at, uint32_t hitLatency);
  // A hit on a line whose fill is still unknown: `ready` is the lookup's (fillUnknown(ready)).
  void awaitFill(CacheTags& tags, uint64_t ready, uint64_t addr, uint64_t at, uint32_t hitLatency);
  void add(L2Step::Kind kind, uint64_t addr, uint64_t at, uint32_t hitLatency);
  uint32_t size() const { return uint32_t(steps.size()); }
  void clear() { steps.clear(); }
  // The Miss step an AwaitFill step waits for, in this list or the other.
  bool awaitsOther(const L2Step& s) const { return (s.missStep & kListBit) != tagBit_; }
  const L2Step& missOf(const L2Step& s) const {
    return (awaitsOther(s) ? *other_ : *this).steps[s.missStep & ~kListBit];
  }

 private:
  uint32_t tagBit_ = 0;
  const L2Steps* other_ = nullptr;
};

// Answers steps[i] (see the contract above); returns when the data or the
// acknowledgement is back at the requesting cache's client.
enum class SetLine : uint8_t { Now, Later };
uint64_t resolveStep(L2Timing& l2, L2Steps& steps, size_t i, SetLine line = SetLine::Now);
// The line part of the resolved Miss steps' fills (SetLine::Later), in order.
void setLines(const L2Steps& steps);

}  // namespace gcnsim::memory
