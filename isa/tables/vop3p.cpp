// Opcode table: VOP3P. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> vop3p() { return {}; }
}  // namespace gcnsim::isa::tables
