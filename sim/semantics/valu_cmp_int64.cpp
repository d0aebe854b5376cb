// Vector compares of 64-bit integers (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

namespace gcnsim::sim::valu {

void registerValuInt64Cmp(SemRegistry& r) {
  addInt<I64>(r, "i64", std::make_integer_sequence<int, 8>{});
  addInt<U64>(r, "u64", std::make_integer_sequence<int, 8>{});
}

}  // namespace gcnsim::sim::valu
