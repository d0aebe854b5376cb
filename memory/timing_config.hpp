// Parameters of the memory timing models (memory/*_timing.hpp). Plain
// structs; sim/timing/gpu_config.hpp gathers them into the GPU's config and
// cites the source of every default.
#pragma once
#include <cstdint>

namespace gcnsim::memory {

// One set-associative cache level. Latencies are additive along the path
// (see sim/timing/gpu_config.hpp). The defaults are the vector L1's
// (VectorL1Config below): 16 KB and 64-byte lines from AMD's GCN whitepaper;
// ways, hit latency and MSHRs estimates.
struct CacheLevelConfig {
  uint32_t sizeBytes = 16384;  // GCN whitepaper: 16 KB vector L1 per CU
  uint32_t lineBytes = 64;     // GCN whitepaper: 64-byte lines
  uint32_t ways = 4;           // estimate
  uint32_t hitLatency = 116;   // estimate
  uint32_t mshrs = 64;         // estimate: outstanding misses (to distinct lines) at once
  bool operator==(const CacheLevelConfig&) const = default;
};

// Scalar data cache (K$), shared by `cusPerCache` CUs.
struct KcacheConfig {
  uint32_t sizeBytes = 16384;  // GCN whitepaper: 16 KB scalar data cache
  uint32_t lineBytes = 64;     // seed 000 S_DCACHE_DISCARD: "A cache line is 64 bytes"
  uint32_t ways = 4;           // estimate
  // GCN whitepaper: shared by up to 4 CUs (ROCm Compute Profiler's shader engine page: 3 CUs in GCN GPUs
  // and MI100; the whitepaper's 4 is kept).
  uint32_t cusPerCache = 4;
  uint32_t hitLatency = 16;  // estimate (GcnTimings gives issue cost only)
  uint32_t mshrs = 8;        // estimate
  // The port every access of the cache's CUs goes through: bytes per cycle
  // (ROCm Compute Profiler performance model, "Scalar L1D Speed-of-Light":
  // 64 bytes per clock per scalar cache).
  uint32_t bytesPerCycle = 64;
  bool operator==(const KcacheConfig&) const = default;
};

struct LdsConfig {
  uint32_t banks = 32;        // GcnTimings: "The LDS memory is partitioned in 32 banks"
  uint32_t bankBytes = 4;     // GcnTimings: "The bank number is in bits 2-6 of the address"
  uint32_t latency = 64;      // estimate: conflict-free access until the data is back
  uint32_t gdsLatency = 128;  // estimate
  bool operator==(const LdsConfig&) const = default;
};

// Per-CU vector L1 (GCN whitepaper: 16 KB, 64 B lines, write-through).
struct VectorL1Config {
  CacheLevelConfig cache{16384, 64, 4, 116, 64};  // ways, latency, MSHRs: estimates (CacheLevelConfig)
  // Coalesced 64-byte requests taken per cycle: AMD's GCN whitepaper gives the L1 64 bytes per clock per CU,
  // i.e. one 64-byte line a cycle (how the SIMDs share it is not documented).
  uint32_t linesPerCycle = 1;
  bool operator==(const VectorL1Config&) const = default;
};

// Shared L2 and DRAM behind it.
struct MemoryConfig {
  // Size per chip; latency added on an L1/K$ miss: estimate. MSHRs: estimate,
  // enough misses in flight for the DRAM bandwidth (Little's law: bandwidth x
  // latency / 64-byte lines, up to a power of two: 256 x 200 / 64 = 800 ->
  // 1024); 256 had capped every chip at 256 x 64 / 200 = 82 bytes a cycle.
  // 64-byte lines and 16 ways: GCN whitepaper (configs/*.json); 512 KB: the generic config's placeholder
  // (defaultConfig(gen) sets each chip's).
  CacheLevelConfig l2{524288, 64, 16, 80, 1024};
  uint32_t dramLatency = 200;  // added on an L2 miss: estimate
  // DRAM bandwidth per shader clock: each chip's memory bandwidth / its clock (defaultConfig(gen),
  // configs/*.json); 256 is the generic config's placeholder.
  uint32_t dramBytesPerCycle = 256;
  bool operator==(const MemoryConfig&) const = default;
};

}  // namespace gcnsim::memory
