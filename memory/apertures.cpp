#include "memory/apertures.hpp"

namespace gcnsim::memory {

namespace {

// "MAKE_LDS_APP_LIMIT(base) (((uint64_t)(base) & 0xFFFFFFFF00000000UL) | 0xFFFFFFFF)"
constexpr uint64_t apertureLimit(uint64_t base) { return (base & 0xFFFFFFFF00000000ull) | 0xFFFFFFFFull; }

}  // namespace

FlatApertures defaultFlatApertures(isa::Gen gen) {
  FlatApertures ap;
  switch (gen) {
    case isa::Gen::GCN10:
      // No FLAT instructions: empty apertures (base > limit).
      ap.sharedBase = ap.privateBase = UINT64_MAX;
      ap.sharedLimit = ap.privateLimit = 0;
      return ap;
    case isa::Gen::GCN11:
    case isa::Gen::GCN12:
      ap.sharedBase = uint64_t(1) << 61;                   // MAKE_LDS_APP_BASE_VI
      ap.privateBase = (uint64_t(1) << 61) + 0x100000000;  // MAKE_SCRATCH_APP_BASE_VI
      break;
    case isa::Gen::GCN14:
      ap.sharedBase = uint64_t(1) << 48;   // MAKE_LDS_APP_BASE_V9
      ap.privateBase = uint64_t(2) << 48;  // MAKE_SCRATCH_APP_BASE_V9
      break;
  }
  ap.sharedLimit = apertureLimit(ap.sharedBase);
  ap.privateLimit = apertureLimit(ap.privateBase);
  return ap;
}

}  // namespace gcnsim::memory
