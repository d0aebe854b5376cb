// LDS timing: the bank-conflict model and the CU's LDS pipeline. Holds no data.
//
// Bank rule (reference/clrx/GcnTimings.md, "About bank conflicts"): "The LDS
// memory is partitioned in 32 banks. The bank number is in bits 2-6 of the
// address. A bank conflict occurs when two addresses hit the same bank, but
// the addresses are different" -- lanes reading the same dword are served
// together (broadcast, free).
//
// Contract:
//  - conflictPasses(addr, lane): lanes are served lanesPerPass at a time; in
//    each group the pass count is the largest number of distinct dword
//    addresses falling into one bank. Returns the passes beyond one per
//    group that has any access (0 = conflict-free; an N-way conflict in
//    both halves of a wave64 gives 2 x (N-1)).
//  - LdsPipe::access(now, issueCycles, extra): the CU's LDS takes one
//    instruction at a time: it starts at max(now, free), keeps the pipe for
//    issueCycles + extra x conflictCycles, and its data is back at
//    start + latency + extra x conflictCycles. Instructions therefore
//    complete in issue order (LDS returns in order).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "memory/timing_config.hpp"

namespace gcnsim::memory {

class LdsBankModel {
 public:
  explicit LdsBankModel(const LdsConfig& cfg) : cfg_(cfg) {}
  uint32_t conflictPasses(std::span<const uint32_t> byteAddr, std::span<const uint8_t> lane);

 private:
  LdsConfig cfg_;
  std::vector<uint64_t> scratch_;
};

class LdsPipe {
 public:
  explicit LdsPipe(const LdsConfig& cfg) : cfg_(cfg) {}
  uint64_t access(uint64_t now, uint32_t issueCycles, uint32_t extraPasses);
  uint64_t gds(uint64_t now, uint32_t issueCycles);  // GDS: own latency, in order with itself

 private:
  LdsConfig cfg_;
  uint64_t free_ = 0, gdsFree_ = 0;
};

}  // namespace gcnsim::memory
