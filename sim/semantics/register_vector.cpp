// Registration of the vector semantics. Placeholder until the family is written.
#include "sim/semantics.hpp"

namespace gcnsim::sim {
void registerVectorSemantics(SemRegistry&) {}
}  // namespace gcnsim::sim
