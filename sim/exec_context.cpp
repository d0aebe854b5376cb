#include "sim/exec_context.hpp"

#include <cstring>

namespace gcnsim::sim {

void PendingWrites::applyTo(WaveState& w) const {
  if (hasSgpr)
    for (unsigned i = 0; i < sgprCount && sgprFirst + i < kScalarFileSize; ++i)
      w.sreg[sgprFirst + i] = sgprData[i];
  if (hasVgpr) {
    // The lanes as a byte mask, so that the blend below vectorizes (every lane
    // is rewritten, the inactive ones with their own value).
    alignas(64) uint8_t on[kWaveSize];
    for (unsigned l = 0; l < kWaveSize; ++l) on[l] = uint8_t(vgprLanes >> l & 1);
    for (unsigned d = 0; d < vgprCount && vgprFirst + d < w.numVgprs; ++d) {
      uint32_t* dst = w.v(vgprFirst + d);
      const uint32_t* src = &vgprData[d * kWaveSize];
      if (vgprLanes == ~0ull) {
        std::memcpy(dst, src, kWaveSize * sizeof(uint32_t));
        continue;
      }
      for (unsigned l = 0; l < kWaveSize; ++l) dst[l] = on[l] ? src[l] : dst[l];
    }
  }
}

uint32_t* Exec::deferSgprs(uint16_t first, uint8_t count) {
  pending.hasSgpr = true;
  pending.sgprFirst = first;
  pending.sgprCount = count > PendingWrites::kMaxSgprs ? PendingWrites::kMaxSgprs : count;
  return pending.sgprData.data();
}

uint32_t* Exec::deferVgprs(uint16_t first, uint8_t count, uint64_t lanes) {
  pending.hasVgpr = true;
  pending.vgprFirst = first;
  pending.vgprCount = count > PendingWrites::kMaxVgprs ? PendingWrites::kMaxVgprs : count;
  pending.vgprLanes = lanes;
  return pending.vgprData.data();
}

}  // namespace gcnsim::sim
