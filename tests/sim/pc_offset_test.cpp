// PCs as signed offsets from the kernel entry (sim/pc_offset.hpp): code a kernel calls may lie before it.
#include "sim/pc_offset.hpp"

#include <catch2/catch.hpp>
#include <cstdint>

using namespace gcnsim::sim;

TEST_CASE("pc offsets: signed hex from the kernel entry") {
  CHECK(entryOffset(0x1010, 0x1000) == 0x10);
  CHECK(entryOffset(0xd00, 0x1000) == -0x300);
  CHECK(offsetHex(0x1c) == "0x1c");
  CHECK(offsetHex(-0x300) == "-0x300");
  CHECK(offsetHex(0x600, 4) == "0x0600");
  CHECK(offsetHex(-0x300, 4) == "-0x0300");
  CHECK(offsetHex(0) == "0x0");
  CHECK(offsetHex(INT64_MIN) == "-0x8000000000000000");
  CHECK(entryPcText(0x1031ff8, 0x1031b00) == "pc 0x1031ff8 (entry+0x4f8)");
  CHECK(entryPcText(0x1031800, 0x1031b00) == "pc 0x1031800 (entry-0x300)");
  CHECK(entryPcText(0x1000, 0x1000) == "pc 0x1000 (entry+0x0)");
}
