// GlobalMemory: allocation, guard gaps, cross-page accesses, describe().
#include "memory/global_memory.hpp"

#include <catch2/catch.hpp>
#include <cstring>

using gcnsim::memory::GlobalMemory;
using gcnsim::memory::MemoryError;

TEST_CASE("GlobalMemory rejects zero capacity", "[memory][global]") {
  REQUIRE_THROWS_WITH(GlobalMemory(0), Catch::Contains("capacityBytes"));
}

TEST_CASE("GlobalMemory allocates aligned, zero-filled regions away from 0 with guard gaps",
          "[memory][global]") {
  GlobalMemory mem(1 << 20);
  uint64_t a = mem.allocate(100, 4096, "a");
  uint64_t b = mem.allocate(100, 16, "b");
  REQUIRE(a == GlobalMemory::kFirstAllocation);  // 0x1000000, never 0
  REQUIRE(a % 4096 == 0);
  REQUIRE(b % GlobalMemory::kMinAlign == 0);
  REQUIRE(b >= a + 100 + GlobalMemory::kGuardBytes);
  REQUIRE(mem.mappedBytes() == 200);

  uint32_t v = 0xdeadbeef;
  REQUIRE(mem.load(a + 96, v));
  REQUIRE(v == 0);
  REQUIRE(mem.isMapped(a, 100));
  REQUIRE_FALSE(mem.isMapped(a, 101));
  REQUIRE_FALSE(mem.isMapped(a + 100, 1));
  REQUIRE_FALSE(mem.isMapped(b - 1, 2));
}

TEST_CASE("GlobalMemory accesses touching a guard gap fault and change nothing", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  uint64_t a = mem.allocate(64, 256, "a");
  uint32_t dst = 0x11111111;
  REQUIRE_FALSE(mem.load(a + 64, dst));  // first byte past the end
  REQUIRE(dst == 0x11111111);
  REQUIRE_FALSE(mem.load(a - 4, dst));  // just before the start
  REQUIRE(dst == 0x11111111);

  uint64_t big = 0x0102030405060708ull;
  REQUIRE_FALSE(mem.store(a + 60, big));  // 4 bytes in, 4 bytes out: all-or-nothing
  uint32_t inside = 0xffffffff;
  REQUIRE(mem.load(a + 60, inside));
  REQUIRE(inside == 0);
  REQUIRE(mem.store(a + 56, big));  // last 8 bytes: fine
  REQUIRE(mem.load(a + 60, inside));
  REQUIRE(inside == 0x01020304);
}

TEST_CASE("GlobalMemory reads and writes across page boundaries", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  const uint64_t page = GlobalMemory::kPageBytes;
  uint64_t a = mem.allocate(3 * page, page, "a");
  uint8_t pattern[16];
  for (int i = 0; i < 16; ++i) pattern[i] = uint8_t(0xa0 + i);
  REQUIRE(mem.write(a + page - 8, pattern, 16));
  uint8_t back[16] = {};
  REQUIRE(mem.read(a + page - 8, back, 16));
  REQUIRE(std::memcmp(back, pattern, 16) == 0);

  // A read that spans a written page and a never-written page.
  uint8_t mixed[16];
  std::memset(mixed, 0xee, sizeof mixed);
  REQUIRE(mem.read(a + 2 * page - 8, mixed, 16));
  for (uint8_t byte : mixed) REQUIRE(byte == 0);

  auto dump = mem.readRegion("a");
  REQUIRE(dump.size() == 3 * page);
  REQUIRE(dump[page - 8] == 0xa0);
  REQUIRE(dump[page + 7] == 0xaf);
}

TEST_CASE("GlobalMemory storage is sparse: pages materialise on first write", "[memory][global]") {
  GlobalMemory mem(uint64_t(4) << 30);
  uint64_t a = mem.allocate(uint64_t(1) << 30, 0, "huge");
  REQUIRE(mem.residentBytes() == 0);
  uint32_t v;
  REQUIRE(mem.load(a + (uint64_t(1) << 29), v));
  REQUIRE(mem.residentBytes() == 0);  // reading does not allocate
  REQUIRE(mem.store(a + (uint64_t(1) << 29), uint32_t(7)));
  REQUIRE(mem.residentBytes() == GlobalMemory::kPageBytes);
}

