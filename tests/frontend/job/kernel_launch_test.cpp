// Dispatch set-up as the HSA runtime and the command processor do it
// (AMDGPUUsage.rst "Initial Kernel Execution State", hidden kernel arguments,
// HSA kernel dispatch packet) and partial workgroups at the grid edge.
#include "frontend/job/kernel_launch.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <tuple>

#include "frontend/code_object/code_object.hpp"
#include "memory/buffer_resource.hpp"
#include "memory/global_memory.hpp"
#include "sim/dispatch.hpp"

using namespace gcnsim;
using frontend::KernelInfo;

namespace {

const std::string kData = std::string(GCNSIM_TEST_DATA) + "/frontend/data/";
const std::string kExamples = std::string(GCNSIM_SOURCE_DIR) + "/examples/";

struct Expected {
  uint16_t reg;
  sim::SgprInit::Kind kind;
};

struct Launch {
  memory::GlobalMemory mem{uint64_t{1} << 32};
  sim::ExecEnv env;
  frontend::LaunchLayout layout;
  sim::DispatchSpec spec;
};

// Prepares `kernel` of `co` with four buffer arguments' worth of zero values.
void prepare(Launch& l, const frontend::CodeObject& co, const KernelInfo& k, frontend::LaunchGeometry geo) {
  std::vector<frontend::ArgValue> args;
  for (const auto* a : k.explicitArgs()) {
    frontend::ArgValue v;
    v.kind = frontend::ArgValue::Bytes;
    v.bytes.assign(a->size, 0);
    args.push_back(v);
  }
  l.env.global = &l.mem;
  l.spec = frontend::prepareCodeObjectLaunch(l.mem, l.env, co, k, args, geo, l.layout);
}

uint32_t sgprValue(const sim::DispatchSpec& d, uint16_t reg) {
  for (const auto& s : d.sgprs)
    if (s.reg == reg) return s.value;
  FAIL("SGPR " << reg << " is not initialised");
  return 0;
}

}  // namespace

TEST_CASE("launch: initial SGPRs follow the enable bits in the documented order", "[launch]") {
  const auto co = frontend::loadCodeObject(kExamples + "vector_add/vector_add.gfx900.hsaco");
  KernelInfo k = co.kernels.at(0);
  auto& kd = k.kd;
  // AMDGPUUsage.rst "SGPR Register Set Up Order": private segment buffer (4),
  // dispatch ptr (2), queue ptr (2), kernarg segment ptr (2), dispatch id (2),
  // flat scratch init (2), private segment size (1); then after USER_SGPR:
  // workgroup id x, y, z, workgroup info, scratch wave offset.
  kd.enableSgprPrivateSegmentBuffer = true;
  kd.enableSgprDispatchPtr = true;
  kd.enableSgprQueuePtr = false;
  kd.enableSgprKernargSegmentPtr = true;
  kd.enableSgprDispatchId = false;
  kd.enableSgprFlatScratchInit = false;
  kd.enableSgprPrivateSegmentSize = false;
  kd.userSgprCount = 8;
  kd.enableSgprWorkgroupIdX = true;
  kd.enableSgprWorkgroupIdY = true;
  kd.enableSgprWorkgroupIdZ = false;
  kd.enableSgprWorkgroupInfo = false;
  kd.enableSgprPrivateSegmentWaveByteOffset = true;
  Launch l;
  prepare(l, co, k, {{256, 4, 1}, {64, 2, 1}, 2});
  const auto region = l.mem.findRegion("scratch");
  REQUIRE(region);
  const auto rsrc = frontend::scratchResource(isa::Gen::GCN14, l.layout.scratch, region->size);
  for (uint16_t i = 0; i < 4; ++i) CHECK(sgprValue(l.spec, i) == rsrc[i]);  // base, swizzle, num_records
  // The scratch V# (AMDGPUUsage "Private Segment Buffer"; seed 001 swizzled
  // addressing): base = scratch backing memory, swizzled with 4-byte elements,
  // index stride 64 and the lane id added, so lane L's dword D of a wave is at
  // base + wave offset + D*256 + L*4.
  const uint32_t words[4] = {sgprValue(l.spec, 0), sgprValue(l.spec, 1), sgprValue(l.spec, 2),
                             sgprValue(l.spec, 3)};
  const auto v = memory::BufferResource::decode(words, isa::Gen::GCN14);
  CHECK(v.baseAddress == l.layout.scratch);
  CHECK(v.swizzleEnable);
  CHECK(v.elementSizeBytes() == 4);
  CHECK(v.indexStrideRecords() == 64);
  CHECK(v.addTidEnable);
  CHECK(v.numRecords == region->size);
  CHECK((sgprValue(l.spec, 4) | uint64_t{sgprValue(l.spec, 5)} << 32) == l.layout.dispatchPacket);
  CHECK((sgprValue(l.spec, 6) | uint64_t{sgprValue(l.spec, 7)} << 32) == l.layout.kernarg);
  const std::vector<Expected> system = {{8, sim::SgprInit::WorkgroupIdX},
                                        {9, sim::SgprInit::WorkgroupIdY},
                                        {10, sim::SgprInit::ScratchWaveOffset}};
  for (const Expected& e : system) {
    bool found = false;
    for (const auto& s : l.spec.sgprs) found |= s.reg == e.reg && s.kind == e.kind;
    CHECK(found);
  }

  SECTION("queue ptr, dispatch id, flat scratch init (absolute on gfx9) and private segment size") {
    kd.enableSgprPrivateSegmentBuffer = false;
    kd.enableSgprDispatchPtr = false;
    kd.enableSgprKernargSegmentPtr = false;
    kd.enableSgprQueuePtr = true;
    kd.enableSgprDispatchId = true;
    kd.enableSgprFlatScratchInit = true;
    kd.enableSgprPrivateSegmentSize = true;
    kd.privateSegmentFixedSize = 40;
    kd.userSgprCount = 7;
    kd.enableSgprWorkgroupIdY = false;
    kd.enableSgprWorkgroupInfo = true;
    kd.enableSgprPrivateSegmentWaveByteOffset = false;
    Launch m;
    prepare(m, co, k, {{64, 1, 1}, {64, 1, 1}, 1});
    CHECK((sgprValue(m.spec, 0) | uint64_t{sgprValue(m.spec, 1)} << 32) == m.layout.queue);
    CHECK(sgprValue(m.spec, 2) == 0);  // dispatch id
    CHECK((sgprValue(m.spec, 4) | uint64_t{sgprValue(m.spec, 5)} << 32) == m.layout.scratch);
    CHECK(sgprValue(m.spec, 6) == 40);  // private segment size, bytes per work-item
    bool wgx = false, info = false;
    for (const auto& s : m.spec.sgprs) {
      wgx |= s.reg == 7 && s.kind == sim::SgprInit::WorkgroupIdX;
      info |= s.reg == 8 && s.kind == sim::SgprInit::WorkgroupInfo;
    }
    CHECK(wgx);
    CHECK(info);
  }
}

