// VALU throughput benchmark (hidden: run with `test_sim "[.benchmark]"`): an ALU-heavy
// loop (tests/sim/programs/valu_bench.gfx9.s, 16 VALU + 3 SALU instructions per
// iteration) through WaveHarness in the functional engine. Prints wave-instructions
// per second of this process's CPU time (CLOCK_PROCESS_CPUTIME_ID, so the figure does
// not depend on how loaded the machine is) and of wall-clock time. Issue 3 target:
// >= 20 M wave-instructions per CPU second on one core.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {
double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
}  // namespace

TEST_CASE("VALU functional throughput", "[.benchmark][valu]") {
  // Five runs of 125000 iterations (2 million VALU instructions each); the best
  // run is the figure (the machine is shared: slower runs measure the
  // neighbours), the median is printed beside it. GCNSIM_BENCH_ITERATIONS
  // overrides the iterations per run (e.g. a short run under callgrind).
  const char* env = std::getenv("GCNSIM_BENCH_ITERATIONS");
  const uint32_t iterations = env ? static_cast<uint32_t>(std::strtoul(env, nullptr, 10)) : 125000;
  const auto code = gcnsim::test::loadProgram("valu_bench", Gen::GCN14);
  const int runs = env ? 1 : 5;
  std::vector<double> cpuTimes;
  double insts = 0, bestWall = 1e30;
  for (int run = 0; run < runs; ++run) {
    WaveHarness h(Gen::GCN14);
    h.wave.sreg[0] = iterations;
    for (unsigned r = 1; r < 20; ++r)
      for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = fu(1.0f + 0.001f * static_cast<float>(l + r));
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpuSeconds();
    const auto st = h.run(code, 100000000);
    const double c1 = cpuSeconds();
    const auto t1 = std::chrono::steady_clock::now();
    REQUIRE(st.ok());
    insts = static_cast<double>(h.wave.instructionsExecuted);
    REQUIRE(insts == iterations * 19.0 + 1);
    cpuTimes.push_back(c1 - c0);
    bestWall = std::min(bestWall, std::chrono::duration<double>(t1 - t0).count());
  }
  std::sort(cpuTimes.begin(), cpuTimes.end());
  const double best = cpuTimes.front(), median = cpuTimes[cpuTimes.size() / 2];
  WARN("executed " << insts << " wave-instructions (" << iterations * 16.0 << " VALU) per run, best of "
                   << runs << ": " << insts / best / 1e6 << " M wave-instructions per CPU second (median "
                   << insts / median / 1e6 << "; " << iterations * 16.0 / best / 1e6 << " M VALU/s; "
                   << insts / bestWall / 1e6 << " M/s wall)");
}
