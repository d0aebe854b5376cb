// Reports built from a StallProfile as text: the stall report (--report
// stalls), the annotated listing (--report listing) and its per-source-line
// roll-up (--report lines); and the result document's "lgkm", "vm" and
// "barrier" sections (README "Traces and profiles"). JSON and CSV forms of
// the others: report_formats.hpp.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/code_object/source_lines.hpp"
#include "frontend/report/stall_profile.hpp"
#include "isa/gen.hpp"

namespace gcnsim::frontend {

struct ListingLine {
  uint64_t pc = 0;                  // absolute
  std::string function;             // the function symbol it belongs to: the kernel, or one it calls
  std::string text;                 // with the branch target: `s_branch 2 <kernel+0x10>`
  std::optional<SourceLoc> source;  // from the code object's DWARF line table
};

// The instructions of function `symbol` (the kernel, or a function it calls) at `entryPc` (words are the
// code there); branch targets are named relative to it.
std::vector<ListingLine> decodeListing(isa::Gen gen, std::span<const uint32_t> words, uint64_t entryPc,
                                       std::string_view symbol);
// Sets each line's source from `lines`, where the kernel entry is at ELF
// address `elfEntry` (lines' PCs are simulated addresses from `entryPc`).
void addSourceLines(std::vector<ListingLine>& listing, const SourceLines& lines, uint64_t elfEntry,
                    uint64_t entryPc);

std::string stallReportText(const StallProfile& p);
std::string listingText(const StallProfile& p, const std::vector<ListingLine>& lines);
// The per-source-line roll-up (a note when the kernel has no line table).
std::string sourceLinesText(const StallProfile& p, const std::vector<ListingLine>& lines);
// JSON text of one section: {"stall_cycles", "wave_cycles", "kernel_cycles", "share", "by_pc", "by_wave",
// "by_workgroup"}.
std::string stallSectionJson(const StallProfile& p, StallSection s);

}  // namespace gcnsim::frontend
