// Opcode table: DS. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> ds() { return {}; }
}  // namespace gcnsim::isa::tables
