// The reports of `gcnsim run --report` as JSON and CSV (--report-format), and
// the result document's "stalls", "listing" and "source_lines" sections
// (README "Traces and profiles"). The text forms: profile_report.hpp,
// timing_report.hpp.
#pragma once
#include <string>
#include <vector>

#include "frontend/report/listing_rows.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/stall_profile.hpp"

namespace gcnsim::frontend {

// {"stall_cycles", "wave_cycles", "kernel_cycles", "by_reason": {every
// reason}, "by_pc": [{"pc", "instruction", "count", "stall_cycles",
// "by_reason"}]}: every stall reason, the "other stalls" included.
std::string stallsJson(const StallProfile& p);
// [{"pc", "instruction", "source", "hot", "execs", "issue_cycles",
// "stall_cycles", "share", "avg_latency", "lane_utilisation",
// "lds_conflict_cycles", "stalls": {by reason}}, ...]
std::string listingJson(const std::vector<ListingRow>& rows);
// [{"source", "file", "line", "instructions", "execs", "issue_cycles",
// "stall_cycles", "share", "lds_conflict_cycles"}, ...]
std::string sourceLinesJson(const std::vector<SourceLineRow>& rows);
// The result document's "stats" object.
std::string statsJson(const ResultDoc& doc);

// One table each, with a header row.
std::string stallsCsv(const StallProfile& p);  // one row per stalled instruction, then "all"
std::string listingCsv(const std::vector<ListingRow>& rows);
std::string sourceLinesCsv(const std::vector<SourceLineRow>& rows);
std::string statsCsv(const ResultDoc& doc);  // name,value

}  // namespace gcnsim::frontend