TEST_CASE("launch: gfx8 flat scratch init is offset + per-lane size (offset flat scratch)", "[launch]") {
  const auto co = frontend::loadCodeObject(kExamples + "vector_add/vector_add.gfx803.hsaco");
  KernelInfo k = co.kernels.at(0);
  k.kd.enableSgprPrivateSegmentBuffer = false;
  k.kd.enableSgprDispatchPtr = false;
  k.kd.enableSgprQueuePtr = false;
  k.kd.enableSgprKernargSegmentPtr = false;
  k.kd.enableSgprDispatchId = false;
  k.kd.enableSgprFlatScratchInit = true;
  k.kd.enableSgprPrivateSegmentSize = false;
  k.kd.userSgprCount = 2;
  k.kd.privateSegmentFixedSize = 24;
  Launch l;
  prepare(l, co, k, {{64, 1, 1}, {64, 1, 1}, 1});
  // AMDGPUUsage.rst "Flat Scratch": the low word is the offset from
  // SH_HIDDEN_PRIVATE_BASE_VIMID (gcnsim puts that base at the scratch
  // backing memory, so 0), the second word the work-item's scratch size.
  CHECK(sgprValue(l.spec, 0) == 0);
  CHECK(sgprValue(l.spec, 1) == 24);
  CHECK(l.env.hiddenPrivateBase == l.layout.scratch);
}

TEST_CASE("launch: hidden arguments and the dispatch packet (code object v5)", "[launch]") {
  const auto co = frontend::loadCodeObject(kData + "vector_add.gfx900.v5.hsaco");
  const KernelInfo& k = co.kernels.at(0);
  Launch l;
  prepare(l, co, k, {{1000, 3, 1}, {64, 2, 1}, 2});
  auto read16 = [&](uint64_t a) {
    uint16_t v = 0;
    l.mem.load(a, v);
    return v;
  };
  auto read32 = [&](uint64_t a) {
    uint32_t v = 0;
    l.mem.load(a, v);
    return v;
  };
  for (const auto& a : k.args) {
    const uint64_t at = l.layout.kernarg + a.offset;
    switch (a.valueKind) {
      // AMDGPUUsage.rst v5 "hidden_block_count_x": "This count only includes the non-partial work-group
      // count" (the partial one is hidden_remainder): floor(1000 / 64), floor(3 / 2).
      case frontend::ArgValueKind::HiddenBlockCountX: CHECK(read32(at) == 15); break;
      case frontend::ArgValueKind::HiddenBlockCountY: CHECK(read32(at) == 1); break;
      case frontend::ArgValueKind::HiddenBlockCountZ: CHECK(read32(at) == 1); break;
      case frontend::ArgValueKind::HiddenGroupSizeX: CHECK(read16(at) == 64); break;
      case frontend::ArgValueKind::HiddenGroupSizeY: CHECK(read16(at) == 2); break;
      case frontend::ArgValueKind::HiddenRemainderX: CHECK(read16(at) == 1000 % 64); break;
      case frontend::ArgValueKind::HiddenRemainderY: CHECK(read16(at) == 1); break;
      case frontend::ArgValueKind::HiddenGridDims: CHECK(read16(at) == 2); break;
      default: break;
    }
  }
  // hsa_kernel_dispatch_packet_t: setup (dims) at 2, workgroup_size_x/y/z at
  // 4/6/8, grid_size_x/y/z at 12/16/20, kernarg_address at 40.
  const uint64_t p = l.layout.dispatchPacket;
  CHECK(read16(p + 2) == 2);
  CHECK(read16(p + 4) == 64);
  CHECK(read16(p + 6) == 2);
  CHECK(read32(p + 12) == 1000);
  CHECK(read32(p + 16) == 3);
  uint64_t kernarg = 0;
  l.mem.load(p + 40, kernarg);
  CHECK(kernarg == l.layout.kernarg);
}

