// Opcode table: VINTRP. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> vintrp() { return {}; }
}  // namespace gcnsim::isa::tables
