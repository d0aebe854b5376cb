#include "memory/lds_timing.hpp"

#include <algorithm>
#include <bit>

namespace gcnsim::memory {

LdsBankModel::LdsBankModel(const LdsConfig& cfg)
    : cfg_(cfg),
      bankShift_(uint32_t(__builtin_ctz(cfg.bankBytes))),
      first_(cfg.banks, 0),
      stamp_(cfg.banks, 0),
      count_(cfg.banks, 0) {
  more_.reserve(64);
}

void LdsBankModel::closeGroup() {
  if (worst_ > 0) extra_ += worst_ - 1;
  worst_ = 0;
  more_.clear();
  ++group_;  // a new stamp: every bank is free again
}

// Inlined into passes' per-lane loop (a call per dword cost as much as the work).
[[gnu::always_inline]] inline void LdsBankModel::add(uint32_t word) {
  const uint32_t b = word & (cfg_.banks - 1);
  if (stamp_[b] != group_) {
    stamp_[b] = group_;
    first_[b] = word;
    count_[b] = 1;
    worst_ = std::max(worst_, 1u);
    return;
  }
  if (first_[b] == word) return;  // the same dword: broadcast
  for (const auto& [bank, w] : more_)
    if (bank == b && w == word) return;
  more_.emplace_back(b, word);
  worst_ = std::max(worst_, ++count_[b]);
}

// The common cases, without the per-bank bookkeeping: every access within
// one bank word and either all the same word (broadcast) or each lane's word
// `lane` words after lane 0's (unit stride; inactive lanes may be missing),
// so a pass of consecutive lanes never asks a bank for two words.
template <class Entries>
bool LdsBankModel::conflictFree(Entries&& entries, uint32_t count) const {
  const uint32_t bankMask = cfg_.bankBytes - 1;
  const LdsLaneAccess& a0 = entries(0);
  const uint32_t word0 = a0.addr >> bankShift_;
  bool same = true, strided = true;
  for (uint32_t i = 0; i < count; ++i) {
    const LdsLaneAccess& a = entries(i);
    if ((a.addr & bankMask) + std::max<uint32_t>(a.bytes, 1) > cfg_.bankBytes) return false;
    const uint32_t word = a.addr >> bankShift_;
    same &= word == word0;
    strided &= word - word0 == uint32_t(a.lane - a0.lane);
    if (!same && !strided) return false;
  }
  return true;
}

LdsBankModel::Passes LdsBankModel::passes(std::span<const LdsLaneAccess> acc) {
  Passes p;
  if (acc.empty()) return p;
  extra_ = worst_ = 0;
  more_.clear();
  ++group_;
  const uint32_t bankBytes = cfg_.bankBytes;
  // Accesses of one slot (the first or second address of every lane), served
  // `banks / D` lanes per pass.
  auto serve = [&](auto&& entries, uint32_t count) {
    if (count == 0) return;
    // Dwords per lane, b96 served like b128 (GcnTimings gives both 1/8).
    const uint32_t d = std::bit_ceil(std::max(1u, (uint32_t(entries(0).bytes) + bankBytes - 1) / bankBytes));
    const uint32_t lanesPerPass = std::max(1u, cfg_.banks / d);
    p.base += (64 + lanesPerPass - 1) / lanesPerPass;
    if (d == 1 && conflictFree(entries, count)) return;
    const uint32_t passShift = uint32_t(std::countr_zero(lanesPerPass));  // banks and d are powers of two
    uint32_t group = uint32_t(entries(0).lane) >> passShift;
    for (uint32_t i = 0; i < count; ++i) {
      const LdsLaneAccess& a = entries(i);
      if (uint32_t(a.lane) >> passShift != group) {
        closeGroup();
        group = uint32_t(a.lane) >> passShift;
      }
      const uint32_t firstWord = a.addr >> bankShift_;
      const uint32_t lastWord = (a.addr + std::max<uint32_t>(a.bytes, 1) - 1) >> bankShift_;
      add(firstWord);
      for (uint32_t w = firstWord + 1; w <= lastWord; ++w) add(w);
    }
    closeGroup();
  };
  // Split into slots by position within each lane's run of accesses.
  uint16_t second[256];
  uint16_t firstIdx[256];
  uint32_t nFirst = 0, nSecond = 0;
  int prevLane = -1;
  for (size_t i = 0; i < acc.size() && i < 256; ++i) {
    if (acc[i].lane == prevLane)
      second[nSecond++] = uint16_t(i);
    else
      firstIdx[nFirst++] = uint16_t(i);
    prevLane = acc[i].lane;
  }
  serve([&](uint32_t i) -> const LdsLaneAccess& { return acc[firstIdx[i]]; }, nFirst);
  serve([&](uint32_t i) -> const LdsLaneAccess& { return acc[second[i]]; }, nSecond);
  p.extra = extra_;
  return p;
}

uint64_t LdsPipe::access(uint64_t now, uint32_t pipeCycles, uint32_t extraCycles) {
  const uint64_t start = std::max(now, free_);
  free_ = start + pipeCycles + extraCycles;
  return start + cfg_.latency + extraCycles;
}

uint64_t LdsPipe::gds(uint64_t now, uint32_t pipeCycles) {
  const uint64_t start = std::max(now, gdsFree_);
  gdsFree_ = start + pipeCycles;
  return start + cfg_.gdsLatency;
}

}  // namespace gcnsim::memory
