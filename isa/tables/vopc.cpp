// Opcode table: VOPC. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> vopc() { return {}; }
}  // namespace gcnsim::isa::tables
