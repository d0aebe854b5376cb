// Opcode table: SOPK. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> sopk() { return {}; }
}  // namespace gcnsim::isa::tables
