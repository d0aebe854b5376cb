// GlobalMemory: allocation, guard gaps, cross-page accesses, describe().
#include "memory/global_memory.hpp"

#include <array>
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

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
  REQUIRE_THROWS_WITH(mem.allocate(8, 3, "odd"), Catch::Contains("align"));

  GlobalMemory fixed(1 << 20);
  REQUIRE_THROWS_WITH(fixed.map(0x300000, 0, "none"),
                      Catch::Contains("\"none\"") && Catch::Contains("size 0"));
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

TEST_CASE("GlobalMemory: untouched regions cost no host pages, a write costs one page",
          "[memory][global][ondemand]") {
  GlobalMemory mem(uint64_t{4} << 30);
  const uint64_t size = uint64_t{1} << 30;
  const uint64_t a = mem.allocate(size, 256, "big");
  REQUIRE(mem.residentBytes() == 0);
  uint64_t v = 1;
  REQUIRE(mem.load(a + size - 8, v));  // reading zero pages creates none
  REQUIRE(v == 0);
  REQUIRE(mem.readRegion(a + 12345, 100) == std::vector<uint8_t>(100, 0));
  REQUIRE(mem.residentBytes() == 0);
  REQUIRE(mem.store(a + 3 * GlobalMemory::kPageBytes + 4, uint32_t{7}));
  REQUIRE(mem.residentBytes() == GlobalMemory::kPageBytes);
  // A write straddling two pages creates both.
  REQUIRE(mem.store(a + 10 * GlobalMemory::kPageBytes - 2, uint32_t{0xaabbccdd}));
  REQUIRE(mem.residentBytes() == 3 * GlobalMemory::kPageBytes);
  uint32_t back = 0;
  REQUIRE(mem.load(a + 10 * GlobalMemory::kPageBytes - 2, back));
  REQUIRE(back == 0xaabbccdd);
}

TEST_CASE("GlobalMemory adopts host bytes as a region's contents without a copy",
          "[memory][global][ondemand]") {
  GlobalMemory mem(uint64_t{1} << 30);
  const uint64_t page = GlobalMemory::kPageBytes;
  const uint64_t size = 10 * page;
  const uint64_t a = mem.allocate(size, 256, "in");
  // 2.5 pages of data in a 10-page region: pages 0 and 1 use the vector's
  // storage, page 2 is a copy with zeros after the data, pages 3-9 stay absent.
  std::vector<uint8_t> bytes(2 * page + page / 2);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + i / 251);
  const std::vector<uint8_t> expected = bytes;
  const uint8_t* storage = bytes.data();
  mem.adopt(a, std::move(bytes));
  REQUIRE(mem.residentBytes() == 3 * page);
  REQUIRE(mem.readRegion(a, expected.size()) == expected);
  REQUIRE(mem.readRegion(a + expected.size(), size - expected.size()) ==
          std::vector<uint8_t>(size - expected.size(), 0));
  // Writable; a page the bytes cover entirely is the adopted storage itself.
  REQUIRE(mem.writablePointer(a + 8, 4) == storage + 8);
  REQUIRE(mem.store(a + page - 2, uint32_t{0x01020304}));  // across the first two pages
  uint32_t back = 0;
  REQUIRE(mem.load(a + page - 2, back));
  REQUIRE(back == 0x01020304);
  REQUIRE(mem.store(a + 2 * page + page / 2, uint8_t{9}));  // just past the data, in the copied page
  REQUIRE(mem.readRegion(a + 2 * page + page / 2 - 1, 2) == std::vector<uint8_t>{expected.back(), 9});
  // All-or-nothing still holds: a store running off the end changes nothing.
  const uint64_t big = 0x1122334455667788ull;
  REQUIRE_FALSE(mem.store(a + size - 4, big));
  REQUIRE(mem.readRegion(a + size - 4, 4) == std::vector<uint8_t>(4, 0));
}

TEST_CASE("GlobalMemory adopt covers a whole region up to a partial last page",
          "[memory][global][ondemand]") {
  GlobalMemory mem(1 << 20);
  const uint64_t size = GlobalMemory::kPageBytes + 100;  // the region's last page holds 100 bytes
  const uint64_t a = mem.allocate(size, 256, "exact");
  std::vector<uint8_t> bytes(size, 0x5a);
  mem.adopt(a, std::move(bytes));
  REQUIRE(mem.residentBytes() == size);
  REQUIRE(mem.readRegion("exact") == std::vector<uint8_t>(size, 0x5a));
}

