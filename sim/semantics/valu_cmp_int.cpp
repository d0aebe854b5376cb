// Vector compares of 16- and 32-bit integers (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

namespace gcnsim::sim::valu {

void registerValuIntCmp(SemRegistry& r) {
  addInt<I16>(r, "i16", std::make_integer_sequence<int, 8>{});
  addInt<U16>(r, "u16", std::make_integer_sequence<int, 8>{});
  addInt<I32>(r, "i32", std::make_integer_sequence<int, 8>{});
  addInt<U32>(r, "u32", std::make_integer_sequence<int, 8>{});
}

}  // namespace gcnsim::sim::valu
