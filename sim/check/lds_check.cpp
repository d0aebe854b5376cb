#include "sim/check/lds_check.hpp"

#include <algorithm>

namespace gcnsim::sim::check {

unsigned LdsShadow::access(uint32_t address, uint32_t bytes, LdsUse use, unsigned slot, uint32_t waveId,
                           uint32_t epoch, uint64_t pc, LdsHit out[2]) {
  unsigned hits = 0;
  if (slot >= 16 || bytes == 0) return 0;
  const uint16_t me = uint16_t(1u << slot);
  const uint32_t first = address / 4, last = (address + bytes - 1) / 4;
  if (last >= (64u << 10)) return 0;  // beyond any LDS (the access faulted or wrapped)
  if (cells_.size() <= last) cells_.resize(last + 1);
  bool raced = false, uninit = false;
  for (uint32_t d = first; d <= last; ++d) {
    Cell& c = cells_[d];
    if (c.epoch != epoch) c.epoch = epoch, c.writers = c.readers = 0;
    if (use == LdsUse::Read) {
      if (!raced && (c.writers & ~me)) {
        raced = true;
        out[hits++] = LdsHit{"race-lds", c.writePc, pc, true, std::min(c.writerWave, waveId), d * 4};
      }
      if (!uninit && !(c.firstWriteEpoch < epoch || (c.writers & me))) {
        uninit = true;
        out[hits++] = LdsHit{"uninit-lds", pc, 0, false, waveId, d * 4};
      }
      c.readers |= me;
      c.readPc = pc;
      c.readerWave = waveId;
      continue;
    }
    if (c.firstWriteEpoch == kNever) c.firstWriteEpoch = epoch;
    if (use == LdsUse::Atomic) continue;
    if (!raced && (c.writers & ~me)) {
      raced = true;
      out[hits++] = LdsHit{"race-lds", std::max(pc, c.writePc),        std::min(pc, c.writePc),
                           true,       std::min(c.writerWave, waveId), d * 4};
    } else if (!raced && (c.readers & ~me)) {
      raced = true;
      out[hits++] = LdsHit{"race-lds", pc, c.readPc, true, std::min(c.readerWave, waveId), d * 4};
    }
    c.writers |= me;
    c.writePc = pc;
    c.writerWave = waveId;
  }
  return hits;
}

}  // namespace gcnsim::sim::check
