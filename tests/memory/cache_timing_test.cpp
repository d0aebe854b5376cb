// Memory timing models (memory/*_timing.hpp), built from default structs.
// Latency probes at latency-1 (not yet) and latency (ready), as ramulator's tests do.
#include "memory/cache_timing.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "memory/kcache_timing.hpp"
#include "memory/l2_steps.hpp"
#include "memory/l2_timing.hpp"
#include "memory/lds_timing.hpp"
#include "memory/memory_error.hpp"
#include "memory/vector_l1_timing.hpp"

using namespace gcnsim::memory;

namespace {
// A plain LRU model of a set-associative cache, the reference for CacheTags:
// per set (line % sets), its lines from least to most recently used.
struct PlainLru {
  PlainLru(uint32_t sets, uint32_t ways) : ways(ways), set(sets) {}
  // Whether `line` hits; it becomes its set's most recently used, a miss in a full set evicting the least.
  bool access(uint64_t line) {
    std::vector<uint64_t>& s = set[line % set.size()];
    const auto it = std::find(s.begin(), s.end(), line);
    const bool hit = it != s.end();
    if (hit)
      s.erase(it);
    else if (s.size() == ways)
      s.erase(s.begin());
    s.push_back(line);
    return hit;
  }
  uint32_t ways;
  std::vector<std::vector<uint64_t>> set;
};
}  // namespace

TEST_CASE("CacheTags: hit after miss, LRU eviction, invalidate", "[memory][timing]") {
  CacheLevelConfig c{4 * 64 * 2, 64, 2, 10, 4};  // 4 sets x 2 ways
  CacheTags t(c, "test");
  uint64_t ready = 0;
  REQUIRE(t.lookup(0x1000, 5, ready) == CacheTags::Result::Miss);
  t.fill(0x1000, 50);
  CHECK(t.lookup(0x1010, 6, ready) == CacheTags::Result::Hit);  // same line, fill pending
  CHECK(ready == 50);
  CHECK(t.stats.pendingHits == 1);
  // Two more lines in the same set (stride 4 lines): the LRU one goes.
  REQUIRE(t.lookup(0x1100, 60, ready) == CacheTags::Result::Miss);
  t.fill(0x1100, 60);
  REQUIRE(t.lookup(0x1000, 61, ready) == CacheTags::Result::Hit);   // 0x1000 now most recent
  REQUIRE(t.lookup(0x1200, 62, ready) == CacheTags::Result::Miss);  // evicts 0x1100
  t.fill(0x1200, 62);
  CHECK(t.contains(0x1000));
  CHECK_FALSE(t.contains(0x1100));
  t.invalidateAll();
  CHECK_FALSE(t.contains(0x1000));
}

// The contract's LRU rule across invalidation, by hand: 1 set x 4 ways. After
// invalidateAll the set fills again from empty (no line survives, no stale
// LRU order), and once full the least recently used line goes.
TEST_CASE("CacheTags: a set refills after invalidation, then evicts by LRU", "[memory][timing]") {
  CacheLevelConfig c{4 * 64, 64, 4, 10, 8};  // 1 set x 4 ways
  CacheTags t(c, "test");
  uint64_t ready = 0;
  for (uint64_t a = 0; a < 4; ++a) REQUIRE(t.lookup(a * 64, a, ready) == CacheTags::Result::Miss);
  t.invalidateAll();
  for (uint64_t a = 0; a < 4; ++a) CHECK_FALSE(t.contains(a * 64));
  // Four new lines: each a miss (nothing evicted yet: all four stay).
  for (uint64_t a = 10; a < 14; ++a) CHECK(t.lookup(a * 64, a, ready) == CacheTags::Result::Miss);
  for (uint64_t a = 10; a < 14; ++a) CHECK(t.contains(a * 64));
  // Touch 10, 12, 13: line 11 is the least recently used and goes first, then 10.
  for (uint64_t a : {10, 12, 13}) CHECK(t.lookup(a * 64, 20, ready) == CacheTags::Result::Hit);
  CHECK(t.lookup(20 * 64, 30, ready) == CacheTags::Result::Miss);
  CHECK_FALSE(t.contains(11 * 64));
  CHECK(t.lookup(21 * 64, 31, ready) == CacheTags::Result::Miss);
  CHECK_FALSE(t.contains(10 * 64));
  for (uint64_t a : {12, 13, 20, 21}) CHECK(t.contains(a * 64));
  CHECK(t.stats.misses == 10);
  CHECK(t.stats.hits == 3);
}

// The set of a line is line % sets for any set count: against a plain LRU
// model (a list per set), Tahiti's L2 geometry (768 sets of 16 ways), a
// power-of-two one, a tiny one and a fully associative one of 300 ways (way
// indices past a byte), with lines spread over 2^40 bytes, each line's hit
// or miss and the lines present agree.
TEST_CASE("CacheTags: sets of any count, against a plain LRU model", "[memory][timing]") {
  for (const auto& [sets, ways] : {std::pair{768u, 16u}, {1024u, 16u}, {3u, 16u}, {1u, 300u}}) {
    INFO(sets << " sets x " << ways << " ways");
    CacheLevelConfig c{sets * ways * 64, 64, ways, 10, 8};
    CacheTags t(c, "test");
    PlainLru model(sets, ways);
    uint64_t x = 88172645463325252ull, ready = 0;
    uint32_t hits = 0;
    for (int i = 0; i < 200000; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64
      // Mostly a small working set (hits and evictions); in the second half sometimes far away (beyond
      // 2^32 lines: the tags turn from 32-bit to full line addresses, with every set full).
      const uint64_t line = (i % 7 == 0 && i >= 100000) ? (x >> 24) : (x % (uint64_t(sets) * ways * 2));
      const bool hit = model.access(line);
      hits += hit;
      REQUIRE(t.lookup(line * 64, uint64_t(i), ready) ==
              (hit ? CacheTags::Result::Hit : CacheTags::Result::Miss));
    }
    CHECK(hits > 10000);
    for (const auto& set : model.set)
      for (uint64_t line : set) CHECK(t.contains(line * 64));
  }
}

// The tags are 32-bit while every line held is in one 2^32-line window, and
// full line addresses once another window is seen (cache_timing.hpp): the
// answers are a plain LRU's either way -- lines of a high window from the
// start, then lines differing only above bit 32 (same low half, same set),
// then a copy and an invalidation of each form.
TEST_CASE("CacheTags: lines in one 2^32-line window and across windows, copies, invalidation",
          "[memory][timing]") {
  CacheLevelConfig c{16 * 4 * 64, 64, 4, 10, 8};  // 16 sets x 4 ways
  CacheTags t(c, "test");
  PlainLru model(16, 4);
  uint64_t ready = 0, now = 0;
  uint32_t hits = 0;
  const auto access = [&](CacheTags& tags, uint64_t line) {
    const bool hit = model.access(line);
    hits += hit;
    INFO("line " << line);
    REQUIRE(tags.lookup(line * 64, ++now, ready) == (hit ? CacheTags::Result::Hit : CacheTags::Result::Miss));
  };
  const uint64_t high = uint64_t(5) << 32;
  for (uint64_t i = 0; i < 2000; ++i) access(t, high + (i * 7919) % 72);  // one high window: 32-bit tags
  CHECK(hits > 500);
  CacheTags narrowCopy = t;
  const auto heldAtCopy = model.set;
  // The same low halves in window 0 and window 6: equal 32-bit tags, other lines.
  hits = 0;
  for (uint64_t i = 0; i < 3000; ++i)
    access(t, (i % 3 == 0 ? 0 : i % 3 == 1 ? high : uint64_t(6) << 32) + (i / 3) % 20);
  CHECK(hits > 1000);
  for (const auto& set : model.set)
    for (uint64_t line : set) CHECK(t.contains(line * 64));
  CHECK_FALSE(t.contains((uint64_t(7) << 32) * 64));
  // A copy of the wide form answers alike.
  CacheTags wideCopy = t;
  for (const auto& set : model.set)
    for (uint64_t line : set) CHECK(wideCopy.contains(line * 64));
  // The narrow copy holds what the cache held then, window 5's lines, and none of another window with the
  // same low halves.
  for (const auto& set : heldAtCopy)
    for (uint64_t line : set) {
      CHECK(narrowCopy.contains(line * 64));
      CHECK_FALSE(narrowCopy.contains((line - high) * 64));
    }
  // After an invalidation nothing is held, in either form; a narrow cache takes a new window.
  for (CacheTags* x : {&t, &narrowCopy}) {
    x->invalidateAll();
    CHECK_FALSE(x->contains(high * 64));
    CHECK(x->lookup(3 * 64, ++now, ready) == CacheTags::Result::Miss);
    CHECK(x->lookup(3 * 64, ++now, ready) == CacheTags::Result::Hit);
    CHECK_FALSE(x->contains((high + 3) * 64));
  }
}

