// Internal to sim/dispatch*.cpp: the pieces the serial and the parallel
// functional runs share, and the parallel run itself.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "memory/lds.hpp"
#include "sim/dispatch.hpp"

namespace gcnsim::sim {

// The waves of workgroup `index` (flat, x fastest), their scratch in slots
// firstScratchSlot.., their waveIds counted in index order.
std::vector<WaveState> makeWorkgroupWaves(const DispatchSpec& d, uint32_t index, uint32_t firstScratchSlot);
// A fresh (zeroed) LDS of the workgroup's size.
std::unique_ptr<memory::Lds> makeWorkgroupLds(const DispatchSpec& d);

// runFunctional for a kernel whose results do not depend on the workgroup
// order: `threads` workers (this thread alone when 1); see dispatch.hpp.
RunStatus runParallel(const DispatchSpec& d, const ExecEnv& env, uint64_t maxInstructions, unsigned threads,
                      DispatchStats& stats);

}  // namespace gcnsim::sim
