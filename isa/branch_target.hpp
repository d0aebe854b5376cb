// Where a PC-relative branch goes: an ISA fact, for the disassembler's labels,
// the reports and the engines' fault messages.
#pragma once
#include <cstdint>
#include <optional>

#include "isa/decoded.hpp"

namespace gcnsim::isa {

// The target of a PC-relative branch (s_branch, s_cbranch_*: SOPP with a
// simm16 label) at `pc`: pc + 4 + simm16 * 4, the offset taken as an 18-bit
// signed value as LLVM's AMDGPUMCInstrAnalysis::evaluateBranch does; nullopt
// for every other instruction (s_setpc, s_call and the fork/join ops are not
// PC-relative labels).
std::optional<uint64_t> branchTarget(const DecodedInst& inst, uint64_t pc);

}  // namespace gcnsim::isa