// A copy (WarmCaches carries the L2 from one dispatch to the next) copies
// only each set's valid ways: afterwards the copy and the original answer the
// same requests alike, also when assigned over a cache of another geometry;
// a settled copy has every line ready at cycle 0.
TEST_CASE("CacheTags: a copy answers like the original, settle makes lines ready at 0", "[memory][timing]") {
  CacheLevelConfig c{64 * 8 * 64, 64, 8, 10, 4};  // 64 sets x 8 ways
  CacheTags a(c, "test");
  uint64_t x = 2463534242ull, ra = 0, rb = 0;
  auto next = [&x] { return x ^= x << 13, x ^= x >> 17, x ^= x << 5; };
  for (int i = 0; i < 3000; ++i) {
    const uint64_t addr = (next() % 1024) * 64;
    if (a.lookup(addr, uint64_t(i), ra) == CacheTags::Result::Miss) a.fill(addr, uint64_t(i) + 40);
  }
  CacheTags b(CacheLevelConfig{2 * 64 * 2, 64, 2, 10, 1}, "other");
  b = a;
  const CacheTags copied = a;
  for (int i = 3000; i < 6000; ++i) {
    const uint64_t addr = (next() % 1024) * 64;
    const CacheTags::Result hitA = a.lookup(addr, uint64_t(i), ra);
    REQUIRE(b.lookup(addr, uint64_t(i), rb) == hitA);
    REQUIRE(ra == rb);
    if (hitA == CacheTags::Result::Miss) a.fill(addr, uint64_t(i) + 40), b.fill(addr, uint64_t(i) + 40);
  }
  CHECK(a.stats.hits == b.stats.hits);
  CHECK(a.stats.hits > 1000);
  CacheTags settled = copied;
  settled.settle();
  uint64_t present = 0;
  for (uint64_t line = 0; line < 1024; ++line)
    if (copied.contains(line * 64)) {
      ++present;
      REQUIRE(settled.lookup(line * 64, 0, ra) == CacheTags::Result::Hit);
      CHECK(ra == 0);
    }
  CHECK(present == 64 * 8);
}

TEST_CASE("CacheTags: MSHRs limit outstanding misses", "[memory][timing]") {
  CacheLevelConfig c{16384, 64, 4, 10, 2};
  CacheTags t(c, "test");
  CHECK(t.missStart(0) == 0);
  t.fill(0, 100);
  CHECK(t.missStart(0) == 0);
  t.fill(64, 120);
  CHECK(t.missStart(10) == 100);  // both MSHRs busy: wait for the first fill
  CHECK(t.stats.mshrStalls == 1);
}

// The contract's MSHR rule against a plain model (a multiset of the fill
// times in flight): with fills in order, fills earlier than the last (a
// write's, at once; an L2 hit behind misses), and request times that go back
// and forth, missStart gives the same cycle and the same stall count.
TEST_CASE("CacheTags: MSHRs against a plain model of the fills in flight", "[memory][timing]") {
  for (const uint32_t mshrs : {1u, 4u, 64u}) {
    INFO(mshrs << " MSHRs");
    CacheTags t(CacheLevelConfig{16384, 64, 4, 10, mshrs}, "test");
    std::multiset<uint64_t> inFlight;
    uint64_t x = 88172645463325252ull, now = 1000, stalls = 0;
    for (int i = 0; i < 20000; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      now += x % 7;
      const uint64_t at = now - (x >> 8) % 40;  // requests are not in time order
      inFlight.erase(inFlight.begin(), inFlight.upper_bound(at));
      uint64_t want = at;
      if (inFlight.size() >= mshrs) {
        want = *inFlight.begin();
        inFlight.erase(inFlight.begin());
        ++stalls;
      }
      REQUIRE(t.missStart(at) == want);
      // Mostly a DRAM fill after the ones in flight; sometimes one at once (a write) or an early hit.
      const uint64_t kind = (x >> 20) % 8;
      const uint64_t fill = kind == 0   ? want
                            : kind == 1 ? want + 30 + (x >> 30) % 50
                                        : want + 300 + (x >> 40) % 200;
      inFlight.insert(fill);
      t.fill(uint64_t(i) * 64, fill);
    }
    CHECK(t.stats.mshrStalls == stalls);
    CHECK(stalls > 100);
  }
}

TEST_CASE("CacheTags: geometry errors name the component", "[memory][timing]") {
  CHECK_THROWS_WITH(CacheTags(CacheLevelConfig{1000, 64, 4, 1, 1}, "kcache"), Catch::Contains("kcache"));
  CHECK_THROWS_WITH(CacheTags(CacheLevelConfig{16384, 48, 4, 1, 1}, "l1"), Catch::Contains("line_bytes"));
  // The memory layer's one exception type.
  CHECK_THROWS_AS(CacheTags(CacheLevelConfig{16384, 64, 0, 1, 1}, "l2"), MemoryError);
  // A way's index in the LRU order is 16 bits: at most 65536 ways.
  CHECK_THROWS_WITH(CacheTags(CacheLevelConfig{64u * 65537u, 64, 65537, 1, 1}, "l2"),
                    Catch::Contains("l2: ways must be at most 65536"));
  CHECK_NOTHROW(CacheTags(CacheLevelConfig{64u * 65536u, 64, 65536, 1, 1}, "l2"));
}

TEST_CASE("K$: hit and miss latency, probed at latency-1 and latency", "[memory][timing]") {
  MemoryConfig mc;
  KcacheConfig kc;
  L2Timing l2(mc);
  KcacheTiming k(kc, l2);
  const uint64_t t0 = 100;
  const uint64_t miss = kc.hitLatency + mc.l2.hitLatency + mc.dramLatency;
  const uint64_t done = k.load(0x4000, 4, t0);
  CHECK(done > t0 + miss - 1);
  CHECK(done == t0 + miss);
  const uint64_t t1 = done + 10;
  const uint64_t hit = k.load(0x4008, 8, t1);
  CHECK(hit > t1 + kc.hitLatency - 1);
  CHECK(hit == t1 + kc.hitLatency);
  k.invalidate();  // S_DCACHE_INV: the line is still in L2
  const uint64_t t2 = hit + 10;
  CHECK(k.load(0x4000, 4, t2) == t2 + kc.hitLatency + mc.l2.hitLatency);
}

// The K$ port (memory/kcache_timing.hpp): bytes_per_cycle a cycle, accesses
// queue behind each other. 64 B/clk: a 16-byte load holds it 1 cycle, a
// 64-byte (x16) load 1 cycle, a 128-byte range 2 cycles.
TEST_CASE("K$: one port of bytes_per_cycle, loads queue under load", "[memory][timing]") {
  MemoryConfig mc;
  KcacheConfig kc;
  L2Timing l2(mc);
  KcacheTiming k(kc, l2);
  k.load(0x8000, 256, 0);  // warm four lines (4 port cycles)
  const uint64_t t = 1000;
  // Eight x16 loads (64 bytes each) in the same cycle: the i-th starts at t + i.
  for (uint64_t i = 0; i < 8; ++i) {
    const uint64_t done = k.load(0x8000 + 64 * (i % 4), 64, t);
    CHECK(done == t + i + kc.hitLatency);
  }
  CHECK(k.portWaitCycles == 0 + 1 + 2 + 3 + 4 + 5 + 6 + 7);
  // A 128-byte access holds the port 2 cycles: the next one starts 2 later.
  const uint64_t t2 = 2000;
  CHECK(k.load(0x8000, 128, t2) == t2 + kc.hitLatency);
  CHECK(k.load(0x8000, 4, t2) == t2 + 2 + kc.hitLatency);
  // Half the bandwidth: twice the spacing.
  KcacheConfig slow = kc;
  slow.bytesPerCycle = 32;
  L2Timing l2b(mc);
  KcacheTiming k2(slow, l2b);
  k2.load(0x8000, 64, 0);
  const uint64_t t3 = 1000;
  CHECK(k2.load(0x8000, 64, t3) == t3 + slow.hitLatency);
  CHECK(k2.load(0x8000, 64, t3) == t3 + 2 + slow.hitLatency);
}

