// Opcode table: SCRATCH. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> scratch() { return {}; }
}  // namespace gcnsim::isa::tables
