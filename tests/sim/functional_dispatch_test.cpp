// Functional dispatch pieces that the parallel run relies on: wave ids in
// workgroup index order whatever the thread count, scratch per thread.
#include <catch2/catch.hpp>

#include "sim/dispatch.hpp"

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
