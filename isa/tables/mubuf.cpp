// Opcode table: MUBUF. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> mubuf() { return {}; }
}  // namespace gcnsim::isa::tables
