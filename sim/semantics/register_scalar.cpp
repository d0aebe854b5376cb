// Registration of the scalar semantics: SOP1/SOP2/SOPK/SOPC/SOPP and the
// scalar memory formats (SMRD on GCN 1.0/1.1, SMEM on GCN 1.2/1.4). Keys are
// the LLVM mnemonics of the table rows (OpInfo::semKey()); one function
// serves every generation where only the opcode number differs.
#include "sim/semantics.hpp"
#include "sim/semantics/scalar_helpers.hpp"

namespace gcnsim::sim {
void registerScalarSemantics(SemRegistry& r) {
  scalar::registerScalarAlu(r);
  scalar::registerScalarBits(r);
  scalar::registerScalarControl(r);
  scalar::registerScalarHwreg(r);
  scalar::registerScalarMemory(r);
}
}  // namespace gcnsim::sim
