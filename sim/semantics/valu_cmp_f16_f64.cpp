// Vector compares of f16 and f64 (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

namespace gcnsim::sim::valu {

void registerValuCmpF16F64(SemRegistry& r) {
  addFloatCmps<F16>(r, "f16", false);
  addFloatCmps<F64>(r, "f64", true);
}

}  // namespace gcnsim::sim::valu
