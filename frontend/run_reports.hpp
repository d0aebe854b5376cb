// The reports of `gcnsim run --report NAME` in the chosen --report-format,
// and the profile's sections of the result document.
#pragma once
#include <string>
#include <vector>

#include "frontend/profile_report.hpp"
#include "frontend/result.hpp"
#include "frontend/run_cmd.hpp"
#include "frontend/stall_profile.hpp"

namespace gcnsim::frontend {

// InputError "--report-format: ..." unless text, json or csv.
void checkReportFormat(const std::string& format);

// One report as text: stalls, listing, lines or stats.
std::string reportText(const std::string& name, const RunOutcome& out);
// The reports as one JSON object keyed by report name ("json"), or as CSV
// tables ("csv"; with several reports each table follows a "# NAME" line and
// a blank line separates them).
std::string reportsText(const std::vector<std::string>& names, const std::string& format,
                        const RunOutcome& out);

// The result document's "stalls" section (every reason), and with a listing
// its "listing" and, when the code object has DWARF lines, "source_lines".
void addProfileSections(const StallProfile& p, const std::vector<ListingLine>& listing, ResultDoc& doc);

}  // namespace gcnsim::frontend
