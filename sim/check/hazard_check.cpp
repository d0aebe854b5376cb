#include "sim/check/hazard_check.hpp"

namespace gcnsim::sim::check {

unsigned HazardHistory::step(const InstFacts& f, uint64_t pc, isa::Gen gen,
                             std::array<HazardHit, kMaxHits>& out) {
  unsigned hits = 0;
  if (f.hazardSecond) {
    const std::span<const HazardRule> rules = hazardRules();
    for (unsigned k = 0; k < count_; ++k) {
      const Entry& e = ring_[(head_ + ring_.size() - 1 - k) % ring_.size()];
      const uint64_t found = pos_ - e.posAfter;
      if (found >= kMaxHazardWaits) break;  // older ones are further away still
      for (uint32_t both = e.f->hazardFirst & f.hazardSecond; both; both &= both - 1) {
        const HazardRule& r = rules[unsigned(__builtin_ctz(both))];
        const uint32_t need = r.waits[isa::genIndex(gen)];
        if (found >= need || (r.conflict && !r.conflict(*e.f, f))) continue;
        if (hits < kMaxHits) out[hits++] = HazardHit{&r, e.f, e.pc, uint32_t(found), need};
      }
    }
  }
  pos_ += f.waitStates;
  if (f.hazardFirst) {
    ring_[head_] = Entry{&f, pc, pos_};
    head_ = (head_ + 1) % ring_.size();
    if (count_ < ring_.size()) ++count_;
  }
  return hits;
}

}  // namespace gcnsim::sim::check
