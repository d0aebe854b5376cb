#include "sim/check/lds_check.hpp"

#include <algorithm>

namespace gcnsim::sim::check {

unsigned LdsShadow::access(const AccessLog& log, LdsUse use, unsigned slot, uint32_t waveId, uint32_t epoch,
                           uint64_t pc, LdsHit out[2]) {
  if (slot >= 16) return 0;
  const uint16_t me = uint16_t(1u << slot);
  bool raced = false, uninit = false;
  LdsHit race, read;
  for (unsigned i = 0; i < log.count; ++i) {
    if (log.space[i] != AccessSpace::Lds || log.bytes[i] == 0) continue;
    const uint32_t address = uint32_t(log.addr[i]);
    const uint32_t first = address / 4, last = (address + log.bytes[i] - 1) / 4;
    if (last >= (64u << 10) || last < first) continue;  // beyond any LDS (the access faulted or wrapped)
    if (cells_.size() <= last) [[unlikely]]
      cells_.resize(std::max<size_t>(last + 1, cells_.size() * 2));
    for (uint32_t d = first; d <= last; ++d) {
      Cell& c = cells_[d];
      if (c.epoch != epoch) c.epoch = epoch, c.writers = c.readers = 0, c.writerWave = c.readerWave = kNever;
      const uint16_t otherWriters = c.writers & ~me;
      if (use == LdsUse::Read) {
        // Initialized: written in an earlier epoch, or by this wave.
        const bool init = c.firstWriteEpoch < epoch || (c.writers & me);
        if ((otherWriters || !init) && !(raced && uninit)) [[unlikely]] {
          if (otherWriters && !raced)
            raced = true,
            race = LdsHit{"race-lds", c.writePc, pc, true, std::min(c.writerWave, waveId), d * 4};
          if (!init && !uninit) uninit = true, read = LdsHit{"uninit-lds", pc, 0, false, waveId, d * 4};
        }
        c.readers |= me;
        c.readPc = pc;
        c.readerWave = std::min(c.readerWave, waveId);
        continue;
      }
      if (c.firstWriteEpoch == kNever) c.firstWriteEpoch = epoch;
      if (use == LdsUse::Atomic) continue;
      if (!raced && (otherWriters || (c.readers & ~me))) [[unlikely]] {
        raced = true;
        if (otherWriters)
          race = LdsHit{"race-lds", std::max(pc, c.writePc),        std::min(pc, c.writePc),
                        true,       std::min(c.writerWave, waveId), d * 4};
        else
          race = LdsHit{"race-lds", pc, c.readPc, true, std::min(c.readerWave, waveId), d * 4};
      }
      c.writers |= me;
      c.writePc = pc;
      c.writerWave = std::min(c.writerWave, waveId);
    }
  }
  unsigned hits = 0;
  if (raced) out[hits++] = race;
  if (uninit) out[hits++] = read;
  return hits;
}

}  // namespace gcnsim::sim::check
