// `gcnsim disasm`: print the instructions of raw machine code or a code object.
#pragma once
#include <cstdint>
#include <ostream>
#include <span>

#include "isa/gen.hpp"

namespace gcnsim::frontend {

// Prints `address: words  text` lines like llvm-objdump -d, starting at `base`.
// Returns the number of instructions printed.
size_t printListing(std::ostream& os, isa::Gen g, std::span<const uint32_t> code, uint64_t base);

}  // namespace gcnsim::frontend
