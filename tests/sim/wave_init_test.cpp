// A wave's initial state (sim/dispatch.hpp initWave), checked lane by lane
// against the HSA definition worked out here by division: flat work-item
// index f = wave * 64 + lane within a workgroup of a[0] x a[1] x a[2] items
// (smaller at the grid edge) has ids x = f % a[0], y = f / a[0] % a[1],
// z = f / (a[0] * a[1]); lanes past the workgroup's last item are off in EXEC
// and read 0 (AMDGPUUsage.rst "Initial Kernel Execution State").
#include <catch2/catch.hpp>

#include "sim/dispatch.hpp"

using namespace gcnsim;
using namespace gcnsim::sim;

namespace {

struct Shape {
  std::array<uint32_t, 3> grid, workgroup;
};

// Work-items of workgroup `id` per dimension (the grid's remainder at its edge).
std::array<uint32_t, 3> itemsOf(const Shape& s, const std::array<uint32_t, 3>& id) {
  std::array<uint32_t, 3> a{};
  for (int i = 0; i < 3; ++i) a[i] = std::min(s.workgroup[i], s.grid[i] - id[i] * s.workgroup[i]);
  return a;
}

DispatchSpec specOf(const Shape& s) {
  DispatchSpec d;
  d.entryPc = 0x4000;
  d.vgprs = 8;
  d.grid = s.grid;
  d.workgroup = s.workgroup;
  d.sgprs = {{0, SgprInit::Value, 0x1234},
             {4, SgprInit::WorkgroupIdX, 0},
             {5, SgprInit::WorkgroupIdY, 0},
             {6, SgprInit::WorkgroupIdZ, 0},
             {7, SgprInit::WorkgroupInfo, 0}};
  // v7 is written twice: the later entry wins on every lane, dead lanes included.
  d.vgprsInit = {{0, VgprInit::WorkitemIdX, 0}, {1, VgprInit::WorkitemIdY, 0},
                 {2, VgprInit::WorkitemIdZ, 0}, {3, VgprInit::WorkitemIdPacked, 0},
                 {5, VgprInit::Value, 0xabcd},  {7, VgprInit::Value, 0x5555},
                 {7, VgprInit::WorkitemIdX, 0}, {9, VgprInit::WorkitemIdX, 0}};  // v9: not allocated
  return d;
}

// Every lane of every register, against the definition above.
void checkWave(const WaveState& w, const Shape& s, const std::array<uint32_t, 3>& id, uint32_t wave) {
  const auto a = itemsOf(s, id);
  const uint32_t items = a[0] * a[1] * a[2];
  INFO("workgroup " << id[0] << "," << id[1] << "," << id[2] << " wave " << wave);
  CHECK(w.pc == 0x4000);
  CHECK(w.status == WaveStatus::Running);
  CHECK(w.sreg[0] == 0x1234);
  CHECK(w.sreg[4] == id[0]);
  CHECK(w.sreg[5] == id[1]);
  CHECK(w.sreg[6] == id[2]);
  CHECK(w.sreg[7] == ((wave == 0 ? 1u << 31 : 0u) | (items + 63) / 64));
  CHECK(w.sreg[8] == 0);
  uint64_t exec = 0;
  for (uint32_t lane = 0; lane < kWaveSize; ++lane) {
    const uint32_t f = wave * kWaveSize + lane;
    const bool on = f < items;
    if (on) exec |= uint64_t{1} << lane;
    const uint32_t x = on ? f % a[0] : 0, y = on ? f / a[0] % a[1] : 0, z = on ? f / (a[0] * a[1]) : 0;
    INFO("lane " << lane);
    CHECK(w.v(0)[lane] == x);
    CHECK(w.v(1)[lane] == y);
    CHECK(w.v(2)[lane] == z);
    CHECK(w.v(3)[lane] == (x | y << 10 | z << 20));
    CHECK(w.v(4)[lane] == 0);
    CHECK(w.v(5)[lane] == 0xabcd);
    CHECK(w.v(6)[lane] == 0);
    CHECK(w.v(7)[lane] == x);
  }
  CHECK(w.exec() == exec);
}

}  // namespace

TEST_CASE("initWave: work-item ids, EXEC and system SGPRs of every wave match the HSA numbering",
          "[sim][dispatch]") {
  // 1-D (whole and partial waves), 2-D rows shorter and longer than a wave, 3-D, partial
  // workgroups in every dimension, rows that end inside a wave.
  for (const Shape& s :
       {Shape{{1000, 1, 1}, {256, 1, 1}}, Shape{{70, 5, 1}, {8, 8, 1}}, Shape{{37, 21, 5}, {8, 8, 2}},
        Shape{{100, 50, 9}, {16, 5, 3}}, Shape{{300, 3, 1}, {100, 2, 1}}, Shape{{7, 5, 3}, {7, 5, 3}}}) {
    const auto count = workgroupCounts(specOf(s));
    const DispatchSpec d = specOf(s);
    // One state reused for every wave, as the timing model's wave slots do: nothing of the last wave
    // may show through.
    WaveState w = makeWave(d, {0, 0, 0}, 0, 0);
    for (uint32_t z = 0; z < count[2]; ++z)
      for (uint32_t y = 0; y < count[1]; ++y)
        for (uint32_t x = 0; x < count[0]; ++x) {
          const std::array<uint32_t, 3> id{x, y, z};
          const auto a = itemsOf(s, id);
          for (uint32_t wave = 0; wave < wavesPerWorkgroup(a); ++wave) {
            for (uint32_t r = 0; r < d.vgprs; ++r) std::fill_n(w.v(r), kWaveSize, 0xdeadbeef);
            w.sreg.fill(0x77777777);
            initWave(w, d, id, wave, 0);
            checkWave(w, s, id, wave);
          }
        }
  }
}
