// Helpers shared by the vector-memory and data-share semantics (DS, MUBUF,
// MTBUF, FLAT, GLOBAL, SCRATCH): the atomic operations, sub-dword load
// extension and store selection, and per-lane register access.
//
// Every helper is a template or inline function over compile-time operation
// codes, so a semantic function is a tight loop over lanes with no per-lane
// dispatch.
#pragma once
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

#include "memory/global_memory.hpp"
#include "sim/exec_context.hpp"

namespace gcnsim::sim::mem {

// ---------------------------------------------------------------------------
// Atomic read-modify-write operations.
//
// atomicApply<Op>(old, d0, d1) returns the new memory value; `old` is the
// value in memory, d0/d1 are the operands as the DS pseudo-code names them
// (reference/clrx/GcnInstrsDs.md): d0 = DATA0, d1 = DATA1. Callers with other
// operand orders (buffer/flat cmpswap: VDATA[0] = new value, VDATA[1] = compare
// value) swap them at the call site.
enum class AtomicOp : uint8_t {
  Swap,      // *V = d0                                   (wrxchg, swap)
  CmpSwap,   // *V = (*V == d0) ? d1 : *V                 (DS cmpst: d0 = compare, d1 = new)
  FCmpSwap,  // the same with a floating-point compare
  Add,       // *V = *V + d0
  Sub,       // *V = *V - d0
  Rsub,      // *V = d0 - *V
  SMin,
  UMin,
  SMax,
  UMax,
  FMin,
  FMax,  // *V = (d0 < *V) ? d0 : *V  (NaN in either: keep *V)
  FAdd,  // *V = *V + d0 (float)
  And,
  Or,
  Xor,
  Inc,    // *V = (d0 > *V) ? *V + 1 : 0
  Dec,    // *V = (d0 >= *V && *V != 0) ? *V - 1 : d0
  MskOr,  // *V = (*V & ~d0) | d1
  Wrap,   // *V = (*V >= d0) ? *V - d0 : *V + d1
};

template <class T>
using FloatOf = std::conditional_t<sizeof(T) == 8, double, float>;
template <class T>
using SignedOf = std::make_signed_t<T>;

template <AtomicOp Op, class T>
constexpr T atomicApply(T old, T d0, T d1) {
  using F = FloatOf<T>;
  using S = SignedOf<T>;
  if constexpr (Op == AtomicOp::Swap)
    return d0;
  else if constexpr (Op == AtomicOp::CmpSwap)
    return old == d0 ? d1 : old;
  else if constexpr (Op == AtomicOp::FCmpSwap)
    return std::bit_cast<F>(old) == std::bit_cast<F>(d0) ? d1 : old;
  else if constexpr (Op == AtomicOp::Add)
    return T(old + d0);
  else if constexpr (Op == AtomicOp::Sub)
    return T(old - d0);
  else if constexpr (Op == AtomicOp::Rsub)
    return T(d0 - old);
  else if constexpr (Op == AtomicOp::SMin)
    return S(d0) < S(old) ? d0 : old;
  else if constexpr (Op == AtomicOp::UMin)
    return d0 < old ? d0 : old;
  else if constexpr (Op == AtomicOp::SMax)
    return S(d0) > S(old) ? d0 : old;
  else if constexpr (Op == AtomicOp::UMax)
    return d0 > old ? d0 : old;
  else if constexpr (Op == AtomicOp::FMin)
    return std::bit_cast<F>(d0) < std::bit_cast<F>(old) ? d0 : old;
  else if constexpr (Op == AtomicOp::FMax)
    return std::bit_cast<F>(d0) > std::bit_cast<F>(old) ? d0 : old;
  else if constexpr (Op == AtomicOp::FAdd)
    return std::bit_cast<T>(F(std::bit_cast<F>(old) + std::bit_cast<F>(d0)));
  else if constexpr (Op == AtomicOp::And)
    return old & d0;
  else if constexpr (Op == AtomicOp::Or)
    return old | d0;
  else if constexpr (Op == AtomicOp::Xor)
    return old ^ d0;
  else if constexpr (Op == AtomicOp::Inc)
    return d0 > old ? T(old + 1) : T(0);
  else if constexpr (Op == AtomicOp::Dec)
    return (d0 >= old && old != 0) ? T(old - 1) : d0;
  else if constexpr (Op == AtomicOp::MskOr)
    return (old & ~d0) | d1;
  else if constexpr (Op == AtomicOp::Wrap)
    return old >= d0 ? T(old - d0) : T(old + d1);
  else
    static_assert(sizeof(T) == 0, "unknown atomic op");
}

// Whether the op takes a second data operand (DATA1 / the compare half).
constexpr bool atomicHasTwoOperands(AtomicOp op) {
  return op == AtomicOp::CmpSwap || op == AtomicOp::FCmpSwap || op == AtomicOp::MskOr || op == AtomicOp::Wrap;
}

// ---------------------------------------------------------------------------
// Sub-dword and D16 loads: how the loaded bytes become the register value.
// (GcnInstrsDs.md DS_READ_*, GcnInstrsMubuf.md BUFFER_LOAD_*, GcnInstrsFlat.md.)
enum class LoadKind : uint8_t {
  U8,        // VDST = (UINT8)mem
  I8,        // VDST = (INT32)(INT8)mem
  U16,       // VDST = (UINT16)mem
  I16,       // VDST = (INT32)(INT16)mem
  U8D16,     // VDST = (UINT16)(UINT8)mem | (VDST & 0xffff0000)
  I8D16,     // VDST = (UINT16)(INT16)(INT8)mem | (VDST & 0xffff0000)
  U16D16,    // VDST = (UINT16)mem | (VDST & 0xffff0000)           (*_short_d16, ds_read_u16_d16)
  U8D16Hi,   // VDST = (UINT32)(UINT8)mem << 16 | (VDST & 0xffff)
  I8D16Hi,   // VDST = (UINT32)(UINT16)(INT8)mem << 16 | (VDST & 0xffff)
  U16D16Hi,  // VDST = (UINT32)(UINT16)mem << 16 | (VDST & 0xffff)
};
constexpr unsigned loadBytes(LoadKind k) {
  return (k == LoadKind::U8 || k == LoadKind::I8 || k == LoadKind::U8D16 || k == LoadKind::I8D16 ||
          k == LoadKind::U8D16Hi || k == LoadKind::I8D16Hi)
             ? 1u
             : 2u;
}
// Whether the result keeps half of the old destination value.
constexpr bool loadMerges(LoadKind k) { return k >= LoadKind::U8D16; }
constexpr uint32_t loadExtend(LoadKind k, uint32_t raw, uint32_t oldDst) {
  switch (k) {
    case LoadKind::U8: return raw & 0xffu;
    case LoadKind::I8: return uint32_t(int32_t(int8_t(raw & 0xff)));
    case LoadKind::U16: return raw & 0xffffu;
    case LoadKind::I16: return uint32_t(int32_t(int16_t(raw & 0xffff)));
    case LoadKind::U8D16: return (raw & 0xffu) | (oldDst & 0xffff0000u);
    case LoadKind::I8D16: return (uint32_t(uint16_t(int16_t(int8_t(raw & 0xff))))) | (oldDst & 0xffff0000u);
    case LoadKind::U16D16: return (raw & 0xffffu) | (oldDst & 0xffff0000u);
    case LoadKind::U8D16Hi: return (raw & 0xffu) << 16 | (oldDst & 0xffffu);
    case LoadKind::I8D16Hi: return uint32_t(uint16_t(int16_t(int8_t(raw & 0xff)))) << 16 | (oldDst & 0xffffu);
    case LoadKind::U16D16Hi: return (raw & 0xffffu) << 16 | (oldDst & 0xffffu);
  }
  return 0;
}

// Sub-dword stores: which bits of the register are written.
enum class StoreKind : uint8_t {
  B8,     // mem = VDATA & 0xff
  B16,    // mem = VDATA & 0xffff
  B8Hi,   // mem = (VDATA >> 16) & 0xff   (*_byte_d16_hi, ds_write_b8_d16_hi)
  B16Hi,  // mem = VDATA >> 16            (*_short_d16_hi, ds_write_b16_d16_hi)
};
constexpr unsigned storeBytes(StoreKind k) { return (k == StoreKind::B8 || k == StoreKind::B8Hi) ? 1u : 2u; }
constexpr uint32_t storeValue(StoreKind k, uint32_t v) {
  return (k == StoreKind::B8Hi || k == StoreKind::B16Hi) ? v >> 16 : v;
}

// ---------------------------------------------------------------------------
// Register access.

// Row of VGPR `reg`, or nullptr if the wave does not have it.
inline const uint32_t* vrow(const WaveState& w, unsigned reg) {
  return reg < w.numVgprs ? w.v(reg) : nullptr;
}

// True (after raising a fault) if operand `op` spans VGPRs the wave lacks.
inline bool vgprsMissing(Exec& x, const isa::Operand& op, const char* what) {
  return op.kind == isa::OpdKind::VReg && !x.vgprsPresent(op.reg, op.nregs, what);
}

// Checks every VGPR operand of a memory instruction (dst, addr, data0, data1).
inline bool operandsMissing(Exec& x) {
  return vgprsMissing(x, x.in.dst, "destination") || vgprsMissing(x, x.in.addr, "address") ||
         vgprsMissing(x, x.in.data0, "data") || vgprsMissing(x, x.in.data1, "data1");
}

inline uint64_t u64Of(uint32_t lo, uint32_t hi) { return uint64_t(lo) | uint64_t(hi) << 32; }

// Per-lane value (32 or 64 bits) of `n` consecutive VGPRs starting at `reg + first`.
template <class T>
inline T vdata(const WaveState& w, unsigned reg, unsigned lane) {
  if constexpr (sizeof(T) == 8)
    return T(u64Of(w.v(reg)[lane], w.v(reg + 1)[lane]));
  else
    return T(w.v(reg)[lane]);
}

// Writes a T-sized value into the deferred register buffer at dword `d`.
template <class T>
inline void putDeferred(uint32_t* out, unsigned d, unsigned lane, T v) {
  out[d * kWaveSize + lane] = uint32_t(v);
  if constexpr (sizeof(T) == 8) out[(d + 1) * kWaveSize + lane] = uint32_t(uint64_t(v) >> 32);
}

// Fault for an access to unmapped global memory.
inline void globalFault(Exec& x, const char* what, uint64_t addr, unsigned lane) {
  // "buffer_load_dword: lane 3: load from unmapped address 0x10 (not in or near any buffer)"
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s: lane %u: %s unmapped address ", x.in.info->name, lane, what);
  x.fault(buf + x.env.global->describe(addr));
}

inline uint32_t popcount64(uint64_t v) { return uint32_t(std::popcount(v)); }

// ---------------------------------------------------------------------------
// Fast paths of the vector-memory loads and stores: the active lanes form one
// run (lanes first..first+count-1) whose accesses are back to back, so that
// the run is one block of global memory, read or written with one call.
struct LaneRun {
  unsigned first = 0, count = 0;
};
// False unless `exec` is one non-empty run of lanes.
inline bool laneRun(uint64_t exec, LaneRun& r) {
  if (exec == 0) return false;
  r.first = unsigned(std::countr_zero(exec));
  const uint64_t run = exec >> r.first;
  r.count = unsigned(std::popcount(run));
  return (run & (run + 1)) == 0;
}
// True when the 64-bit values (lo[l], hi[l]) of the run are v0 + step * i
// (compared as 32-bit halves without branches, so that the loop vectorizes).
inline bool consecutive64(const uint32_t* lo, const uint32_t* hi, const LaneRun& r, uint32_t step) {
  lo += r.first, hi += r.first;
  if (uint64_t(lo[0]) + uint64_t(step) * (r.count - 1) <= 0xffffffffu) {
    // No carry into the high half (the common case): 32-bit differences
    // OR-ed together, which vectorize without 64-bit arithmetic.
    const uint32_t lo0 = lo[0], hi0 = hi[0];
    uint32_t differ = 0;
    for (unsigned i = 0; i < r.count; ++i) differ |= (lo[i] ^ (lo0 + step * i)) | (hi[i] ^ hi0);
    return differ == 0;
  }
  const uint64_t v0 = u64Of(lo[0], hi[0]);
  bool same = true;
  for (unsigned i = 0; i < r.count; ++i) {
    const uint64_t e = v0 + uint64_t(step) * i;
    same &= (lo[i] == uint32_t(e)) & (hi[i] == uint32_t(e >> 32));
  }
  return same;
}
// Reads the run's block into the deferred VGPRs `out` (out[d * 64 + lane]);
// false, with nothing done, when the block is not entirely mapped.
template <unsigned N>
inline bool loadRun(Exec& x, uint64_t start, const LaneRun& r, uint32_t* out) {
  alignas(64) uint32_t block[N * kWaveSize];
  if (!x.env.global->read(start, block, 4 * N * r.count)) return false;
  if constexpr (N == 1) {
    std::memcpy(out + r.first, block, 4 * r.count);
  } else {
    for (unsigned i = 0; i < r.count; ++i)
      for (unsigned d = 0; d < N; ++d) out[d * kWaveSize + r.first + i] = block[i * N + d];
  }
  x.recordRun(start, r.first, r.count, N);
  return true;
}
// Writes VGPRs data..data+N-1 of the run as one block; false, with nothing
// done, when the block is not entirely mapped.
template <unsigned N>
inline bool storeRun(Exec& x, uint64_t start, const LaneRun& r, unsigned data) {
  alignas(64) uint32_t block[N * kWaveSize];
  for (unsigned i = 0; i < r.count; ++i)
    for (unsigned d = 0; d < N; ++d) block[i * N + d] = x.w.v(data + d)[r.first + i];
  if (!x.env.global->write(start, block, 4 * N * r.count)) return false;
  x.recordRun(start, r.first, r.count, N);
  return true;
}

// True when the 32-bit values v[l] of the run are v0 + step * i without wrapping.
inline bool consecutive32(const uint32_t* v, const LaneRun& r, uint32_t step) {
  v += r.first;
  if (uint64_t(v[0]) + uint64_t(step) * (r.count - 1) > 0xffffffffu) return false;
  const uint32_t v0 = v[0];
  uint32_t differ = 0;  // an OR of differences: vectorizes (a bool AND may not)
  for (unsigned i = 0; i < r.count; ++i) differ |= v[i] ^ (v0 + step * i);
  return differ == 0;
}

// The untyped vector-memory operations MUBUF, FLAT, GLOBAL and SCRATCH share
// (suffixes after "buffer_", "flat_", ...), as registration entries built from
// the family's templates: LOADN<dwords>, LOADSUB<LoadKind>, STOREN<dwords>,
// STORESUB<StoreKind>, ATOMIC<T, AtomicOp>. Only names some ISA table row
// uses as its semantic key (tests/sim/semantics/sem_registry_test.cpp checks it); MUBUF
// and FLAT share the suffixes, the GLOBAL and SCRATCH rows use the FLAT keys.
#define GCNSIM_VMEM_UNTYPED_OPS(P, LOADN, LOADSUB, STOREN, STORESUB, ATOMIC)                           \
  {P "load_dword", &LOADN<1>}, {P "load_dwordx2", &LOADN<2>}, {P "load_dwordx3", &LOADN<3>},           \
      {P "load_dwordx4", &LOADN<4>}, {P "load_ubyte", &LOADSUB<::gcnsim::sim::mem::LoadKind::U8>},     \
      {P "load_sbyte", &LOADSUB<::gcnsim::sim::mem::LoadKind::I8>},                                    \
      {P "load_ushort", &LOADSUB<::gcnsim::sim::mem::LoadKind::U16>},                                  \
      {P "load_sshort", &LOADSUB<::gcnsim::sim::mem::LoadKind::I16>},                                  \
      {P "load_ubyte_d16", &LOADSUB<::gcnsim::sim::mem::LoadKind::U8D16>},                             \
      {P "load_sbyte_d16", &LOADSUB<::gcnsim::sim::mem::LoadKind::I8D16>},                             \
      {P "load_short_d16", &LOADSUB<::gcnsim::sim::mem::LoadKind::U16D16>},                            \
      {P "load_ubyte_d16_hi", &LOADSUB<::gcnsim::sim::mem::LoadKind::U8D16Hi>},                        \
      {P "load_sbyte_d16_hi", &LOADSUB<::gcnsim::sim::mem::LoadKind::I8D16Hi>},                        \
      {P "load_short_d16_hi", &LOADSUB<::gcnsim::sim::mem::LoadKind::U16D16Hi>},                       \
      {P "store_dword", &STOREN<1>}, {P "store_dwordx2", &STOREN<2>}, {P "store_dwordx3", &STOREN<3>}, \
      {P "store_dwordx4", &STOREN<4>}, {P "store_byte", &STORESUB<::gcnsim::sim::mem::StoreKind::B8>}, \
      {P "store_short", &STORESUB<::gcnsim::sim::mem::StoreKind::B16>},                                \
      {P "store_byte_d16_hi", &STORESUB<::gcnsim::sim::mem::StoreKind::B8Hi>},                         \
      {P "store_short_d16_hi", &STORESUB<::gcnsim::sim::mem::StoreKind::B16Hi>},                       \
      GCNSIM_VMEM_ATOMIC(P, "swap", Swap, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "cmpswap", CmpSwap, ATOMIC),  \
      GCNSIM_VMEM_ATOMIC(P, "add", Add, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "sub", Sub, ATOMIC),            \
      GCNSIM_VMEM_ATOMIC(P, "smin", SMin, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "umin", UMin, ATOMIC),        \
      GCNSIM_VMEM_ATOMIC(P, "smax", SMax, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "umax", UMax, ATOMIC),        \
      GCNSIM_VMEM_ATOMIC(P, "and", And, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "or", Or, ATOMIC),              \
      GCNSIM_VMEM_ATOMIC(P, "xor", Xor, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "inc", Inc, ATOMIC),            \
      GCNSIM_VMEM_ATOMIC(P, "dec", Dec, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "fcmpswap", FCmpSwap, ATOMIC),  \
      GCNSIM_VMEM_ATOMIC(P, "fmin", FMin, ATOMIC), GCNSIM_VMEM_ATOMIC(P, "fmax", FMax, ATOMIC)
#define GCNSIM_VMEM_ATOMIC(P, NAME, OP, ATOMIC)                                 \
  {P "atomic_" NAME, &ATOMIC<uint32_t, ::gcnsim::sim::mem::AtomicOp::OP>}, {    \
    P "atomic_" NAME "_x2", &ATOMIC<uint64_t, ::gcnsim::sim::mem::AtomicOp::OP> \
  }

}  // namespace gcnsim::sim::mem
