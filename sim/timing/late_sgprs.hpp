// GcnTimings.md:78-79 "Instruction scheduling": a "16-cycle delay" between the
// integer V_ADD*/V_SUB*/V_READFIRSTLANE_B32/V_READLANE_B32 ops and "any scalar
// ALU instructions". The model's reading (an interpretation; see
// IssueConfig::saluAfterValuCycles): the delay is the latency of the SGPR such
// an op writes (its carry-out or readlane destination), so an SALU instruction
// that reads that SGPR waits until IssueConfig::saluAfterValuCycles after the
// op ends, and one that does not read it is not delayed. Each op in flight keeps
// its own SGPRs and end: one mask for the wave had let the latest op replace
// the one before (v_readfirstlane s24; v_readfirstlane s23; s_mov s20, s24
// issued without waiting for s24).
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>

#include "sim/timing/inst_class.hpp"

namespace gcnsim::sim::timing {

class LateSgprs {
 public:
  // Ops issue at least 4 cycles apart, so 8 entries hold every op of the
  // default 16-cycle delay (20-cycle windows: 5 at once). Past that (a larger
  // salu_after_valu_cycles) a new op merges into the entry that ends last:
  // later for the older SGPRs, never earlier.
  static constexpr unsigned kEntries = 8;

  void add(const RegMask& writes, uint64_t now, uint64_t end) {
    unsigned slot = 0;
    for (unsigned i = 0; i < kEntries; ++i) {
      if (ends_[i] <= now) {
        slot = i;
        sgprs_[slot] = {};
        break;
      }
      if (ends_[i] > ends_[slot]) slot = i;
    }
    sgprs_[slot][0] |= writes.s[0];
    sgprs_[slot][1] |= writes.s[1];
    ends_[slot] = std::max(ends_[slot], end);
  }

  // Whether `reads` has an SGPR that is still late at `now` (the wave checks
  // first that `now` is before the last entry's end: WaveCtx::lateSgprsUntil).
  bool blocks(const RegMask& reads, uint64_t now) const {
    for (unsigned i = 0; i < kEntries; ++i)
      if (now < ends_[i] && ((reads.s[0] & sgprs_[i][0]) | (reads.s[1] & sgprs_[i][1]))) return true;
    return false;
  }

 private:
  std::array<uint64_t, kEntries> ends_{};
  std::array<std::array<uint64_t, 2>, kEntries> sgprs_{};
};

}  // namespace gcnsim::sim::timing