TEST_CASE("GlobalMemory adopt refuses a wrong base, too many bytes and a second adoption",
          "[memory][global][ondemand]") {
  GlobalMemory mem(1 << 20);
  const uint64_t a = mem.allocate(256, 256, "r");
  REQUIRE_THROWS_AS(mem.adopt(a + 4, std::vector<uint8_t>(4)), MemoryError);
  REQUIRE_THROWS_WITH(mem.adopt(a, std::vector<uint8_t>(257)), Catch::Contains("do not fit region \"r\""));
  mem.adopt(a, std::vector<uint8_t>(16, 1));
  REQUIRE_THROWS_WITH(mem.adopt(a, std::vector<uint8_t>(16, 2)), Catch::Contains("already holds"));
  REQUIRE(mem.readRegion(a, 17) == [] {
    std::vector<uint8_t> v(17, 1);
    v[16] = 0;
    return v;
  }());
}

TEST_CASE("GlobalMemory: a new memory never sees an old one's cached page", "[memory][global]") {
  uint64_t a = 0;
  {
    GlobalMemory first(1 << 20);
    a = first.allocate(64, 256, "a");
    REQUIRE(first.store(a, uint32_t{0x12345678}));
  }
  GlobalMemory second(1 << 20);  // same address range, perhaps the same object address
  REQUIRE(second.allocate(64, 256, "a") == a);
  uint32_t v = 1;
  REQUIRE(second.load(a, v));
  REQUIRE(v == 0);
}

TEST_CASE("GlobalMemory: threads writing and reading the same fresh pages agree",
          "[memory][global][threads]") {
  // Every thread writes its own words, interleaved with the others' in the
  // same pages, so that page creation races; zero reads race with them.
  GlobalMemory mem(uint64_t{1} << 30);
  constexpr unsigned kThreads = 4, kWords = 64 * 1024;  // 256 KiB: 4 pages
  const uint64_t a = mem.allocate(kWords * 4, 256, "shared");
  std::vector<std::thread> threads;
  std::atomic<unsigned> badZeroReads{0};  // and failed stores
  for (unsigned t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (uint32_t i = t; i < kWords; i += kThreads) {
        uint32_t mine = 1;
        if (!mem.load(a + 4ull * i, mine) || mine != 0) ++badZeroReads;  // nobody else writes word i
        if (!mem.store(a + 4ull * i, i * 2654435761u + t))
          ++badZeroReads;  // Catch2 asserts are not thread-safe
      }
    });
  for (auto& th : threads) th.join();
  REQUIRE(badZeroReads == 0);
  REQUIRE(mem.residentBytes() == kWords * 4);
  for (uint32_t i = 0; i < kWords; ++i) {
    uint32_t v = 0;
    REQUIRE(mem.load(a + 4ull * i, v));
    REQUIRE(v == i * 2654435761u + i % kThreads);
  }
}

TEST_CASE("GlobalMemory adopt keeps the owner of borrowed bytes alive as long as the memory",
          "[memory][global][ondemand]") {
  auto owner = std::make_shared<std::vector<uint8_t>>(300, 0x42);
  const std::weak_ptr<std::vector<uint8_t>> watch = owner;
  {
    GlobalMemory mem(1 << 20);
    const uint64_t a = mem.allocate(300, 256, "borrowed");
    mem.adopt(a, std::span<uint8_t>(*owner), owner);
    owner.reset();
    REQUIRE_FALSE(watch.expired());
    REQUIRE(mem.readRegion("borrowed") == std::vector<uint8_t>(300, 0x42));
  }
  REQUIRE(watch.expired());
}

