#include "sim/timing/gpu_config_fields.hpp"

namespace gcnsim::sim::timing {

std::vector<ConfigField> configFields(GpuConfig& c) {
  constexpr uint32_t kDefaultMax = ConfigField{}.max, kKiB = 1024, kMiB = 1024 * 1024;
  // LGKM_CNT is a 4-bit counter (AMD "Vega" ISA Reference Guide 3.1: LGKMCNT 4 bits; LLVM gfx7/8/9
  // waitcnt operand pages: LGKM_CNT 0..15; CLRX's 5 bits: sim/timing/inst_class.cpp decodeWaitcnt): an SMEM
  // fetch that adds 16 could never issue (every s_load deadlocked).
  constexpr uint32_t kMaxLgkm = 15;
  // Issue costs are 16-bit per instruction (OpTiming::cycles): the largest, 2 x dp_factor x valu_cycles
  // (Dp8), 2 x salu_cycles (saveexec) and the rest must fit (valu_cycles 70,000 had wrapped to 4,464).
  constexpr uint32_t kMaxValuCycles = 1024, kMaxDpFactor = 16, kMaxIssueCycles = 16384;
  return {
      {"gpu", "cus", &c.cus, 0, 256, true},
      {"gpu", "clock_mhz", &c.clockMhz, 0, kDefaultMax, true},  // (S_MEMREALTIME divides by it)
      {"gpu", "workgroups_per_cycle", &c.workgroupsPerCycle, 0, kDefaultMax, true},
      {"cu", "simds", &c.cu.simds, 0, 16, true},
      {"cu", "wave_slots_per_simd", &c.cu.waveSlotsPerSimd, 0, kDefaultMax, true},
      {"cu", "vgprs_per_simd", &c.cu.vgprsPerSimd, 0, kDefaultMax, true},
      {"cu", "vgpr_granule", &c.cu.vgprGranule, 0, kDefaultMax, true},
      {"cu", "sgprs_per_simd", &c.cu.sgprsPerSimd, 0, kDefaultMax, true},
      {"cu", "sgpr_granule", &c.cu.sgprGranule, 0, kDefaultMax, true},
      {"cu", "lds_bytes", &c.cu.ldsBytes, 0, kKiB * 256, true},
      {"cu", "lds_granule", &c.cu.ldsGranule, 0, kDefaultMax, true},
      {"cu", "max_lds_per_workgroup", &c.cu.maxLdsPerWorkgroup, 0, kKiB * 256},
      {"issue", "valu_cycles", &c.issue.valuCycles, 0, kMaxValuCycles, true},
      {"issue", "quarter_rate_cycles", &c.issue.quarterRateCycles, 0, kMaxIssueCycles, true},
      {"issue", "dp_factor", &c.issue.dpFactor, 0, kMaxDpFactor, true},
      {"issue", "salu_cycles", &c.issue.saluCycles, 0, kMaxIssueCycles, true},
      {"issue", "branch_cycles", &c.issue.branchCycles, 0, kMaxIssueCycles},
      {"issue", "branch_taken_cycles", &c.issue.branchTakenCycles},
      {"issue", "msg_latency", &c.issue.msgLatency},
      {"issue", "smem_lgkm_single", &c.issue.smemLgkmSingle, 0, kMaxLgkm, true},
      {"issue", "smem_lgkm_multi", &c.issue.smemLgkmMulti, 0, kMaxLgkm, true},
      {"issue", "max_issue_per_cycle", &c.issue.maxIssuePerCycle, 0, kDefaultMax, true},
      {"issue", "salu_after_valu_cycles", &c.issue.saluAfterValuCycles},
      {"issue", "branch_penalty_cycles", &c.issue.branchPenaltyCycles},
      {"issue", "alignment_penalty_cycles", &c.issue.alignmentPenaltyCycles},
      {"kcache", "size_bytes", &c.kcache.sizeBytes, 0, kKiB * 256},
      {"kcache", "line_bytes", &c.kcache.lineBytes, 16, kDefaultMax},
      {"kcache", "ways", &c.kcache.ways, 0, 1024},
      {"kcache", "cus_per_cache", &c.kcache.cusPerCache, 0, kDefaultMax, true},
      {"kcache", "hit_latency", &c.kcache.hitLatency, 0, kDefaultMax, true},
      {"kcache", "mshrs", &c.kcache.mshrs, 0, 1024},
      {"kcache", "bytes_per_cycle", &c.kcache.bytesPerCycle, 0, kDefaultMax, true},
      {"lds", "banks", &c.lds.banks, 0, 1024},
      {"lds", "bank_bytes", &c.lds.bankBytes, 0, 1024},
      {"lds", "latency", &c.lds.latency, 0, kDefaultMax, true},
      {"lds", "gds_latency", &c.lds.gdsLatency, 0, kDefaultMax, true},
      {"l1", "size_bytes", &c.l1.cache.sizeBytes, 0, kKiB * 256},
      {"l1", "line_bytes", &c.l1.cache.lineBytes, 16, kDefaultMax},
      {"l1", "ways", &c.l1.cache.ways, 0, 1024},
      {"l1", "hit_latency", &c.l1.cache.hitLatency, 0, kDefaultMax, true},
      {"l1", "mshrs", &c.l1.cache.mshrs, 0, 1024},
      {"l1", "lines_per_cycle", &c.l1.linesPerCycle, 0, kDefaultMax, true},
      {"memory", "l2_size_bytes", &c.memory.l2.sizeBytes, 0, kMiB * 64},
      {"memory", "l2_line_bytes", &c.memory.l2.lineBytes, 16, kDefaultMax},
      {"memory", "l2_ways", &c.memory.l2.ways, 0, 1024},
      {"memory", "l2_hit_latency", &c.memory.l2.hitLatency},
      {"memory", "l2_mshrs", &c.memory.l2.mshrs, 0, 65536},
      {"memory", "dram_latency", &c.memory.dramLatency},
      {"memory", "dram_bytes_per_cycle", &c.memory.dramBytesPerCycle, 0, kDefaultMax, true},
  };
}

}  // namespace gcnsim::sim::timing
