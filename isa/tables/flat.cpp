// Opcode table: FLAT. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> flat() { return {}; }
}  // namespace gcnsim::isa::tables
