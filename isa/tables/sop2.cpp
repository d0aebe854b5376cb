// Opcode table: SOP2. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> sop2() { return {}; }
}  // namespace gcnsim::isa::tables
