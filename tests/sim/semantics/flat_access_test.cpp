// FLAT (GCN 1.1+) routed by the apertures to global memory, LDS and scratch;
// GLOBAL with SADDR / off and signed offsets and SCRATCH (GCN 1.4); scratch
// layout "WAVE_SCRATCH_BASE + (offset/4)*256 + lane*4 + offset%4" (the
// swizzled private-segment V#: element 4 bytes, index stride 64, TID,
// seed 001 swizzle formula); unmapped addresses fault.
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "memory/apertures.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

uint32_t word(const test::WaveHarness& h, uint64_t a) { return h.get<uint32_t>(a, 1)[0]; }
void put64(test::WaveHarness& h, unsigned reg, unsigned lane, uint64_t v) {
  h.wave.v(reg)[lane] = uint32_t(v);
  h.wave.v(reg + 1)[lane] = uint32_t(v >> 32);
}
// Scratch dword k of `lane`.
uint64_t scratchAt(uint64_t base, uint32_t k, unsigned lane) { return base + 256ull * k + 4 * lane; }

}  // namespace

TEST_CASE("flat: global, LDS and scratch through the apertures", "[sim][flat]") {
  for (Gen g : {Gen::GCN11, Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const memory::FlatApertures ap = memory::defaultFlatApertures(g);
    const uint64_t glob = h.alloc(4096);
    const uint64_t scratch = h.alloc(64 * 64, "scratch");
    h.wave.scratchBase = scratch;  // FLAT_SCRATCH left 0: the wave's scratch base is used
    h.wave.scratchBytesPerLane = 64;
    h.wave.setM0(0xffffffffu);
    h.wave.setExec(0x0000ffffffffffffull);  // lanes 0..47: 0-15 global, 16-31 LDS, 32-47 scratch
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(6)[l] = 0x600 + l;
      h.wave.v(7)[l] = 1;
      h.wave.v(12)[l] = 0xdead;
      if (l < 16) {
        h.put(glob + 4 * l, std::vector<uint32_t>{0x100 + l});
        h.put(glob + 2048 + 8 * l, std::vector<uint32_t>{l, ~l});
        put64(h, 2, l, glob + 4 * l);
        put64(h, 4, l, glob + 1024 + 4 * l);
        put64(h, 8, l, glob + 2048 + 8 * l);
      } else if (l < 32) {
        h.lds.store(4 * l, 0x200 + l);
        h.lds.store(2048 + 8 * l, l);
        h.lds.store(2048 + 8 * l + 4, ~l);
        put64(h, 2, l, ap.sharedBase + 4 * l);
        put64(h, 4, l, ap.sharedBase + 1024 + 4 * l);
        put64(h, 8, l, ap.sharedBase + 2048 + 8 * l);
      } else {
        h.put(scratchAt(scratch, 0, l), std::vector<uint32_t>{0x300 + l});
        h.put(scratchAt(scratch, 4, l), std::vector<uint32_t>{l});
        h.put(scratchAt(scratch, 5, l), std::vector<uint32_t>{~l});
        put64(h, 2, l, ap.privateBase + 0);   // private offset 0
        put64(h, 4, l, ap.privateBase + 8);   // private offset 8
        put64(h, 8, l, ap.privateBase + 16);  // private offsets 16, 20
      }
    }
    const sim::RunStatus st = h.runProgram("flat_basic");
    INFO(st.message);
    REQUIRE(st.ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l >= 48) {
        CHECK(h.wave.v(12)[l] == 0xdeadu);
        continue;
      }
      const uint32_t first = l < 16 ? 0x100 + l : l < 32 ? 0x200 + l : 0x300 + l;
      CHECK(h.wave.v(10)[l] == first);
      CHECK(h.wave.v(11)[l] == first);  // flat_atomic_add glc returns the pre-op value
      CHECK(h.wave.v(12)[l] == l);
      CHECK(h.wave.v(13)[l] == ~l);
      uint32_t stored = 0, added = 0;
      if (l < 16) {
        stored = word(h, glob + 1024 + 4 * l);
        added = word(h, glob + 4 * l);
      } else if (l < 32) {
        h.lds.load(1024 + 4 * l, stored);
        h.lds.load(4 * l, added);
      } else {
        stored = word(h, scratchAt(scratch, 2, l));
        added = word(h, scratchAt(scratch, 0, l));
      }
      CHECK(stored == 0x600 + l);
      CHECK(added == first + 1);
    }
  }
}

