// GpuConfig: every number the timing model uses, as one typed struct.
//
// Contract:
//  - Defaults are the GCN values with their sources beside them:
//    reference/clrx/GcnTimings.md ("GcnTimings") for issue costs, AMD
//    whitepapers for sizes, and an honest "estimate" where nothing measured
//    is available (memory latencies). defaultConfig(gen) adds the per-chip
//    numbers of configs/{tahiti,hawaii,fiji,vega10}.json.
//  - Latencies are in shader-clock cycles and additive along the memory
//    path: a vector load that misses L1 and L2 takes
//    l1.hitLatency + l2.hitLatency + dram.latency; a K$ miss takes
//    kcache.hitLatency + l2.hitLatency (+ dram.latency if L2 misses).
//  - validate() returns "" or a message naming the parameter and component.
//  - Components (sim/timing, memory/*_timing) read only their own section;
//    tests build them from these defaults, never from config files.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "isa/gen.hpp"
#include "memory/timing_config.hpp"

namespace gcnsim::sim::timing {

struct CuConfig {
  uint32_t simds = 4;              // SIMD16 units per CU (GCN whitepaper)
  uint32_t waveSlotsPerSimd = 10;  // GcnTimings occupancy table: 10 waves per SIMD
  uint32_t vgprsPerSimd = 256;     // GcnTimings occupancy table: 1 wave x 256 VGPRs
  uint32_t vgprGranule = 4;        // VGPRs are allocated in blocks of 4 (AMDGPUUsage.rst granulated count)
  uint32_t sgprsPerSimd = 512;     // GcnTimings occupancy table (10 x 48 .. 8 x 64); 800 on GCN 1.2+
  uint32_t sgprGranule = 8;        // SGPR blocks of 8 on GCN 1.0/1.1, 16 on GCN 1.2+ (AMDGPUUsage.rst)
  uint32_t ldsBytes = 65536;       // LDS per CU (GCN whitepaper: 64 KB)
  uint32_t ldsGranule = 256;       // LDS allocation granule: 256 B on GCN 1.0, 512 B later (AMDGPUUsage.rst)
  uint32_t maxLdsPerWorkgroup = 65536;  // 64 KB on GCN 1.2+ (ROCm); GCN 1.0/1.1: 32 KB (AMD OpenCL guide)
  bool operator==(const CuConfig&) const = default;
};

// How a SIMD picks among its ready waves each turn.
enum class Arbitration : uint8_t {
  OldestFirst,  // oldest wave first (higher s_setprio first)
  RoundRobin,   // start after the wave that issued first last turn
};

// Chip-dependent factors and generic costs. Per-instruction figures (SALU,
// SMEM, DS, VMEM issue cycles, DS pipe cycles, GLC cycles, VALU rate classes)
// are facts of the ISA tables: isa::OpInfo::timing, isa/tables/timing_facts.txt.
struct IssueConfig {
  uint32_t valuCycles = 4;          // GcnTimings: "All VOP2 instructions take 4 cycles"
  uint32_t quarterRateCycles = 16;  // GcnTimings VOP1: V_RCP_F32 16, VOP3: V_MUL_LO_U32 16
  uint32_t dpFactor = 8;            // GcnTimings DPFACTOR: 8 (1/16 rate) for "Other GPU's"
  // GcnTimings.md:87 "All SOP2 instructions ... take 4 cycles": the SALU table figures scale with it. Also,
  // as estimates (GcnTimings.md gives no figure for them), the cost of s_sendmsg and exports and the
  // shortest hold of s_nop, s_sleep and s_barrier (sim/timing/issue.cpp).
  uint32_t saluCycles = 4;
  uint32_t branchCycles = 4;        // GcnTimings SOPP: "Jumps cost 4 cycle (no jump)"
  uint32_t branchTakenCycles = 20;  // GcnTimings SOPP: "or 20 cycles (???) if jump is performed"
  uint32_t msgLatency = 8;          // s_sendmsg until LGKM_CNT drops: estimate
  uint32_t smemLgkmMulti = 2;       // LGKM_CNT per SMEM fetch of 2+ dwords: seeds 000/003 say 2
  uint32_t smemLgkmSingle = 1;      // LGKM_CNT per single-dword SMEM fetch: seeds 000/003 say 1
  // GcnTimings occupancy table, "Issue - maximum number of instructions per
  // clock": 5 (one each of VALU, scalar, VMEM, LDS, GDS/export or branch).
  uint32_t maxIssuePerCycle = 5;
  // GcnTimings.md:78-79 ("Instruction scheduling"): "between any integer
  // V_ADD*, V_SUB*, V_FIRSTREADLINE_B32, V_READLANE_B32 operations and any
  // scalar ALU instructions there is 16-cycle delay". The model's reading, an
  // interpretation and not the document's words: the ops listed write an SGPR
  // (the carry-out, to VCC or the SGPR pair a VOP3 form names; the
  // v_readlane/v_readfirstlane destination), so the delay is taken as that
  // SGPR result's latency. An SALU instruction that reads it issues this many
  // cycles later than after any other VALU op; one that does not read it is
  // not delayed (read literally, the sentence would delay every SALU op), nor
  // is anything after a listed op that writes no SGPR (v_add_u16, GCN 1.4's
  // carry-less v_add_u32). tests/microbench suite.json: pen_vadd_salu
  // and pen_readlane_salu (+16), pen_vadd_salu_indep and pen_readlane_salu_indep (0).
  uint32_t saluAfterValuCycles = 16;
  // GcnTimings "Instruction scheduling": a conditional jump on VCCZ/EXECZ/SCC
  // right after the instruction that changed it "adds a single penalty (4 cycles)".
  uint32_t branchPenaltyCycles = 4;
  // GcnTimings "Instruction alignment" (GCN 1.0/1.1 only: "GCN 1.2 can fetch
  // double dword instructions in full speed"): 4 cycles per penalty; 0 = off.
  uint32_t alignmentPenaltyCycles = 0;
  // AMD's GCN whitepaper says each cycle the arbiter picks, per execution
  // unit, one wave of the SIMD whose turn it is, but not which one. Round
  // robin reproduces GcnTimings.md:65-68 ("the penalties, branches, and
  // scalar instructions will be masked while executing more waves"): in the
  // microbenchmark suite (tests/microbench) oldest first leaves 3-7 % of the
  // turns idle in those rows, because the oldest waves fall into step and
  // hit their penalties together. Oldest first (with s_setprio) remains a
  // choice: "oldest_first".
  Arbitration arbitration = Arbitration::RoundRobin;
  bool operator==(const IssueConfig&) const = default;
};

using memory::CacheLevelConfig;
using memory::KcacheConfig;
using memory::LdsConfig;
using memory::MemoryConfig;
using memory::VectorL1Config;

struct GpuConfig {
  // The generic config (tests' components) is no chip: its CU count and clock are placeholders, not
  // claims; defaultConfig(gen) and configs/*.json set each chip's, with their sources.
  std::string name = "generic";
  uint32_t cus = 4;                 // compute units (placeholder)
  uint32_t clockMhz = 1000;         // shader clock (placeholder): reports, and S_MEMREALTIME's tick rate
  uint32_t workgroupsPerCycle = 1;  // dispatcher: workgroups placed per cycle (estimate)
  CuConfig cu;
  IssueConfig issue;
  KcacheConfig kcache;
  LdsConfig lds;
  VectorL1Config l1;    // per CU
  MemoryConfig memory;  // shared L2 + DRAM

  bool operator==(const GpuConfig&) const = default;
  // "" if usable, else the first problem, naming parameter and component.
  std::string validate() const;
};

// Defaults of the four chips configs/*.json describe, by generation:
// GCN 1.0 tahiti, 1.1 hawaii, 1.2 fiji, 1.4 vega10.
GpuConfig defaultConfig(isa::Gen gen);
}  // namespace gcnsim::sim::timing
