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
  explicit LdsBankModel(const LdsConfig& cfg);
  uint32_t conflictPasses(std::span<const uint32_t> byteAddr, std::span<const uint8_t> lane);

  // The same, fed one access at a time (lanes in ascending order):
  // begin(), add() per dword accessed, finish() returns the extra passes.
  void begin();
  void add(uint32_t byteAddr, unsigned lane) {
    const uint32_t group = lane / cfg_.lanesPerPass;
    if (group != group_) closeGroup(group);
    const uint32_t word = byteAddr >> bankShift_;
    const uint32_t b = word & (cfg_.banks - 1);
    uint32_t* list = &words_[size_t(b) * kPerBank];
    const uint32_t n = count_[b];
    for (uint32_t i = 0; i < n; ++i)
      if (list[i] == word) return;  // same dword: broadcast
    if (n < kPerBank) list[n] = word;
    count_[b] = n + 1;
    if (n + 1 > worst_) worst_ = n + 1;
  }
  uint32_t finish();

 private:
  static constexpr uint32_t kPerBank = 256;  // 32 lanes x 2 addresses x 4 dwords
  void closeGroup(uint32_t next);
  LdsConfig cfg_;
  uint32_t bankShift_ = 2;
  uint32_t group_ = ~0u, worst_ = 0, extra_ = 0;
  std::vector<uint32_t> count_, words_;
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