TEST_CASE("K$: a hit under an outstanding miss returns with the miss", "[memory][timing]") {
  MemoryConfig mc;
  KcacheConfig kc;
  L2Timing l2(mc);
  KcacheTiming k(kc, l2);
  const uint64_t first = k.load(0x8000, 4, 0);
  CHECK(k.load(0x8004, 4, 4) == first);
  // A different, already cached line returns before the miss (out of order).
  KcacheTiming k2(kc, l2);
  k2.load(0x9000, 4, 0);
  const uint64_t t = 1000;
  const uint64_t miss = k2.load(0xa000, 4, t);
  const uint64_t hit = k2.load(0x9000, 4, t + 4);
  CHECK(hit < miss);
}

// The deferred form (memory/l2_steps.hpp): lookups append steps, resolved
// later in order. Default latencies: L1 hit h, L2 hit 80, DRAM 200; a line
// missed at cycle t in an empty L2 fills at t + 200 + 80 = t + 280.
TEST_CASE("L2 steps: a hit under an unresolved miss waits for that miss, the latest after an eviction",
          "[memory][timing]") {
  MemoryConfig mc;
  VectorL1Config vc;
  vc.cache = {64, 64, 1, 116, 4};  // one line: every other line evicts it
  const uint64_t h = vc.cache.hitLatency;
  L2Timing l2(mc);
  VectorL1Timing l1(vc, l2);
  L2Steps steps;
  const std::vector<uint64_t> a{0x1000}, b{0x2000};
  l1.access(a, VmemKind::Load, 0, steps);     // step 0: miss, fills at 280
  l1.access(a, VmemKind::Load, 10, steps);    // step 1: hit under step 0
  l1.access(b, VmemKind::Load, 20, steps);    // step 2: miss, evicts a
  l1.access(a, VmemKind::Load, 1000, steps);  // step 3: miss again; the L2 has it: fills at 1080
  l1.access(a, VmemKind::Load, 1001, steps);  // step 4: hit under step 3, not step 0
  REQUIRE(steps.size() == 5);
  CHECK(steps.steps[1].kind == L2Step::Kind::AwaitFill);
  CHECK(steps.steps[4].kind == L2Step::Kind::AwaitFill);
  std::vector<uint64_t> done;
  for (size_t i = 0; i < steps.size(); ++i) done.push_back(resolveStep(l2, steps, i));
  CHECK(done[0] == 280 + h);
  CHECK(done[1] == 280 + h);
  CHECK(done[3] == 1080 + h);
  CHECK(done[4] == 1080 + h);
  CHECK(l1.tags.stats.misses == 3);
  CHECK(l1.tags.stats.pendingHits == 2);
}

// Two lists (the epoch model's lagged answers, sim/timing/gpu_timing.hpp):
// one answered while the next is recorded. A hit under the other list's miss
// must give what a lookup that knew that miss's fill gives: the same return,
// and a pending hit only if the data was not there yet (l2_steps.hpp).
TEST_CASE("L2 steps: a hit under the other list's miss returns and counts as if its fill were known",
          "[memory][timing]") {
  MemoryConfig mc;
  VectorL1Config vc;
  vc.cache = {64, 64, 1, 116, 4};  // one line
  const uint64_t h = vc.cache.hitLatency;
  const uint64_t fill = mc.dramLatency + mc.l2.hitLatency;  // a line missed at 0 in an empty L2
  const std::vector<uint64_t> a{0x1000};
  for (const uint64_t hitAt : {uint64_t{100}, uint64_t{300}}) {
    CAPTURE(hitAt);
    // Known fill: every step answered at once.
    L2Timing l2Known(mc);
    VectorL1Timing known(vc, l2Known);
    CHECK(known.access(a, VmemKind::Load, 0) == fill + h);
    const uint64_t knownDone = known.access(a, VmemKind::Load, hitAt);
    // Two lists: the miss in one, the hit recorded in the other before the first is answered.
    L2Timing l2(mc);
    VectorL1Timing l1(vc, l2);
    L2Steps first, second;
    first = L2Steps(0, &second);
    second = L2Steps(L2Steps::kListBit, &first);
    l1.access(a, VmemKind::Load, 0, first);
    l1.access(a, VmemKind::Load, hitAt, second);
    REQUIRE(second.size() == 1);
    CHECK(second.steps[0].kind == L2Step::Kind::AwaitFill);
    CHECK(resolveStep(l2, first, 0, SetLine::Later) == fill + h);
    CHECK(resolveStep(l2, second, 0) == knownDone);
    CHECK(knownDone == std::max(hitAt, fill) + h);
    CHECK(l1.tags.stats.pendingHits == known.tags.stats.pendingHits);
    CHECK(l1.tags.stats.pendingHits == (hitAt < fill ? 1u : 0u));
  }
}

TEST_CASE("L2 steps: a list's answer does not set a line a later miss of the other list took",
          "[memory][timing]") {
  MemoryConfig mc;
  VectorL1Config vc;
  vc.cache = {64, 64, 1, 116, 4};  // one line: every other line evicts it
  L2Timing l2(mc);
  VectorL1Timing l1(vc, l2);
  L2Steps first, second;
  first = L2Steps(0, &second);
  second = L2Steps(L2Steps::kListBit, &first);
  const std::vector<uint64_t> a{0x1000}, b{0x2000};
  l1.access(a, VmemKind::Load, 0, first);    // first's step 0: miss
  l1.access(b, VmemKind::Load, 10, second);  // second's step 0: miss, evicts a
  l1.access(a, VmemKind::Load, 20, second);  // second's step 1: a again, a new miss
  resolveStep(l2, first, 0, SetLine::Later);
  setLines(first);  // a's way waits for second's step 1, not for this fill
  first.clear();
  // A hit on a now: still under second's miss (a fill set by the first list would make it a plain hit).
  l1.access(a, VmemKind::Load, 400, first);
  REQUIRE(first.size() == 1);
  CHECK(first.steps[0].kind == L2Step::Kind::AwaitFill);
  CHECK(first.missOf(first.steps[0]).addr == second.steps[1].addr);
  // Answered: the hit waits for second's fill of a (an L2 hit under the first miss: 280), not for nothing.
  const uint64_t h = vc.cache.hitLatency;
  resolveStep(l2, second, 0, SetLine::Later);
  const uint64_t fillA = resolveStep(l2, second, 1, SetLine::Later) - h;
  CHECK(fillA == mc.dramLatency + mc.l2.hitLatency);
  CHECK(resolveStep(l2, first, 0) == std::max<uint64_t>(400, fillA) + h);
  setLines(second);
  CHECK(l1.access(a, VmemKind::Load, 2000) == 2000 + h);  // a plain hit from then on
}

TEST_CASE("L2/DRAM: bandwidth queues line transfers", "[memory][timing]") {
  MemoryConfig mc;
  mc.dramBytesPerCycle = 32;  // a 64-byte line takes 2 cycles
  L2Timing l2(mc);
  const uint64_t a = l2.read(0x0, 0), b = l2.read(0x40, 0), c = l2.read(0x80, 0);
  CHECK(a == mc.l2.hitLatency + mc.dramLatency);
  CHECK(b == a + 2);
  CHECK(c == a + 4);
}

