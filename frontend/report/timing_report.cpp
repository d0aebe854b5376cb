#include "frontend/report/timing_report.hpp"

#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <iterator>

#include "isa/table.hpp"
#include "sim/timing/inst_class.hpp"

namespace gcnsim::frontend {
namespace {

using sim::timing::Kind;

// Category of an instruction kind; DS is split into LDS and GDS by the issue counts.
const char* categoryOf(Kind k) {
  switch (k) {
    case Kind::Valu: return "valu";
    case Kind::Salu:
    case Kind::Msg: return "salu";
    case Kind::Smem:
    case Kind::SmemStore:
    case Kind::SmemTime:
    case Kind::DcacheInv:
    case Kind::DcacheWb: return "smem";
    case Kind::VmemLoad:
    case Kind::VmemStore:
    case Kind::VmemAtomic:
    case Kind::VmemInvL1: return "vmem";
    case Kind::Ds: return "ds";
    case Kind::Export: return "export";
    case Kind::Branch: return "branch";
    case Kind::Waitcnt: return "waitcnt";
    case Kind::Barrier: return "barrier";
    default: return "other";
  }
}

double ratio(uint64_t a, uint64_t b) { return b ? double(a) / double(b) : 0.0; }

}  // namespace

TimingSummary summarizeTiming(const sim::timing::TimingStats& s, const sim::timing::GpuConfig& cfg) {
  TimingSummary r;
  r.cycles = s.cycles;
  r.instructions = s.instructions;
  r.waves = s.waves;
  static const char* const order[] = {"valu",   "salu",   "smem",    "vmem",    "lds",  "gds",
                                      "export", "branch", "waitcnt", "barrier", "other"};
  for (const char* name : order) r.byCategory.emplace_back(name, 0);
  auto add = [&r](const std::string& name, uint64_t n) {
    for (auto& [k, v] : r.byCategory)
      if (k == name) v += n;
  };
  const std::vector<sim::timing::OpTiming> ops = sim::timing::classifyAllOps(cfg.issue);
  uint64_t ds = 0;
  for (size_t i = 0; i < s.opCounts.size() && i < ops.size(); ++i) {
    if (!s.opCounts[i]) continue;
    const std::string cat = categoryOf(ops[i].kind);
    if (cat == "ds")
      ds += s.opCounts[i];
    else
      add(cat, s.opCounts[i]);
  }
  const uint64_t lds = s.issued[unsigned(sim::timing::IssueCat::Lds)];
  add("lds", lds);
  add("gds", ds > lds ? ds - lds : 0);
  for (uint64_t n : s.cuInstructions) r.ipcPerCu.push_back(ratio(n, s.cycles));
  r.slotsPerSimd = cfg.cu.waveSlotsPerSimd;
  r.occupancyAvg = ratio(s.residentWaveCycles, s.cycles * uint64_t(cfg.cus) * cfg.cu.simds);
  r.occupancyActive = ratio(s.residentWaveCycles, s.busyCuCycles * cfg.cu.simds);
  r.occupancyMax = s.maxWavesPerSimd;
  r.kHits = s.kcache.hits;
  r.kMisses = s.kcache.misses;
  r.kPortWaitCycles = s.kcachePortWaitCycles;
  r.ldsConflictPasses = s.ldsConflictPasses;
  r.ldsConflictCycles = s.ldsConflictCycles;
  r.vmemInstructions = s.issued[unsigned(sim::timing::IssueCat::Vmem)];
  r.vmemLaneBytes = s.vmemLaneBytes;
  r.l1Requests = s.l1Requests;
  r.l1Hits = s.l1.hits;
  r.l1Misses = s.l1.misses;
  r.l1Writes = s.l1Writes;
  r.l1Bytes = s.l1Requests * cfg.l1.cache.lineBytes;
  r.l2Hits = s.l2.hits;
  r.l2Misses = s.l2.misses;
  r.l2Requests = s.l2.hits + s.l2.misses;
  r.l2Bytes = r.l2Requests * cfg.memory.l2.lineBytes;
  r.dramReads = s.dramReads;
  r.dramBytes = s.dramReads * cfg.memory.l2.lineBytes;
  return r;
}

std::string statsTable(const TimingSummary& s) {
  std::string o;
  auto out = std::back_inserter(o);
  fmt::format_to(out, "statistics\n");
  fmt::format_to(out, "  {:<24} {:>12} {:>8}\n", "instructions", s.instructions, "share");
  for (const auto& [name, n] : s.byCategory)
    if (n) fmt::format_to(out, "    {:<22} {:>12} {:>7.1f}%\n", name, n, 100.0 * ratio(n, s.instructions));
  fmt::format_to(out, "  {:<24} {:>12}\n", "cycles", s.cycles);
  // IPC: the GPU's, then over the CUs that ran anything (the result document lists every CU).
  double total = 0, lo = 0, hi = 0;
  unsigned active = 0;
  for (double v : s.ipcPerCu) {
    total += v;
    if (v <= 0) continue;
    lo = active ? std::min(lo, v) : v;
    hi = std::max(hi, v);
    ++active;
  }
  fmt::format_to(out, "  {:<24} {:>12.4f}\n", "IPC (GPU)", total);
  fmt::format_to(out, "  {:<24} {:>12.4f}   (min {:.4f}, max {:.4f}; {} of {} CUs ran waves)\n",
                 "IPC per active CU", active ? total / active : 0.0, lo, hi, active, s.ipcPerCu.size());
  fmt::format_to(out, "  {:<24} {:>12.2f}   (max {} of {} slots)\n", "waves per SIMD (avg)", s.occupancyAvg,
                 s.occupancyMax, s.slotsPerSimd);
  fmt::format_to(out, "  {:<24} {:>12.2f}   (over the CUs while they hold waves)\n", "  on busy CUs",
                 s.occupancyActive);
  fmt::format_to(out,
                 "  {:<24} {:>12} hits {:>10} misses {:>6.1f}% hit rate, {} cycles queued for the port\n",
                 "K$ (scalar cache)", s.kHits, s.kMisses, 100.0 * ratio(s.kHits, s.kHits + s.kMisses),
                 s.kPortWaitCycles);
  fmt::format_to(out, "  {:<24} {:>12} passes {:>8} cycles\n", "LDS bank conflicts", s.ldsConflictPasses,
                 s.ldsConflictCycles);
  fmt::format_to(out, "  {:<24} {:>12} instr. {:>8} bytes asked by lanes\n", "vector memory",
                 s.vmemInstructions, s.vmemLaneBytes);
  fmt::format_to(out, "  {:<24} {:>12} lines  {:>8} bytes, loads {} hits {} misses, {} writes\n",
                 "  L1 (per CU)", s.l1Requests, s.l1Bytes, s.l1Hits, s.l1Misses, s.l1Writes);
  fmt::format_to(out, "  {:<24} {:>12} lines  {:>8} bytes, {} hits {} misses\n", "  L2 (from L1 and K$)",
                 s.l2Requests, s.l2Bytes, s.l2Hits, s.l2Misses);
  fmt::format_to(out, "  {:<24} {:>12} lines  {:>8} bytes\n", "  DRAM reads", s.dramReads, s.dramBytes);
  return o;
}

std::string statsBrief(const TimingSummary& s) {
  double ipc = 0;
  for (double v : s.ipcPerCu) ipc += v;
  return fmt::format(
      "IPC {:.3f} (GPU), {:.2f} waves/SIMD ({:.2f} on busy CUs, max {}), K$ {}/{} hits, L1 {}/{} load hits, "
      "LDS "
      "conflicts {} cycles",
      ipc, s.occupancyAvg, s.occupancyActive, s.occupancyMax, s.kHits, s.kHits + s.kMisses, s.l1Hits,
      s.l1Hits + s.l1Misses, s.ldsConflictCycles);
}

void addSummaryToResult(const TimingSummary& s, ResultDoc& doc) {
  ResultStats& out = doc.stats;
  for (const auto& [name, n] : s.byCategory) out.extra.emplace_back("inst_" + name, n);
  out.extra.emplace_back("lds_conflict_cycles", s.ldsConflictCycles);
  out.extra.emplace_back("vmem_instructions", s.vmemInstructions);
  out.extra.emplace_back("vmem_lane_bytes", s.vmemLaneBytes);
  out.extra.emplace_back("l1_requests", s.l1Requests);
  out.extra.emplace_back("l1_bytes", s.l1Bytes);
  out.extra.emplace_back("l2_requests", s.l2Requests);
  out.extra.emplace_back("l2_bytes", s.l2Bytes);
  out.extra.emplace_back("dram_bytes", s.dramBytes);
  out.extra.emplace_back("max_waves_per_simd", s.occupancyMax);
  std::string ipc = "[";
  for (size_t i = 0; i < s.ipcPerCu.size(); ++i) ipc += fmt::format("{}{:.6f}", i ? ", " : "", s.ipcPerCu[i]);
  doc.statsJson.emplace_back("ipc_per_cu", ipc + "]");
  doc.statsJson.emplace_back("occupancy_avg", fmt::format("{:.6f}", s.occupancyAvg));
  doc.statsJson.emplace_back("occupancy_busy_cus", fmt::format("{:.6f}", s.occupancyActive));
  // The counters whose meaning matches a rocprof gfx9 hardware counter, under
  // its name (README "Counters and profiler names" says where they differ).
  auto category = [&s](const char* name) {
    for (const auto& [k, n] : s.byCategory)
      if (k == name) return n;
    return uint64_t{0};
  };
  doc.statsJson.emplace_back(
      "rocprof",
      fmt::format(
          "{{\"GRBM_GUI_ACTIVE\": {}, \"SQ_WAVES\": {}, \"SQ_INSTS_VALU\": {}, \"SQ_INSTS_SMEM\": {}, "
          "\"SQ_INSTS_LDS\": {}, \"SQ_INSTS_GDS\": {}, \"SQ_LDS_BANK_CONFLICT\": {}, \"SQC_DCACHE_HITS\": "
          "{}, "
          "\"SQC_DCACHE_MISSES\": {}, \"TCC_HIT_sum\": {}, \"TCC_MISS_sum\": {}}}",
          s.cycles, s.waves, category("valu"), category("smem"), category("lds"), category("gds"),
          s.ldsConflictCycles, s.kHits, s.kMisses, s.l2Hits, s.l2Misses));
}

}  // namespace gcnsim::frontend
