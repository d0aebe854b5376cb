// The manually-inserted wait states of GCN (AMD Vega ISA section 4.5, "Manually
// Inserted Wait States (NOPs)", Table 8; generation limits from LLVM's
// GCNHazardRecognizer.cpp and GCNSubtarget.h, cross-checked with Mesa ACO's
// aco_insert_NOPs.cpp), plus the S_BUFFER_* rule of the CLRX manual. Each
// rule: the first and second instruction, the register they must share (if
// any) and the wait states required per generation; the sources are in
// hazard_rules.cpp next to each rule and in the README's rules table.
//
// Wait states are counted in instructions: every instruction between the
// two provides one, s_nop N provides N + 1 (InstFacts::waitStates), so the
// check gives the same answer in functional and timing mode.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "isa/gen.hpp"
#include "sim/check/inst_facts.hpp"

namespace gcnsim::sim::check {

struct HazardRule {
  const char* id;
  std::array<uint8_t, isa::kNumGens> waits;  // per generation (GCN 1.0, 1.1, 1.2, 1.4); 0: no rule
  const char* first;                         // what the first instruction does (README text)
  const char* second;
  bool (*isFirst)(const InstFacts&);
  bool (*isSecond)(const InstFacts&);
  // The two conflict (e.g. share the register); null: always.
  bool (*conflict)(const InstFacts& first, const InstFacts& second);
};

std::span<const HazardRule> hazardRules();
// The largest wait-state requirement of any rule (the history a wave keeps).
inline constexpr unsigned kMaxHazardWaits = 5;

// Bit i set: the instruction can be the first (second) instruction of rule i in `gen`.
uint32_t hazardFirstRoles(const InstFacts& f, isa::Gen gen);
uint32_t hazardSecondRoles(const InstFacts& f, isa::Gen gen);

}  // namespace gcnsim::sim::check
