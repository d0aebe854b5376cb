// Opcode table: SMRD. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> smrd() { return {}; }
}  // namespace gcnsim::isa::tables
