// The annotated listing's data, one row per instruction of the kernel (PC
// order) and one per source line, from a StallProfile: what the text, JSON
// and CSV reports print (profile_report.hpp, report_formats.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/code_object/source_lines.hpp"
#include "frontend/report/profile_report.hpp"
#include "frontend/report/stall_profile.hpp"

namespace gcnsim::frontend {

struct ListingRow {
  int64_t offset = 0;               // byte offset from the kernel entry (sim/pc_offset.hpp: may be negative)
  std::string function;             // the kernel, or a function it called
  std::string text;                 // disassembly (with the branch target)
  std::optional<SourceLoc> source;  // from the DWARF line table
  uint64_t execs = 0;               // wave-executions
  uint64_t issueCycles = 0, stallCycles = 0;
  StallArray stall{};  // by sim::trace::StallReason
  uint64_t cost = 0;   // issue + stall cycles
  double share = 0;    // cost / the listing's total cost
  bool hot = false;    // hotLines() rule
  // Mean cycles from issue until the result is there: memory instructions
  // from the request to its scheduled return, others the issue cycles.
  double avgLatency = 0;
  double laneUtilisation = 0;  // mean popcount(EXEC) / 64 at issue (0 if never executed)
  uint64_t ldsConflictCycles = 0;
};

struct SourceLineRow {  // every instruction attributed to one source line
  SourceLoc source;
  uint64_t instructions = 0, execs = 0, issueCycles = 0, stallCycles = 0, ldsConflictCycles = 0;
  double share = 0;  // of the listing's total cost
};

std::vector<ListingRow> listingRows(const StallProfile& p, const std::vector<ListingLine>& lines);
// Rows grouped by source line, in file and line order (instructions without
// a line are left out).
std::vector<SourceLineRow> sourceLineRows(const std::vector<ListingRow>& rows);

}  // namespace gcnsim::frontend
