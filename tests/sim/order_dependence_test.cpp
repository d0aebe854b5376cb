// sim/order_dependence.cpp: which instructions make a kernel's results depend
// on the order in which its workgroups run. The words are what
// `llvm-mc-15 -arch=amdgcn -mcpu=gfx900 -show-encoding` encodes for the
// assembly beside them; the expected kinds follow the rule stated in
// sim/order_dependence.hpp: LDS is a workgroup's own, GDS, GWS, atomics and the
// clock are shared by all workgroups.
#include "sim/order_dependence.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace gcnsim;

namespace {

constexpr uint64_t kBase = 0x1000;
constexpr uint32_t kVAddF32 = 0x02000501;                       // v_add_f32_e32 v0, v1, v2
constexpr uint32_t kDsAdd[] = {0xd8000000, 0x00000201};         // ds_add_u32 v1, v2
constexpr uint32_t kDsGdsBit = 1u << 16;                        // GCN 1.2+ DS word 0: GDS
constexpr uint32_t kGwsBarrier[] = {0xd93b0000, 0x00000001};    // ds_gws_barrier v1 gds
constexpr uint32_t kOrderedCount[] = {0xd97f0304, 0x02000001};  // ds_ordered_count v2, v1 offset:772 gds
constexpr uint32_t kMemtime[] = {0xc0900000, 0x00000000};       // s_memtime s[0:1]
constexpr uint32_t kEndpgm = 0xbf810000;                        // s_endpgm

// The reason for a GCN 1.4 kernel of `code` followed by s_endpgm ("" if none).
std::string reason(std::vector<uint32_t> code) {
  code.push_back(kEndpgm);
  return sim::workgroupOrderDependence(isa::Gen::GCN14, code, kBase);
}

}  // namespace

TEST_CASE("order dependence: LDS and ALU code may run in any workgroup order") {
  CHECK(reason({kVAddF32, kDsAdd[0], kDsAdd[1]}).empty());
}

TEST_CASE("order dependence: GDS, GWS and ordered counts name the first such instruction") {
  CHECK(reason({kVAddF32, kDsAdd[0] | kDsGdsBit, kDsAdd[1]}) ==
        "`ds_add_u32 v1, v2 gds` at 0x1004 (GDS/GWS)");
  CHECK(reason({kVAddF32, kGwsBarrier[0], kGwsBarrier[1]}) == "`ds_gws_barrier v1 gds` at 0x1004 (GDS/GWS)");
  CHECK(reason({kOrderedCount[0], kOrderedCount[1], kGwsBarrier[0], kGwsBarrier[1]}) ==
        "`ds_ordered_count v2, v1 offset:772 gds` at 0x1000 (GDS/GWS)");
  // GWS resources and the ordered counters live in GDS whatever the GDS bit says.
  for (const uint32_t* op : {kGwsBarrier, kOrderedCount}) {
    const std::string r = reason({op[0] & ~kDsGdsBit, op[1]});
    INFO(r);
    CHECK(r.find("` at 0x1000 (GDS/GWS)") != std::string::npos);
  }
}

TEST_CASE("order dependence: a clock read") {
  CHECK(reason({kVAddF32, kMemtime[0], kMemtime[1]}) == "`s_memtime s[0:1]` at 0x1004 (a clock read)");
}

// What clang-15 makes of OpenCL atomics whose hardware form is a plain access:
// `atomic_add(flag, 0)` polled in a loop is a GLC load, an acquire fence an L1
// (or scalar cache) invalidate; the other workgroup's `atomic_xchg(flag, 42)`
// with its result unused is a plain store. A kernel of such code had run on two
// threads with results that changed from run to run.
TEST_CASE("order dependence: coherent (GLC) loads and cache invalidates, not plain or private accesses") {
  constexpr uint32_t kGlobalLoadGlc[] = {0xdc518000, 0x02000001};   // global_load_dword v2, v1, s[0:1] glc
  constexpr uint32_t kGlobalLoad[] = {0xdc508000, 0x027f0002};      // global_load_dword v2, v[2:3], off
  constexpr uint32_t kGlobalStoreGlc[] = {0xdc718000, 0x00000201};  // global_store_dword v1, v2, s[0:1] glc
  constexpr uint32_t kScratchLoadGlc[] = {0xdc514000, 0x01020000};  // scratch_load_dword v1, off, s2 glc
  constexpr uint32_t kBufferLoadGlc[] = {0xe0504000, 0x80010100};  // buffer_load_dword v1, off, s[4:7], 0 glc
  constexpr uint32_t kFlatLoadGlc[] = {0xdc510000, 0x01000002};    // flat_load_dword v1, v[2:3] glc
  constexpr uint32_t kWbinvl1Vol[] = {0xe0fc0000, 0x00000000};     // buffer_wbinvl1_vol
  constexpr uint32_t kSmemLoadGlc[] = {0xc0030082, 0x00000004};    // s_load_dword s2, s[4:5], 0x4 glc
  constexpr uint32_t kDcacheInv[] = {0xc0800000, 0x00000000};      // s_dcache_inv

  CHECK(reason({kGlobalLoad[0], kGlobalLoad[1], kGlobalStoreGlc[0], kGlobalStoreGlc[1], kScratchLoadGlc[0],
                kScratchLoadGlc[1]})
            .empty());
  CHECK(reason({kVAddF32, kGlobalLoadGlc[0], kGlobalLoadGlc[1]}) ==
        "`global_load_dword v2, v1, s[0:1] glc` at 0x1004 (a coherent (GLC) load)");
  CHECK(reason({kBufferLoadGlc[0], kBufferLoadGlc[1]}) ==
        "`buffer_load_dword v1, off, s[4:7], 0 glc` at 0x1000 (a coherent (GLC) load)");
  CHECK(reason({kFlatLoadGlc[0], kFlatLoadGlc[1]}) ==
        "`flat_load_dword v1, v[2:3] glc` at 0x1000 (a coherent (GLC) load)");
  CHECK(reason({kSmemLoadGlc[0], kSmemLoadGlc[1]}) ==
        "`s_load_dword s2, s[4:5], 0x4 glc` at 0x1000 (a coherent (GLC) load)");
  CHECK(reason({kWbinvl1Vol[0], kWbinvl1Vol[1]}) ==
        "`buffer_wbinvl1_vol` at 0x1000 (a cache invalidate (an acquire))");
  CHECK(reason({kDcacheInv[0], kDcacheInv[1]}) ==
        "`s_dcache_inv` at 0x1000 (a cache invalidate (an acquire))");
}
