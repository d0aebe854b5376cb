#include "memory/lds_timing.hpp"

#include <algorithm>

namespace gcnsim::memory {

LdsBankModel::LdsBankModel(const LdsConfig& cfg)
    : cfg_(cfg),
      bankShift_(uint32_t(__builtin_ctz(cfg.bankBytes))),
      count_(cfg.banks, 0),
      words_(size_t(cfg.banks) * kPerBank, 0) {}

void LdsBankModel::begin() {
  group_ = ~0u;
  worst_ = extra_ = 0;
}

void LdsBankModel::closeGroup(uint32_t next) {
  if (group_ != ~0u && worst_ > 0) extra_ += worst_ - 1;
  std::fill(count_.begin(), count_.end(), 0u);
  worst_ = 0;
  group_ = next;
}

uint32_t LdsBankModel::finish() {
  closeGroup(~0u);
  return extra_;
}

uint32_t LdsBankModel::conflictPasses(std::span<const uint32_t> byteAddr, std::span<const uint8_t> lane) {
  begin();
  for (size_t i = 0; i < byteAddr.size(); ++i) add(byteAddr[i], lane[i]);
  return finish();
}

uint64_t LdsPipe::access(uint64_t now, uint32_t issueCycles, uint32_t extraPasses) {
  const uint64_t start = std::max(now, free_);
  const uint64_t conflict = uint64_t(extraPasses) * cfg_.conflictCycles;
  free_ = start + issueCycles + conflict;
  return start + cfg_.latency + conflict;
}

uint64_t LdsPipe::gds(uint64_t now, uint32_t issueCycles) {
  const uint64_t start = std::max(now, gdsFree_);
  gdsFree_ = start + issueCycles;
  return start + cfg_.gdsLatency;
}

}  // namespace gcnsim::memory
