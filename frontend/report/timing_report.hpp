// Statistics of a timing-mode run, derived from sim::timing::TimingStats and
// the GPU config: instructions by category, IPC per CU, occupancy, K$, LDS
// bank conflicts, vector memory per level. Printed as a table (--report
// stats), as one summary line, and written to the result document's stats.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "frontend/report/result.hpp"
#include "sim/timing/gpu_config.hpp"
#include "sim/timing/timing_engine.hpp"

namespace gcnsim::frontend {

struct TimingSummary {
  uint64_t cycles = 0, instructions = 0, waves = 0;
  std::vector<std::pair<std::string, uint64_t>> byCategory;  // wave-instructions
  std::vector<double> ipcPerCu;                              // wave-instructions per cycle
  double occupancyAvg = 0;                                   // waves per SIMD, over all SIMDs and the run
  double occupancyActive = 0;  // waves per SIMD, over the CUs while they hold waves
  uint32_t occupancyMax = 0, slotsPerSimd = 0;
  uint64_t kHits = 0, kMisses = 0;
  uint64_t ldsConflictPasses = 0, ldsConflictCycles = 0;
  uint64_t kPortWaitCycles = 0;  // cycles SMEM accesses queued for a K$ port
  uint64_t vmemInstructions = 0, vmemLaneBytes = 0;
  uint64_t l1Requests = 0, l1Hits = 0, l1Misses = 0, l1Writes = 0, l1Bytes = 0;  // hits + misses: loads
  uint64_t l2Requests = 0, l2Hits = 0, l2Misses = 0, l2Bytes = 0;
  uint64_t dramReads = 0, dramBytes = 0;
};

TimingSummary summarizeTiming(const sim::timing::TimingStats& s, const sim::timing::GpuConfig& cfg);
std::string statsTable(const TimingSummary& s);
std::string statsBrief(const TimingSummary& s);  // one line for the default summary
void addSummaryToResult(const TimingSummary& s, ResultDoc& out);

}  // namespace gcnsim::frontend
