#include "memory/vector_l1_timing.hpp"

#include <algorithm>

namespace gcnsim::memory {

VectorL1Timing::VectorL1Timing(const VectorL1Config& cfg, L2Timing& l2)
    : tags(cfg.cache, "l1"), cfg_(cfg), l2_(l2) {}

uint64_t VectorL1Timing::access(std::span<const uint64_t> lines, VmemKind kind, uint64_t now) {
  uint64_t done = access(lines, kind, now, steps_);
  for (size_t i = 0; i < steps_.size(); ++i) done = std::max(done, resolveStep(l2_, steps_, i));
  steps_.clear();
  return done;
}

uint64_t VectorL1Timing::access(std::span<const uint64_t> lines, VmemKind kind, uint64_t now, L2Steps& l2) {
  const uint64_t lpc = cfg_.linesPerCycle, hit = cfg_.cache.hitLatency;
  uint64_t done = now + hit;
  for (uint64_t line : lines) {
    const uint64_t slot = std::max(now * lpc, portFree_);
    portFree_ = slot + 1;
    const uint64_t t = slot / lpc;
    ++requests;
    switch (kind) {
      case VmemKind::Load: {
        uint64_t ready = 0;
        if (tags.lookup(line, t, ready, l2.nextTag()) == CacheTags::Result::Miss)
          l2.miss(tags, line, t, uint32_t(hit));
        else if (fillUnknown(ready))
          l2.awaitFill(tags, ready, line, t, uint32_t(hit));
        else
          done = std::max(done, ready + hit);
        break;
      }
      case VmemKind::LoadBypass:
        ++tags.stats.misses;  // no lookup, but a read the L1 sends to the L2 (l1_misses)
        l2.add(L2Step::Kind::Bypass, line, t, uint32_t(hit));
        break;
      case VmemKind::Store:
        ++writes;
        l2.add(L2Step::Kind::Write, line, t, uint32_t(hit));
        break;
      case VmemKind::Atomic:
        ++writes;
        l2.add(L2Step::Kind::Atomic, line, t, uint32_t(hit));
        break;
    }
  }
  return done;
}

void coalesceLines(std::span<const uint64_t> addr, std::span<const uint32_t> bytes, uint32_t lineBytes,
                   std::vector<uint64_t>& out) {
  const size_t base = out.size();
  const uint64_t mask = ~uint64_t(lineBytes - 1);
  // Each access right after the previous one (unit stride, every lane on):
  // the lines from the first to the last byte, ascending.
  // Loops without a carried dependence, so that they vectorize.
  const size_t n = addr.size();
  uint64_t gaps = 0;  // nonzero once an access does not start where the previous one ended
  for (size_t i = 1; i < n; ++i) gaps |= addr[i] ^ (addr[i - 1] + bytes[i - 1]);
  uint32_t smallest = ~0u;
  for (size_t i = 0; i < n; ++i) smallest = std::min(smallest, bytes[i]);
  const bool contiguous =
      n > 0 && gaps == 0 && smallest > 0 && addr[n - 1] + bytes[n - 1] > addr[n - 1];  // (no wrapping end)
  if (contiguous) {
    const uint64_t last = (addr.back() + bytes.back() - 1) & mask;
    for (uint64_t a = addr[0] & mask; a <= last; a += lineBytes) out.push_back(a);
    return;
  }
  uint64_t highest = 0;     // of the lines added: one above it is new without a search
  uint64_t recent = ~0ull;  // the line the previous access touched last (added already)
  for (size_t i = 0; i < addr.size(); ++i) {
    const uint64_t first = addr[i] & mask, last = (addr[i] + std::max(bytes[i], 1u) - 1) & mask;
    if (first == recent && last == recent && out.size() > base)
      continue;  // most lanes: the previous lane's line
    recent = last;
    for (uint64_t a = first; a <= last; a += lineBytes) {
      if (out.size() == base || a > highest) {
        out.push_back(a);
        highest = a;
        continue;
      }
      // Lanes mostly hit a line added lately; scan from the back.
      bool seen = false;
      for (size_t j = out.size(); j > base; --j)
        if (out[j - 1] == a) {
          seen = true;
          break;
        }
      if (!seen) out.push_back(a);
    }
  }
}

// Each run's lines, ascending, that no earlier run added: the first-touch
// order coalesceLines finds for the runs' accesses one after another.
void coalesceRuns(std::span<const AddressRun> runs, uint32_t lineBytes, std::vector<uint64_t>& out) {
  const size_t base = out.size();
  const uint64_t mask = ~uint64_t(lineBytes - 1);
  for (const AddressRun& r : runs) {
    if (r.bytes == 0) continue;
    const uint64_t last = (r.start + r.bytes - 1) & mask;
    for (uint64_t a = r.start & mask; a <= last; a += lineBytes)
      if (std::find(out.begin() + std::ptrdiff_t(base), out.end(), a) == out.end()) out.push_back(a);
  }
}

}  // namespace gcnsim::memory
