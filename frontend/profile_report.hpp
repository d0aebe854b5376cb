// Reports built from a StallProfile: the stall report (--report stalls), the
// annotated listing (--report listing) and the result document's "lgkm",
// "vm" and "barrier" sections (README "Traces and profiles").
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontend/stall_profile.hpp"
#include "isa/gen.hpp"

namespace gcnsim::frontend {

struct ListingLine {
  uint64_t pc = 0;  // absolute
  std::string text;
};

// The kernel's instructions from `entryPc` (words are the code there).
std::vector<ListingLine> decodeListing(isa::Gen gen, std::span<const uint32_t> words, uint64_t entryPc);

std::string stallReportText(const StallProfile& p);
std::string listingText(const StallProfile& p, const std::vector<ListingLine>& lines);
// JSON text of one section: {"stall_cycles", "wave_cycles", "kernel_cycles", "share", "by_pc", "by_wave",
// "by_workgroup"}.
std::string stallSectionJson(const StallProfile& p, StallSection s);

}  // namespace gcnsim::frontend
