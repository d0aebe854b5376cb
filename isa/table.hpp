// Lookup over the per-format opcode tables (isa/tables/*.cpp).
#pragma once
#include <span>
#include <string_view>

#include "isa/opinfo.hpp"

namespace gcnsim::isa {

// Each encoding format's table, defined in isa/tables/<format>.cpp.
std::span<const OpInfo> opTable(Format f);

// The row of `f` whose opcode in generation `g` (its variant's column) is `opcode`, or nullptr.
const OpInfo* findOp(Format f, Gen g, int opcode);

// Every row of every table, in a stable order (format, then row).
std::span<const OpInfo* const> allOps();
// Position of a row in allOps().
uint32_t opIndexOf(const OpInfo* info);

// The row named `name` (LLVM mnemonic) that exists in `g`, or nullptr.
const OpInfo* findOpByName(std::string_view name, Gen g);

}  // namespace gcnsim::isa