TEST_CASE("vector L1: coalescing and per-line cost", "[memory][timing]") {
  std::vector<uint64_t> addr, lines;
  std::vector<uint32_t> bytes;
  for (unsigned l = 0; l < 64; ++l) addr.push_back(0x1000 + 4 * l), bytes.push_back(4);
  coalesceLines(addr, bytes, 64, lines);
  CHECK(lines == std::vector<uint64_t>{0x1000, 0x1040, 0x1080, 0x10c0});
  // Unit stride from an unaligned start: five lines, in order.
  lines.clear();
  for (unsigned l = 0; l < 64; ++l) addr[l] = 0x103c + 4 * l;
  coalesceLines(addr, bytes, 64, lines);
  CHECK(lines == std::vector<uint64_t>{0x1000, 0x1040, 0x1080, 0x10c0, 0x1100});
  // Descending lanes: first-touch order.
  lines.clear();
  for (unsigned l = 0; l < 64; ++l) addr[l] = 0x10fc - 4 * l;
  coalesceLines(addr, bytes, 64, lines);
  CHECK(lines == std::vector<uint64_t>{0x10c0, 0x1080, 0x1040, 0x1000});
  lines.clear();
  for (auto& a : addr) a = 0x2000;
  coalesceLines(addr, bytes, 64, lines);
  CHECK(lines.size() == 1);

  MemoryConfig mc;
  VectorL1Config vc;
  L2Timing l2(mc);
  VectorL1Timing l1(vc, l2);
  const std::vector<uint64_t> one{0x2000};
  const uint64_t miss = l1.access(one, VmemKind::Load, 0);
  CHECK(miss == vc.cache.hitLatency + mc.l2.hitLatency + mc.dramLatency);
  const uint64_t t = miss + 1;
  const uint64_t hit = l1.access(one, VmemKind::Load, t);
  CHECK(hit > t + vc.cache.hitLatency - 1);
  CHECK(hit == t + vc.cache.hitLatency);
  // Four lines, all hits: one line per cycle, the last one decides.
  const std::vector<uint64_t> four{0x2000, 0x2000, 0x2000, 0x2000};
  const uint64_t t2 = hit + 100;
  CHECK(l1.access(four, VmemKind::Load, t2) == t2 + 3 + vc.cache.hitLatency);
  // GLC bypasses L1: L1 + L2 latency even though the line is in L1.
  const uint64_t t3 = t2 + 100;
  CHECK(l1.access(one, VmemKind::LoadBypass, t3) == t3 + vc.cache.hitLatency + mc.l2.hitLatency);
}

// The pass rule of memory/lds_timing.hpp, worked out by hand: 32 banks of
// 4 bytes; D dwords per lane -> 32/D lanes per pass; a two-address op serves
// all first addresses, then all second ones; k distinct dwords in one bank of
// a pass -> k - 1 extra passes.
// coalesceRuns gives coalesceLines' lines for the runs' accesses one dword
// after another: random runs (unaligned, repeated, overlapping, descending
// starts, up to 8 of up to 1 KiB), 64- and 128-byte lines.
TEST_CASE("vector L1: runs coalesce to the lines of their dwords", "[memory][timing]") {
  uint64_t x = 0x2545f4914f6cdd1dull;
  const auto next = [&x] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t lineBytes = trial % 2 ? 64 : 128;
    std::vector<AddressRun> runs;
    std::vector<uint64_t> addr;
    std::vector<uint32_t> bytes;
    const uint64_t base = 0x10000 + 4 * (next() % 64);
    for (uint64_t n = 1 + next() % 8, i = 0; i < n; ++i) {
      const uint64_t start = base + 4 * (next() % 512) - (trial % 3 == 0 ? 64 * i : 0);
      const uint32_t dwords = 1 + uint32_t(next() % 256);
      runs.push_back({start, 4 * dwords});
      for (uint32_t d = 0; d < dwords; ++d) addr.push_back(start + 4 * d), bytes.push_back(4);
    }
    std::vector<uint64_t> fromRuns{7}, fromEntries{7};  // (appended to what is there)
    coalesceRuns(runs, lineBytes, fromRuns);
    coalesceLines(addr, bytes, lineBytes, fromEntries);
    INFO("trial " << trial);
    REQUIRE(fromRuns == fromEntries);
  }
}

TEST_CASE("CacheTags: a miss ahead of earlier ones leaves their MSHRs counted", "[memory][timing]") {
  CacheTags t(CacheLevelConfig{16384, 64, 4, 10, 2}, "test");
  t.fill(0, 100);
  t.fill(64, 120);
  CHECK(t.missStartAhead(500) == 500);  // both ended by 500
  t.fill(128, 800);
  CHECK(t.missStartAhead(110) == 120);  // 100 ended; 120 and 800 busy: the first to free after 110
  t.fill(192, 900);
  CHECK(t.missStart(10) == 100);  // a miss at 10 still finds the two fills it found before
  CHECK(t.stats.mshrStalls == 2);
}

TEST_CASE(
    "CacheTags: misses ahead take fills from the middle of the run, before and after earlier taken ones",
    "[memory][timing]") {
  // Two MSHRs; fills at 100, 200, ..., 800. Each miss takes the first fill after its cycle once two or
  // more end after it (worked by hand; the run keeps one gap of taken fills, cache_timing.hpp).
  CacheTags t(CacheLevelConfig{16384, 64, 4, 10, 2}, "test");
  for (uint64_t i = 1; i <= 8; ++i) t.occupyMshr(100 * i);
  CHECK(t.missStartAhead(250) == 300);  // from the middle: 300 ... 800 end after 250
  CHECK(t.missStartAhead(450) == 500);  // after the first taken one: 500 ... 800
  CHECK(t.missStartAhead(150) == 200);  // before it: 200, 400, 600, 700, 800 (300 and 500 taken)
  CHECK(t.missStart(0) == 100);         // in order, from the head: 100 is the first left
  CHECK(t.missStartAhead(650) == 700);  // 700 and 800 end after 650
  CHECK(t.missStartAhead(750) == 750);  // only 800 ends after 750: an MSHR is free
  CHECK(t.missStart(10) == 400);        // left: 400, 600, 800
  CHECK(t.missStart(10) == 600);
  CHECK(t.missStart(10) == 10);  // only 800 left
  CHECK(t.stats.mshrStalls == 7);
}

TEST_CASE("L2/DRAM: a request ahead of the queue books its transfer without holding earlier ones back",
          "[memory][timing]") {
  MemoryConfig mc;
  mc.dramBytesPerCycle = 32;  // a 64-byte line takes 2 cycles
  L2Timing l2(mc);
  const uint64_t miss = mc.l2.hitLatency + mc.dramLatency;
  SECTION("the queue passes it") {
    CHECK(l2.read(0x0, 1000, Arrival::Ahead) == 1000 + miss);
    CHECK(l2.read(0x40, 0) == miss);            // the channel is idle at 0: no wait for the booked transfer
    CHECK(l2.read(0x80, 999) == 1002 + miss);   // 999-1001 overlaps the booked 1000-1002: after it
    CHECK(l2.read(0xc0, 1000) == 1004 + miss);  // behind the queue (999's transfer ends at 1004)
    CHECK(l2.read(0x100, 0, Arrival::Ahead) == 1006 + miss);  // the queue is busy until 1006: in it
  }
  SECTION("a gap between booked transfers shorter than a transfer is passed over") {
    CHECK(l2.read(0x0, 1000, Arrival::Ahead) == 1000 + miss);   // booked 1000-1002
    CHECK(l2.read(0x40, 1003, Arrival::Ahead) == 1003 + miss);  // booked 1003-1005: a 1-cycle gap
    CHECK(l2.read(0x80, 1001) == 1005 + miss);  // 1001 overlaps; 1002-1003 is too short: after 1005
    CHECK(l2.read(0xc0, 997) == 1007 + miss);   // 997-999 would fit, but the queue is busy until 1007
    CHECK(l2.read(0x100, 1010, Arrival::Ahead) == 1010 + miss);  // booked 1010-1012 (the queue ends at 1009)
    CHECK(l2.read(0x140, 1007) == 1012 + miss);  // from the queue's 1009: 1009-1010 is too short
    CHECK(l2.read(0x180, 1016, Arrival::Ahead) == 1016 + miss);  // booked 1016-1018 (the queue ends at 1014)
    CHECK(l2.read(0x1c0, 1014) == 1014 + miss);                  // 1014-1016 is a whole transfer: it fits
  }
}

