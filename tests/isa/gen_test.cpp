#include "isa/gen.hpp"

#include <catch2/catch.hpp>

using namespace gcnsim::isa;

TEST_CASE("architecture names map to generations (AMDGPUUsage.rst processor table)", "[isa]") {
  CHECK(parseArch("gfx600")->gen == Gen::GCN10);
  CHECK(parseArch("Tahiti")->gen == Gen::GCN10);
  CHECK(parseArch("hawaii")->gen == Gen::GCN11);
  CHECK(parseArch("gfx803")->gen == Gen::GCN12);
  CHECK(parseArch("polaris10")->llvmName == "gfx803");
  CHECK(parseArch("vega10")->llvmName == "gfx900");
  CHECK(parseArch("gcn1.4")->gen == Gen::GCN14);
  CHECK_FALSE(parseArch("gfx1030").has_value());
}
