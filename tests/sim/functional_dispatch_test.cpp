// Functional dispatch pieces that the parallel run relies on: wave ids in
// workgroup index order whatever the thread count, scratch per thread.
#include <catch2/catch.hpp>

#include "memory/global_memory.hpp"
#include "sim/dispatch.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using namespace gcnsim::sim;

TEST_CASE("wavesBeforeWorkgroup counts the waves of every lower-index workgroup, partial ones included",
          "[sim][dispatch][threads]") {
  struct Shape {
    std::array<uint32_t, 3> grid, workgroup;
  };
  // Partial last workgroups in each dimension, waves of 1-2 per workgroup, a single workgroup.
  for (const Shape& s :
       {Shape{{1000, 1, 1}, {64, 1, 1}}, Shape{{37, 21, 5}, {8, 8, 2}}, Shape{{100, 50, 9}, {16, 5, 3}},
        Shape{{5, 1, 1}, {128, 1, 1}}, Shape{{70, 70, 3}, {10, 10, 1}}}) {
    DispatchSpec d;
    d.grid = s.grid;
    d.workgroup = s.workgroup;
    INFO(s.grid[0] << "x" << s.grid[1] << "x" << s.grid[2]);
    const auto c = workgroupCounts(d);
    uint64_t expected = 0, index = 0;
    for (uint32_t z = 0; z < c[2]; ++z)
      for (uint32_t y = 0; y < c[1]; ++y)
        for (uint32_t x = 0; x < c[0]; ++x, ++index) {
          REQUIRE(wavesBeforeWorkgroup(d, index) == expected);
          // This workgroup's work-items, from the grid edge (HSA partial workgroups).
          uint64_t items = 1;
          const uint32_t pos[3] = {x, y, z};
          for (int i = 0; i < 3; ++i)
            items *= std::min<uint64_t>(d.workgroup[i], d.grid[i] - uint64_t{pos[i]} * d.workgroup[i]);
          expected += (items + 63) / 64;
        }
    CHECK(wavesBeforeWorkgroup(d, index) == expected);  // one past the last: every wave
  }
}

TEST_CASE("functionalScratchBytes holds one workgroup per thread", "[sim][dispatch][threads]") {
  DispatchSpec d;
  d.workgroup = {130, 1, 1};  // 3 waves
  d.scratchBytesPerLane = 16;
  CHECK(functionalScratchBytes(d) == 3 * 16 * 64);
  CHECK(functionalScratchBytes(d, 4) == 4 * 3 * 16 * 64);
}

// tests/sim/programs/scratch_start_zero.gfx9.s: every lane reads its scratch
// dword before writing workgroup id + 1 there. Private memory starts as zero
// for each workgroup, so every read is 0 -- on any thread count (without
// the clearing, workgroup k would read k, the value its slot's previous
// workgroup left, on one thread).
TEST_CASE("functional mode: every workgroup's private memory starts as zero, for any thread count",
          "[sim][dispatch][threads]") {
  constexpr uint32_t kWorkgroups = 24;
  for (unsigned threads : {1u, 2u, 4u}) {
    INFO(threads << " threads");
    memory::GlobalMemory mem(1ull << 30);
    ExecEnv env;
    env.global = &mem;
    DispatchSpec d = test::programDispatch(mem, "scratch_start_zero", isa::Gen::GCN14);
    d.grid = {64 * kWorkgroups, 1, 1};
    d.workgroup = {64, 1, 1};
    d.vgprs = 8;
    d.scratchBytesPerLane = 4;
    d.scratchBase = mem.allocate(functionalScratchBytes(d, threads), 256, "scratch");
    const uint64_t out = mem.allocate(kWorkgroups * 256, 256, "out");
    std::vector<uint32_t> marker(kWorkgroups * 64, 0xdeadbeef);
    mem.write(out, marker.data(), marker.size() * 4);
    d.sgprs = {{0, SgprInit::ScratchWaveBaseLo, 0},
               {1, SgprInit::ScratchWaveBaseHi, 0},
               {2, SgprInit::Value, uint32_t(out)},
               {3, SgprInit::Value, uint32_t(out >> 32)},
               {4, SgprInit::WorkgroupIdX, 0}};
    d.vgprsInit = {{0, VgprInit::WorkitemIdX, 0}};
    DispatchStats stats;
    const RunStatus st = runFunctional(d, env, 1'000'000, stats, threads);
    REQUIRE(st.ok());
    std::vector<uint32_t> got(kWorkgroups * 64);
    mem.read(out, got.data(), got.size() * 4);
    CHECK(got == std::vector<uint32_t>(kWorkgroups * 64, 0));
  }
}
