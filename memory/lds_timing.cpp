#include "memory/lds_timing.hpp"

#include <algorithm>

namespace gcnsim::memory {

uint32_t LdsBankModel::conflictPasses(std::span<const uint32_t> byteAddr, std::span<const uint8_t> lane) {
  uint32_t extra = 0;
  const uint32_t bankShift = uint32_t(__builtin_ctz(cfg_.bankBytes));
  size_t i = 0;
  while (i < byteAddr.size()) {
    const uint32_t group = lane[i] / cfg_.lanesPerPass;
    scratch_.clear();
    for (; i < byteAddr.size() && lane[i] / cfg_.lanesPerPass == group; ++i) {
      const uint32_t word = byteAddr[i] >> bankShift;
      scratch_.push_back(uint64_t(word & (cfg_.banks - 1)) << 32 | word);
    }
    std::sort(scratch_.begin(), scratch_.end());
    uint32_t worst = 0, run = 0;
    for (size_t k = 0; k < scratch_.size(); ++k) {
      if (k > 0 && scratch_[k] == scratch_[k - 1]) continue;  // same dword: broadcast
      run = (k > 0 && scratch_[k] >> 32 == scratch_[k - 1] >> 32) ? run + 1 : 1;
      worst = std::max(worst, run);
    }
    extra += worst - 1;
  }
  return extra;
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
