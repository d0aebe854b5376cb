// VALU throughput benchmark (hidden: run with `test_sim "[.benchmark]"`): an ALU-heavy
// loop (tests/sim/programs/valu_bench.gfx9.s, 16 VALU + 3 SALU instructions per
// iteration) through WaveHarness in the functional engine; prints wave-instructions/s.
#include <catch2/catch.hpp>

#include <chrono>

#include "tests/sim/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

TEST_CASE("VALU functional throughput", "[.benchmark][valu]") {
  WaveHarness h(Gen::GCN14);
  const uint32_t iterations = 625000;  // 10 million VALU instructions
  h.wave.sreg[0] = iterations;
  for (unsigned r = 1; r < 20; ++r)
    for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = fu(1.0f + 0.001f * static_cast<float>(l + r));
  const auto code = gcnsim::test::loadProgram("valu_bench", Gen::GCN14);
  const auto t0 = std::chrono::steady_clock::now();
  const auto st = h.run(code, 100000000);
  const auto t1 = std::chrono::steady_clock::now();
  REQUIRE(st.ok());
  const double secs = std::chrono::duration<double>(t1 - t0).count();
  const double insts = static_cast<double>(h.wave.instructionsExecuted);
  WARN("executed " << insts << " wave-instructions (" << iterations * 16.0 << " VALU) in " << secs << " s: "
                   << insts / secs / 1e6 << " M wave-instructions/s, " << iterations * 16.0 / secs / 1e6
                   << " M VALU/s");
}
