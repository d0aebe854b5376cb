// One benchmark measurement: a kernel's job of a given size, loaded through
// the same frontend path `gcnsim run` uses (loadJob, runJob), run in one mode
// and timed on the simulation alone (RunOutcome::cpuSeconds, ::seconds).
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>

#include "frontend/job/job.hpp"
#include "tests/bench/bench_kernels.hpp"

namespace gcnsim::bench {

struct ModeRun {
  bool ran = false;
  std::string error;  // "wrong result: ...", a fault or watchdog message; "" when right
  uint64_t waves = 0, instructions = 0, cycles = 0;
  double cpuSeconds = 0, wallSeconds = 0;  // of one run (mean over the repetitions)
  unsigned repetitions = 0;

  bool ok() const { return ran && error.empty(); }
  double cpuNsPerInstruction() const { return cpuSeconds * 1e9 / double(instructions); }
  double millionsPerCpuSecond() const { return double(instructions) / cpuSeconds * 1e-6; }
};

// Of two rounds of one job and mode: the one of less CPU time; `b` if `a` is no round yet (a default
// ModeRun); the first error if either failed.
ModeRun fasterOf(const ModeRun& a, const ModeRun& b);

// A folder for the generated job files, removed with the object.
class JobFolder {
 public:
  JobFolder();
  ~JobFolder();
  JobFolder(const JobFolder&) = delete;
  JobFolder& operator=(const JobFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Writes the job of `kernel` on `gen` ("gfx900") with `workgroups` work-groups
// into `folder` and loads it (code object from binDir/NAME.GEN.hsaco).
frontend::Job loadBenchJob(const BenchKernel& kernel, const std::string& gen, uint32_t workgroups,
                           const std::filesystem::path& binDir, const JobFolder& folder);

// Runs `job` in `mode` ("functional" or "timing") and checks the result. A
// run shorter than `minCpuSeconds` is repeated until they add up to it (at
// most 50 runs). `threads`: see the README's --threads.
ModeRun measure(const frontend::Job& job, const BenchKernel& kernel, const std::string& mode,
                unsigned threads, double minCpuSeconds);

// Waves the timing model can hold resident at once for this job's kernel on
// its generation's default GPU (configs/): wave slots, VGPRs, SGPRs and LDS,
// by the timing model's own dispatcher filling an empty GPU.
uint64_t waveCapacity(const frontend::Job& job);

}  // namespace gcnsim::bench