TEST_CASE("flat: GLOBAL saddr/off with signed offsets, SCRATCH, FLAT offset (GCN 1.4)", "[sim][flat]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t glob = h.alloc(8192);
  std::vector<uint32_t> init(2048);
  for (uint32_t i = 0; i < 2048; ++i) init[i] = 0x10000 + i;
  h.put(glob, init);
  const uint64_t scratch = h.alloc(64 * 64, "scratch");
  h.wave.setSreg64(isa::flatScratchCode(Gen::GCN14), scratch);  // FLAT_SCRATCH = wave scratch base
  h.wave.setSreg64(4, glob + 64);                               // SADDR
  h.wave.sreg[6] = 8;                                           // scratch SADDR offset
  const uint64_t exec = ~(1ull << 3);
  h.wave.setExec(exec);
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(1)[l] = 4 * l;
    put64(h, 2, l, glob + 4096 + 4 * l);
    h.wave.v(4)[l] = 8;
    h.wave.v(10)[l] = 0xdead;
    h.wave.v(11)[l] = 0xb00 + l;
    h.wave.v(13)[l] = 0x900 + l;
    h.wave.v(20)[l] = 0xc0de;                          // cmpswap new value
    h.wave.v(21)[l] = (l & 1) ? 0 : 0x10000 + 14 + l;  // compare: matches on even lanes
    h.put(scratchAt(scratch, 1, l), std::vector<uint32_t>{0x800 + l});
    h.put(scratchAt(scratch, 4, l), std::vector<uint32_t>{0xa00 + l});
  }
  const sim::RunStatus st = h.runProgram("flat_global");
  INFO(st.message);
  REQUIRE(st.ok());
  for (unsigned l = 0; l < 64; ++l) {
    INFO("lane " << l);
    if (!(exec >> l & 1)) {
      CHECK(h.wave.v(10)[l] == 0xdeadu);
      CHECK(word(h, glob + 64 + 256 + 4 * l) == 0x10000 + 80 + l);
      continue;
    }
    // VADDR + SADDR + INST_OFFSET: glob + 64 + 4l - 8 -> dword 14 + l
    CHECK(h.wave.v(10)[l] == 0x10000 + 14 + l);
    CHECK(word(h, glob + 64 + 256 + 4 * l) == 0xb00 + l);
    // VADDR(2) + offset:-4096 -> dword l
    CHECK(h.wave.v(12)[l] == 0x10000 + l);
    // scratch_store_dword v4(=8) offset:4 -> private offset 12 = dword 3
    CHECK(word(h, scratchAt(scratch, 3, l)) == 0x900 + l);
    // scratch_load_dword off, s6(=8) offset:-4 -> private offset 4 = dword 1
    CHECK(h.wave.v(14)[l] == 0x800 + l);
    // scratch_load_dwordx2 offsets 12 and 16: dwords 3 and 4, each swizzled on its own
    CHECK(h.wave.v(16)[l] == 0x900 + l);
    CHECK(h.wave.v(17)[l] == 0xa00 + l);
    // flat_load_dword offset:8 (12-bit unsigned) -> dword 1026 + l
    CHECK(h.wave.v(15)[l] == 0x10000 + 1026 + l);
    // global_atomic_cmpswap glc: returns the pre-op value, swaps on even lanes
    CHECK(h.wave.v(18)[l] == 0x10000 + 14 + l);
    CHECK(word(h, glob + 56 + 4 * l) == ((l & 1) ? 0x10000 + 14 + l : 0xc0deu));
  }
}

TEST_CASE("flat: unmapped global address faults with a description", "[sim][flat]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t glob = h.alloc(256, "small");
  h.wave.setSreg64(4, glob);
  h.wave.setExec(1);
  h.wave.v(1)[0] = 256 + 8;  // 8 bytes past the end: the global_load_dword at offset -8 reads glob+256
  const sim::RunStatus st = h.runProgram("flat_global");
  CHECK(st.kind == sim::RunStatus::Fault);
  INFO(st.message);
  CHECK(st.message.find("global_load_dword") != std::string::npos);
  CHECK(st.message.find("small") != std::string::npos);
}

TEST_CASE("flat: GCN 1.1/1.2 scratch base from FLAT_SCRATCH_HI (offset flat scratch)", "[sim][flat]") {
  for (Gen g : {Gen::GCN11, Gen::GCN12}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const memory::FlatApertures ap = memory::defaultFlatApertures(g);
    const uint64_t scratch = h.alloc(64 * 64, "scratch");
    // AMDGPUUsage.rst "Flat Scratch": wave base = SH_HIDDEN_PRIVATE_BASE_VIMID +
    // FLAT_SCRATCH_HI*256, FLAT_SCRATCH_LO = per-lane size.
    h.env.hiddenPrivateBase = scratch - 0x200;
    const unsigned fs = isa::flatScratchCode(g);
    h.wave.sreg[fs + 1] = 2;
    h.wave.sreg[fs] = 64;
    h.wave.scratchBase = 0;
    h.wave.setExec(0xf0);  // lanes 4..7
    for (unsigned l = 0; l < 64; ++l) {
      h.put(scratchAt(scratch, 0, l), std::vector<uint32_t>{0x300 + l});
      h.put(scratchAt(scratch, 4, l), std::vector<uint32_t>{l});
      h.put(scratchAt(scratch, 5, l), std::vector<uint32_t>{~l});
      put64(h, 2, l, ap.privateBase);
      put64(h, 4, l, ap.privateBase + 8);
      put64(h, 8, l, ap.privateBase + 16);
      h.wave.v(6)[l] = 0x600 + l;
      h.wave.v(7)[l] = 1;
    }
    const sim::RunStatus st = h.runProgram("flat_basic");
    INFO(st.message);
    REQUIRE(st.ok());
    for (unsigned l = 4; l < 8; ++l) {
      INFO("lane " << l);
      CHECK(h.wave.v(10)[l] == 0x300 + l);
      CHECK(h.wave.v(12)[l] == l);
      CHECK(h.wave.v(13)[l] == ~l);
      CHECK(word(h, scratchAt(scratch, 2, l)) == 0x600 + l);
      CHECK(word(h, scratchAt(scratch, 0, l)) == 0x301 + l);
    }
    CHECK(word(h, scratchAt(scratch, 2, 3)) == 0u);  // inactive lane
  }
}
