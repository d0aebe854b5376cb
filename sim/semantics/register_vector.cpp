// Registration of the vector ALU semantics (VOP1/VOP2/VOPC/VOP3/VOP3P, with
// SDWA and DPP): the per-lane operations live in sim/semantics/valu_*.cpp and
// share the driver of sim/semantics/valu_driver.hpp.
#include "sim/semantics.hpp"
#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim {
void registerVectorSemantics(SemRegistry& r) {
  valu::registerValuInt(r);
  valu::registerValuIntArith(r);
  valu::registerValuIntBits(r);
  valu::registerValuIntSad(r);
  valu::registerValuFloat32(r);
  valu::registerValuFloat32Special(r);
  valu::registerValuFloat64(r);
  valu::registerValuF16(r);
  valu::registerValuConv(r);
  valu::registerValuCmp(r);
  valu::registerValuCmpF16F64(r);
  valu::registerValuIntCmp(r);
  valu::registerValuInt64Cmp(r);
  valu::registerValuLane(r);
  valu::registerValuPacked(r);
  valu::registerValuFma(r, valu::hostFmaAvailable());
}
}  // namespace gcnsim::sim
