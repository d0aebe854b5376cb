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
// firstScratchSlot.., their waveIds counted in index order, written over
// `waves` (the last workgroup's, or empty): fresh states in the VGPR storage
// they leave, so that a run allocates nothing per workgroup.
void reuseWorkgroupWaves(std::vector<WaveState>& waves, const DispatchSpec& d, uint32_t index,
                         uint32_t firstScratchSlot);
// A fresh (zeroed) LDS of the workgroup's size in `lds` (the last
// workgroup's, zeroed in place, or null: a new one).
void reuseWorkgroupLds(std::unique_ptr<memory::Lds>& lds, const DispatchSpec& d);
// Zeroes the scratch of the workgroup whose waves use slots firstSlot..:
// private memory starts as zero for every workgroup, so what a kernel reads
// before writing it does not depend on which workgroup ran in the slot before
// (and so not on the thread count).
void clearWorkgroupScratch(const DispatchSpec& d, uint32_t firstSlot, memory::GlobalMemory& mem);

// runFunctional for a kernel whose results do not depend on the workgroup
// order: `threads` workers (this thread alone when 1); see dispatch.hpp.
RunStatus runParallel(const DispatchSpec& d, const ExecEnv& env, uint64_t maxInstructions, unsigned threads,
                      DispatchStats& stats, RunControl* control = nullptr);

}  // namespace gcnsim::sim
