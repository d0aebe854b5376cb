// DecodedInst -> LLVM AMDGPU assembly text.
#pragma once
#include <string>

#include "isa/decoded.hpp"

namespace gcnsim::isa {

// The instruction in the syntax llvm-mc accepts and llvm-objdump prints
// (`.long 0x...` for an invalid encoding).
std::string disassemble(Gen g, const DecodedInst& inst);

}  // namespace gcnsim::isa
