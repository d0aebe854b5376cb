// `gcnsim run JOB.json`: the main job — run a kernel on the simulated GPU and
// report the result memory. runJob() is the same path without the CLI, for
// tests and tools.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "frontend/job.hpp"
#include "frontend/result.hpp"
#include "sim/functional_engine.hpp"

namespace gcnsim::frontend {

struct RunOptions {
  // mode: "timing" (the cycle-approximate model, the default) or "functional".
  std::string job, result, outDir, mode = "timing", arch, logLevel = "warn";
  std::string
      config;  // timing: GPU config file (configs/*.json); empty: the kernel generation's default chip
  uint64_t maxInstructions = uint64_t{1} << 34;  // watchdog
  uint64_t maxCycles = uint64_t{1} << 40;        // timing-mode watchdog
};

struct RunOutcome {
  sim::RunStatus status;           // Fault/Watchdog: message names wave, PC and instruction
  ResultDoc doc;                   // filled when status.ok()
  double seconds = 0;              // wall time of the simulation itself
  std::vector<uint64_t> opCounts;  // executions per isa::allOps() row
  uint64_t cycles = 0;             // timing mode: simulated cycles (also doc.stats.cycles)
  std::string configName;          // timing mode: the GPU config's name
};

// Places the job's buffers and kernel in a fresh simulated GPU, runs it and
// reads back the reported buffers. Throws InputError for bad input.
RunOutcome runJob(const Job& job, const RunOptions& options);

int runCommand(const std::vector<std::string>& args);

}  // namespace gcnsim::frontend