TEST_CASE("CacheTags: forgetting the fills before the next request changes no answer", "[memory][timing]") {
  // The same misses, ahead and in order, at cycles that never go back, with and without
  // forgetFillsBy(the request's cycle) before each: every start the same.
  CacheTags told(CacheLevelConfig{16384, 64, 4, 10, 4}, "test"),
      plain(CacheLevelConfig{16384, 64, 4, 10, 4}, "test");
  uint64_t cycle = 0;
  for (uint32_t i = 0; i < 400; ++i) {
    cycle += (i * 7) % 5;
    const uint64_t now = cycle + (i * 13) % 40;  // a miss that waited for its own cache's MSHR
    told.forgetFillsBy(cycle);
    const bool ahead = i % 3 != 0;
    const uint64_t a = ahead ? told.missStartAhead(now) : told.missStart(cycle);
    const uint64_t b = ahead ? plain.missStartAhead(now) : plain.missStart(cycle);
    REQUIRE(a == b);
    const uint64_t fill = a + 50 + (i * 31) % 90;
    told.occupyMshr(fill);
    plain.occupyMshr(fill);
  }
  CHECK(told.stats.mshrStalls == plain.stats.mshrStalls);
  CHECK(told.stats.mshrStalls > 100);  // the MSHRs were busy: the runs were searched, not passed
}

// The MSHR contract of cache_timing.hpp, kept the plain way: the fill times in a multiset.
struct ReferenceMshrs {
  size_t mshrs;
  std::multiset<uint64_t> fills;
  uint64_t stalls = 0;
  uint64_t missStart(uint64_t now) {
    fills.erase(fills.begin(), fills.upper_bound(now));
    return take(now, fills.begin());
  }
  uint64_t missStartAhead(uint64_t now) { return take(now, fills.upper_bound(now)); }
  uint64_t take(uint64_t now, std::multiset<uint64_t>::iterator first) {
    if (size_t(std::distance(first, fills.end())) < mshrs) return now;
    ++stalls;
    const uint64_t t = *first;
    fills.erase(first);
    return t;
  }
};

TEST_CASE("CacheTags: MSHR starts as the plain multiset model gives them, misses ahead and in order mixed",
          "[memory][timing]") {
  std::mt19937_64 rng(25);
  for (const uint32_t mshrs : {1u, 4u, 64u, 300u}) {
    CacheTags tags(CacheLevelConfig{16384, 64, 4, 10, mshrs}, "test");
    ReferenceMshrs ref{mshrs, {}};
    uint64_t cycle = 0;  // the request being answered: never goes back (l2_timing.hpp)
    uint64_t queue = 0;  // the last DRAM fill
    for (uint32_t i = 0; i < 30000; ++i) {
      INFO("mshrs " << mshrs << " miss " << i);
      cycle += rng() % 3;
      const uint32_t kind = uint32_t(rng() % 4);
      uint64_t start;
      if (kind == 0) {
        start = tags.missStart(cycle);
        REQUIRE(start == ref.missStart(cycle));
      } else {
        // Ahead: a miss that waited for an MSHR of its own cache, up to a few hundred cycles.
        const uint64_t now = cycle + rng() % 400;
        if (kind == 1) tags.forgetFillsBy(cycle);  // (the reference never forgets: no answer may change)
        start = tags.missStartAhead(now);
        REQUIRE(start == ref.missStartAhead(now));
      }
      // Mostly a DRAM queue's: later than every fill so far; sometimes sooner (an L2 hit, a write).
      uint64_t fill;
      if (rng() % 8 == 0) {
        fill = start + rng() % 50;
      } else {
        queue = std::max(queue + 1 + rng() % 3, start + 200);
        fill = queue;
      }
      tags.occupyMshr(fill);
      ref.fills.insert(fill);
    }
    CHECK(tags.stats.mshrStalls == ref.stalls);
    CHECK(ref.stalls > 1000);  // the MSHRs were busy
  }
}

// An L1 miss waits for an MSHR of its own CU's L1, which frees when that
// line's fill comes back; CUs do not wait for each other's MSHRs. A
// global_load_dwordx4 of a wave touches 16 lines; with 8 MSHRs, the second
// 8 wait for the first 8's fills. CU k issues one such load at cycle 16k (its
// lines looked up after the previous CU's, as a CU's own lines are),
// answered as the epoch model answers them: every CU's steps recorded, then
// resolved in (cycle, CU) order (l2_steps.hpp). With the DRAM bandwidth out
// of the way, every CU's load takes what it takes alone, worked out from the
// latencies (memory/timing_config.hpp: L1 hit 116, L2 hit 80, DRAM 200, one
// line a cycle through the L1 port; vector_l1_timing.hpp: a miss's data is
// back L1 hit latency after its fill), from its issue cycle:
//   line i (0..15) is looked up at cycle i;
//   i < 8: an MSHR is free, the L2 misses: fill at i + 200 + 80;
//   i >= 8: waits for line i-8's MSHR, free at (i-8) + 280, then another
//   280: fill at i - 8 + 560; the last line (15) back at 7 + 560 + 116 = 683.
// (The DRAM queue had put every CU's misses behind the previous CUs' misses
// that waited for an MSHR, sent to the L2 at their later start but in the
// order of their lookups: 683, 16 + 966, 32 + 1249, ... -- a round trip
// more per CU.)
TEST_CASE("vector L1: CUs wait for their own MSHRs only, whatever the number of CUs", "[memory][timing]") {
  MemoryConfig mc;
  mc.dramBytesPerCycle = 64 * 1024;  // a line takes 1/1024 cycle: no CU waits for DRAM bandwidth
  VectorL1Config c;
  c.cache.mshrs = 8;
  const uint64_t l1Hit = c.cache.hitLatency, l2Hit = mc.l2.hitLatency, dram = mc.dramLatency;
  REQUIRE(l1Hit == 116);
  REQUIRE(l2Hit == 80);
  REQUIRE(dram == 200);
  REQUIRE(c.linesPerCycle == 1);
  const uint64_t alone = 683;
  for (const uint32_t cus : {1u, 2u, 4u, 16u}) {
    CAPTURE(cus);
    L2Timing l2(mc);
    std::vector<std::unique_ptr<VectorL1Timing>> l1;
    L2Steps steps;
    std::vector<uint64_t> known, first;  // per CU: its load's completion without the L2, its first step
    for (uint32_t cu = 0; cu < cus; ++cu) {
      l1.push_back(std::make_unique<VectorL1Timing>(c, l2));
      std::vector<uint64_t> lines;
      for (uint64_t i = 0; i < 16; ++i) lines.push_back((uint64_t(cu) << 20) + 64 * i);  // a CU's own lines
      first.push_back(steps.size());
      known.push_back(l1.back()->access(lines, VmemKind::Load, 16 * cu, steps));
    }
    REQUIRE(steps.size() == 16 * cus);
    for (uint32_t cu = 0; cu < cus; ++cu) {
      CAPTURE(cu);
      uint64_t done = known[cu];
      for (size_t i = first[cu]; i < first[cu] + 16; ++i) done = std::max(done, resolveStep(l2, steps, i));
      CHECK(done == 16 * cu + alone);
      CHECK(l1[cu]->tags.stats.mshrStalls == 8);
    }
  }
}

// With the configured bandwidth, the CUs share DRAM, and nothing else: each
// CU's load is no later than alone plus the transfers of every CU's lines.
TEST_CASE("vector L1: with MSHR waits, CUs share only the DRAM bandwidth", "[memory][timing]") {
  MemoryConfig mc;  // 256 bytes a cycle: 4 lines
  VectorL1Config c;
  c.cache.mshrs = 8;
  const uint32_t cus = 32;
  L2Timing l2(mc);
  std::vector<std::unique_ptr<VectorL1Timing>> l1;
  std::vector<uint64_t> done;
  for (uint32_t cu = 0; cu < cus; ++cu) {
    l1.push_back(std::make_unique<VectorL1Timing>(c, l2));
    std::vector<uint64_t> lines;
    for (uint64_t i = 0; i < 16; ++i) lines.push_back((uint64_t(cu) << 20) + 64 * i);
    done.push_back(l1.back()->access(lines, VmemKind::Load, 0));
  }
  const uint64_t transfers = cus * 16 * 64 / mc.dramBytesPerCycle;  // 128 cycles of DRAM for them all
  for (uint32_t cu = 0; cu < cus; ++cu) {
    CAPTURE(cu);
    CHECK(done[cu] >= 683);
    CHECK(done[cu] <= 683 + transfers);
  }
}

