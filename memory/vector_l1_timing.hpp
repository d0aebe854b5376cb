// VectorL1Timing: one CU's vector L1 (texture cache), write-through, in
// front of the shared L2. Holds no data.
//
// Contract:
//  - The caller coalesces a wave's per-lane addresses into distinct 64-byte
//    lines (coalesceLines) and passes them in lane order.
//  - access(lines, kind, now): the L1 takes linesPerCycle lines per cycle
//    (a port shared by the CU's waves). Line i is looked up at cycle t_i:
//      load hit:   t_i + l1.hitLatency (or its pending fill + hitLatency)
//      load miss:  t_i + l1.hitLatency + L2 answer (misses start when an MSHR is free)
//      bypass:     (GLC loads, seed 001 "GLC": coherent at L2) as a miss, not allocated
//      store:      write-through, t_i + l1.hitLatency + L2 write; lines are not allocated
//      atomic:     performed at L2: t_i + l1.hitLatency + L2 atomic
//    Counts: every line in `requests`; a load's in tags.stats (hits or
//    misses; a bypass as a miss: a read the L1 sends to the L2), a store's
//    or an atomic's in `writes` (no lookup). hits + misses + writes = requests.
//    The instruction completes when its last line does; a zero-line access
//    (all lanes off) completes at now + hitLatency.
//  - The overload with an L2Steps& does the port and the lookups only and
//    appends what the L2 must answer (l2_steps.hpp); it returns the
//    completion as far as it is known without the L2. The other resolves
//    those steps at once.
//  - invalidate(): BUFFER_WBINVL1 / BUFFER_WBINVL1_VOL.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "memory/cache_timing.hpp"
#include "memory/l2_steps.hpp"
#include "memory/l2_timing.hpp"

namespace gcnsim::memory {

enum class VmemKind : uint8_t { Load, LoadBypass, Store, Atomic };

class VectorL1Timing {
 public:
  VectorL1Timing(const VectorL1Config& cfg, L2Timing& l2);

  uint64_t access(std::span<const uint64_t> lines, VmemKind kind, uint64_t now);
  uint64_t access(std::span<const uint64_t> lines, VmemKind kind, uint64_t now, L2Steps& l2);
  void invalidate() { tags.invalidateAll(); }

  CacheTags tags;
  uint64_t requests = 0;
  uint64_t writes = 0;  // stores' and atomics' lines, sent on to the L2

 private:
  VectorL1Config cfg_;
  L2Timing& l2_;
  uint64_t portFree_ = 0;  // in units of 1/linesPerCycle cycles
  L2Steps steps_;          // scratch of the resolving overload
};

// Distinct line addresses (multiples of lineBytes) touched by the accesses
// [addr[i], addr[i] + bytes[i]), in first-touch order, appended to `out`.
void coalesceLines(std::span<const uint64_t> addr, std::span<const uint32_t> bytes, uint32_t lineBytes,
                   std::vector<uint64_t>& out);
// A run of `bytes` consecutive bytes from `start`.
struct AddressRun {
  uint64_t start = 0;
  uint32_t bytes = 0;
};
// coalesceLines of the same accesses given as runs, in order (the timing
// engine's access log keeps a memory instruction's unit-stride runs so).
void coalesceRuns(std::span<const AddressRun> runs, uint32_t lineBytes, std::vector<uint64_t>& out);

}  // namespace gcnsim::memory
