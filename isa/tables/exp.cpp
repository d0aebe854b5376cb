// Opcode table: EXP. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> exp() { return {}; }
}  // namespace gcnsim::isa::tables
