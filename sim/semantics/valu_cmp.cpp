// Vector compares of f32 and v_cmp_class (valu_cmp.hpp has the lane functions).
#include "sim/semantics/valu_cmp.hpp"

#include <string>

namespace gcnsim::sim::valu {

void addCmp(SemRegistry& r, const char* prefix, const char* op, const char* type, SemFn fn) {
  r.add(std::string(prefix) + op + "_" + type, fn);
}

void registerValuCmp(SemRegistry& r) {
  addFloatCmps<F32>(r, "f32", true);

  // SDST.lane = SRC1 has the class bit of SRC0 set (no denormal flushing of SRC0):
  // 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf
  constexpr auto class32 = [](uint32_t a, uint32_t m) { return (m >> classOf32(a)) & 1; };
  constexpr auto class64 = [](uint64_t a, uint32_t m) { return (m >> classOf64(a)) & 1; };
  constexpr auto class16 = [](uint32_t a, uint32_t m) { return (m >> classOf16(a)) & 1; };
  r.add("v_cmp_class_f32", vop<Cmp, U32, U32>(class32));
  r.add("v_cmpx_class_f32", vop<CmpX, U32, U32>(class32));
  r.add("v_cmp_class_f64", vop<Cmp, U64, U32>(class64));
  r.add("v_cmpx_class_f64", vop<CmpX, U64, U32>(class64));
  r.add("v_cmp_class_f16", vop<Cmp, H16, U32>(class16));
  r.add("v_cmpx_class_f16", vop<CmpX, H16, U32>(class16));
}

}  // namespace gcnsim::sim::valu
