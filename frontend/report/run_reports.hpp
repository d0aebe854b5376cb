// The reports of `gcnsim run --report NAME` in the chosen --report-format,
// and the profile's sections of the result document.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "frontend/cli/run_cmd.hpp"
#include "frontend/report/profile_report.hpp"
#include "frontend/report/result.hpp"
#include "frontend/report/stall_profile.hpp"

namespace gcnsim::frontend {

// InputError "--report-format: ..." unless text, json or csv, or when JSON
// or CSV reports would share stdout with --trace - or --result -.
void checkReportFormat(const RunOptions& o);

// One report as text: stalls, listing, lines or stats.
std::string reportText(const std::string& name, const RunOutcome& out);
// The reports as one JSON object keyed by report name ("json"), or as CSV
// tables ("csv"; with several reports each table follows a "# NAME" line and
// a blank line separates them).
std::string reportsText(const std::vector<std::string>& names, const std::string& format,
                        const RunOutcome& out);

// Prints the --report reports: text ones to `textOut` (after the summary),
// JSON and CSV ones to stdout.
void printReports(const RunOptions& o, const RunOutcome& out, std::FILE* textOut);

// The result document's "stalls" section (every reason), and with a listing
// its "listing" and, when the code object has DWARF lines, "source_lines".
void addProfileSections(const StallProfile& p, const std::vector<ListingLine>& listing, ResultDoc& doc);

}  // namespace gcnsim::frontend
