// Flat apertures: ROCm (amdkfd) defaults per generation, inclusive limits.
#include "memory/apertures.hpp"

#include <catch2/catch.hpp>

using gcnsim::isa::Gen;
using namespace gcnsim::memory;

TEST_CASE("apertures: GCN 1.4 LDS at 1<<48, scratch at 2<<48, 4 GiB each", "[memory][flat]") {
  FlatApertures ap = defaultFlatApertures(Gen::GCN14);
  CHECK(ap.sharedBase == 0x0001000000000000ull);
  CHECK(ap.sharedLimit == 0x00010000ffffffffull);
  CHECK(ap.privateBase == 0x0002000000000000ull);
  CHECK(ap.privateLimit == 0x00020000ffffffffull);
  CHECK(classifyFlat(0x0001000000000010ull, ap) == FlatSegment::Lds);
  CHECK(classifyFlat(0x00010000ffffffffull, ap) == FlatSegment::Lds);  // limit is inclusive
  CHECK(classifyFlat(0x0001000100000000ull, ap) == FlatSegment::Global);
  CHECK(classifyFlat(0x0002000000000000ull, ap) == FlatSegment::Scratch);
  CHECK(classifyFlat(0x1000000, ap) == FlatSegment::Global);
  CHECK(flatLdsAddress(0x0001000000000040ull, ap) == 0x40);
  CHECK(flatScratchOffset(0x0002000000001234ull, ap) == 0x1234);
  CHECK(shMemBases(ap) == 0x00010002u);
}

TEST_CASE("apertures: GCN 1.1/1.2 LDS at 1<<61, scratch 4 GiB above", "[memory][flat]") {
  for (Gen gen : {Gen::GCN11, Gen::GCN12}) {
    FlatApertures ap = defaultFlatApertures(gen);
    CHECK(ap.sharedBase == 0x2000000000000000ull);
    CHECK(ap.sharedLimit == 0x20000000ffffffffull);
    CHECK(ap.privateBase == 0x2000000100000000ull);
    CHECK(ap.privateLimit == 0x20000001ffffffffull);
    CHECK(classifyFlat(0x20000000ffffffffull, ap) == FlatSegment::Lds);
    CHECK(classifyFlat(0x2000000100000000ull, ap) == FlatSegment::Scratch);
    CHECK(classifyFlat(0x1fffffffffffffffull, ap) == FlatSegment::Global);
    CHECK(classifyFlat(0x2000000200000000ull, ap) == FlatSegment::Global);
  }
}

TEST_CASE("apertures: GCN 1.0 has no FLAT, every address is global", "[memory][flat]") {
  FlatApertures ap = defaultFlatApertures(Gen::GCN10);
  CHECK(classifyFlat(0, ap) == FlatSegment::Global);
  CHECK(classifyFlat(0x2000000000000000ull, ap) == FlatSegment::Global);
  CHECK(classifyFlat(UINT64_MAX, ap) == FlatSegment::Global);
}
