#include "sim/check/findings.hpp"

#include <algorithm>
#include <cstdio>

#include "sim/pc_offset.hpp"

namespace gcnsim::sim::check {

const char* checkKindName(CheckKind k) {
  switch (k) {
    case CheckKind::Hazard: return "hazard";
    case CheckKind::Race: return "race";
    case CheckKind::Uninit: return "uninit";
    case CheckKind::Bounds: return "bounds";
  }
  return "?";
}

namespace {
// Without the dispatch (entryPc 0) the PC alone.
std::string pcText(uint64_t pc, uint64_t entryPc) {
  if (entryPc) return entryPcText(pc, entryPc);
  char buf[32];
  std::snprintf(buf, sizeof buf, "pc 0x%llx", static_cast<unsigned long long>(pc));
  return buf;
}
}  // namespace

std::string findingLine(const Finding& f, uint64_t entryPc) {
  std::string s = std::string(checkKindName(f.kind)) + " " + f.rule + ": wave " + std::to_string(f.wave) +
                  " " + pcText(f.pc, entryPc) + " `" + f.inst + "`";
  if (f.hasOther) s += " after " + pcText(f.otherPc, entryPc) + " `" + f.otherInst + "`";
  if (!f.detail.empty()) s += ": " + f.detail;
  return s;
}

bool FindingLog::seen(const char* rule, uint64_t pc, uint64_t otherPc, uint32_t wave, uint64_t detailRank,
                      std::string_view detail) {
  const auto it = byKey_.find(Key{rule, pc, otherPc});
  if (it == byKey_.end()) return false;
  Finding& f = it->second;
  f.wave = std::min(f.wave, wave);
  if (detailRank < f.detailRank) f.detailRank = detailRank, f.detail = detail;
  return true;
}

void FindingLog::add(Finding f) {
  ++counts_[unsigned(f.kind)];
  const Key k{f.rule, f.pc, f.otherPc};
  byKey_.emplace(k, std::move(f));
}

std::vector<const Finding*> FindingLog::sorted() const {
  std::vector<const Finding*> out;
  out.reserve(byKey_.size());
  for (const auto& [k, f] : byKey_) out.push_back(&f);
  std::stable_sort(out.begin(), out.end(),
                   [](const Finding* a, const Finding* b) { return a->kind < b->kind; });
  return out;
}

}  // namespace gcnsim::sim::check
