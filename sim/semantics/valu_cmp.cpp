// Vector compares (VOPC, and their VOP3 forms): one bit per active lane into
// VCC or the VOP3 SDST (bits of inactive lanes are 0), and for v_cmpx also
// into EXEC (CLRX GcnInstrsVopc.md).
//
// Float OP16: F, LT, EQ, LE, GT, LG, GE, O, U, NGE, NLG, NGT, NLE, NEQ, NLT, TRU
// ("Comparison operators compares only non NaN values ... negations of
// comparisons return true if any operand is NaN"; U is true when either is NaN).
// Integer OP8: F, LT, EQ, LE, GT, NE (LG), GE, T (TRU).
// v_cmps_* / v_cmpsx_* (GCN 1.0/1.1) differ only in signalling on any NaN,
// which gcnsim does not model (no FP exceptions), so they share the lane code.
#include <cmath>
#include <string>
#include <utility>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

template <int Op, class T>
bool fcmp(T a, T b) {
  switch (Op) {
    case 0: return false;
    case 1: return a < b;
    case 2: return a == b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a < b || a > b;
    case 6: return a >= b;
    case 7: return !std::isnan(a) && !std::isnan(b);
    case 8: return std::isnan(a) || std::isnan(b);
    case 9: return !(a >= b);
    case 10: return !(a < b || a > b);
    case 11: return !(a > b);
    case 12: return !(a <= b);
    case 13: return !(a == b);
    case 14: return !(a < b);
    default: return true;
  }
}

template <int Op, class T>
bool icmp(T a, T b) {
  switch (Op) {
    case 0: return false;
    case 1: return a < b;
    case 2: return a == b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a != b;
    case 6: return a >= b;
    default: return true;
  }
}

constexpr const char* kFloatOps[16] = {"f", "lt",  "eq",  "le",  "gt",  "lg",  "ge",  "o",
                                       "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
constexpr const char* kIntOps[8] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};

template <class D, class Kd, int Op>
SemFn floatCmp() {
  return vop<D, Kd, Kd>([](auto a, auto b) { return fcmp<Op>(a, b); });
}
template <class D, class Kd, int Op>
SemFn intCmp() {
  return vop<D, Kd, Kd>([](auto a, auto b) { return icmp<Op>(a, b); });
}

// `signalling`: also the v_cmps_/v_cmpsx_ forms (GCN 1.0/1.1, f32 and f64 only).
template <class Kd, int... Op>
void addFloat(SemRegistry& r, const char* type, bool signalling, std::integer_sequence<int, Op...>) {
  const std::string t = type;
  ((r.add(std::string("v_cmp_") + kFloatOps[Op] + "_" + t, floatCmp<Cmp, Kd, Op>()),
    r.add(std::string("v_cmpx_") + kFloatOps[Op] + "_" + t, floatCmp<CmpX, Kd, Op>())),
   ...);
  if (signalling)
    ((r.add(std::string("v_cmps_") + kFloatOps[Op] + "_" + t, floatCmp<Cmp, Kd, Op>()),
      r.add(std::string("v_cmpsx_") + kFloatOps[Op] + "_" + t, floatCmp<CmpX, Kd, Op>())),
     ...);
}

template <class Kd, int... Op>
void addInt(SemRegistry& r, const char* type, std::integer_sequence<int, Op...>) {
  const std::string t = type;
  ((r.add(std::string("v_cmp_") + kIntOps[Op] + "_" + t, intCmp<Cmp, Kd, Op>()),
    r.add(std::string("v_cmpx_") + kIntOps[Op] + "_" + t, intCmp<CmpX, Kd, Op>())),
   ...);
}

}  // namespace

void registerValuCmp(SemRegistry& r) {
  addFloat<F16>(r, "f16", false, std::make_integer_sequence<int, 16>{});
  addFloat<F32>(r, "f32", true, std::make_integer_sequence<int, 16>{});
  addFloat<F64>(r, "f64", true, std::make_integer_sequence<int, 16>{});
  addInt<I16>(r, "i16", std::make_integer_sequence<int, 8>{});
  addInt<U16>(r, "u16", std::make_integer_sequence<int, 8>{});
  addInt<I32>(r, "i32", std::make_integer_sequence<int, 8>{});
  addInt<U32>(r, "u32", std::make_integer_sequence<int, 8>{});
  addInt<I64>(r, "i64", std::make_integer_sequence<int, 8>{});
  addInt<U64>(r, "u64", std::make_integer_sequence<int, 8>{});

  // SDST.lane = SRC1 has the class bit of SRC0 set (no denormal flushing of SRC0):
  // 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf
  r.add("v_cmp_class_f32",
        vop<Cmp, U32, U32>([](uint32_t a, uint32_t m) { return (m >> classOf32(a)) & 1; }));
  r.add("v_cmpx_class_f32",
        vop<CmpX, U32, U32>([](uint32_t a, uint32_t m) { return (m >> classOf32(a)) & 1; }));
  r.add("v_cmp_class_f64",
        vop<Cmp, U64, U32>([](uint64_t a, uint32_t m) { return (m >> classOf64(a)) & 1; }));
  r.add("v_cmpx_class_f64",
        vop<CmpX, U64, U32>([](uint64_t a, uint32_t m) { return (m >> classOf64(a)) & 1; }));
  r.add("v_cmp_class_f16",
        vop<Cmp, H16, U32>([](uint32_t a, uint32_t m) { return (m >> classOf16(a)) & 1; }));
  r.add("v_cmpx_class_f16",
        vop<CmpX, H16, U32>([](uint32_t a, uint32_t m) { return (m >> classOf16(a)) & 1; }));
}

}  // namespace gcnsim::sim::valu
