#include "sim/timing/gpu_config.hpp"

#include "sim/timing/gpu_config_fields.hpp"

namespace gcnsim::sim::timing {
namespace {

bool isPow2(uint32_t v) { return v && !(v & (v - 1)); }

// A cache's fields, named as --set and the config files name them: `key` is their common prefix
// ("l1.", "memory.l2_").
std::string checkCache(const std::string& key, uint32_t size, uint32_t line, uint32_t ways, uint32_t mshrs) {
  if (!isPow2(line)) return key + "line_bytes must be a power of two (got " + std::to_string(line) + ")";
  if (ways == 0) return key + "ways must be positive";
  if (mshrs == 0) return key + "mshrs must be positive";
  if (size == 0 || size % (line * ways) != 0)
    return key + "size_bytes (" + std::to_string(size) + ") must be a positive multiple of " + key +
           "line_bytes x " + key + "ways";
  return {};
}

// A K$ or L1 miss is one L2 request for one L2 line (memory/l2_steps.hpp): a line larger than the L2's
// would be filled with part of its bytes (a 128-byte L1 line from one 64-byte L2 line: half the DRAM
// traffic, above the configured bandwidth). A smaller or equal one is what the model covers.
std::string checkLineFits(const char* key, uint32_t line, uint32_t l2Line) {
  if (line <= l2Line) return {};
  return std::string(key) + " (" + std::to_string(line) + ") must not exceed memory.l2_line_bytes (" +
         std::to_string(l2Line) + "): a miss is one L2 request of one L2 line";
}

}  // namespace

std::string GpuConfig::validate() const {
  std::string e;
  auto first = [&](std::string m) {
    if (e.empty()) e = std::move(m);
  };
  GpuConfig copy = *this;  // configFields points into a mutable config
  for (const ConfigField& f : configFields(copy))
    if (f.positive && *f.value == 0) first(std::string(f.section) + "." + f.name + " must be positive");
  if (cu.waveSlotsPerSimd > 16) first("cu.wave_slots_per_simd must be at most 16");
  if (cu.maxLdsPerWorkgroup > cu.ldsBytes)
    first("cu.max_lds_per_workgroup (" + std::to_string(cu.maxLdsPerWorkgroup) +
          ") must not exceed cu.lds_bytes (" + std::to_string(cu.ldsBytes) + ")");
  first(checkCache("kcache.", kcache.sizeBytes, kcache.lineBytes, kcache.ways, kcache.mshrs));
  if (!isPow2(lds.banks)) first("lds.banks must be a power of two");
  if (!isPow2(lds.bankBytes)) first("lds.bank_bytes must be a power of two");
  const auto& c1 = l1.cache;
  first(checkCache("l1.", c1.sizeBytes, c1.lineBytes, c1.ways, c1.mshrs));
  const auto& c2 = memory.l2;
  first(checkCache("memory.l2_", c2.sizeBytes, c2.lineBytes, c2.ways, c2.mshrs));
  first(checkLineFits("kcache.line_bytes", kcache.lineBytes, c2.lineBytes));
  first(checkLineFits("l1.line_bytes", c1.lineBytes, c2.lineBytes));
  return e;
}

GpuConfig defaultConfig(isa::Gen gen) {
  GpuConfig c;
  switch (gen) {
    case isa::Gen::GCN10:  // Radeon HD 7970 (Tahiti XT)
      c.name = "tahiti";
      c.cus = 32;
      c.clockMhz = 925;
      c.issue.dpFactor = 2;                // GcnTimings: "2 | 1/4 | Highend Tahiti: Radeon HD7970"
      c.issue.alignmentPenaltyCycles = 4;  // GcnTimings "Instruction alignment" (GCN 1.0/1.1)
      c.cu.maxLdsPerWorkgroup = 32768;
      c.memory.l2.sizeBytes = 786432;
      c.memory.dramBytesPerCycle = 285;  // 264 GB/s at 925 MHz
      break;
    case isa::Gen::GCN11:  // Radeon R9 290X (Hawaii XT)
      c.name = "hawaii";
      c.cus = 44;
      c.clockMhz = 1000;
      c.issue.dpFactor = 4;                // GcnTimings: "4 | 1/8 | Highend Hawaii: R9 290"
      c.issue.alignmentPenaltyCycles = 4;  // GcnTimings "Instruction alignment" (GCN 1.0/1.1)
      c.cu.maxLdsPerWorkgroup = 32768;
      c.cu.ldsGranule = 512;
      c.memory.l2.sizeBytes = 1048576;
      c.memory.dramBytesPerCycle = 320;  // 320 GB/s at 1000 MHz
      break;
    case isa::Gen::GCN12:  // Radeon R9 Fury X (Fiji XT)
      c.name = "fiji";
      c.cus = 64;
      c.clockMhz = 1050;
      c.cu.sgprsPerSimd = 800;
      c.cu.sgprGranule = 16;
      c.cu.ldsGranule = 512;
      c.memory.l2.sizeBytes = 2097152;
      c.memory.dramBytesPerCycle = 487;  // 512 GB/s at 1050 MHz
      c.memory.l2.mshrs = 2048;  // estimate: 487 x 200 / 64 = 1522 in flight for it (timing_config.hpp)
      break;
    case isa::Gen::GCN14:  // Radeon RX Vega 64 (Vega 10 XT)
      c.name = "vega10";
      c.cus = 64;
      c.clockMhz = 1546;
      c.cu.sgprsPerSimd = 800;
      c.cu.sgprGranule = 16;
      c.cu.ldsGranule = 512;
      c.memory.l2.sizeBytes = 4194304;
      c.memory.dramBytesPerCycle = 313;             // 484 GB/s at 1546 MHz
      if (gen.variant() == isa::Variant::Gfx906) {  // Radeon Instinct MI50 (Vega 20), configs/vega20.json
        c.name = "vega20";
        c.cus = 60;
        c.clockMhz = 1725;
        c.issue.dpFactor = 1;              // GcnTimings DPFACTOR 1: 1/2-rate FP64 (MI50: 6.6 of 13.3 TFLOPS)
        c.memory.dramBytesPerCycle = 594;  // 1024 GB/s at 1725 MHz
        c.memory.l2.mshrs = 2048;          // estimate: 594 x 200 / 64 = 1856 in flight for it
      }
      break;
  }
  return c;
}

}  // namespace gcnsim::sim::timing
