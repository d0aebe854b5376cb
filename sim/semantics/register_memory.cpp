// Registration of the memory semantics. Placeholder until the family is written.
#include "sim/semantics.hpp"

namespace gcnsim::sim {
void registerMemorySemantics(SemRegistry&) {}
}  // namespace gcnsim::sim
