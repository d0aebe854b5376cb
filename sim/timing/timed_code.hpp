// The timing model's code: per instruction address, the decoded instruction
// and its timing facts (TimedInst: timing class, register masks, issue port,
// penalties), filled once on first use. One cache for the whole run, shared
// by every CU group and thread (BasicCodeCache publishes a slot only once it
// is complete).
//
// Why one: each group used to keep its own copy, and at 392 bytes a slot the
// copies of a loop's instructions in 16 groups did not stay in the host's L1
// when the groups take turns. The facts depend on the address and the GPU
// config only.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/code_cache.hpp"
#include "sim/timing/gpu_config.hpp"
#include "sim/timing/inst_class.hpp"
#include "sim/timing/wave_ctx.hpp"

namespace gcnsim::sim::timing {

class TimedCode {
 public:
  TimedCode(const IssueConfig& issue, const CodeImage& image);
  TimedCode(const TimedCode&) = delete;
  TimedCode& operator=(const TimedCode&) = delete;

  BasicCodeCache<TimedInst>& cache() { return cache_; }

 private:
  // Fills a slot's timing part after its decode.
  void complete(TimedInst& t) const;

  IssueConfig issue_;
  std::vector<OpTiming> opTimings_;  // by op index (TimedInst::op points here)
  BasicCodeCache<TimedInst> cache_;
};

// GCN 1.0/1.1 instruction alignment (GcnTimings.md "Instruction alignment"):
// "program divided by in 32-byte blocks; only the first 3 dwords in the
// 32-byte block incur no penalty. Any 2-dword instruction outside these first
// 3 dwords adds a single penalty" -- a 2-dword instruction starting at dword
// 2 or later of its block (its second dword is past the third).
uint32_t alignmentPenalty(const IssueConfig& issue, uint64_t pc, uint32_t bytes);
// The dword of its 32-byte fetch block an address is in (the alignment and branch penalties' unit).
inline uint32_t dwordInBlock(uint64_t pc) { return uint32_t(pc & 31) >> 2; }

}  // namespace gcnsim::sim::timing