TEST_CASE("GlobalMemory: accesses moving between more pages than a thread keeps windows of",
          "[memory][global][threads]") {
  // Six buffers of two pages each, touched round-robin from one thread (more
  // pages than its four cached windows, and zero pages among them), while
  // another thread creates pages this one has seen as zero: every load sees
  // the last store, and a zero page reads zero until someone writes it.
  GlobalMemory mem(uint64_t{1} << 30);
  constexpr int kBuffers = 6;
  constexpr uint64_t kBytes = 2 * GlobalMemory::kPageBytes;
  std::array<uint64_t, kBuffers> base{};
  for (int b = 0; b < kBuffers; ++b) base[size_t(b)] = mem.allocate(kBytes, 256, "b" + std::to_string(b));
  // A plain model: the words written so far.
  std::map<uint64_t, uint32_t> model;
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const uint64_t addr = base[x % kBuffers] + (x >> 8) % (kBytes / 4) * 4;
    if (i % 3 == 0) {
      REQUIRE(mem.store(addr, uint32_t(x)));
      model[addr] = uint32_t(x);
    } else {
      uint32_t v = 1;
      REQUIRE(mem.load(addr, v));
      const auto it = model.find(addr);
      REQUIRE(v == (it == model.end() ? 0u : it->second));
    }
  }
  // A page this thread holds a zero window of, in an older place among its
  // windows, written by another thread: the load sees the new page.
  const uint64_t fresh = mem.allocate(GlobalMemory::kPageBytes, 256, "fresh");
  uint32_t v = 1;
  REQUIRE(mem.load(fresh + 64, v));
  REQUIRE(v == 0);
  bool stored = false;
  std::thread([&] { stored = mem.store(fresh + 64, 0xabcdu); }).join();
  REQUIRE(stored);
  REQUIRE(mem.load(base[0], v));  // two other pages in front of it
  REQUIRE(mem.load(base[1], v));
  REQUIRE(mem.load(fresh + 64, v));
  REQUIRE(v == 0xabcdu);
}

// An empty buffer (a job's "count": 0) has an address but no byte: reading
// its byte 0 must fault, not return a zero (it had been given one byte).
TEST_CASE("GlobalMemory: an empty region has an address and no mapped byte", "[memory][global]") {
  GlobalMemory mem(1 << 20);
  const uint64_t before = mem.allocate(64, 0, "before");
  const uint64_t empty = mem.allocate(0, 256, "empty");
  const uint64_t after = mem.allocate(64, 0, "after");
  REQUIRE(empty % 256 == 0);
  REQUIRE(empty != before);
  REQUIRE(empty != after);
  REQUIRE(mem.isMapped(empty, 0));
  REQUIRE_FALSE(mem.isMapped(empty, 1));
  uint8_t byte = 0x5a;
  REQUIRE_FALSE(mem.read(empty, &byte, 1));
  REQUIRE(byte == 0x5a);
  REQUIRE_FALSE(mem.write(empty, &byte, 1));
  REQUIRE(mem.writablePointer(empty, 1) == nullptr);
  REQUIRE(mem.mappedBytes() == 128);
  REQUIRE(mem.findRegion("empty")->size == 0);
  REQUIRE(mem.readRegion("empty").empty());
  const auto hexAddress = [](uint64_t a) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(a));
    return std::string(text);
  };
  REQUIRE(mem.describe(empty) == hexAddress(empty) + " (the start of buffer \"empty\", which is empty)");
  REQUIRE(mem.describe(empty + 4) ==
          hexAddress(empty + 4) + " (4 bytes past the start of buffer \"empty\", which is empty)");
}

TEST_CASE("GlobalMemory unmap gives a region's pages back and never reuses its addresses",
          "[memory][global][ondemand]") {
  const uint64_t page = GlobalMemory::kPageBytes;
  GlobalMemory mem(4 * page);  // room for two 2-page regions at a time
  const uint64_t keep = mem.allocate(page, 256, "keep");
  REQUIRE(mem.store(keep, uint32_t{11}));
  uint64_t last = 0;
  // 100 rounds of 2 pages: without unmap the capacity would run out in the second, the pages never shrink.
  for (int round = 0; round < 100; ++round) {
    const uint64_t a = mem.allocate(2 * page, 256, "tmp");
    REQUIRE(a > last);  // a fresh address every time
    last = a;
    REQUIRE(mem.store(a + page + 8, uint64_t{0x1234}));  // this thread's window now holds that page
    REQUIRE(mem.residentBytes() == 2 * page);            // keep's page and the one written
    mem.unmap(a);
    REQUIRE(mem.residentBytes() == page);
    REQUIRE(mem.mappedBytes() == page);
    // The freed page is gone, window or not: the access faults.
    uint64_t v = 0;
    REQUIRE_FALSE(mem.load(a + page + 8, v));
    REQUIRE_FALSE(mem.store(a + page + 8, v));
  }
  uint32_t k = 0;
  REQUIRE(mem.load(keep, k));
  REQUIRE(k == 11);
  const std::vector<uint8_t> bytes(page + 10, 3);
  const uint64_t adopted = mem.allocate(bytes.size(), 256, "adopted");
  mem.adopt(adopted, bytes);
  REQUIRE(mem.residentBytes() == 2 * page + 10);  // keep's, the adopted whole page, a copied 10-byte one
  mem.unmap(adopted);
  REQUIRE(mem.residentBytes() == page);
  REQUIRE_THROWS_WITH(mem.unmap(adopted), Catch::Contains("no region starts at"));
}
