#include "sim/check/lds_check.hpp"

#include <algorithm>

namespace gcnsim::sim::check {

namespace {

// A race between the instructions at `pc` and `otherPc` on the dword at `address`: merged into the pair's
// hit (the lowest wave and address), or a new hit (before any uninit-lds hit, which comes last).
void addRace(std::vector<LdsHit>& out, uint64_t pc, uint64_t otherPc, uint32_t wave, uint32_t address) {
  for (LdsHit& h : out)
    if (h.hasOther && h.pc == pc && h.otherPc == otherPc) {
      h.wave = std::min(h.wave, wave);
      h.address = std::min(h.address, address);
      return;
    }
  const auto uninit = std::find_if(out.begin(), out.end(), [](const LdsHit& h) { return !h.hasOther; });
  out.insert(uninit, LdsHit{"race-lds", pc, otherPc, true, wave, address});
}

}  // namespace

void LdsShadow::access(const AccessLog& log, LdsUse use, unsigned slot, uint32_t waveId, uint32_t epoch,
                       uint64_t pc, std::vector<LdsHit>& out) {
  if (slot >= 16) return;
  const uint16_t me = uint16_t(1u << slot);
  const size_t before = out.size();
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
        if (otherWriters || !init) [[unlikely]] {
          if (otherWriters) addRace(out, c.writePc, pc, std::min(c.writerWave, waveId), d * 4);
          if (!init) {
            if (out.size() > before && !out.back().hasOther)
              out.back().address = std::min(out.back().address, d * 4);
            else
              out.push_back(LdsHit{"uninit-lds", pc, 0, false, waveId, d * 4});
          }
        }
        c.readers |= me;
        c.readPc = pc;
        c.readerWave = std::min(c.readerWave, waveId);
        continue;
      }
      if (c.firstWriteEpoch == kNever) c.firstWriteEpoch = epoch;
      if (use == LdsUse::Atomic) continue;
      if (otherWriters) [[unlikely]]
        addRace(out, std::max(pc, c.writePc), std::min(pc, c.writePc), std::min(c.writerWave, waveId), d * 4);
      else if (c.readers & ~me) [[unlikely]]
        addRace(out, pc, c.readPc, std::min(c.readerWave, waveId), d * 4);
      c.writers |= me;
      c.writePc = pc;
      c.writerWave = std::min(c.writerWave, waveId);
    }
  }
}

}  // namespace gcnsim::sim::check
