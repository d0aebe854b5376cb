#include "frontend/report/listing_rows.hpp"

#include <map>
#include <tuple>

#include "frontend/report/hot_lines.hpp"
#include "sim/pc_offset.hpp"
#include "sim/wave_state.hpp"

namespace gcnsim::frontend {

std::vector<ListingRow> listingRows(const StallProfile& p, const std::vector<ListingLine>& lines) {
  std::vector<ListingRow> rows;
  uint64_t total = 0;
  for (const ListingLine& l : lines) {
    ListingRow r;
    r.offset = sim::entryOffset(l.pc, p.entryPc());
    r.function = l.function;
    r.text = l.text;
    r.source = l.source;
    if (const auto it = p.pcs().find(l.pc); it != p.pcs().end()) {
      const PcProfile& pp = it->second;
      r.execs = pp.execs;
      r.issueCycles = pp.issueCycles;
      r.stall = pp.stall;
      r.stallCycles = pp.stallTotal();
      r.ldsConflictCycles = pp.ldsConflictCycles;
      if (pp.memRequests)
        r.avgLatency = double(pp.memLatency) / double(pp.memRequests);
      else if (pp.execs)
        r.avgLatency = double(pp.issueCycles) / double(pp.execs);
      if (pp.execs) r.laneUtilisation = double(pp.activeLanes) / double(pp.execs * sim::kWaveSize);
    }
    r.cost = r.issueCycles + r.stallCycles;
    total += r.cost;
    rows.push_back(std::move(r));
  }
  std::vector<uint64_t> costs;
  for (const ListingRow& r : rows) costs.push_back(r.cost);
  const std::vector<bool> hot = hotLines(costs);
  for (size_t i = 0; i < rows.size(); ++i) {
    rows[i].hot = hot[i];
    rows[i].share = total ? double(rows[i].cost) / double(total) : 0.0;
  }
  return rows;
}

std::vector<SourceLineRow> sourceLineRows(const std::vector<ListingRow>& rows) {
  std::map<std::tuple<std::string, uint32_t>, SourceLineRow> byLine;
  for (const ListingRow& r : rows) {
    if (!r.source) continue;
    SourceLineRow& s = byLine[{r.source->file, r.source->line}];
    s.source = *r.source;
    ++s.instructions;
    s.execs += r.execs;
    s.issueCycles += r.issueCycles;
    s.stallCycles += r.stallCycles;
    s.ldsConflictCycles += r.ldsConflictCycles;
    s.share += r.share;
  }
  std::vector<SourceLineRow> out;
  for (auto& [key, s] : byLine) out.push_back(std::move(s));
  return out;
}

}  // namespace gcnsim::frontend