TEST_CASE("LDS banks: conflict degree, broadcast, wave halves (b32)", "[memory][timing]") {
  LdsConfig c;
  LdsBankModel m(c);
  auto passes = [&](uint32_t stride, unsigned lanes = 64) {
    std::vector<LdsLaneAccess> a;
    for (unsigned i = 0; i < lanes; ++i) a.push_back({i * stride, 4, uint8_t(i)});
    return m.passes(a);
  };
  CHECK(passes(4).extra == 0);     // consecutive dwords: every lane its own bank
  CHECK(passes(4).base == 2);      // a wave64 ds_read_b32 takes two passes
  CHECK(passes(0).extra == 0);     // one address: broadcast
  CHECK(passes(8).extra == 2);     // every other dword: 2-way in each half
  CHECK(passes(128).extra == 62);  // all lanes in bank 0: 32-way in each half, 2 x 31
  CHECK(passes(128, 32).extra == 31);
}

TEST_CASE("LDS banks: b64/b128 and read2 patterns served without conflict", "[memory][timing]") {
  LdsConfig c;
  LdsBankModel m(c);
  auto wide = [&](uint32_t stride, uint16_t bytes) {
    std::vector<LdsLaneAccess> a;
    for (unsigned i = 0; i < 64; ++i) a.push_back({i * stride, bytes, uint8_t(i)});
    return m.passes(a);
  };
  // float2 per work-item: 16 lanes a pass cover dwords 0..31 once each.
  CHECK(wide(8, 8).extra == 0);
  CHECK(wide(8, 8).base == 4);
  // float4 per work-item: 8 lanes a pass, 32 distinct banks.
  CHECK(wide(16, 16).extra == 0);
  CHECK(wide(16, 16).base == 8);
  // float2 with a float2 of padding: lanes l and l+8 share banks 4l, 4l+1: 2-way in each of 4 passes.
  CHECK(wide(16, 8).extra == 4);
  // read2_b32 with OFFSET1 = 32 dwords (a reduction step): the first
  // addresses (dword l), then the second (dword l + 32), each conflict-free.
  std::vector<LdsLaneAccess> two;
  for (unsigned i = 0; i < 64; ++i) {
    two.push_back({4 * i, 4, uint8_t(i)});
    two.push_back({4 * i + 128, 4, uint8_t(i)});
  }
  const LdsBankModel::Passes p = m.passes(two);
  CHECK(p.extra == 0);
  CHECK(p.base == 4);
  // Their cost: a ds_read_b32 (pipe 2 cycles for 2 passes) with 62 extra passes costs 62 cycles.
  CHECK(conflictCycles({62, 2}, 2) == 62);
  CHECK(conflictCycles({2, 2}, 4) == 4);  // ds_write_b32: 2 cycles a pass
  CHECK(conflictCycles({0, 2}, 4) == 0);
}

// The shapes the bank model recognises without per-bank bookkeeping (unit
// stride, broadcast) and their near misses, by the same hand-worked rule.
TEST_CASE("LDS banks: unit stride with inactive lanes, sub-dword broadcast, dword-crossing lanes",
          "[memory][timing]") {
  LdsConfig c;
  LdsBankModel m(c);
  std::vector<LdsLaneAccess> a;
  for (unsigned i = 0; i < 64; i += 2) a.push_back({0x104 + 4 * i, 4, uint8_t(i)});  // even lanes only
  CHECK(m.passes(a).extra == 0);
  CHECK(m.passes(a).base == 2);
  a.clear();
  for (unsigned i = 0; i < 64; ++i) a.push_back({0x40 + (i & 3), 1, uint8_t(i)});  // bytes of one dword
  CHECK(m.passes(a).extra == 0);
  // Each lane's dword straddles two words: word l and l + 1. In each pass
  // of 32 lanes, words l0..l0+32 -- the first and the last share bank 0.
  a.clear();
  for (unsigned i = 0; i < 64; ++i) a.push_back({4 * i + 2, 4, uint8_t(i)});
  CHECK(m.passes(a).extra == 2);
  // Unit stride except one lane that reads lane 0's bank again: 2-way in the first pass.
  a.clear();
  for (unsigned i = 0; i < 64; ++i) a.push_back({4 * i, 4, uint8_t(i)});
  a[5].addr = 128;
  CHECK(m.passes(a).extra == 1);
}

// Shapes of compiled kernels, by the same hand-worked rule: a 16x16 tiled
// matmul's row reads (16 lanes a row, read2 of dwords k and k + 1), the same
// rows 32 dwords apart, a 3-way conflict mixed with broadcast, and a log in
// which only some lanes give a second address.
TEST_CASE("LDS banks: tiled rows, multi-way conflicts with broadcast, uneven two-address logs",
          "[memory][timing]") {
  LdsConfig c;
  LdsBankModel m(c);
  auto rows = [&](uint32_t rowDwords, uint32_t k) {
    std::vector<LdsLaneAccess> a;
    for (unsigned l = 0; l < 64; ++l) {
      const uint32_t word = (l / 16) * rowDwords + k;
      a.push_back({4 * word, 4, uint8_t(l)});
      a.push_back({4 * (word + 1), 4, uint8_t(l)});
    }
    return m.passes(a);
  };
  // Rows 16 dwords apart: a pass (two rows) asks banks k and k + 16, one dword each.
  CHECK(rows(16, 3).extra == 0);
  CHECK(rows(16, 3).base == 4);
  // Rows 32 dwords apart: both rows of a pass in one bank, 2-way in each of 2 passes x 2 slots.
  CHECK(rows(32, 3).extra == 4);
  // Lane l reads dword 32 (l % 3): bank 0 asked for 3 distinct dwords in each half -> 2 x 2 extra.
  std::vector<LdsLaneAccess> three;
  for (unsigned l = 0; l < 64; ++l) three.push_back({128 * (l % 3), 4, uint8_t(l)});
  CHECK(m.passes(three).extra == 4);
  // Every lane reads dword l; even lanes also dword 32 l (all bank 0): the
  // first slot is conflict-free, the second has 16 distinct dwords in bank 0
  // in each half: 2 x 15 extra passes.
  std::vector<LdsLaneAccess> uneven;
  for (unsigned l = 0; l < 64; ++l) {
    uneven.push_back({4 * l, 4, uint8_t(l)});
    if (l % 2 == 0) uneven.push_back({128 * l, 4, uint8_t(l)});
  }
  const LdsBankModel::Passes p = m.passes(uneven);
  CHECK(p.extra == 30);
  CHECK(p.base == 4);
  // A two-address log in descending lane order: first addresses dword l
  // (free), second ones dword 32 l, 32 distinct dwords of bank 0 a pass.
  std::vector<LdsLaneAccess> down;
  for (int l = 63; l >= 0; --l) {
    down.push_back({4 * uint32_t(l), 4, uint8_t(l)});
    down.push_back({128 * uint32_t(l), 4, uint8_t(l)});
  }
  CHECK(m.passes(down).extra == 62);
  // One lane with four addresses: the first, then three later ones (dwords
  // 32, 64, 96: one bank) served together: 2 extra.
  const std::vector<LdsLaneAccess> four{{0, 4, 0}, {128, 4, 0}, {256, 4, 0}, {384, 4, 0}};
  CHECK(m.passes(four).extra == 2);
  CHECK(m.passes(four).base == 4);
  // Eight entries, lane 0 four of them: later ones are dwords 64, 0, 32 of
  // lane 0 plus 33 and 34 -- bank 0 asked for three: 2 extra (served as
  // alternating pairs it would be 1).
  const std::vector<LdsLaneAccess> eight{{0, 4, 0}, {256, 4, 0}, {0, 4, 0}, {128, 4, 0},
                                         {4, 4, 1}, {132, 4, 1}, {8, 4, 2}, {136, 4, 2}};
  CHECK(m.passes(eight).extra == 2);
}