TEST_CASE("GlobalMemory: 64 lanes storing to one page then loading back", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  uint64_t a = mem.allocate(256, 256, "lanes");
  for (uint32_t lane = 0; lane < 64; ++lane) REQUIRE(mem.store(a + 4 * lane, lane * 3 + 1));
  for (uint32_t lane = 0; lane < 64; ++lane) {
    uint32_t v = 0;
    REQUIRE(mem.load(a + 4 * lane, v));
    REQUIRE(v == lane * 3 + 1);
  }
  uint8_t* p = mem.writablePointer(a + 8, 4);
  REQUIRE(p != nullptr);
  p[0] = 0x55;
  uint32_t v = 0;
  REQUIRE(mem.load(a + 8, v));
  REQUIRE((v & 0xff) == 0x55);
  REQUIRE(mem.writablePointer(a + 254, 4) == nullptr);  // runs off the region
}

TEST_CASE("GlobalMemory capacity and overlap errors name the regions and sizes", "[memory][global]") {
  GlobalMemory mem(4096);
  mem.allocate(4000, 0, "first");
  REQUIRE_THROWS_AS(mem.allocate(100, 0, "second"), MemoryError);
  REQUIRE_THROWS_WITH(mem.allocate(100, 0, "second"),
                      Catch::Contains("\"second\"") && Catch::Contains("100") && Catch::Contains("4096"));
  REQUIRE_THROWS_WITH(mem.allocate(0, 0, "empty"), Catch::Contains("\"empty\""));
  REQUIRE_THROWS_WITH(mem.allocate(8, 3, "odd"), Catch::Contains("align"));

  GlobalMemory fixed(1 << 20);
  fixed.map(0x200000, 0x100, "x");
  REQUIRE_THROWS_WITH(fixed.map(0x2000f0, 0x20, "y"), Catch::Contains("\"y\"") && Catch::Contains("\"x\""));
  fixed.map(0x200100, 0x10, "adjacent");    // touching is not overlapping
  REQUIRE(fixed.isMapped(0x2000f8, 0x10));  // a range across two adjacent mappings
}

TEST_CASE("GlobalMemory allocation steps around fixed mappings", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  mem.map(GlobalMemory::kFirstAllocation, 0x1000, "fixed");
  uint64_t a = mem.allocate(16, 0, "a");
  REQUIRE(a >= GlobalMemory::kFirstAllocation + 0x1000 + GlobalMemory::kGuardBytes);
}

TEST_CASE("GlobalMemory::describe names the nearest region", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  uint64_t a = mem.allocate(4, 0, "a");
  REQUIRE(a == 0x1000000);
  REQUIRE(mem.describe(0x1000010) == "0x1000010 (12 bytes past the end of buffer \"a\")");
  REQUIRE(mem.describe(0x1000002) == "0x1000002 (offset 2 in buffer \"a\" of 4 bytes)");
  mem.map(0x10000000, 16, "b");
  REQUIRE(mem.describe(0x10000000 - 16) == "0xffffff0 (16 bytes before the start of buffer \"b\")");
  REQUIRE(mem.describe(0x10) == "0x10 (not in or near any buffer)");
}

TEST_CASE("GlobalMemory lists and dumps regions", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  uint64_t a = mem.allocate(8, 0, "in");
  uint64_t b = mem.allocate(4, 0, "out");
  REQUIRE(mem.store(b, uint32_t(0x04030201)));
  auto list = mem.regions();
  REQUIRE(list.size() == 2);
  REQUIRE(list[0].name == "in");
  REQUIRE(list[0].base == a);
  REQUIRE(list[1].name == "out");
  REQUIRE(list[1].size == 4);
  REQUIRE(mem.readRegion("out") == std::vector<uint8_t>{1, 2, 3, 4});
  REQUIRE(mem.readRegion(b + 1, 2) == std::vector<uint8_t>{2, 3});
  REQUIRE_THROWS_WITH(mem.readRegion("nope"), Catch::Contains("\"nope\""));
  REQUIRE_THROWS_AS(mem.readRegion(b + 2, 4), MemoryError);
  REQUIRE_FALSE(mem.findRegion("nope").has_value());
}
