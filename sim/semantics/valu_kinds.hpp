// Operand kinds of the vector ALU driver (sim/semantics/valu_driver.hpp): the
// tags an operation's declaration names for its destination and sources
// (U32 ... F64 and the pseudo-kinds), and the C++ value each kind's register
// bits become as a lane function's argument (toArg).
#pragma once
#include <cstdint>
#include <type_traits>

#include "isa/decoded.hpp"
#include "isa/gen.hpp"
#include "sim/semantics/valu_float.hpp"

namespace gcnsim::sim::valu {

using isa::Gen;
using isa::OpdKind;
using isa::Operand;
using isa::VopEnc;

// Short names of the lane functions' C++ value types (the integer operation
// files spell their pseudo-code with them).
using u32 = uint32_t;
using i32 = int32_t;
using u64 = uint64_t;
using i64 = int64_t;

// ---- operand kinds ---------------------------------------------------------
enum class Ty : uint8_t { U32, I32, F32, U16, I16, F16, H16, U64, I64, F64 };
template <Ty T>
struct K {
  static constexpr Ty ty = T;
};
using U32 = K<Ty::U32>;
using I32 = K<Ty::I32>;
using F32 = K<Ty::F32>;
using U16 = K<Ty::U16>;
using I16 = K<Ty::I16>;
using F16 = K<Ty::F16>;
using H16 = K<Ty::H16>;  // raw f16 bits (class tests, frexp, fixup): float modifiers, no flushing
using U64 = K<Ty::U64>;
using I64 = K<Ty::I64>;
using F64 = K<Ty::F64>;
template <class Kd>
struct OldDst {};
template <class Kd>
struct Lit {};
struct MaskIn {};
struct VccIn {};
struct Cmp {};
struct CmpX {};
template <class Kd>
struct Keep {};

constexpr bool isWide(Ty t) { return t == Ty::U64 || t == Ty::I64 || t == Ty::F64; }
constexpr bool isHalf(Ty t) { return t == Ty::U16 || t == Ty::I16 || t == Ty::F16 || t == Ty::H16; }
constexpr bool isFloat(Ty t) { return t == Ty::F32 || t == Ty::F16 || t == Ty::F64; }

template <Ty T>
using RawOf = std::conditional_t<isWide(T), uint64_t, uint32_t>;

template <Ty T>
inline auto toArg(RawOf<T> r) {
  if constexpr (T == Ty::U32 || T == Ty::U64)
    return r;
  else if constexpr (T == Ty::I32)
    return static_cast<int32_t>(r);
  else if constexpr (T == Ty::I64)
    return static_cast<int64_t>(r);
  else if constexpr (T == Ty::F32)
    return asF32(r);
  else if constexpr (T == Ty::F64)
    return asF64(r);
  else if constexpr (T == Ty::U16 || T == Ty::H16)
    return static_cast<uint32_t>(r & 0xffffu);
  else if constexpr (T == Ty::I16)
    return static_cast<int32_t>(static_cast<int16_t>(r));
  else
    return halfToDouble(r & 0xffffu);  // F16
}

// Options of one operation.
enum : unsigned {
  kFtz = 1u << 0,  // no denormal support at all (v_mad_f32, v_mac_f32, ...): flush inputs and result
};

// The lane number, for the few lane functions that depend on it (v_mbcnt):
// they take a `Lane` argument after the optional `Ctx&`.
struct Lane {
  unsigned id;
};

}  // namespace gcnsim::sim::valu
