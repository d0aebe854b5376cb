#include "frontend/report/profile_report.hpp"

#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <iterator>

#include "frontend/report/branch_target.hpp"
#include "frontend/report/listing_rows.hpp"
#include "frontend/trace/trace_writer.hpp"
#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "sim/pc_offset.hpp"

namespace gcnsim::frontend {
namespace {

using sim::trace::MemKind;
using sim::trace::MemOp;
using sim::trace::StallReason;

double ratio(uint64_t a, uint64_t b) { return b ? double(a) / double(b) : 0.0; }

const char* sectionTitle(StallSection s) {
  switch (s) {
    case StallSection::Lgkm: return "LGKM_CNT waits (s_waitcnt lgkmcnt)";
    case StallSection::Vm: return "VM_CNT waits (s_waitcnt vmcnt)";
    case StallSection::Barrier: return "barrier waits (s_barrier)";
  }
  return "";
}

// The waiting_on keys of a section and the index of each in SectionPc::waitingOn.
std::vector<std::pair<const char*, unsigned>> waitKeys(StallSection s) {
  if (s == StallSection::Lgkm)
    return {{"smem", unsigned(MemKind::Smem)},
            {"lds", unsigned(MemKind::Lds)},
            {"gds", unsigned(MemKind::Gds)},
            {"msg", unsigned(MemKind::Msg)},
            {"flat", unsigned(MemKind::Flat)}};
  if (s == StallSection::Vm)
    return {{"load", unsigned(MemOp::Load)},
            {"store", unsigned(MemOp::Store)},
            {"atomic", unsigned(MemOp::Atomic)},
            {"other", unsigned(MemOp::Other)}};
  return {};
}

// A section row's count: the instruction's executions, those still waiting at a stop included (their
// stalls are in the row's cycles, min and max).
uint64_t execsOf(const StallProfile& p, uint64_t pc) {
  const auto it = p.pcs().find(pc);
  return it == p.pcs().end() ? 0 : it->second.execs + it->second.openExecs;
}

std::string instOf(const StallProfile& p, uint64_t pc) {
  const auto it = p.pcs().find(pc);
  return it == p.pcs().end() ? std::string("?") : it->second.inst;
}

// Smallest stall of one execution: 0 if some execution did not stall.
uint64_t minOf(const SectionPc& s, uint64_t execs) {
  return s.stalledExecs < execs || s.stalledExecs == 0 ? 0 : s.minNonZero;
}

}  // namespace

std::vector<ListingLine> decodeListing(isa::Gen gen, std::span<const uint32_t> words, uint64_t entryPc,
                                       std::string_view symbol) {
  std::vector<ListingLine> out;
  for (size_t i = 0; i < words.size();) {
    isa::DecodedInst inst;
    if (isa::decode(gen, words.data() + i, words.size() - i, inst) == isa::DecodeStatus::Truncated) break;
    const uint64_t pc = entryPc + i * 4;
    out.push_back({pc, std::string(symbol),
                   withBranchLabel(isa::disassemble(gen, inst), inst, pc, symbol, entryPc), std::nullopt});
    i += std::max<unsigned>(inst.words, 1);
  }
  return out;
}

void addSourceLines(std::vector<ListingLine>& listing, const SourceLines& lines, uint64_t elfEntry,
                    uint64_t entryPc) {
  for (ListingLine& l : listing) l.source = lines.at(elfEntry + (l.pc - entryPc));
}

std::string stallReportText(const StallProfile& p) {
  std::string o;
  auto out = std::back_inserter(o);
  const uint64_t waveCycles = p.waveCycles();
  fmt::format_to(out,
                 "stall profile: {} cycles, {} wave-cycles (sum of the waves' lifetimes); pc = byte offset "
                 "from the kernel entry\n",
                 p.cycles(), waveCycles);
  for (StallSection s : {StallSection::Lgkm, StallSection::Vm, StallSection::Barrier}) {
    const uint64_t total = p.sectionTotal(s);
    fmt::format_to(out, "\n{}: {} cycles, {:.1f}% of wave-cycles\n", sectionTitle(s), total,
                   100.0 * ratio(total, waveCycles));
    if (!total) continue;
    const auto keys = waitKeys(s);
    fmt::format_to(out, "  {:>8} {:>7} {:>10} {:>8} {:>8}", "pc", "count", "stall", "min", "max");
    for (const auto& k : keys) fmt::format_to(out, " {:>8}", k.first);
    fmt::format_to(out, "  instruction\n");
    for (const auto& [pc, sp] : p.section(s)) {
      if (!sp.total) continue;
      const uint64_t execs = execsOf(p, pc);
      fmt::format_to(out, "  {:>8} {:>7} {:>10} {:>8} {:>8}",
                     sim::offsetHex(sim::entryOffset(pc, p.entryPc())), execs, sp.total, minOf(sp, execs),
                     sp.max);
      for (const auto& k : keys) fmt::format_to(out, " {:>8}", sp.waitingOn[k.second]);
      fmt::format_to(out, "  {}\n", instOf(p, pc));
    }
    // The waves and workgroups that waited longest.
    std::vector<const WaveProfile*> waves;
    for (const WaveProfile& w : p.waves())
      if (w.seen && StallProfile::sectionOf(w.section, s)) waves.push_back(&w);
    std::stable_sort(waves.begin(), waves.end(), [s](const WaveProfile* a, const WaveProfile* b) {
      return StallProfile::sectionOf(a->section, s) > StallProfile::sectionOf(b->section, s);
    });
    fmt::format_to(out, "  waves ({} stalled, longest first):", waves.size());
    for (size_t i = 0; i < waves.size() && i < 8; ++i)
      fmt::format_to(
          out, " w{} {} ({:.0f}%)", waves[i]->wave, StallProfile::sectionOf(waves[i]->section, s),
          100.0 * ratio(StallProfile::sectionOf(waves[i]->section, s), waves[i]->end - waves[i]->start));
    fmt::format_to(out, "{}\n", waves.size() > 8 ? " ..." : "");
    std::vector<std::pair<uint32_t, const WorkgroupProfile*>> wgs;
    for (const auto& [id, g] : p.workgroups())
      if (StallProfile::sectionOf(g.section, s)) wgs.emplace_back(id, &g);
    std::stable_sort(wgs.begin(), wgs.end(), [s](const auto& a, const auto& b) {
      return StallProfile::sectionOf(a.second->section, s) > StallProfile::sectionOf(b.second->section, s);
    });
    fmt::format_to(out, "  workgroups ({} stalled, longest first):", wgs.size());
    for (size_t i = 0; i < wgs.size() && i < 8; ++i)
      fmt::format_to(out, " wg{} {}", wgs[i].first, StallProfile::sectionOf(wgs[i].second->section, s));
    fmt::format_to(out, "{}\n", wgs.size() > 8 ? " ..." : "");
  }
  const StallArray& t = p.totals();
  fmt::format_to(
      out, "\nother stalls: dependency {}, issue port busy {}, instruction fetch {}, expcnt {} cycles\n",
      t[unsigned(StallReason::Dependency)], t[unsigned(StallReason::PortBusy)],
      t[unsigned(StallReason::NoInstruction)], t[unsigned(StallReason::Exp)]);
  return o;
}

std::string listingText(const StallProfile& p, const std::vector<ListingLine>& lines) {
  const std::vector<ListingRow> rows = listingRows(p, lines);
  size_t sourceWidth = 0;
  for (const ListingRow& r : rows)
    if (r.source) sourceWidth = std::max(sourceWidth, r.source->text().size());
  std::string o;
  auto out = std::back_inserter(o);
  fmt::format_to(
      out,
      "annotated listing: {} cycles; execs = wave-executions, issue/stall in wave-cycles; waits land "
      "on the instruction that waited (s_waitcnt, s_barrier); lanes = mean active lanes (EXEC) at "
      "issue; latency = mean cycles to the result (memory: request to return); * = hot (top 10% by "
      "issue + stall, above the mean)\n",
      p.cycles());
  fmt::format_to(out, "   {:>8} {:>7} {:>9} {:>9} {:>6} {:>6} {:>8} {:>7}  {:<48} ", "pc", "execs", "issue",
                 "stall", "share", "lanes", "latency", "lds-cf", "instruction");
  if (sourceWidth) fmt::format_to(out, "{:<{}}  ", "source", sourceWidth);
  fmt::format_to(out, "stall by reason\n");
  for (size_t i = 0; i < rows.size(); ++i) {
    const ListingRow& r = rows[i];
    // The functions the kernel called follow its own rows, each under its name.
    if (i && r.function != rows[i - 1].function) fmt::format_to(out, "\n  {}:\n", r.function);
    std::string reasons;
    for (unsigned i = 0; i < sim::trace::kStallReasons; ++i)
      if (r.stall[i])
        reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ",
                               sim::trace::stallReasonName(StallReason(i)), r.stall[i]);
    fmt::format_to(out, " {} {:>8} {:>7} {:>9} {:>9} {:>5.1f}% {:>5.1f}% {:>8.1f} {:>7}  {:<48} ",
                   r.hot ? '*' : ' ', sim::offsetHex(r.offset), r.execs, r.issueCycles, r.stallCycles,
                   100.0 * r.share, 100.0 * r.laneUtilisation, r.avgLatency, r.ldsConflictCycles, r.text);
    if (sourceWidth) fmt::format_to(out, "{:<{}}  ", r.source ? r.source->text() : "", sourceWidth);
    o += reasons;
    // No trailing blanks on lines without reasons.
    while (!o.empty() && o.back() == ' ') o.pop_back();
    o += '\n';
  }
  return o;
}

