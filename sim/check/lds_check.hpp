// Per-workgroup LDS check, independent of the order in which the engine
// interleaves the waves: for each LDS dword, the waves that wrote and read
// it in the current barrier epoch (the number of s_barrier a wave passed;
// every wave of a workgroup runs in the same epoch, as none passes a barrier
// before all have reached it), the PCs of the last write and read, and the
// first epoch it was written in.
//  - race-lds: a write and another wave's read or write of the same dword in
//    one epoch (found whichever comes first; the finding names the write's
//    PC and the other access's PC). LDS atomics are not races.
//  - uninit-lds: a read of a dword no wave wrote in an earlier epoch and this
//    wave did not write before (a write by another wave in the same epoch
//    does not count: it is a race, and it may come after the read).
// An instruction gives one hit per distinct pair of PCs (and one uninit-lds
// hit), each with the lowest wave and the lowest racing (uninitialized)
// address among its lanes, not the first lane's: which lane's dword was found
// first depends on the order the waves ran in (tests/frontend/data/check/ldsrace.cl:
// functional mode had named 0x100 and timing mode 0xfc for one race).
#pragma once
#include <cstdint>
#include <vector>

#include "sim/exec_context.hpp"

namespace gcnsim::sim::check {

struct LdsHit {
  const char* rule = "";
  uint64_t pc = 0, otherPc = 0;  // race: pc = the write
  bool hasOther = false;
  uint32_t wave = 0;     // race: the lower wave id of the two (the lowest over the instruction's dwords)
  uint32_t address = 0;  // the lowest byte address of a dword it hit
};

enum class LdsUse : uint8_t { Read, Write, Atomic };

class LdsShadow {
 public:
  // The LDS accesses (AccessSpace::Lds entries) of one instruction of wave
  // `waveId` (index `slot` < 16 in its workgroup) in barrier epoch `epoch`;
  // appends its hits to `out` (nothing in the common case: no allocation):
  // one race-lds per distinct (pc, otherPc), then one uninit-lds.
  void access(const AccessLog& log, LdsUse use, unsigned slot, uint32_t waveId, uint32_t epoch, uint64_t pc,
              std::vector<LdsHit>& out);

 private:
  static constexpr uint32_t kNever = ~0u;
  struct Cell {
    uint32_t epoch = 0;
    uint16_t writers = 0, readers = 0;  // wave slots, this epoch
    uint32_t firstWriteEpoch = kNever;
    // The lowest wave that wrote / read it this epoch: a race names the lower wave of the two, and with
    // several writers or readers that must not depend on which came last (the engines interleave waves
    // differently: functional mode had named wave 1 where timing mode named wave 0).
    uint32_t writerWave = kNever, readerWave = kNever;
    uint64_t writePc = 0, readPc = 0;
  };
  std::vector<Cell> cells_;  // grown to the highest dword accessed
};

}  // namespace gcnsim::sim::check
