// Branch targets as llvm-objdump prints them after a branch: ` <kernel+0x84>`.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "isa/decoded.hpp"

namespace gcnsim::frontend {

// The target of a PC-relative branch (s_branch, s_cbranch_*: SOPP with a
// simm16 label) at `pc`: pc + 4 + simm16 * 4, the offset taken as an 18-bit
// signed value as LLVM's AMDGPUMCInstrAnalysis::evaluateBranch does; nullopt
// for every other instruction (s_setpc, s_call and the fork/join ops are not
// PC-relative labels).
std::optional<uint64_t> branchTarget(const isa::DecodedInst& inst, uint64_t pc);

// " <symbol+0xOFF>" (" <symbol>" at offset 0) for a target at or after the
// symbol's address `symbolAddr`; " <0xTARGET>" without a symbol or for a
// target before it.
std::string branchLabel(uint64_t target, std::string_view symbol, uint64_t symbolAddr);

// The instruction's text plus its branch label, if it is a branch.
std::string withBranchLabel(std::string text, const isa::DecodedInst& inst, uint64_t pc,
                            std::string_view symbol, uint64_t symbolAddr);

}  // namespace gcnsim::frontend
