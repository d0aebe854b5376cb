// The benchmark's result guard: each kernel's CPU reference accepts the
// simulator's result of a small grid in both modes, and rejects that result
// with one element changed (a benchmark of a wrong run must say so).
#include <spdlog/spdlog.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "frontend/cli/run_cmd.hpp"
#include "tests/bench/bench_kernels.hpp"
#include "tests/bench/bench_run.hpp"
#include "tests/bench/bench_speedup.hpp"

using namespace gcnsim;
using namespace gcnsim::bench;

namespace {

const std::filesystem::path kBinDir = std::filesystem::path(GCNSIM_BENCH_DIR) / "kernels" / "bin";

// Replaces float element `index` of the result's first buffer by change(element).
void corrupt(frontend::ResultDoc& doc, size_t index, float (*change)(float)) {
  std::vector<uint8_t>& bytes = doc.buffers.at(0).bytes;
  float v = 0;
  std::memcpy(&v, bytes.data() + index * sizeof v, sizeof v);
  v = change(v);
  std::memcpy(bytes.data() + index * sizeof v, &v, sizeof v);
}

frontend::RunOutcome run(const frontend::Job& job, const char* mode) {
  spdlog::set_level(spdlog::level::warn);
  frontend::RunOptions opt;
  opt.mode = mode;
  return frontend::runJob(job, opt);
}

}  // namespace

TEST_CASE("every kernel's reference accepts the simulator's result and rejects a changed one") {
  const JobFolder folder;
  for (const BenchKernel& k : benchKernels())
    for (const char* gen : {"gfx900", "gfx600"})
      for (const char* mode : {"functional", "timing"}) {
        INFO(k.name << " " << gen << " " << mode);
        const frontend::Job job = loadBenchJob(k, gen, 16, kBinDir, folder);
        const frontend::RunOutcome out = run(job, mode);
        REQUIRE(out.status.ok());
        CHECK(out.doc.stats.waves == 16 * kWavesPerWorkgroup);
        CHECK(k.check(job, out.doc).empty());
        frontend::ResultDoc changed = out.doc;
        corrupt(changed, 5, [](float v) { return v + 1.0f; });
        CHECK(k.check(job, changed).find("[5] is") != std::string::npos);
      }
}

TEST_CASE("the bit-exact references reject a result one ulp off") {
  const JobFolder folder;
  for (const BenchKernel& k : benchKernels()) {
    if (std::string(k.name) != "fma_loop" && std::string(k.name) != "lds_reduction") continue;
    INFO(k.name);
    const frontend::Job job = loadBenchJob(k, "gfx900", 16, kBinDir, folder);
    frontend::RunOutcome out = run(job, "functional");
    REQUIRE(out.status.ok());
    corrupt(out.doc, 3, [](float v) { return std::nextafter(v, INFINITY); });
    CHECK(k.check(job, out.doc).find("[3] is") != std::string::npos);
  }
}

TEST_CASE("sizes step by sqrt(10) over 100x, in multiples of 16 work-groups") {
  const std::array<uint32_t, 5> s = benchSizes(1);
  CHECK(s == std::array<uint32_t, 5>{64, 208, 640, 2016, 6400});  // 64 * 10^(i/2) to the nearest 16
  for (uint32_t v : benchSizes(0.3)) CHECK(v % 16 == 0);
}

TEST_CASE("the wave capacity is the config's wave slots when registers and LDS allow") {
  const JobFolder folder;
  // saxpy uses few VGPRs and no LDS: every slot (vega10 64 CUs x 4 SIMDs x
  // 10; tahiti 32 x 4 x 10, configs/*.json).
  CHECK(waveCapacity(loadBenchJob(benchKernels()[2], "gfx900", 16, kBinDir, folder)) == 2560);
  CHECK(waveCapacity(loadBenchJob(benchKernels()[2], "gfx600", 16, kBinDir, folder)) == 1280);
}

// --speedup reports a thread count that changed what was simulated instead of a speedup.
TEST_CASE("speedup: runs on 1 and N threads must agree on wave-instructions and cycles") {
  ModeRun one, many;
  one.ran = many.ran = true;
  one.instructions = many.instructions = 1000;
  one.cycles = many.cycles = 5000;
  CHECK(disagreement(one, many, 2).empty());
  many.cycles = 5004;
  CHECK(disagreement(one, many, 2) == "cycles differ: 5000 on 1 thread, 5004 on 2");
  many.instructions = 999;
  CHECK(disagreement(one, many, 4) == "wave-instructions differ: 1000 on 1 thread, 999 on 4");
  SpeedupRun f, t;
  t.error = "cycles differ: 5000 on 1 thread, 5004 on 2";
  f.ran = true, f.oneWall = 1.0, f.manyWall = 0.5;
  CHECK(f.speedup() == 2.0);
  const std::string row = speedupRow("saxpy", "gfx900", 64, f, t);
  CHECK(row.find("2.00x") != std::string::npos);
  CHECK(row.find("timing: cycles differ") != std::string::npos);
  CHECK(speedupTarget(2) == 1.7);
  CHECK_FALSE(speedupTarget(4).has_value());
}

TEST_CASE("rounds: each mode keeps its round of least CPU time, and the first error") {
  ModeRun none, fast, slow, failed, failedLater;
  fast.ran = slow.ran = true;
  fast.cpuSeconds = 0.5, fast.wallSeconds = 0.6;
  slow.cpuSeconds = 0.7, slow.wallSeconds = 0.4;  // (the CPU time decides, not the wall time)
  failed.error = "wrong result: element 3";
  failedLater.ran = true, failedLater.error = "a fault";
  CHECK(fasterOf(none, slow).cpuSeconds == 0.7);  // the first round
  CHECK(fasterOf(slow, fast).cpuSeconds == 0.5);
  CHECK(fasterOf(fast, slow).cpuSeconds == 0.5);
  CHECK(fasterOf(none, failed).error == "wrong result: element 3");
  CHECK(fasterOf(failed, fast).error == "wrong result: element 3");
  CHECK(fasterOf(fast, failedLater).error == "a fault");
  CHECK(fasterOf(failed, failedLater).error == "wrong result: element 3");
}

// The speedup of a real job: the kernel's result is checked on both thread counts, and they agree.
TEST_CASE("speedup: saxpy on 1 and 2 threads gives the same cycles in timing mode") {
  spdlog::set_level(spdlog::level::warn);
  const JobFolder folder;
  const auto all = benchKernels();
  const auto saxpy = std::find_if(all.begin(), all.end(),
                                  [](const BenchKernel& k) { return std::string(k.name) == "saxpy"; });
  REQUIRE(saxpy != all.end());
  const frontend::Job job = loadBenchJob(*saxpy, "gfx900", 32, kBinDir, folder);
  const SpeedupRun r = measureSpeedup(job, *saxpy, "timing", 2, 1, 0);
  INFO(r.error);
  REQUIRE(r.ok());
  CHECK(r.cycles > 0);
  CHECK(r.instructions ==
        32 * kWavesPerWorkgroup * 30);  // saxpy's 30 instructions a wave (every lane in range)
}
