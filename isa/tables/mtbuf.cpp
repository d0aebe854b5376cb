// Opcode table: MTBUF. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> mtbuf() { return {}; }
}  // namespace gcnsim::isa::tables
