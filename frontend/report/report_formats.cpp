#include "frontend/report/report_formats.hpp"

#include <spdlog/fmt/fmt.h>

#include <iterator>
#include <nlohmann/json.hpp>

#include "frontend/report/csv.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::frontend {
namespace {

using sim::trace::kStallReasons;
using sim::trace::StallReason;
using sim::trace::stallReasonName;

std::string byReasonJson(const StallArray& a) {
  std::string o = "{";
  for (unsigned i = 0; i < kStallReasons; ++i)
    o += fmt::format("{}\"{}\": {}", i ? ", " : "", stallReasonName(StallReason(i)), a[i]);
  return o + "}";
}

uint64_t sum(const StallArray& a) {
  uint64_t t = 0;
  for (uint64_t v : a) t += v;
  return t;
}

std::string sourceJson(const std::optional<SourceLoc>& s) { return s ? jsonString(s->text()) : "null"; }

std::vector<std::string> reasonNames() {
  std::vector<std::string> n;
  for (unsigned i = 0; i < kStallReasons; ++i) n.emplace_back(stallReasonName(StallReason(i)));
  return n;
}

std::string num(double v) { return fmt::format("{:.6f}", v); }

}  // namespace

std::string stallsJson(const StallProfile& p) {
  std::string o;
  auto out = std::back_inserter(o);
  fmt::format_to(out,
                 "{{\"stall_cycles\": {}, \"wave_cycles\": {}, \"kernel_cycles\": {}, \"by_reason\": {},\n   "
                 " \"by_pc\": [",
                 sum(p.totals()), p.waveCycles(), p.cycles(), byReasonJson(p.totals()));
  bool first = true;
  for (const auto& [pc, pp] : p.pcs()) {
    const uint64_t total = pp.stallTotal();
    if (!total) continue;
    fmt::format_to(out,
                   "{}\n      {{\"pc\": {}, \"instruction\": {}, \"count\": {}, \"stall_cycles\": {}, "
                   "\"by_reason\": {}}}",
                   first ? "" : ",", sim::entryOffset(pc, p.entryPc()), jsonString(pp.inst), pp.execs, total,
                   byReasonJson(pp.stall));
    first = false;
  }
  o += first ? "]}" : "\n    ]}";
  return o;
}

std::string listingJson(const std::vector<ListingRow>& rows) {
  std::string o = "[";
  auto out = std::back_inserter(o);
  for (size_t i = 0; i < rows.size(); ++i) {
    const ListingRow& r = rows[i];
    fmt::format_to(
        out,
        "{}\n    {{\"pc\": {}, \"function\": {}, \"instruction\": {}, \"source\": {}, \"hot\": {}, "
        "\"execs\": {}, "
        "\"issue_cycles\": {}, \"stall_cycles\": {}, \"share\": {}, \"avg_latency\": {}, "
        "\"lane_utilisation\": {}, \"lds_conflict_cycles\": {}, \"stalls\": {}}}",
        i ? "," : "", r.offset, jsonString(r.function), jsonString(r.text), sourceJson(r.source), r.hot,
        r.execs, r.issueCycles, r.stallCycles, num(r.share), num(r.avgLatency), num(r.laneUtilisation),
        r.ldsConflictCycles, byReasonJson(r.stall));
  }
  return o + (rows.empty() ? "]" : "\n  ]");
}

std::string sourceLinesJson(const std::vector<SourceLineRow>& rows) {
  std::string o = "[";
  auto out = std::back_inserter(o);
  for (size_t i = 0; i < rows.size(); ++i) {
    const SourceLineRow& r = rows[i];
    fmt::format_to(
        out,
        "{}\n    {{\"source\": {}, \"file\": {}, \"line\": {}, \"instructions\": {}, \"execs\": {}, "
        "\"issue_cycles\": {}, \"stall_cycles\": {}, \"share\": {}, \"lds_conflict_cycles\": {}}}",
        i ? "," : "", jsonString(r.source.text()), jsonString(r.source.file), r.source.line, r.instructions,
        r.execs, r.issueCycles, r.stallCycles, num(r.share), r.ldsConflictCycles);
  }
  return o + (rows.empty() ? "]" : "\n  ]");
}

