#include "frontend/report/check_report.hpp"

#include <nlohmann/json.hpp>

#include "sim/pc_offset.hpp"
namespace gcnsim::frontend {

using sim::check::CheckKind;

std::shared_ptr<sim::check::Checker> makeChecker(const sim::check::CheckOptions& opt,
                                                 const sim::DispatchSpec& spec,
                                                 const memory::GlobalMemory& mem, sim::ExecEnv& env) {
  auto c = std::make_shared<sim::check::Checker>(opt);
  c->setDispatch(spec);
  std::vector<sim::check::MemoryRange> ranges;
  for (const memory::GlobalMemory::RegionInfo& r : mem.regions()) ranges.push_back({r.base, r.size, r.name});
  c->setMemoryRanges(std::move(ranges));
  env.observer = c.get();
  return c;
}

std::string checkReportText(const sim::check::Checker& c) {
  const sim::check::FindingLog& log = c.findings();
  std::string out;
  size_t printed = 0;
  for (const sim::check::Finding* f : log.sorted()) {
    if (printed++ == kMaxPrintedFindings) break;
    out += "gcnsim: check: " + findingLine(*f, c.entryPc()) + "\n";
  }
  if (log.size() > kMaxPrintedFindings)
    out += "gcnsim: check: ... and " + std::to_string(log.size() - kMaxPrintedFindings) +
           " more (see --result)\n";
  out += "gcnsim: check: " + std::to_string(log.size()) + " finding" + (log.size() == 1 ? "" : "s") + " (" +
         std::to_string(log.count(CheckKind::Hazard)) + " hazards, " +
         std::to_string(log.count(CheckKind::Race)) + " races, " +
         std::to_string(log.count(CheckKind::Uninit)) + " uninit, " +
         std::to_string(log.count(CheckKind::Bounds)) + " bounds)\n";
  return out;
}

std::string checksSectionJson(const sim::check::Checker& c) {
  const sim::check::FindingLog& log = c.findings();
  const uint64_t entry = c.entryPc();
  nlohmann::ordered_json counts;
  for (CheckKind k : {CheckKind::Hazard, CheckKind::Race, CheckKind::Uninit, CheckKind::Bounds})
    counts[sim::check::checkKindName(k)] = log.count(k);
  counts["total"] = log.size();
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const sim::check::Finding* f : log.sorted()) {
    nlohmann::ordered_json j;
    j["kind"] = sim::check::checkKindName(f->kind);
    j["rule"] = f->rule;
    j["wave"] = f->wave;
    j["pc"] = sim::entryOffset(f->pc, entry);
    j["inst"] = f->inst;
    if (f->hasOther) {
      j["other_pc"] = sim::entryOffset(f->otherPc, entry);
      j["other_inst"] = f->otherInst;
    }
    j["detail"] = f->detail;
    list.push_back(std::move(j));
  }
  nlohmann::ordered_json doc;
  doc["counts"] = std::move(counts);
  doc["findings"] = std::move(list);
  return doc.dump();
}

}  // namespace gcnsim::frontend
