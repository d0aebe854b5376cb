// Recording and answering a cache's requests to the L2 (l2_steps.hpp).
#include "memory/l2_steps.hpp"

#include <algorithm>
#include <stdexcept>

namespace gcnsim::memory {

void L2Steps::miss(CacheTags& tags, uint64_t addr, uint64_t at, uint32_t hitLatency) {
  steps.push_back({L2Step::Kind::Miss, hitLatency, &tags, addr, at, 0, 0});
}

void L2Steps::awaitFill(CacheTags& tags, uint64_t ready, uint64_t addr, uint64_t at, uint32_t hitLatency) {
  const uint32_t tag = missTagOf(ready);
  // A line whose fill is unknown was allocated by a Miss step of this list or the other.
  const L2Steps* list = (tag & kListBit) == tagBit_ ? this : other_;
  const uint32_t index = tag & ~kListBit;
  if (!fillUnknown(ready) || !list || index >= list->steps.size() ||
      list->steps[index].kind != L2Step::Kind::Miss)
    throw std::logic_error("L2Steps: hit under an unrecorded miss");
  steps.push_back({L2Step::Kind::AwaitFill, hitLatency, &tags, addr, at, tag, 0});
}

void L2Steps::add(L2Step::Kind kind, uint64_t addr, uint64_t at, uint32_t hitLatency) {
  steps.push_back({kind, hitLatency, nullptr, addr, at, 0, 0});
}

uint64_t resolveStep(L2Timing& l2, L2Steps& list, size_t i, SetLine line) {
  L2Step& s = list.steps[i];
  switch (s.kind) {
    case L2Step::Kind::Miss: {
      const uint64_t start = s.tags->missStart(s.at);
      // A miss that waited for an MSHR reaches the L2 later than the lookups
      // still to be answered after it (other CUs', of cycles before `start`):
      // l2_timing.hpp, Arrival::Ahead.
      s.fill = l2.read(s.addr, start, start > s.at ? Arrival::Ahead : Arrival::InOrder);
      s.tags->occupyMshr(s.fill);
      if (line == SetLine::Now) s.tags->setReady(s.addr, s.fill);
      return s.fill + s.hitLatency;
    }
    case L2Step::Kind::AwaitFill: {
      const uint64_t fill = list.missOf(s).fill;
      // A hit under the other list's miss counted as pending at its lookup; a
      // lookup that knew the fill counts it only if the data was not there yet.
      if (list.awaitsOther(s) && fill <= s.at) --s.tags->stats.pendingHits;
      return std::max(s.at, fill) + s.hitLatency;
    }
    case L2Step::Kind::Bypass: return l2.read(s.addr, s.at) + s.hitLatency;
    case L2Step::Kind::Write: return l2.write(s.addr, s.at) + s.hitLatency;
    case L2Step::Kind::Atomic: return l2.atomic(s.addr, s.at) + s.hitLatency;
  }
  return s.at;
}

void setLines(const L2Steps& list) {
  for (size_t i = 0; i < list.steps.size(); ++i)
    if (const L2Step& s = list.steps[i]; s.kind == L2Step::Kind::Miss)
      s.tags->setReadyIfAwaiting(s.addr, list.tagBit() | uint32_t(i), s.fill);
}

}  // namespace gcnsim::memory
