// Opcode table: SMEM. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> smem() { return {}; }
}  // namespace gcnsim::isa::tables
