// Recording and answering a cache's requests to the L2 (l2_steps.hpp).
#include "memory/l2_steps.hpp"

#include <algorithm>
#include <stdexcept>

namespace gcnsim::memory {

void L2Steps::miss(CacheTags& tags, uint64_t addr, uint64_t at, uint32_t hitLatency) {
  steps.push_back({L2Step::Kind::Miss, hitLatency, &tags, addr, at, 0, 0});
}

void L2Steps::awaitFill(uint64_t ready, uint64_t addr, uint64_t at, uint32_t hitLatency) {
  const uint32_t missStep = missTagOf(ready);
  // A line whose fill is unknown was allocated by a Miss step of this list.
  if (!fillUnknown(ready) || missStep >= steps.size() || steps[missStep].kind != L2Step::Kind::Miss)
    throw std::logic_error("L2Steps: hit under an unrecorded miss");
  steps.push_back({L2Step::Kind::AwaitFill, hitLatency, nullptr, addr, at, missStep, 0});
}

void L2Steps::add(L2Step::Kind kind, uint64_t addr, uint64_t at, uint32_t hitLatency) {
  steps.push_back({kind, hitLatency, nullptr, addr, at, 0, 0});
}

uint64_t resolveStep(L2Timing& l2, std::vector<L2Step>& steps, size_t i, SetLine line) {
  L2Step& s = steps[i];
  switch (s.kind) {
    case L2Step::Kind::Miss: {
      const uint64_t start = s.tags->missStart(s.at);
      s.fill = l2.read(s.addr, start);
      s.tags->occupyMshr(s.fill);
      if (line == SetLine::Now) s.tags->setReady(s.addr, s.fill);
      return s.fill + s.hitLatency;
    }
    case L2Step::Kind::AwaitFill: return std::max(s.at, steps[s.missStep].fill) + s.hitLatency;
    case L2Step::Kind::Bypass: return l2.read(s.addr, s.at) + s.hitLatency;
    case L2Step::Kind::Write: return l2.write(s.addr, s.at) + s.hitLatency;
    case L2Step::Kind::Atomic: return l2.atomic(s.addr, s.at) + s.hitLatency;
  }
  return s.at;
}

void setLines(const std::vector<L2Step>& steps) {
  for (const L2Step& s : steps)
    if (s.kind == L2Step::Kind::Miss) s.tags->setReady(s.addr, s.fill);
}

}  // namespace gcnsim::memory
