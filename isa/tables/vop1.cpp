// Opcode table: VOP1. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> vop1() { return {}; }
}  // namespace gcnsim::isa::tables