// The bank model keeps the last few pass shapes it saw (words relative to the
// pass's first) with their answers: the answers must be the rule's whatever
// came before. Lane l at word base + s * l in 32 banks: for odd s (1, 3) the
// 32 lanes of a pass use 32 different banks; for s = 2^k, 32 / s banks, s
// words each: s - 1 extra passes in each of the two passes.
TEST_CASE("LDS banks: repeated and shifted shapes, more shapes than the model keeps", "[memory][timing]") {
  LdsConfig c;
  LdsBankModel m(c);
  auto strided = [&](uint32_t baseWord, uint32_t s, bool two) {
    std::vector<LdsLaneAccess> a;
    for (unsigned l = 0; l < 64; ++l) {
      a.push_back({4 * (baseWord + s * l), 4, uint8_t(l)});
      if (two) a.push_back({4 * (baseWord + 7 + l), 4, uint8_t(l)});  // a conflict-free second address
    }
    return m.passes(a);
  };
  const uint32_t strides[] = {1, 2, 4, 8, 16, 32, 3};
  const uint32_t extra[] = {0, 2, 6, 14, 30, 62, 0};
  for (uint32_t round = 0; round < 3; ++round) {
    for (size_t i = 0; i < 7; ++i) {
      const uint32_t base = round * 5 + 1;  // shifted by words that are no multiple of 32
      INFO("round " << round << " stride " << strides[i]);
      CHECK(strided(base, strides[i], false).extra == extra[i]);
      const LdsBankModel::Passes p = strided(base, strides[i], round == 1);
      CHECK(p.extra == extra[i]);
      CHECK(p.base == (round == 1 ? 4u : 2u));
    }
  }
  // 2-byte accesses at byte 1 or 2 of word l (each within its word): no
  // conflict, whatever shortcut the model takes for sizes and offsets.
  std::vector<LdsLaneAccess> halves;
  for (unsigned l = 0; l < 64; ++l) halves.push_back({4 * l + 1 + l % 2, 2, uint8_t(l)});
  CHECK(m.passes(halves).extra == 0);
  // The same with lane 5 at word 38 (bank 6, lane 6's, in the first pass): 1 extra.
  halves[5].addr = 4 * 38 + 2;
  CHECK(m.passes(halves).extra == 1);
  // Mixed sizes in a whole wave: b32 everywhere, lane 9 a b16 at word 42
  // (bank 10, lane 10's, in the first pass): 1 extra.
  std::vector<LdsLaneAccess> mixed;
  for (unsigned l = 0; l < 64; ++l) mixed.push_back({4 * l, 4, uint8_t(l)});
  mixed[9] = {4 * 42, 2, 9};
  CHECK(m.passes(mixed).extra == 1);
}

// The same rule recomputed here for many shapes asked in a random order, so
// that the model's cache of shapes (a few entries, each holding the shapes
// that hash to it) is overwritten and hit again: GcnTimings' rule per
// pass of 32 lanes, the most distinct dwords any bank is asked for, less one.
TEST_CASE("LDS banks: hundreds of shapes, repeated in a random order, against the rule", "[memory][timing]") {
  LdsConfig c;
  LdsBankModel m(c);
  uint64_t x = 0x2545f4914f6cdd1dull;
  const auto next = [&x] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
  // 300 shapes: lane l at word (l * stride + jitter) % span, two addresses a lane for half of them; each
  // third one the one before with a lane other than 0, 1, 16, 31, 32, 33, 48, 63 moved (the model
  // looks up a pass by a few of its words; the rest must still tell the shapes apart).
  std::vector<std::array<std::array<uint32_t, 64>, 2>> shapes(300);
  for (size_t k = 0; k < shapes.size(); ++k)
    for (uint32_t s = 0; s < 2; ++s) {
      auto& row = shapes[k][s];
      if (k % 3 == 2) {
        row = shapes[k - 1][s];
        row[2 + next() % 14] +=
            32 * (1 + next() % 4);  // a lane of the first pass to a word of another bank's row
        row[49 + next() % 14] += 64;
        continue;
      }
      const uint32_t stride = uint32_t(next() % 40), span = 64 + uint32_t(next() % 512);
      for (uint32_t l = 0; l < 64; ++l) row[l] = (l * stride + uint32_t(next() % 3)) % span;
    }
  const auto rule = [](const std::array<uint32_t, 64>& words) {
    uint32_t extra = 0;
    for (uint32_t pass = 0; pass < 2; ++pass) {
      uint32_t worst = 0;
      for (uint32_t bank = 0; bank < 32; ++bank) {
        std::vector<uint32_t> distinct;
        for (uint32_t l = 32 * pass; l < 32 * pass + 32; ++l)
          if (words[l] % 32 == bank &&
              std::find(distinct.begin(), distinct.end(), words[l]) == distinct.end())
            distinct.push_back(words[l]);
        worst = std::max(worst, uint32_t(distinct.size()));
      }
      extra += worst - 1;
    }
    return extra;
  };
  uint32_t conflicted = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const size_t i = next() % shapes.size();
    const bool two = i % 4 >= 2;
    const uint32_t base = uint32_t(next() % 1000);  // the same shape shifted: the same answer
    std::array<uint32_t, 64> shifted[2];
    uint32_t rows[2][64];  // byte addresses
    for (uint32_t s = 0; s < 2; ++s)
      for (uint32_t l = 0; l < 64; ++l) rows[s][l] = 4 * (shifted[s][l] = base + shapes[i][s][l]);
    const LdsBankModel::Passes p = m.passes(LdsRows{{rows[0], two ? rows[1] : nullptr}, 4});
    INFO("trial " << trial << ", shape " << i);
    REQUIRE(p.extra == rule(shifted[0]) + (two ? rule(shifted[1]) : 0));
    REQUIRE(p.base == (two ? 4u : 2u));
    conflicted += p.extra > 0;
  }
  CHECK(conflicted > 500);
}

// A whole wave's accesses given as rows (LdsRows: what the timing engine's
// access log keeps for a full-EXEC DS instruction) cost the same passes as
// the same accesses given as entries, for one or two addresses a lane, every
// access size, aligned and unaligned addresses, broadcasts and conflicts --
// with the shapes the model keeps warm from earlier instructions, in both
// orders of asking.
TEST_CASE("LDS banks: rows and entries of the same accesses give the same passes", "[memory][timing]") {
  LdsConfig cfg;
  LdsBankModel byRows(cfg), byEntries(cfg);
  uint64_t x = 0x9e3779b97f4a7c15ull;
  const auto next = [&x] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
  uint32_t conflicted = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const uint32_t perLane = 1 + trial % 2;
    const uint32_t sizes[] = {1, 2, 4, 8, 12, 16};
    const uint32_t bytes = sizes[next() % 6];
    const uint32_t pattern = uint32_t(next() % 4);
    uint32_t rows[2][64];
    for (uint32_t s = 0; s < perLane; ++s)
      for (uint32_t l = 0; l < 64; ++l) {
        uint32_t a = 0;
        switch (pattern) {
          case 0: a = 4 * l + 256 * s; break;           // unit stride
          case 1: a = 128 * (l % 8) + 4 * s; break;     // conflicts
          case 2: a = 64 * (l / 16) + 4 * s; break;     // broadcasts
          default: a = uint32_t(next() % 8192); break;  // anything, unaligned too
        }
        if (pattern != 3 && bytes <= 4)
          a += uint32_t(next() % 2) * (trial % 3 == 0 ? 1 : 0);  // sometimes odd
        rows[s][l] = a;
      }
    std::vector<LdsLaneAccess> entries;
    for (uint32_t l = 0; l < 64; ++l)
      for (uint32_t s = 0; s < perLane; ++s) entries.push_back({rows[s][l], uint16_t(bytes), uint8_t(l)});
    const LdsRows r{{rows[0], perLane == 2 ? rows[1] : nullptr}, bytes};
    const bool rowsFirst = trial % 5 != 0;
    LdsBankModel::Passes a, b;
    if (rowsFirst) {
      a = byRows.passes(r);
      b = byEntries.passes(entries);
    } else {
      b = byEntries.passes(entries);
      a = byRows.passes(r);
    }
    INFO("trial " << trial << ", " << perLane << " address(es) of " << bytes << " bytes, pattern "
                  << pattern);
    REQUIRE(a.extra == b.extra);
    REQUIRE(a.base == b.base);
    conflicted += a.extra > 0;
  }
  CHECK(conflicted > 500);
}

