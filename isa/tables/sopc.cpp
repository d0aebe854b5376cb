// Opcode table: SOPC. Placeholder until the table is written.
#include "isa/tables/tables.hpp"

namespace gcnsim::isa::tables {
std::span<const OpInfo> sopc() { return {}; }
}  // namespace gcnsim::isa::tables
