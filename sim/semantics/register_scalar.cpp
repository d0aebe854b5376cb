// Registration of the scalar semantics. Placeholder until the family is written.
#include "sim/semantics.hpp"

namespace gcnsim::sim {
void registerScalarSemantics(SemRegistry&) {}
}  // namespace gcnsim::sim
