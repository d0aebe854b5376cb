// The result of a finished dispatch (dispatch_result.hpp).
#include "frontend/device/dispatch_result.hpp"

#include <algorithm>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/cli/version.hpp"
#include "frontend/code_object/source_lines.hpp"
#include "frontend/report/check_report.hpp"
#include "frontend/report/profile_report.hpp"
#include "frontend/report/run_reports.hpp"
#include "frontend/report/timing_report.hpp"
#include "memory/global_memory.hpp"

namespace gcnsim {
namespace {

// Timing statistics as result-document counters.
void addTimingStats(const sim::timing::TimingStats& t, frontend::ResultStats& out) {
  out.cycles = t.cycles;
  static const char* const kCats[] = {"issued_valu", "issued_scalar",     "issued_vmem",
                                      "issued_lds",  "issued_gds_export", "issued_branch"};
  for (unsigned i = 0; i < sim::timing::kIssueCats; ++i) out.extra.emplace_back(kCats[i], t.issued[i]);
  out.extra.emplace_back("waitcnt_stalls", t.waitcntStalls);
  out.extra.emplace_back("scoreboard_stalls", t.scoreboardStalls);
  out.extra.emplace_back("valu_busy_stalls", t.unitBusyStalls);
  out.extra.emplace_back("barrier_waits", t.barrierWaits);
  out.extra.emplace_back("lds_conflict_passes", t.ldsConflictPasses);
  out.extra.emplace_back("kcache_hits", t.kcache.hits);
  out.extra.emplace_back("kcache_misses", t.kcache.misses);
  out.extra.emplace_back("kcache_port_wait_cycles", t.kcachePortWaitCycles);
  out.extra.emplace_back("l1_hits", t.l1.hits);
  out.extra.emplace_back("l1_misses", t.l1.misses);
  out.extra.emplace_back("l1_writes", t.l1Writes);
  out.extra.emplace_back("l2_hits", t.l2.hits);
  out.extra.emplace_back("l2_misses", t.l2.misses);
  out.extra.emplace_back("dram_reads", t.dramReads);
}

}  // namespace

bool wantsReport(const LaunchOptions& o, const char* report) {
  return std::find(o.reports.begin(), o.reports.end(), report) != o.reports.end();
}

std::vector<frontend::ListingLine> kernelListing(const Kernel& k, const sim::DispatchSpec& spec,
                                                 const memory::GlobalMemory& mem,
                                                 const frontend::StallProfile& profile) {
  uint64_t bytes = spec.codeBase + spec.codeSize - spec.entryPc;
  if (!k.raw() && k.info().codeSize) bytes = std::min<uint64_t>(bytes, k.info().codeSize);
  const auto decode = [&](uint64_t pc, uint64_t n, const std::string& symbol) {
    std::vector<uint32_t> words(n / 4);
    mem.read(pc, words.data(), words.size() * 4);
    return frontend::decodeListing(spec.gen, words, pc, symbol);
  };
  std::vector<frontend::ListingLine> lines = decode(spec.entryPc, bytes, k.spec.name);
  // A code object: then each function of it the kernel called (a profiled PC in it), in address order, and
  // every line's source line.
  if (!k.raw()) {
    const uint64_t loadBase = spec.entryPc - k.info().entryVaddr;
    for (const frontend::CodeFunction& f : k.codeObject->functions) {
      if (f.vaddr == k.info().entryVaddr) continue;  // the kernel
      const auto it = profile.pcs().lower_bound(loadBase + f.vaddr);
      if (it == profile.pcs().end() || it->first - (loadBase + f.vaddr) >= f.size) continue;
      std::vector<frontend::ListingLine> called = decode(loadBase + f.vaddr, f.size, f.name);
      lines.insert(lines.end(), std::make_move_iterator(called.begin()),
                   std::make_move_iterator(called.end()));
    }
    frontend::addSourceLines(lines, frontend::SourceLines::read(k.codeObject->file, k.spec.file.string()),
                             k.info().entryVaddr, spec.entryPc);
  }
  return lines;
}

void fillResult(const Device::Impl& dev, const Kernel& k, const std::array<uint32_t, 3>& grid,
                const std::array<uint32_t, 3>& workgroup, const std::string& mode, sim::DispatchStats& stats,
                const sim::timing::TimingStats* timing, DispatchResult& out) {
  out.opCounts = std::move(stats.opCounts);
  out.instructions = stats.instructions;
  out.waves = stats.waves;
  out.workgroups = stats.workgroups;
  out.cycles = timing ? timing->cycles : 0;
  // The document of what ran, whether the run ended or was stopped.
  frontend::ResultDoc& doc = out.doc;
  doc.version = frontend::kVersion;
  doc.status = frontend::statusName(out.status.kind);
  doc.message = out.status.message;
  if (timing) doc.configJson = dev.configJson;
  doc.kernel = k.spec.name;
  doc.arch = k.spec.arch.llvmName;
  doc.mode = mode;
  doc.grid = grid;
  doc.workgroup = workgroup;
  doc.stats.waves = stats.waves;
  doc.stats.instructions = stats.instructions;
  doc.stats.extra.emplace_back("workgroups", stats.workgroups);
  if (timing) {
    addTimingStats(*timing, doc.stats);
    frontend::addSummaryToResult(*out.summary, doc);
  }
  if (out.checker) doc.sections.emplace_back("checks", frontend::checksSectionJson(*out.checker));
  if (out.profile) {
    using frontend::StallSection;
    doc.sections.emplace_back("lgkm", frontend::stallSectionJson(*out.profile, StallSection::Lgkm));
    doc.sections.emplace_back("vm", frontend::stallSectionJson(*out.profile, StallSection::Vm));
    doc.sections.emplace_back("barrier", frontend::stallSectionJson(*out.profile, StallSection::Barrier));
    frontend::addProfileSections(*out.profile, out.listing, doc);
  }
}

}  // namespace gcnsim
