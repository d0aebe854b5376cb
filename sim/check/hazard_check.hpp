// Per-wave hazard check: the recent instructions that can be the first of a
// hazard rule, with their position in wait states, and the test of each new
// instruction against them (hazard_rules.hpp).
#pragma once
#include <array>
#include <cstdint>

#include "sim/check/hazard_rules.hpp"

namespace gcnsim::sim::check {

struct HazardHit {
  const HazardRule* rule = nullptr;
  const InstFacts* first = nullptr;
  uint64_t firstPc = 0;
  uint32_t found = 0;  // wait states between the two
  uint32_t needed = 0;
};

class HazardHistory {
 public:
  static constexpr unsigned kMaxHits = 8;
  // Tests `f` at `pc` against the history (hits in `out`, their number
  // returned), then records it.
  unsigned step(const InstFacts& f, uint64_t pc, isa::Gen gen, std::array<HazardHit, kMaxHits>& out);

 private:
  struct Entry {
    const InstFacts* f = nullptr;
    uint64_t pc = 0;
    uint64_t posAfter = 0;  // wait-state position after the instruction
  };
  // Only instructions that are the first of some rule are kept; one older
  // than kMaxHazardWaits wait states can no longer matter, so 8 suffice.
  std::array<Entry, 8> ring_{};
  unsigned head_ = 0, count_ = 0;
  uint64_t pos_ = 0;  // wait states before the current instruction
};

}  // namespace gcnsim::sim::check
