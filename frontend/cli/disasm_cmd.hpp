// `gcnsim disasm`: print the instructions of raw machine code or a code object.
#pragma once
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string_view>

#include "frontend/code_object/code_object.hpp"
#include "frontend/code_object/source_lines.hpp"
#include "isa/gen.hpp"

namespace gcnsim::frontend {

// Prints `address: words  text` lines like llvm-objdump -d, starting at `base`;
// branches end with their target as llvm-objdump prints it, relative to
// `symbol` (at `base`): ` <symbol+0x84>` (` <0x84>` without a symbol).
// With `lines`, a `; file:line` line precedes each instruction whose source
// line differs from the one before, as llvm-objdump -l prints it.
// Returns the number of instructions printed.
size_t printListing(std::ostream& os, isa::Gen g, std::span<const uint32_t> code, uint64_t base,
                    std::string_view symbol = {}, const SourceLines* lines = nullptr);

// Prints `NAME:` and the listing of every kernel of `co` (or only `kernel`;
// an unknown name is an InputError listing the kernels that exist);
// lineNumbers: with source lines from the DWARF line table, if any.
void printCodeObjectListing(std::ostream& os, const CodeObject& co, std::optional<std::string_view> kernel,
                            bool lineNumbers = false);

}  // namespace gcnsim::frontend
