// Opcode table: GLOBAL. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> global() { return {}; }
}  // namespace gcnsim::isa::tables
