// What the checker found: one entry per (rule, PC, other PC), de-duplicated,
// kept in a deterministic order (kind, rule, PC, other PC) whatever order
// the engine ran the waves in. The wave named is the lowest wave id that
// hit it.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace gcnsim::sim::check {

enum class CheckKind : uint8_t { Hazard, Race, Uninit, Bounds };
inline constexpr unsigned kCheckKinds = 4;
const char* checkKindName(CheckKind k);  // "hazard", "race", "uninit", "bounds"

struct Finding {
  CheckKind kind = CheckKind::Hazard;
  const char* rule = "";  // static rule id, e.g. "valu-sgpr-vmem"
  uint32_t wave = 0;
  uint64_t pc = 0;
  std::string inst;
  bool hasOther = false;  // the earlier (conflicting) instruction
  uint64_t otherPc = 0;
  std::string otherInst;
  std::string detail;  // e.g. "needs 5 wait states, found 1"
  // Of the details the finding was hit with, the one of the lowest rank is kept (race-lds, uninit-lds:
  // the LDS address), so that it does not depend on which wave hit it first; 0 for the other rules,
  // whose first detail stays.
  uint64_t detailRank = 0;
};

// One line: "hazard valu-sgpr-vmem: wave 0 pc 0x1010 `buffer_load_dword ...`
// after pc 0x100c `v_readfirstlane_b32 s4, v0`: needs 5 wait states, found 0".
// `codeBase` (if nonzero): PCs also printed as entry offsets.
std::string findingLine(const Finding& f, uint64_t entryPc = 0);

class FindingLog {
 public:
  // Whether (rule, pc, otherPc) is already known; if so, lowers its wave id,
  // and takes `detail` if `detailRank` is lower than the finding's.
  bool seen(const char* rule, uint64_t pc, uint64_t otherPc, uint32_t wave, uint64_t detailRank = 0,
            std::string_view detail = {});
  void add(Finding f);  // after seen() returned false

  size_t size() const { return byKey_.size(); }
  uint64_t count(CheckKind k) const { return counts_[unsigned(k)]; }
  // In (kind, rule, pc, other pc) order.
  std::vector<const Finding*> sorted() const;

 private:
  using Key = std::tuple<std::string_view, uint64_t, uint64_t>;
  std::map<Key, Finding> byKey_;
  std::array<uint64_t, kCheckKinds> counts_{};
};

}  // namespace gcnsim::sim::check
