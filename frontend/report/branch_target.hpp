// Branch targets as llvm-objdump prints them after a branch: ` <kernel+0x84>`
// (the target itself: isa/branch_target.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "isa/branch_target.hpp"

namespace gcnsim::frontend {

// " <symbol+0xOFF>" (" <symbol>" at offset 0) for a target at or after the
// symbol's address `symbolAddr`; " <0xTARGET>" without a symbol or for a
// target before it.
std::string branchLabel(uint64_t target, std::string_view symbol, uint64_t symbolAddr);

// The instruction's text plus its branch label, if it is a branch.
std::string withBranchLabel(std::string text, const isa::DecodedInst& inst, uint64_t pc,
                            std::string_view symbol, uint64_t symbolAddr);

}  // namespace gcnsim::frontend
