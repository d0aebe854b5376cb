// Opcode table: MIMG. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> mimg() { return {}; }
}  // namespace gcnsim::isa::tables
