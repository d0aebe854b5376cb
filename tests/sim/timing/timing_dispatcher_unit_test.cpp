// The dispatcher (sim/timing/dispatcher.hpp) on its own: placement rule,
// resource accounting, in-order waiting, retirement. No waves run here; the
// whole-model dispatch tests are timing_dispatch_test.cpp.
#include <catch2/catch.hpp>
#include <vector>

#include "sim/timing/dispatcher.hpp"

using namespace gcnsim;
using sim::timing::Dispatcher;
using sim::timing::GpuConfig;
using sim::timing::Placement;
using sim::timing::WorkgroupSource;

namespace {

// A placement copied out of the callback (its spans are only valid there).
struct Placed {
  uint32_t cu = 0, index = 0, ldsAlloc = 0;
  std::vector<uint32_t> simd, slot, scratch;
};

WorkgroupSource source(uint32_t count, uint32_t waves, uint32_t vgprs = 4, uint32_t sgprs = 8,
                       uint32_t lds = 0) {
  WorkgroupSource s;
  s.count = count;
  s.vgprsPerWave = vgprs;
  s.sgprsPerWave = sgprs;
  s.ldsBytes = lds;
  s.wavesIn = [waves](uint32_t) { return waves; };
  return s;
}

std::vector<Placed> place(Dispatcher& d) {
  std::vector<Placed> out;
  d.placeWorkgroups([&out](const Placement& p) {
    out.push_back({p.cu,
                   p.index,
                   p.ldsAlloc,
                   {p.simd.begin(), p.simd.end()},
                   {p.slot.begin(), p.slot.end()},
                   {p.scratch.begin(), p.scratch.end()}});
  });
  return out;
}

}  // namespace

TEST_CASE("dispatcher: waves go to the SIMD with the most free slots, lowest index on ties",
          "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 1;
  const WorkgroupSource src = source(1, 6);
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  const std::vector<Placed> p = place(d);
  REQUIRE(p.size() == 1);
  CHECK(p[0].simd == std::vector<uint32_t>{0, 1, 2, 3, 0, 1});
  CHECK(p[0].slot == std::vector<uint32_t>{0, 0, 0, 0, 1, 1});
  // Scratch slot (cu * simds + simd) * slots_per_simd + slot.
  CHECK(p[0].scratch == std::vector<uint32_t>{0, 10, 20, 30, 1, 11});
  CHECK(d.freeSlots(0, 0) == 8);
  CHECK(d.freeSlots(0, 2) == 9);
  CHECK(d.freeVgprs(0, 0) == 256 - 2 * 4);
  CHECK(d.freeSgprs(0, 3) == 512 - 8);
}

TEST_CASE("dispatcher: a SIMD with fewer free slots is passed over until the others catch up",
          "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 1;
  cfg.workgroupsPerCycle = 2;
  const WorkgroupSource src = source(2, 3);
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  const std::vector<Placed> p = place(d);
  REQUIRE(p.size() == 2);
  CHECK(p[0].simd == std::vector<uint32_t>{0, 1, 2});
  CHECK(p[1].simd == std::vector<uint32_t>{3, 0, 1});  // SIMD 3 had the most free slots
}

TEST_CASE("dispatcher: simdOf pins waves (modulo the SIMD count)", "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 1;
  WorkgroupSource src = source(1, 4);
  src.simdOf = {2, 2, 5, 0};
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  const std::vector<Placed> p = place(d);
  REQUIRE(p.size() == 1);
  CHECK(p[0].simd == std::vector<uint32_t>{2, 2, 1, 0});
  CHECK(p[0].slot == std::vector<uint32_t>{0, 1, 0, 0});
}

TEST_CASE("dispatcher: a pinned wave whose SIMD is full keeps the workgroup off the CU",
          "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 1;
  cfg.cu.waveSlotsPerSimd = 2;
  WorkgroupSource src = source(1, 3);
  src.simdOf = {1, 1, 1};
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  CHECK(place(d).empty());
  CHECK_FALSE(d.mayPlace());
  CHECK(d.pending());
  CHECK(d.residentWorkgroups() == 0);
  CHECK(d.doesNotFitMessage().find("workgroup 0 (3 waves") != std::string::npos);
  CHECK(d.freeSlots(0, 1) == 2);  // nothing reserved by the failed attempt
}

TEST_CASE("dispatcher: workgroups go round robin over the CUs", "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 3;
  cfg.workgroupsPerCycle = 4;
  const WorkgroupSource src = source(5, 1);
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  std::vector<Placed> p = place(d);
  REQUIRE(p.size() == 4);  // workgroups_per_cycle a call
  CHECK(p[0].cu == 0);
  CHECK(p[1].cu == 1);
  CHECK(p[2].cu == 2);
  CHECK(p[3].cu == 0);
  CHECK(p[3].index == 3);
  CHECK(p[3].scratch == std::vector<uint32_t>{10});  // CU 0, SIMD 1, slot 0
  p = place(d);
  REQUIRE(p.size() == 1);
  CHECK(p[0].cu == 1);
  CHECK_FALSE(d.pending());
  CHECK(d.residentWorkgroups() == 5);
  CHECK_FALSE(d.done());
}

