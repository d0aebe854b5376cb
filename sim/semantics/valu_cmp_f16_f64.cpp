// Vector compares of f16 and f64 (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

namespace gcnsim::sim::valu {

void registerValuCmpF16F64(SemRegistry& r) {
  addFloat<F16>(r, "f16", false, std::make_integer_sequence<int, 16>{});
  addFloat<F64>(r, "f64", true, std::make_integer_sequence<int, 16>{});
}

}  // namespace gcnsim::sim::valu
