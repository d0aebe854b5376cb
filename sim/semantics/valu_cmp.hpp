// Vector compares (VOPC, and their VOP3 forms): one bit per active lane into
// VCC or the VOP3 SDST (bits of inactive lanes are 0), and for v_cmpx also
// into EXEC (CLRX GcnInstrsVopc.md). The lane functions and the registration
// of one type's compares; the types are registered in four files, for a
// quarter of the compile time each: valu_cmp.cpp (f32, v_cmp_class),
// valu_cmp_f16_f64.cpp, valu_cmp_int.cpp (16/32-bit), valu_cmp_int64.cpp.
//
// Float OP16: F, LT, EQ, LE, GT, LG, GE, O, U, NGE, NLG, NGT, NLE, NEQ, NLT, TRU
// ("Comparison operators compares only non NaN values ... negations of
// comparisons return true if any operand is NaN"; U is true when either is NaN).
// Integer OP8: F, LT, EQ, LE, GT, NE (LG), GE, T (TRU).
// v_cmps_* / v_cmpsx_* (GCN 1.0/1.1) differ only in signalling on any NaN,
// which gcnsim does not model (no FP exceptions), so they share the lane code.
#pragma once
#include <cmath>
#include <utility>

#include "sim/semantics.hpp"
#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {

// r.add(prefix + op + "_" + type, fn), out of line (valu_cmp.cpp).
void addCmp(SemRegistry& r, const char* prefix, const char* op, const char* type, SemFn fn);

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

inline constexpr const char* kFloatOps[16] = {"f", "lt",  "eq",  "le",  "gt",  "lg",  "ge",  "o",
                                              "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
inline constexpr const char* kIntOps[8] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};

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

// The lane function of compare Op (fcmp for floats, icmp for integers): an
// object of its own, not a lambda inside addCmps, so that v_cmp_* and v_cmpx_*
// get the same one and share their lane loops.
template <bool Float, int Op>
struct CmpLane {
  template <class T>
  bool operator()(T a, T b) const {
    if constexpr (Float)
      return fcmp<Op>(a, b);
    else
      return icmp<Op>(a, b);
  }
};

// Registers v_cmp_<op>_<type> and v_cmpx_<op>_<type> of operand kind Kd for
// every Op (float ops: kFloatOps, integer: kIntOps); `signalling` also the
// v_cmps_/v_cmpsx_ forms (GCN 1.0/1.1, f32 and f64 only).
template <bool Float, class Kd, int... Op>
void addCmps(SemRegistry& r, const char* type, bool signalling, std::integer_sequence<int, Op...>) {
  const char* const* names = Float ? kFloatOps : kIntOps;
  ((addCmp(r, "v_cmp_", names[Op], type, vop<Cmp, Kd, Kd>(CmpLane<Float, Op>{})),
    addCmp(r, "v_cmpx_", names[Op], type, vop<CmpX, Kd, Kd>(CmpLane<Float, Op>{}))),
   ...);
  if (signalling)
    ((addCmp(r, "v_cmps_", names[Op], type, vop<Cmp, Kd, Kd>(CmpLane<Float, Op>{})),
      addCmp(r, "v_cmpsx_", names[Op], type, vop<CmpX, Kd, Kd>(CmpLane<Float, Op>{}))),
     ...);
}
template <class Kd>
void addFloatCmps(SemRegistry& r, const char* type, bool signalling) {
  addCmps<true, Kd>(r, type, signalling, std::make_integer_sequence<int, 16>{});
}
template <class Kd>
void addIntCmps(SemRegistry& r, const char* type) {
  addCmps<false, Kd>(r, type, false, std::make_integer_sequence<int, 8>{});
}

}  // namespace gcnsim::sim::valu