TEST_CASE("dispatcher: a workgroup that does not fit waits, and so do later ones, until a wave retires",
          "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 1;
  cfg.workgroupsPerCycle = 8;
  // 40 KB of LDS each: the second does not fit the CU's 64 KB next to the first.
  const WorkgroupSource src = source(3, 2, 4, 8, 40 * 1024);
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  std::vector<Placed> p = place(d);
  REQUIRE(p.size() == 1);
  CHECK(p[0].ldsAlloc == 40 * 1024);
  CHECK(d.freeLds(0) == 24 * 1024);
  CHECK_FALSE(d.mayPlace());
  // A wave retires: worth another try, but the LDS is still held.
  d.retireWave(0, p[0].simd[0], p[0].slot[0]);
  CHECK(d.mayPlace());
  CHECK(place(d).empty());
  CHECK_FALSE(d.mayPlace());
  // The last wave retires and the workgroup frees its LDS: the next one fits.
  d.retireWave(0, p[0].simd[1], p[0].slot[1]);
  d.retireWorkgroup(0, p[0].ldsAlloc);
  CHECK(d.freeLds(0) == 64 * 1024);
  CHECK(d.residentWorkgroups() == 0);
  p = place(d);
  REQUIRE(p.size() == 1);
  CHECK(p[0].index == 1);
  CHECK(p[0].slot == std::vector<uint32_t>{0, 0});  // the freed slots are reused
}

TEST_CASE("dispatcher: VGPRs and SGPRs are allocated in granules per SIMD", "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 1;
  cfg.cu.simds = 1;
  cfg.workgroupsPerCycle = 4;
  // 65 VGPRs take 68 (granule 4): three waves fit 256, the fourth does not.
  const WorkgroupSource src = source(4, 1, 65, 1);
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  CHECK(d.vgprsPerWave() == 68);
  CHECK(d.sgprsPerWave() == 8);
  const std::vector<Placed> p = place(d);
  CHECK(p.size() == 3);
  CHECK(d.freeVgprs(0, 0) == 256 - 3 * 68);
  d.retireWave(0, 0, p[1].slot[0]);
  d.retireWorkgroup(0, 0);
  REQUIRE(place(d).size() == 1);
  CHECK(d.freeSlots(0, 0) == 10 - 3);
}

// The contract: a workgroup fits a CU when each of its waves, in turn, finds a
// SIMD with a free slot and room for its VGPRs and SGPRs -- counted here by
// hand for 4 SIMDs of 256 VGPRs and waves of 100 (two per SIMD: 8 per CU).
TEST_CASE(
    "dispatcher: a workgroup fits when its waves fit across the SIMDs, and after a retirement frees room",
    "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  cfg.cus = 2;
  cfg.workgroupsPerCycle = 1;
  const WorkgroupSource src = source(5, 3, 100, 8);  // 5 workgroups of 3 waves of 100 VGPRs
  Dispatcher d(cfg);
  REQUIRE(d.start(src).empty());
  // Round robin: CU 0, CU 1, CU 0, CU 1 -- each CU then holds 6 waves.
  std::vector<Placed> p;
  for (uint32_t cu : {0u, 1u, 0u, 1u}) {
    const std::vector<Placed> one = place(d);
    REQUIRE(one.size() == 1);
    CHECK(one[0].cu == cu);
    p.push_back(one[0]);
  }
  // VGPRs, not slots, are the limit: 34 of 40 slots are free, but 2 wave places are left per CU.
  uint32_t freeSlots = 0;
  for (uint32_t s = 0; s < 4; ++s) freeSlots += d.freeSlots(0, s);
  CHECK(freeSlots == 40 - 6);
  CHECK(place(d).empty());
  CHECK_FALSE(d.mayPlace());
  // A wave of CU 1 retires: 3 places there, and workgroup 4 goes to CU 1.
  d.retireWave(1, p[1].simd[0], p[1].slot[0]);
  const std::vector<Placed> last = place(d);
  REQUIRE(last.size() == 1);
  CHECK(last[0].index == 4);
  CHECK(last[0].cu == 1);
}

TEST_CASE("dispatcher: a wave or workgroup that can never fit is refused at start",
          "[sim][timing][dispatcher]") {
  GpuConfig cfg;
  {
    Dispatcher d(cfg);
    const WorkgroupSource src = source(1, 1, 257);
    CHECK(d.start(src).find("more than cu.vgprs_per_simd (256)") != std::string::npos);
  }
  {
    Dispatcher d(cfg);
    const WorkgroupSource src = source(1, 1, 4, 8, 65 * 1024);
    CHECK(d.start(src).find("bytes of LDS") != std::string::npos);
  }
}
