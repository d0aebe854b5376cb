// Vector compares of 64-bit integers (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

namespace gcnsim::sim::valu {

void registerValuInt64Cmp(SemRegistry& r) {
  addIntCmps<I64>(r, "i64");
  addIntCmps<U64>(r, "u64");
}

}  // namespace gcnsim::sim::valu