// Geometries other than 32 banks x 4 bytes, by the pass rule worked out by
// hand: a pass still takes 32 / D lanes (the instruction's width), and its
// 32 x D dwords of data meet lds.banks banks of lds.bank_bytes, k distinct
// words in one bank taking k - 1 extra passes. base stays the default
// geometry's (2 for a wave64 b32, 4 for b64): the passes GcnTimings' cost
// is for.
TEST_CASE("LDS banks: fewer or narrower banks add passes, a same-bank pattern stays serialised",
          "[memory][timing]") {
  auto passes = [](uint32_t banks, uint32_t bankBytes, uint32_t stride, uint16_t bytes) {
    LdsConfig c;
    c.banks = banks;
    c.bankBytes = bankBytes;
    LdsBankModel m(c);
    std::vector<LdsLaneAccess> a;
    for (unsigned l = 0; l < 64; ++l) a.push_back({l * stride, bytes, uint8_t(l)});
    return m.passes(a);
  };
  // b32, all lanes in one bank (dword 32 l): every bank count sees 32
  // distinct words of one bank a pass -- 32 passes each, 2 x 31 extra.
  for (uint32_t banks : {32u, 16u, 4u, 1u}) {
    INFO(banks << " banks");
    const LdsBankModel::Passes p = passes(banks, 4, 128, 4);
    CHECK(p.extra == 62);
    CHECK(p.base == 2);
  }
  // b32 unit stride: a pass's 32 dwords spread over the banks, 32 / banks
  // words a bank: 16 banks 2 passes a pass (1 extra each), 4 banks 8 (7),
  // 1 bank 32 (31) -- 64 / banks passes in all, the bandwidth of the banks.
  CHECK(passes(32, 4, 4, 4).extra == 0);
  CHECK(passes(16, 4, 4, 4).extra == 2);
  CHECK(passes(4, 4, 4, 4).extra == 14);
  CHECK(passes(1, 4, 4, 4).extra == 62);
  CHECK(passes(1, 4, 4, 4).base == 2);
  // One bank still serves a broadcast as one word: every lane at byte 0.
  CHECK(passes(1, 4, 0, 4).extra == 0);
  // Same-bank for 16 banks but not for 32: dword 16 l is bank 0 or 16 of
  // 32 (16 words each: 2 x 15 extra), bank 0 of 16 (32 words: 2 x 31).
  CHECK(passes(32, 4, 64, 4).extra == 30);
  CHECK(passes(16, 4, 64, 4).extra == 62);
  // 2-byte banks: a b32 lane needs half-words 2l and 2l + 1. Unit stride:
  // 64 half-words a pass in 32 banks, 2 each (1 extra a pass). Dword 32 l:
  // half-words 64 l and 64 l + 1, banks 0 and 1, 32 each (31 extra a pass)
  // -- no faster than 4-byte banks.
  CHECK(passes(32, 2, 4, 4).extra == 2);
  CHECK(passes(32, 2, 128, 4).extra == 62);
  // b64 unit stride in 2-byte banks: 16 lanes x 4 half-words a pass, 2 a
  // bank: 1 extra in each of 4 passes.
  CHECK(passes(32, 2, 8, 8).extra == 4);
  CHECK(passes(32, 2, 8, 8).base == 4);
  // 8-byte banks: b32 unit stride puts lanes 2k and 2k + 1 in one word
  // (shared): no extra, and never fewer than the table's 2 passes. Dword
  // 32 l is 8-byte word 16 l: banks 0 and 16, 16 words each (15 extra a
  // pass). b64 unit stride: 16 lanes a pass, 16 banks, no extra.
  CHECK(passes(32, 8, 4, 4).extra == 0);
  CHECK(passes(32, 8, 4, 4).base == 2);
  CHECK(passes(32, 8, 128, 4).extra == 30);
  CHECK(passes(32, 8, 8, 8).extra == 0);
  CHECK(passes(32, 8, 8, 8).base == 4);
}

// Halving the banks merges banks in pairs: a bank of the new geometry holds
// every word its two old ones held, so no pass gets fewer passes. Halving
// the bank bytes splits each word in two halves, in banks 2c and 2c + 1 of
// old bank c's words: an access that covers whole words asks both, so those
// do not get fewer passes either (accesses within half a word may: two words
// of one bank read at different halves land in two banks). Random shapes
// (one or two addresses a lane, b8 to b128, unaligned, broadcasts and
// conflicts), every lane or some: the passes never decrease as banks (128
// down to 1) shrink, nor as bank_bytes (16 down to 1) shrink while the
// accesses cover whole words, and base never moves.
TEST_CASE("LDS banks: passes never decrease as banks or bank_bytes shrink", "[memory][timing]") {
  uint64_t x = 0x853c49e6748fea9bull;
  const auto next = [&x] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
  const auto geometry = [](uint32_t b, uint32_t bb) {
    LdsConfig c;
    c.banks = b;
    c.bankBytes = bb;
    return c;
  };
  std::vector<LdsBankModel> byBanks, byBytes;
  for (uint32_t b : {128u, 64u, 32u, 16u, 8u, 4u, 2u, 1u}) byBanks.emplace_back(geometry(b, 4));
  const uint32_t bankBytes[] = {16, 8, 4, 2, 1};
  for (uint32_t b : bankBytes) byBytes.emplace_back(geometry(32, b));
  uint32_t grewBanks = 0, grewBytes = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const uint32_t sizes[] = {1, 2, 4, 8, 12, 16};
    const uint16_t bytes = uint16_t(sizes[next() % 6]);
    const uint32_t perLane = 1 + trial % 2, pattern = uint32_t(next() % 4);
    const uint32_t stride = 4u << (next() % 6);
    std::vector<LdsLaneAccess> a;
    for (uint32_t l = 0; l < 64; ++l) {
      if (trial % 3 == 0 && next() % 4 == 0) continue;  // an inactive lane
      for (uint32_t s = 0; s < perLane; ++s) {
        uint32_t addr = 0;
        switch (pattern) {
          case 0: addr = l * std::max<uint32_t>(bytes, 4) + 512 * s; break;  // unit stride
          case 1: addr = l * stride + 16 * s; break;                         // power-of-two strides
          case 2: addr = 64 * (l / 16) + 16 * s; break;                      // broadcasts
          default: addr = uint32_t(next() % 8192); break;                    // anything, unaligned too
        }
        a.push_back({addr, bytes, uint8_t(l)});
      }
    }
    INFO("trial " << trial << ", " << perLane << " address(es) of " << bytes << " bytes, pattern "
                  << pattern);
    LdsBankModel::Passes prev = byBanks[0].passes(a);
    for (size_t i = 1; i < byBanks.size(); ++i) {
      const LdsBankModel::Passes p = byBanks[i].passes(a);
      INFO("banks geometry " << i);
      REQUIRE(p.base == prev.base);
      REQUIRE(p.extra >= prev.extra);
      grewBanks += p.extra > prev.extra;
      prev = p;
    }
    prev = byBytes[0].passes(a);
    for (size_t i = 1; i < byBytes.size(); ++i) {
      const LdsBankModel::Passes p = byBytes[i].passes(a);
      const uint32_t w = bankBytes[i - 1];  // the wider words
      const bool wholeWords = std::all_of(
          a.begin(), a.end(), [w](const LdsLaneAccess& e) { return e.addr % w == 0 && e.bytes % w == 0; });
      INFO("bank_bytes " << w << " -> " << bankBytes[i]);
      REQUIRE(p.base == prev.base);
      if (wholeWords) {
        REQUIRE(p.extra >= prev.extra);
        grewBytes += p.extra > prev.extra;
      }
      prev = p;
    }
  }
  CHECK(grewBanks > 1000);
  CHECK(grewBytes > 300);
}

TEST_CASE("LDS pipe: latency at latency-1 and latency, in-order completion", "[memory][timing]") {
  LdsConfig c;
  LdsPipe p(c);
  const uint64_t done = p.access(100, 2, 0);
  CHECK(done > 100 + c.latency - 1);
  CHECK(done == 100 + c.latency);
  LdsPipe q(c);
  const uint64_t slow = q.access(0, 2, 62);
  CHECK(slow == c.latency + 62);
  const uint64_t fast = q.access(1, 2, 0);  // waits for the pipe: starts at 64
  CHECK(fast == 64 + c.latency);
  CHECK(fast > slow);
  // Throughput: back-to-back conflict-free instructions start pipeCycles apart.
  LdsPipe r(c);
  CHECK(r.access(0, 4, 0) == c.latency);
  CHECK(r.access(0, 4, 0) == 4 + c.latency);
  const uint64_t gds = r.gds(100, 2);  // GDS: its own pipe and latency
  CHECK(gds > 100 + c.gdsLatency - 1);
  CHECK(gds == 100 + c.gdsLatency);
  CHECK(r.gds(100, 2) == 102 + c.gdsLatency);  // in order behind the first
}
