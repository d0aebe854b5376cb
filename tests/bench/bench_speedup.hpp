// The benchmark's thread speedup (gcnsim_bench --speedup N): wall time of a
// job on one thread against N threads, in each mode, for issue 12's "with 2
// threads on a 2-core machine, functional and timing wall time on the
// largest sizes drop by >= 1.7x".
//
// Why rounds: on a shared machine a slow spell of a few hundred
// milliseconds moves one wall time by tens of percent. The one- and N-thread
// runs alternate, round after round, so that such a spell falls on both,
// and each keeps its fastest round (the least disturbed). The runs of a
// pair must agree on cycles and wave-instructions (a thread count changes
// neither), and each result is checked against the CPU reference; a
// disagreement is reported instead of a speedup.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tests/bench/bench_run.hpp"

namespace gcnsim::bench {

struct SpeedupRun {
  bool ran = false;
  std::string error;                 // a run's error, or the 1- and N-thread runs disagreeing
  double oneWall = 0, manyWall = 0;  // seconds: the fastest round of each
  uint64_t cycles = 0, instructions = 0;

  bool ok() const { return ran && error.empty(); }
  double speedup() const { return oneWall / manyWall; }
};

// `rounds` rounds of measure(job, mode, 1 thread) and measure(job, mode, `threads`).
SpeedupRun measureSpeedup(const frontend::Job& job, const BenchKernel& kernel, const std::string& mode,
                          unsigned threads, unsigned rounds, double minCpuSeconds);

// The 1- and N-thread runs' agreement: "" or what differs (cycles of a timing run, wave-instructions).
std::string disagreement(const ModeRun& one, const ModeRun& many, unsigned threads);

// Issue 12's target for 2 threads; other thread counts have none.
std::optional<double> speedupTarget(unsigned threads);

std::string speedupHeader(unsigned threads);
std::string speedupRow(const std::string& kernel, const std::string& gen, uint32_t workgroups,
                       const SpeedupRun& functional, const SpeedupRun& timing);
// The largest size's speedups of a kernel x generation against the target.
std::string speedupSummary(const std::string& kernel, const std::string& gen, uint32_t workgroups,
                           const SpeedupRun& functional, const SpeedupRun& timing, unsigned threads);
nlohmann::ordered_json speedupJson(const SpeedupRun& r);

}  // namespace gcnsim::bench
