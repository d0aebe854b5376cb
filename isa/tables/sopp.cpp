// Opcode table: SOPP. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> sopp() { return {}; }
}  // namespace gcnsim::isa::tables
