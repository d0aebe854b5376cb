#include "frontend/report/run_reports.hpp"

#include "frontend/common/error.hpp"
#include "frontend/report/listing_rows.hpp"
#include "frontend/report/report_formats.hpp"
#include "frontend/report/timing_report.hpp"

namespace gcnsim::frontend {

void checkReportFormat(const RunOptions& o) {
  const std::string& f = o.reportFormat;
  if (f != "text" && f != "json" && f != "csv")
    throw InputError("--report-format: \"" + f + "\" is not a format (expected text, json or csv)");
  if (f != "text" && !o.reports.empty() && (o.trace == "-" || o.result == "-"))
    throw InputError("--report-format " + f + ": the reports go to stdout, which --" +
                     (o.trace == "-" ? "trace" : "result") + " - already writes to");
}

void printReports(const RunOptions& o, const RunOutcome& out, std::FILE* textOut) {
  if (o.reportFormat == "text")
    for (const std::string& r : o.reports) std::fprintf(textOut, "\n%s", reportText(r, out).c_str());
  else if (!o.reports.empty())
    std::fputs(reportsText(o.reports, o.reportFormat, out).c_str(), stdout);
}

std::string reportText(const std::string& name, const RunOutcome& out) {
  if (name == "stats") return statsTable(*out.summary);
  if (name == "stalls") return stallReportText(*out.profile);
  if (name == "listing") return listingText(*out.profile, out.listing);
  return sourceLinesText(*out.profile, out.listing);
}

namespace {

std::string one(const std::string& name, bool json, const RunOutcome& out) {
  if (name == "stats") return json ? statsJson(out.doc) : statsCsv(out.doc);
  if (name == "stalls") return json ? stallsJson(*out.profile) : stallsCsv(*out.profile);
  const std::vector<ListingRow> rows = listingRows(*out.profile, out.listing);
  if (name == "listing") return json ? listingJson(rows) : listingCsv(rows);
  const std::vector<SourceLineRow> lines = sourceLineRows(rows);
  return json ? sourceLinesJson(lines) : sourceLinesCsv(lines);
}

}  // namespace

std::string reportsText(const std::vector<std::string>& names, const std::string& format,
                        const RunOutcome& out) {
  const bool json = format == "json";
  std::string o = json ? "{" : "";
  for (size_t i = 0; i < names.size(); ++i) {
    if (json)
      o += (i ? ",\n  \"" : "\n  \"") + names[i] + "\": " + one(names[i], true, out);
    else
      o += (i ? "\n" : "") + (names.size() > 1 ? "# " + names[i] + "\n" : std::string()) +
           one(names[i], false, out);
  }
  return json ? o + "\n}\n" : o;
}

void addProfileSections(const StallProfile& p, const std::vector<ListingLine>& listing, ResultDoc& doc) {
  doc.sections.emplace_back("stalls", stallsJson(p));
  if (listing.empty()) return;
  const std::vector<ListingRow> rows = listingRows(p, listing);
  doc.sections.emplace_back("listing", listingJson(rows));
  const std::vector<SourceLineRow> lines = sourceLineRows(rows);
  if (!lines.empty()) doc.sections.emplace_back("source_lines", sourceLinesJson(lines));
}

}  // namespace gcnsim::frontend