std::string statsJson(const ResultDoc& doc) {
  std::string o = fmt::format("{{\"waves\": {}, \"instructions\": {}, \"cycles\": {}", doc.stats.waves,
                              doc.stats.instructions, doc.stats.cycles);
  for (const auto& [name, value] : doc.stats.extra) o += fmt::format(", {}: {}", jsonString(name), value);
  for (const auto& [name, text] : doc.statsJson) o += fmt::format(", {}: {}", jsonString(name), text);
  return o + "}";
}

std::string stallsCsv(const StallProfile& p) {
  std::vector<std::string> head = {"pc", "instruction", "count", "stall_cycles"};
  for (const std::string& n : reasonNames()) head.push_back(n);
  std::string o = csvRow(head);
  auto row = [](std::string pc, const std::string& inst, uint64_t count, const StallArray& a) {
    std::vector<std::string> f = {std::move(pc), inst, std::to_string(count), std::to_string(sum(a))};
    for (uint64_t v : a) f.push_back(std::to_string(v));
    return csvRow(f);
  };
  uint64_t execs = 0;  // the "all" row counts every execution (the wave-instructions), as a PC row its own
  for (const auto& [pc, pp] : p.pcs()) {
    execs += pp.execs;
    if (pp.stallTotal())
      o += row(std::to_string(sim::entryOffset(pc, p.entryPc())), pp.inst, pp.execs, pp.stall);
  }
  return o + row("all", "", execs, p.totals());
}

std::string listingCsv(const std::vector<ListingRow>& rows) {
  std::vector<std::string> head = {"pc",    "function",    "instruction",      "source",
                                   "hot",   "execs",       "issue_cycles",     "stall_cycles",
                                   "share", "avg_latency", "lane_utilisation", "lds_conflict_cycles"};
  for (const std::string& n : reasonNames()) head.push_back(n);
  std::string o = csvRow(head);
  for (const ListingRow& r : rows) {
    std::vector<std::string> f = {std::to_string(r.offset),
                                  r.function,
                                  r.text,
                                  r.source ? r.source->text() : "",
                                  r.hot ? "1" : "0",
                                  std::to_string(r.execs),
                                  std::to_string(r.issueCycles),
                                  std::to_string(r.stallCycles),
                                  num(r.share),
                                  num(r.avgLatency),
                                  num(r.laneUtilisation),
                                  std::to_string(r.ldsConflictCycles)};
    for (uint64_t v : r.stall) f.push_back(std::to_string(v));
    o += csvRow(f);
  }
  return o;
}

std::string sourceLinesCsv(const std::vector<SourceLineRow>& rows) {
  std::string o = csvRow({"file", "line", "instructions", "execs", "issue_cycles", "stall_cycles", "share",
                          "lds_conflict_cycles"});
  for (const SourceLineRow& r : rows)
    o += csvRow({r.source.file, std::to_string(r.source.line), std::to_string(r.instructions),
                 std::to_string(r.execs), std::to_string(r.issueCycles), std::to_string(r.stallCycles),
                 num(r.share), std::to_string(r.ldsConflictCycles)});
  return o;
}

std::string statsCsv(const ResultDoc& doc) {
  std::string o = csvRow({"name", "value"});
  o += csvRow({"waves", std::to_string(doc.stats.waves)});
  o += csvRow({"instructions", std::to_string(doc.stats.instructions)});
  o += csvRow({"cycles", std::to_string(doc.stats.cycles)});
  for (const auto& [name, value] : doc.stats.extra) o += csvRow({name, std::to_string(value)});
  // Lists and objects one row per element: ipc_per_cu[3], rocprof.SQ_WAVES.
  for (const auto& [name, text] : doc.statsJson) {
    const auto v = nlohmann::ordered_json::parse(text);
    if (v.is_array())
      for (size_t i = 0; i < v.size(); ++i) o += csvRow({name + "[" + std::to_string(i) + "]", v[i].dump()});
    else if (v.is_object())
      for (const auto& [k, e] : v.items()) o += csvRow({name + "." + k, e.dump()});
    else
      o += csvRow({name, text});
  }
  return o;
}

}  // namespace gcnsim::frontend