TEST_CASE("dispatch: partial workgroups at the grid edge get only their live lanes", "[launch]") {
  sim::DispatchSpec d;
  d.vgprs = 4;
  d.grid = {70, 5, 1};
  d.workgroup = {8, 8, 1};
  d.vgprsInit = {{0, sim::VgprInit::WorkitemIdX, 0}, {1, sim::VgprInit::WorkitemIdY, 0}};
  // First workgroup: full in x, but the grid has only 5 rows: 8 x 5 = 40 work-items.
  auto w = sim::makeWave(d, {0, 0, 0}, 0, 0);
  CHECK(w.exec() == (uint64_t{1} << 40) - 1);
  // HSA: the last workgroup in x holds 70 - 8*8 = 6 columns, and in y only 5 rows: 30 work-items,
  // numbered x fastest within that smaller workgroup.
  w = sim::makeWave(d, {8, 0, 0}, 0, 0);
  CHECK(w.exec() == (uint64_t{1} << 30) - 1);
  for (unsigned lane = 0; lane < 30; ++lane) {
    CHECK(w.v(0)[lane] == lane % 6);
    CHECK(w.v(1)[lane] == lane / 6);
  }
  // A 1-D grid of 100 in workgroups of 64: the second has 36 work-items.
  d.grid = {100, 1, 1};
  d.workgroup = {64, 1, 1};
  w = sim::makeWave(d, {1, 0, 0}, 0, 0);
  CHECK(w.exec() == (uint64_t{1} << 36) - 1);
  CHECK(sim::wavesPerWorkgroup({96, 1, 1}) == 2);
}

// A code object's SGPR allocation (sim::DispatchSpec::numSgprs, checked by sim/sgpr_bounds.hpp):
// GRANULATED_WAVEFRONT_SGPR_COUNT + 1 blocks of 8 (AMDGPUUsage.rst, compute_pgm_rsrc1 table), rounded
// up to the hardware's granule: 8 SGPRs on GFX6/GFX7, 16 on GFX8/GFX9 (LLVM AMDGPUBaseInfo.cpp
// getSGPRAllocGranule; "Vega" ISA 3.6.2 "in units of 16"). GFX9 encodes 2 * (ceil(sgprs_used / 16) - 1):
// 16 SGPRs used -> 0 -> 16, 17..32 -> 2 -> 32 (the old (count + 1) * 8 gave 8 and 24).
TEST_CASE("launch: a code object's SGPR allocation is its granulated count in the generation's granule",
          "[launch]") {
  frontend::KernelDescriptor kd;
  const std::tuple<isa::Gen, uint8_t, uint32_t> cases[] = {
      {isa::Gen::GCN10, 0, 8},    {isa::Gen::GCN10, 1, 16}, {isa::Gen::GCN11, 2, 24},
      {isa::Gen::GCN11, 12, 104}, {isa::Gen::GCN12, 0, 16}, {isa::Gen::GCN12, 1, 16},
      {isa::Gen::GCN12, 2, 32},   {isa::Gen::GCN14, 0, 16}, {isa::Gen::GCN14, 2, 32},
      {isa::Gen::GCN14, 12, 112},
  };
  for (const auto& [gen, count, sgprs] : cases) {
    kd.granulatedWavefrontSgprCount = count;
    INFO(isa::genFamily(gen) << " GRANULATED_WAVEFRONT_SGPR_COUNT " << unsigned(count));
    CHECK(frontend::codeObjectSgprs(kd, gen) == sgprs);
  }
  // The dispatch carries it: reduction.gfx900.hsaco's descriptor says 2 (.sgpr_count 18,
  // tests/frontend/code_object/code_object_test.cpp): 32 SGPRs.
  const auto co = frontend::loadCodeObject(kExamples + "reduction/reduction.gfx900.hsaco");
  Launch l;
  prepare(l, co, co.kernels.at(0), {{64, 1, 1}, {64, 1, 1}, 1});
  CHECK(l.spec.numSgprs == 32);
}
