// Vector compares of 16- and 32-bit integers (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

namespace gcnsim::sim::valu {

void registerValuIntCmp(SemRegistry& r) {
  addIntCmps<I16>(r, "i16");
  addIntCmps<U16>(r, "u16");
  addIntCmps<I32>(r, "i32");
  addIntCmps<U32>(r, "u32");
}

}  // namespace gcnsim::sim::valu