std::string sourceLinesText(const StallProfile& p, const std::vector<ListingLine>& lines) {
  const std::vector<SourceLineRow> rows = sourceLineRows(listingRows(p, lines));
  if (rows.empty())
    return "source lines: the kernel has no DWARF line table (a code object built with -g has one; raw "
           "machine code has none)\n";
  size_t width = 6;
  for (const SourceLineRow& r : rows) width = std::max(width, r.source.text().size());
  std::string o;
  auto out = std::back_inserter(o);
  fmt::format_to(
      out, "source lines: {} cycles; the listing's instructions added up by the source line DWARF gives\n",
      p.cycles());
  fmt::format_to(out, "  {:<{}} {:>6} {:>8} {:>10} {:>10} {:>6} {:>8}\n", "source", width, "insts", "execs",
                 "issue", "stall", "share", "lds-cf");
  for (const SourceLineRow& r : rows)
    fmt::format_to(out, "  {:<{}} {:>6} {:>8} {:>10} {:>10} {:>5.1f}% {:>8}\n", r.source.text(), width,
                   r.instructions, r.execs, r.issueCycles, r.stallCycles, 100.0 * r.share,
                   r.ldsConflictCycles);
  return o;
}

std::string stallSectionJson(const StallProfile& p, StallSection s) {
  std::string o;
  auto out = std::back_inserter(o);
  const uint64_t total = p.sectionTotal(s), waveCycles = p.waveCycles();
  fmt::format_to(out,
                 "{{\"stall_cycles\": {}, \"wave_cycles\": {}, \"kernel_cycles\": {}, \"share\": {:.6f},\n   "
                 " \"by_pc\": [",
                 total, waveCycles, p.cycles(), ratio(total, waveCycles));
  bool first = true;
  const auto keys = waitKeys(s);
  for (const auto& [pc, sp] : p.section(s)) {
    if (!sp.total) continue;
    const uint64_t execs = execsOf(p, pc);
    fmt::format_to(
        out,
        "{}\n      {{\"pc\": {}, \"instruction\": {}, \"count\": {}, \"stall_cycles\": {}, \"min\": {}, "
        "\"max\": {}",
        first ? "" : ",", sim::entryOffset(pc, p.entryPc()), jsonString(instOf(p, pc)), execs, sp.total,
        minOf(sp, execs), sp.max);
    if (!keys.empty()) {
      fmt::format_to(out, ", \"waiting_on\": {{");
      for (size_t i = 0; i < keys.size(); ++i)
        fmt::format_to(out, "{}\"{}\": {}", i ? ", " : "", keys[i].first, sp.waitingOn[keys[i].second]);
      o += '}';
    }
    o += '}';
    first = false;
  }
  o += first ? "],\n    \"by_wave\": [" : "\n    ],\n    \"by_wave\": [";
  first = true;
  for (const WaveProfile& w : p.waves()) {
    if (!w.seen) continue;
    const uint64_t c = StallProfile::sectionOf(w.section, s), life = w.end - w.start;
    fmt::format_to(
        out,
        "{}\n      {{\"wave\": {}, \"workgroup\": {}, \"cu\": {}, \"simd\": {}, \"stall_cycles\": {}, "
        "\"cycles\": {}, \"share\": {:.6f}}}",
        first ? "" : ",", w.wave, w.workgroup, w.cu, w.simd, c, life, ratio(c, life));
    first = false;
  }
  o += first ? "],\n    \"by_workgroup\": [" : "\n    ],\n    \"by_workgroup\": [";
  first = true;
  for (const auto& [id, g] : p.workgroups()) {
    const uint64_t c = StallProfile::sectionOf(g.section, s);
    fmt::format_to(out,
                   "{}\n      {{\"workgroup\": {}, \"cu\": {}, \"waves\": {}, \"stall_cycles\": {}, "
                   "\"wave_cycles\": {}, "
                   "\"share\": {:.6f}}}",
                   first ? "" : ",", id, g.cu, g.waves, c, g.waveCycles, ratio(c, g.waveCycles));
    first = false;
  }
  o += first ? "]}" : "\n    ]}";
  return o;
}

}  // namespace gcnsim::frontend
