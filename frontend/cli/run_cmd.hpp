// `gcnsim run JOB.json`: the main job — run a kernel on the simulated GPU and
// report the result memory. runJob() is the same path without the CLI, for
// tests and tools.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/job/job.hpp"
#include "frontend/report/profile_report.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/stall_profile.hpp"
#include "frontend/report/timing_report.hpp"
#include "sim/check/checker.hpp"
#include "sim/functional_engine.hpp"
#include "sim/run_control.hpp"

namespace gcnsim::frontend {

// std::thread::hardware_concurrency(), at least 1.
unsigned defaultThreads();
// The value of --threads: 1 to kMaxThreads (device.hpp); InputError "--threads: ..." otherwise.
unsigned parseThreads(const std::string& text);

struct RunOptions {
  // mode: "timing" (the cycle-approximate model, the default) or "functional".
  std::string job, result, outDir, mode = "timing", arch, logLevel = "warn";
  std::string
      config;  // timing: GPU config file (configs/*.json); empty: the kernel generation's default chip
  // Watchdog (README "Watchdog"); unset: the defaults scaled to the grid (defaultMaxInstructions).
  std::optional<uint64_t> maxInstructions;
  std::optional<uint64_t> maxCycles;     // timing mode
  std::vector<std::string> sets;         // --set KEY=VALUE config overrides (timing mode)
  bool quiet = false, progress = false;  // --quiet, --progress (the progress line; README "Progress")
  sim::RunControl* control = nullptr;    // stop flag and progress counters for the engines
  // Timing mode only (README "Traces and profiles"):
  std::string trace, traceFormat = "text";  // --trace FILE, --trace-format text|jsonl|chrome
  std::string traceWaves, traceCycles;      // --trace-waves 0,3,8-11, --trace-cycles FROM:TO ("": all)
  std::optional<uint32_t> traceCu;          // --trace-cu N
  std::vector<std::string> reports;         // --report stalls|listing|lines|stats (printed in this order)
  std::string reportFormat = "text";        // --report-format text|json|csv
  Limits limits;                            // --max-file-bytes, --max-buffer-bytes, ... (README "Limits")
  bool readBuffers = true;                  // fill doc.buffers (the CLI: only for --result or --out)
  // Functional mode: threads running workgroups (README "Threads"); timing
  // mode runs on one thread for now.
  unsigned threads = defaultThreads();
  // --check hazards,races,uninit,bounds|all and --check-fatal (README "Checks").
  sim::check::CheckOptions checks;
};

struct RunOutcome {
  sim::RunStatus status;                 // Fault/Watchdog/Interrupted: message names wave, PC and instruction
  ResultDoc doc;                         // always filled: for a stopped run, with what ran (doc.status)
  double seconds = 0;                    // wall time of the simulation itself
  double cpuSeconds = 0;                 // process CPU time (all threads) of the simulation itself
  std::vector<uint64_t> opCounts;        // executions per isa::allOps() row
  uint64_t cycles = 0;                   // timing mode: simulated cycles (also doc.stats.cycles)
  std::string configName;                // timing mode: the GPU config's name
  std::optional<TimingSummary> summary;  // timing mode: statistics
  std::shared_ptr<StallProfile> profile;  // with --report stalls or listing
  std::vector<ListingLine> listing;       // with --report listing or lines: the kernel's instructions
  unsigned threads = 1;                   // threads that ran workgroups
  uint64_t dispatches = 1;                // dispatches that ran (a job with steps: any number)
  std::string singleThreadReason;         // why one thread only ("": it was not limited)
  // With --check: the checker, holding its findings.
  std::shared_ptr<sim::check::Checker> checker;
};

// Places the job's buffers and kernel in a fresh simulated GPU, runs it and
// reads back the reported buffers. Throws InputError for bad input. The job
// is taken by value: its buffers' bytes become the simulated memory (pass
// std::move(job) to avoid a copy).
RunOutcome runJob(Job job, const RunOptions& options);

// The default watchdog limits for a grid of `waves` waves: 2^24 wave-instructions
// per wave, at least 2^30 in all (at most 2^52); and 2^13 cycles per
// instruction of that budget (at most 2^62).
uint64_t defaultMaxInstructions(uint64_t waves);
uint64_t defaultMaxCycles(uint64_t maxInstructions);

// "ok", "fault", "watchdog" or "interrupted": the result document's "status".
const char* statusName(sim::RunStatus::Kind kind);

// SGPRs each wave of a kernel holds in timing mode (the timing model's
// SGPR-file allocation): the descriptor's granulated count (AMDGPUUsage.rst
// compute_pgm_rsrc1; `info` of a code object's kernel), or a raw kernel's
// "sgprs" (default 104 on GCN 1.0/1.1, 102 on GCN 1.2/1.4).
uint32_t sgprsPerWave(const KernelSpec& kernel, const KernelInfo* info);
inline uint32_t sgprsPerWave(const Job& job) {
  return sgprsPerWave(job.kernel, job.codeObject ? &job.kernelInfo() : nullptr);
}

int runCommand(const std::vector<std::string>& args);

}  // namespace gcnsim::frontend
