// LDS and GDS storage: range rule (seeds/004_b50c7630dc28dbb3.txt M0 limit,
// reads 0 / writes dropped), GDS M0 window (clrx GcnInstrsDs.md), GWS state.
#include <catch2/catch.hpp>
#include <cstring>
#include <memory>

#include "memory/gds.hpp"
#include "memory/lds.hpp"
#include "memory/memory_error.hpp"

using namespace gcnsim::memory;

TEST_CASE("Lds: size and parameter errors", "[memory][lds]") {
  Lds lds(1024);
  CHECK(lds.size() == 1024);
  CHECK_THROWS_WITH(Lds(0), Catch::Contains("bytes"));
  CHECK_THROWS_AS(Lds(Lds::kMaxBytes + 1), MemoryError);
}

// Both modes make a workgroup's LDS with freshLds (sim/dispatch.cpp,
// sim/timing/cu_group.cpp): the allocated size, at least 4 bytes; the
// accesses are bounded by the allocated size (ExecEnv::ldsBytes), not by it.
TEST_CASE("freshLds: the allocated size (at least 4 bytes), zeroed, reused in place when it fits",
          "[memory][lds]") {
  std::unique_ptr<Lds> lds;
  freshLds(lds, 0);
  REQUIRE(lds);
  CHECK(lds->size() == 4);
  freshLds(lds, 3);
  CHECK(lds->size() == 4);
  freshLds(lds, 4096);
  CHECK(lds->size() == 4096);
  CHECK(lds->store(100, uint32_t(0x12345678)));
  const Lds* before = lds.get();
  freshLds(lds, 4096);
  CHECK(lds.get() == before);  // the same object, cleared
  uint32_t v = 1;
  CHECK(lds->load(100, v));
  CHECK(v == 0);
  // With 3 bytes allocated, a dword at 0 is out of range under that limit (reads 0), as with 0 allocated.
  freshLds(lds, 3);
  CHECK(lds->store(0, uint32_t(0xffffffff)));  // (the object's own bound: 4 bytes)
  v = 1;
  CHECK_FALSE(lds->load(0, v, 3));
  CHECK(v == 0);
}

TEST_CASE("Lds: the last in-range access works, the first out-of-range one is dropped", "[memory][lds]") {
  Lds lds(1024);
  CHECK(lds.store(1020, uint32_t(0xcafef00d)));
  uint32_t v = 0;
  CHECK(lds.load(1020, v));
  CHECK(v == 0xcafef00d);

  CHECK_FALSE(lds.store(1021, uint32_t(0x11223344)));  // byte 1024 is outside
  CHECK(lds.load(1020, v));
  CHECK(v == 0xcafef00d);  // write dropped entirely

  v = 0xaaaaaaaa;
  CHECK_FALSE(lds.load(1021, v));
  CHECK(v == 0);                         // out-of-range read returns 0
  CHECK_FALSE(lds.load(0xfffffffe, v));  // no wrap-around
  CHECK(v == 0);
}

TEST_CASE("Lds: M0 limits the bytes a wave may access", "[memory][lds]") {
  Lds lds(1024);
  CHECK(lds.store(508, uint32_t(5), 512));
  CHECK_FALSE(lds.store(510, uint32_t(6), 512));
  uint32_t v = 0;
  CHECK(lds.load(508, v, 512));
  CHECK(v == 5);
  CHECK_FALSE(lds.load(512, v, 512));
  CHECK(v == 0);
  CHECK(lds.load(1020, v, 0xffffffffu));  // M0 = 0xffffffff: no limit beyond the size
  CHECK(lds.data()[508] == 5);
}

TEST_CASE("Lds: buffer-load LDS address is LDS_BASE + (M0&0xffff) + LANEID*4", "[memory][lds]") {
  CHECK(Lds::bufferLoadLdsAddress(0, 0x12340100, 3) == 0x100 + 12);
  CHECK(Lds::bufferLoadLdsAddress(0x800, 0x10, 63) == 0x800 + 0x10 + 252);
}

TEST_CASE("Gds: M0 gives a window (size in bits 0-15, base in bits 16-31)", "[memory][gds]") {
  Gds gds;
  CHECK(gds.size() == 64 * 1024);
  const uint32_t m0 = 0x100u << 16 | 0x40;  // 64 bytes at 0x100
  CHECK(gds.writeM0(0x3c, "\x01\x02\x03\x04", 4, m0));
  uint32_t v = 0;
  CHECK(gds.load(0x13c, v));
  CHECK(v == 0x04030201);
  CHECK_FALSE(gds.writeM0(0x3d, &v, 4, m0));  // runs past the 64-byte window
  uint32_t r = 0xffffffff;
  CHECK_FALSE(gds.readM0(0x40, &r, 4, m0));
  CHECK(r == 0);
  CHECK(gds.readM0(0x3c, &r, 4, m0));
  CHECK(r == 0x04030201);

  Gds small(1024);
  uint32_t physical = 0;
  CHECK_FALSE(small.translateM0(4, 4, 1020u << 16 | 0xffff, physical));  // 1024..1027 beyond storage
  CHECK(small.translateM0(0, 4, 1020u << 16 | 0xffff, physical));
  CHECK(physical == 1020);
}

TEST_CASE("Gds: GWS semaphores and barriers", "[memory][gds][gws]") {
  Gds gds;
  CHECK_FALSE(gds.gwsSemaP(3));  // semaphore 0: wait
  gds.gwsSemaV(3);
  CHECK(gds.gwsSemaP(3));
  CHECK_FALSE(gds.gwsSemaP(3));
  gds.gwsSemaBr(3, 3);
  CHECK(gds.gws(3).semaphore == 3);
  gds.gwsSemaReleaseAll(3);
  CHECK(gds.gws(3).semaphore == 0);

  gds.gwsInit(5, 2);
  CHECK_FALSE(gds.gwsBarrierArrive(5));
  CHECK(gds.gws(5).barrierGeneration == 0);
  CHECK(gds.gwsBarrierArrive(5));
  CHECK(gds.gws(5).barrierGeneration == 1);
  CHECK(gds.gws(5).barrierArrived == 0);
  CHECK(gds.gws(5 + Gds::kGwsResources).barrierGeneration == 1);  // resource id wraps
}
