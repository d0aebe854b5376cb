// Loading, running and checking one benchmark job (bench_run.hpp).
#include "tests/bench/bench_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/common/error.hpp"
#include "sim/timing/dispatcher.hpp"

namespace gcnsim::bench {

namespace fs = std::filesystem;

JobFolder::JobFolder() : path_(fs::temp_directory_path() / ("gcnsim_bench_" + std::to_string(::getpid()))) {
  fs::create_directories(path_);
}

JobFolder::~JobFolder() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

frontend::Job loadBenchJob(const BenchKernel& kernel, const std::string& gen, uint32_t workgroups,
                           const fs::path& binDir, const JobFolder& folder) {
  const std::string base = std::string(kernel.name) + "." + gen;
  const fs::path hsaco = fs::absolute(binDir / (base + ".hsaco"));
  const fs::path jobPath = folder.path() / (base + "." + std::to_string(workgroups) + ".json");
  {
    std::ofstream f(jobPath);
    f << kernel.job(workgroups, hsaco.string()).dump();
    if (!f) throw frontend::InputError(jobPath.string() + ": cannot write the job file");
  }
  frontend::Job job = frontend::loadJob(jobPath);
  fs::remove(jobPath);
  return job;
}

ModeRun measure(const frontend::Job& job, const BenchKernel& kernel, const std::string& mode,
                unsigned threads, double minCpuSeconds) {
  frontend::RunOptions opt;
  opt.mode = mode;
  opt.threads = threads;  // workgroups (functional) or CU groups (timing) on this many threads
  ModeRun r;
  double cpu = 0, wall = 0;
  do {
    const frontend::RunOutcome out = frontend::runJob(job, opt);
    if (!out.status.ok()) {
      r.error = out.status.message;
      return r;
    }
    if (r.repetitions == 0) {
      r.ran = true;
      r.waves = out.doc.stats.waves;
      r.instructions = out.doc.stats.instructions;
      r.cycles = out.cycles;
      const std::string wrong = kernel.check(job, out.doc);
      if (!wrong.empty()) {
        r.error = "wrong result: " + wrong;
        return r;
      }
    }
    cpu += out.cpuSeconds;
    wall += out.seconds;
    ++r.repetitions;
  } while (cpu < minCpuSeconds && r.repetitions < 50);
  r.cpuSeconds = cpu / r.repetitions;
  r.wallSeconds = wall / r.repetitions;
  return r;
}

ModeRun fasterOf(const ModeRun& a, const ModeRun& b) {
  if (!a.ran && a.error.empty()) return b;  // no round yet
  if (!a.error.empty()) return a;
  if (!b.error.empty()) return b;
  return b.cpuSeconds < a.cpuSeconds ? b : a;
}

uint64_t waveCapacity(const frontend::Job& job) {
  const sim::timing::GpuConfig cfg = sim::timing::defaultConfig(job.kernel.arch.gen);
  const frontend::KernelInfo& k = job.kernelInfo();
  const uint32_t waveSlots = cfg.cus * cfg.cu.simds * cfg.cu.waveSlotsPerSimd;
  const uint32_t wgItems = job.workgroup[0] * job.workgroup[1] * job.workgroup[2];
  sim::timing::WorkgroupSource src;
  src.count = waveSlots + 1;  // more work-groups than can ever be resident
  src.ldsBytes = k.groupSegmentSize + uint32_t(job.dynamicLdsBytes());
  // VGPRs per wave as the launch computes them (kernel_launch.cpp, AMDGPUUsage.rst compute_pgm_rsrc1).
  src.vgprsPerWave = std::min(256u, (k.kd.granulatedWorkitemVgprCount + 1u) * 4u);
  src.sgprsPerWave = frontend::sgprsPerWave(job);
  src.wavesIn = [&](uint32_t) { return (wgItems + 63) / 64; };
  sim::timing::Dispatcher d(cfg);
  if (!d.start(src).empty()) return 0;
  uint64_t waves = 0;
  while (d.placeWorkgroups([&](const sim::timing::Placement& p) { waves += p.simd.size(); })) {
  }
  return waves;
}

}  // namespace gcnsim::bench
