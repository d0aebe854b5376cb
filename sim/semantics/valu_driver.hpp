// The vector ALU driver: every VOP1/VOP2/VOPC/VOP3 operation is a small
// per-lane function (usually a one-line lambda) plus a declaration of its
// operand kinds; this driver does everything else once per instruction:
//
//   fetch   whole source operands (VGPR row, SGPR/constant/literal broadcast,
//           LDS_DIRECT), then DPP lane permutation (src0), SDWA byte/word
//           selection with sign extension (src0/src1), VOP3 op_sel half
//           selection (GCN 1.4, 16-bit kinds), abs/neg on the kind's sign bit
//           and input-denormal flushing (MODE FP_DENORM);
//   compute the per-lane function over the lanes of EXEC (and of the DPP
//           row/bank masks), under the MODE rounding mode;
//   write   omod, clamp (DX10_CLAMP for NaN) and output-denormal flushing for
//           float results; 16-bit results zero or preserve the other half
//           (op_sel[3] picks the half on GCN 1.4); SDWA dst_sel/dst_unused;
//           compare masks, carry-outs and v_cmpx EXEC writes (bits of
//           inactive lanes are 0).
//
// Operand kinds (U32, I32, F32, U16, I16, F16, H16, U64, I64, F64) decide
// the argument type the lambda receives: F16 arrives as an exact double so
// that add/sub/mul round once when the driver rounds the result to f16.
// Pseudo-kinds: OldDst<K> (the destination's old value, v_mac_*), Lit<K>
// (the instruction's extra constant, v_madmk/v_madak), MaskIn (VCC in e32,
// SDWA and DPP forms, the SGPR pair in src2 for VOP3: v_cndmask, v_addc),
// VccIn (always VCC: v_div_fmas). Destination pseudo-kinds: Cmp/CmpX (a
// bool per lane into VCC or SDST, and EXEC for CmpX) and Keep<K> (16-bit
// result that preserves the other half on GCN 1.4). A lambda returning
// std::pair<value, bool> produces a carry-out mask (VCC or the VOP3b SDST).
// A lambda taking `Ctx&` first sees the clamp bit, MODE and generation; one
// taking a `Lane` (after the optional Ctx&) gets the lane number (v_mbcnt).
// Sources that are SGPRs, constants or literals are read once and passed to
// every lane as the same scalar (the full-EXEC loops are instantiated per
// combination of uniform sources, so they vectorize with scalar operands).
#pragma once
// The per-lane loops below are the simulator's hot path: sim/CMakeLists.txt
// builds the sim library at -O3 so that GCC vectorizes them.
#include <array>
#include <bit>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "isa/decoded.hpp"
#include "isa/dpp_ctrl.hpp"
#include "isa/gen.hpp"
#include "memory/lds.hpp"
#include "sim/exec_context.hpp"
#include "sim/semantics.hpp"
#include "sim/semantics/valu_float.hpp"

namespace gcnsim::sim::valu {

using isa::Gen;
using isa::OpdKind;
using isa::Operand;
using isa::VopEnc;

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

// ---- per-instruction context -------------------------------------------------
struct Ctx {
  explicit Ctx(Exec& xx)
      : x(xx),
        w(xx.w),
        in(xx.in),
        gen(xx.w.gen),
        enc(xx.in.vopEnc),
        fp(FpMode::fromMode(xx.w.hw.mode, xx.w.gen >= Gen::GCN12)),
        clamp(xx.in.mods.clamp),
        omod(xx.in.mods.omod),
        opsel(xx.in.vopEnc == VopEnc::E64 && xx.w.gen == Gen::GCN14),
        exec(xx.w.exec()),
        writeMask(exec) {
    // Sources read as they are (only MODE denormal flushing): no neg/abs, no
    // op_sel, no SDWA selection (src0/src1), no DPP permutation (src0).
    unsigned special = xx.in.mods.neg | xx.in.mods.abs | (opsel ? xx.in.mods.opsel : 0);
    if (enc == VopEnc::SDWA) special |= 3;
    if (enc == VopEnc::DPP) special |= 1;
    plainSrc = static_cast<uint8_t>(~special);
  }

  Exec& x;
  WaveState& w;
  const isa::DecodedInst& in;
  Gen gen;
  VopEnc enc;
  FpMode fp;
  bool clamp;
  uint8_t omod;
  bool opsel;  // VOP3 op_sel applies (GCN 1.4 VOP3 encoding)
  bool ftz = false;
  uint64_t exec;       // EXEC when the instruction starts
  uint64_t writeMask;  // lanes that are written: EXEC, DPP row/bank masks and valid DPP sources
  uint8_t plainSrc;    // bit i: source i needs no modifier, SDWA or DPP processing
  bool bad = false;

  // Round mode that f16 results use: the double/half field on GCN 1.2+, the
  // single field before (v_cvt_f16_f32, v_cvt_pkrtz on GCN 1.0/1.1).
  uint8_t round16() const { return gen >= Gen::GCN12 ? fp.round64 : fp.round32; }
  bool flushIn16() const { return fp.hasF16Denorm && (!fp.allowIn64 || ftz); }
  bool flushOut16() const { return fp.hasF16Denorm && (!fp.allowOut64 || ftz); }

  void fault(const char* what) {
    if (!bad) x.fault(what);
    bad = true;
  }
  bool vgprOk(unsigned reg, unsigned n) {
    if (reg + n <= w.numVgprs) return true;
    fault("VGPR index beyond the wave's allocation");
    return false;
  }
};

// Value of an LDS_DIRECT source: M0[15:0] is the byte address, M0[18:16] the
// format (GcnOperands.md "LDS direct access").
inline uint32_t ldsDirect(Ctx& c) {
  const uint32_t m0 = c.w.m0();
  const uint32_t addr = m0 & 0xffff;
  if (!c.x.env.lds) return 0;
  switch ((m0 >> 16) & 7) {
    case 0: {
      uint8_t v = 0;
      c.x.env.lds->load(addr, v);
      return v;
    }
    case 1: {
      uint16_t v = 0;
      c.x.env.lds->load(addr, v);
      return v;
    }
    case 4: {
      int8_t v = 0;
      c.x.env.lds->load(addr, v);
      return static_cast<uint32_t>(static_cast<int32_t>(v));
    }
    case 5: {
      int16_t v = 0;
      c.x.env.lds->load(addr, v);
      return static_cast<uint32_t>(static_cast<int32_t>(v));
    }
    default: {
      uint32_t v = 0;
      c.x.env.lds->load(addr, v);
      return v;
    }
  }
}

// DPP on src0: permutes `p` into `out`; lanes whose source is out of range or
// inactive read 0 with bound_ctrl, otherwise they are not written; rows and
// banks disabled by row_mask/bank_mask are not written.
inline void applyDpp(Ctx& c, const uint32_t* p, uint32_t* out) {
  const isa::DppMods& d = c.in.dpp;
  uint64_t keep = 0;
  for (unsigned l = 0; l < 64; ++l) {
    const bool rowOn = (d.rowMask >> (l >> 4)) & 1, bankOn = (d.bankMask >> ((l >> 2) & 3)) & 1;
    const int s = isa::dppSourceLane(d.ctrl, l);  // isa/dpp_ctrl.hpp
    const bool valid = s >= 0 && ((c.exec >> s) & 1);
    out[l] = valid ? p[s] : 0;
    if (rowOn && bankOn && (valid || d.boundCtrl)) keep |= 1ull << l;
  }
  c.writeMask &= keep;
}

inline uint32_t sdwaSelect(uint32_t v, unsigned sel, bool sext) {
  switch (sel) {
    case 0:
    case 1:
    case 2:
    case 3: {
      const uint32_t b = (v >> (sel * 8)) & 0xff;
      return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(b))) : b;
    }
    case 4:
    case 5: {
      const uint32_t h = (v >> ((sel - 4) * 16)) & 0xffff;
      return sext ? static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h))) : h;
    }
    default: return v;
  }
}

inline uint32_t sdwaDst(uint32_t old, uint32_t v, unsigned sel, unsigned unused) {
  if (sel >= 6) return v;
  const unsigned width = sel < 4 ? 8 : 16, shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
  const uint32_t low = (1u << width) - 1, tmp = v & low;
  switch (unused) {
    case 1: {  // SEXT
      const int32_t s = width == 8 ? static_cast<int8_t>(tmp) : static_cast<int16_t>(tmp);
      return static_cast<uint32_t>(s) << shift;
    }
    case 2: return (tmp << shift) | (old & ~(low << shift));  // PRESERVE
    default: return tmp << shift;                             // PAD
  }
}

// ---- source fetch ------------------------------------------------------------
struct Xform32 {
  unsigned sel = 6;
  bool sext = false, hi = false, neg = false, abs = false, ftz32 = false, ftz16 = false;
  uint32_t sign = 0x80000000u;
  bool any() const { return sel != 6 || hi || neg || abs || ftz32 || ftz16; }
  uint32_t operator()(uint32_t v) const {
    v = sdwaSelect(v, sel, sext);
    if (hi) v >>= 16;
    if (abs) v &= ~sign;
    if (neg) v ^= sign;
    if (ftz32) v = valu::ftz32(v);
    if (ftz16) v = valu::ftz16(v & 0xffff) | (v & 0xffff0000u);
    return v;
  }
};

template <class S>
struct Fetched;

template <Ty T>
struct Fetched<K<T>> {
  using Raw = RawOf<T>;
  static constexpr bool kCanBeUniform = true;
  Fetched() {}  // user-provided: the buffer is not zeroed by std::tuple's value-initialization
  const Raw* p = nullptr;
  Raw s = 0;             // the value of a uniform source
  bool uniform = false;  // SGPR/constant/literal: every lane reads `s` (the buffer is not filled)
  bool ftz = false;      // flush denormal inputs while reading (VGPR rows read in place)
  alignas(64) Raw buf[64];

  [[gnu::always_inline]] void fetch(Ctx& c, unsigned& next) {
    const unsigned i = next++;
    const Operand& op = c.in.src[i];
    // Fast path: 32/64-bit kinds read as they are (the common VOP1/VOP2/VOP3 case).
    if (!isHalf(T) && ((c.plainSrc >> i) & 1)) [[likely]] {
      if (op.kind == OpdKind::VReg) {
        if constexpr (!isWide(T)) {
          if (!c.vgprOk(op.reg, 1)) return;
          p = c.w.v(op.reg);
          ftz = T == Ty::F32 && (!c.fp.allowIn32 || c.ftz);
          return;
        }
      } else if (op.kind != OpdKind::LdsDirect) {
        if constexpr (isWide(T)) {
          s = readScalar64(c.w, op, &c.x.env.special);
          if (T == Ty::F64 && (!c.fp.allowIn64 || c.ftz)) s = ftz64(s);
        } else {
          s = readScalar32(c.w, op, &c.x.env.special);
          if (T == Ty::F32 && (!c.fp.allowIn32 || c.ftz)) s = ftz32(s);
        }
        uniform = true;
        return;
      }
    }
    fetchGeneral(c, i, op);
  }

  // Everything else: 64-bit VGPR pairs, modifiers, SDWA, DPP, op_sel, 16-bit kinds, LDS_DIRECT.
  [[gnu::noinline]] void fetchGeneral(Ctx& c, unsigned i, const Operand& op) {
    const bool neg = (c.in.mods.neg >> i) & 1, abs = (c.in.mods.abs >> i) & 1;
    if constexpr (isWide(T)) {
      const bool ftz = T == Ty::F64 && (!c.fp.allowIn64 || c.ftz);
      constexpr uint64_t sign = 0x8000000000000000ull;
      auto xf = [&](uint64_t v) {
        if (abs) v &= ~sign;
        if (neg) v ^= sign;
        return ftz ? ftz64(v) : v;
      };
      if (op.kind == OpdKind::VReg) {
        if (!c.vgprOk(op.reg, 2)) return;
        const uint32_t* lo = c.w.v(op.reg);
        const uint32_t* hi = c.w.v(op.reg + 1);
        for (unsigned l = 0; l < 64; ++l) buf[l] = xf(lo[l] | static_cast<uint64_t>(hi[l]) << 32);
        p = buf;
      } else {
        s = xf(readScalar64(c.w, op, &c.x.env.special));
        uniform = true;
      }
    } else {
      Xform32 xf;
      if (c.enc == VopEnc::SDWA && i < 2) {
        xf.sel = i == 0 ? c.in.sdwa.src0Sel : c.in.sdwa.src1Sel;
        xf.sext = i == 0 ? c.in.sdwa.src0Sext : c.in.sdwa.src1Sext;
      }
      if constexpr (isHalf(T)) {
        xf.hi = c.opsel && ((c.in.mods.opsel >> i) & 1);
        xf.sign = 0x8000u;
        xf.ftz16 = T == Ty::F16 && c.flushIn16();
      }
      xf.neg = neg;
      xf.abs = abs;
      xf.ftz32 = T == Ty::F32 && (!c.fp.allowIn32 || c.ftz);
      const bool dpp = c.enc == VopEnc::DPP && i == 0;
      if (op.kind == OpdKind::VReg) {
        if (!c.vgprOk(op.reg, 1)) return;
        p = c.w.v(op.reg);
        if (dpp) {
          applyDpp(c, p, buf);
          p = buf;
        }
        if (xf.ftz32 && !xf.neg && !xf.abs && xf.sel == 6) {
          ftz = true;  // the common MODE-flush case: flushed while the lanes are read
        } else if (xf.any()) {
          for (unsigned l = 0; l < 64; ++l) buf[l] = xf(p[l]);
          p = buf;
        }
      } else {
        const uint32_t v =
            op.kind == OpdKind::LdsDirect ? ldsDirect(c) : readScalar32(c.w, op, &c.x.env.special);
        s = xf(v);
        uniform = true;
      }
    }
  }

  // Fills the buffer of a uniform source, for the loops that read every source per lane.
  void materialize() {
    if (!uniform) return;
    for (unsigned l = 0; l < 64; ++l) buf[l] = s;
    p = buf;
    uniform = false;
  }
  // What the lane loops read, copied into locals (registers): a uniform
  // value or the row pointer, which the loop's VGPR stores cannot alias.
  struct View {
    const Raw* p;
    Raw s;
    uint32_t ftzClear;  // F32 MODE flush: 0x7fffffff (a denormal keeps only its sign), else 0
    [[gnu::always_inline]] auto arg(unsigned l) const {
      if constexpr (T == Ty::F32) {  // branch-free, so that the loops vectorize
        const uint32_t v = p[l];
        return toArg<T>(v & ~((v & 0x7f800000u) == 0 ? ftzClear : 0u));
      } else {
        return toArg<T>(p[l]);
      }
    }
    [[gnu::always_inline]] auto uarg() const { return toArg<T>(s); }
  };
  View view() const { return {p, s, ftz ? 0x7fffffffu : 0u}; }
};

// Sources that are never uniform in the driver's sense (no per-lane buffer to skip).
struct NotUniform {
  static constexpr bool kCanBeUniform = false;
  bool uniform = false;
  void materialize() {}
};

template <Ty T>
struct Fetched<OldDst<K<T>>> : NotUniform {
  const uint32_t* p = nullptr;
  void fetch(Ctx& c, unsigned&) {
    if (c.vgprOk(c.in.dst.reg, 1)) p = c.w.v(c.in.dst.reg);
  }
  struct View {
    const uint32_t* p;
    [[gnu::always_inline]] auto arg(unsigned l) const { return toArg<T>(p[l]); }
  };
  View view() const { return {p}; }
};

template <Ty T>
struct Fetched<Lit<K<T>>> : NotUniform {
  uint32_t v = 0;
  void fetch(Ctx& c, unsigned&) { v = c.in.imm32; }
  struct View {
    uint32_t v;
    [[gnu::always_inline]] auto arg(unsigned) const { return toArg<T>(v); }
  };
  View view() const { return {v}; }
};

// A lane mask as one byte per lane (expanded 4 lanes at a time through a
// table), so that the lane loops read it like a row and vectorize.
struct FetchedMask : NotUniform {
  alignas(16) uint8_t bits[64];
  void expand(uint64_t m) {
    static constexpr uint32_t kNibble[16] = {0x00000000u, 0x00000001u, 0x00000100u, 0x00000101u,
                                             0x00010000u, 0x00010001u, 0x00010100u, 0x00010101u,
                                             0x01000000u, 0x01000001u, 0x01000100u, 0x01000101u,
                                             0x01010000u, 0x01010001u, 0x01010100u, 0x01010101u};
    for (unsigned i = 0; i < 16; ++i) __builtin_memcpy(bits + 4 * i, &kNibble[(m >> (4 * i)) & 15], 4);
  }
  struct View {
    const uint8_t* b;
    [[gnu::always_inline]] bool arg(unsigned l) const { return b[l] != 0; }
  };
  View view() const { return {bits}; }
};
template <>
struct Fetched<MaskIn> : FetchedMask {
  void fetch(Ctx& c, unsigned&) {
    expand(c.enc == VopEnc::E64 ? readScalar64(c.w, c.in.src[2], &c.x.env.special) : c.w.vcc());
  }
};
template <>
struct Fetched<VccIn> : FetchedMask {
  void fetch(Ctx& c, unsigned&) { expand(c.w.vcc()); }
};

// ---- results -----------------------------------------------------------------
template <class T>
struct IsPair : std::false_type {};
template <class A, class B>
struct IsPair<std::pair<A, B>> : std::true_type {};

template <Ty T, class R>
inline RawOf<T> toRaw(const Ctx& c, R r) {
  if constexpr (std::is_same_v<R, Raw32> || std::is_same_v<R, Raw16>)
    return r.v;
  else if constexpr (std::is_same_v<R, Raw64>)
    return r.v;
  else if constexpr (T == Ty::F32)
    return bitsOf(static_cast<float>(r));
  else if constexpr (T == Ty::F64)
    return bitsOf(static_cast<double>(r));
  else if constexpr (T == Ty::F16 || T == Ty::H16)
    return doubleToHalf(static_cast<double>(r), c.round16());
  else if constexpr (T == Ty::U16 || T == Ty::I16)
    return static_cast<uint32_t>(r) & 0xffffu;
  else
    return static_cast<RawOf<T>>(r);
}

inline uint32_t clamp01_32(uint32_t v, bool dx10) {
  if (isNaN32(v)) return dx10 ? 0u : v;
  const float f = asF32(v);
  return f <= 0.0f ? 0u : f >= 1.0f ? 0x3f800000u : v;
}
inline uint64_t clamp01_64(uint64_t v, bool dx10) {
  if (isNaN64(v)) return dx10 ? 0u : v;
  const double f = asF64(v);
  return f <= 0.0 ? 0u : f >= 1.0 ? 0x3ff0000000000000ull : v;
}
inline uint32_t clamp01_16(uint32_t v, bool dx10) {
  if (isNaN16(v)) return dx10 ? 0u : v;
  if (v & 0x8000u) return 0;          // negative (or -0)
  return v >= 0x3c00u ? 0x3c00u : v;  // >= 1.0
}
inline constexpr double kOmod[4] = {1.0, 2.0, 4.0, 0.5};

// Output modifiers of a float result (VOP3 "Clamping applied after OMOD";
// OMOD does nothing when output denormals are allowed).
template <Ty T>
[[gnu::always_inline]] inline RawOf<T> postFloat(const Ctx& c, RawOf<T> v) {
  if constexpr (T == Ty::F32) {
    const bool flush = !c.fp.allowOut32 || c.ftz;
    if (c.omod && flush) v = bitsOf(asF32(v) * static_cast<float>(kOmod[c.omod]));
    if (c.clamp) v = clamp01_32(v, c.fp.dx10);
    if (flush) v = ftz32(v);
  } else if constexpr (T == Ty::F64) {
    const bool flush = !c.fp.allowOut64 || c.ftz;
    if (c.omod && flush) v = bitsOf(asF64(v) * kOmod[c.omod]);
    if (c.clamp) v = clamp01_64(v, c.fp.dx10);
    if (flush) v = ftz64(v);
  } else if constexpr (T == Ty::F16) {
    const bool flush = c.flushOut16();
    if (c.omod && (flush || !c.fp.hasF16Denorm))
      v = doubleToHalf(halfToDouble(v) * kOmod[c.omod], c.round16());
    if (c.clamp) v = clamp01_16(v, c.fp.dx10);
    if (flush) v = ftz16(v);
  }
  return v;
}

template <class D>
struct DstInfo {
  static constexpr bool keep = false;
  static constexpr Ty ty = D::ty;
};
template <Ty T>
struct DstInfo<Keep<K<T>>> {
  static constexpr bool keep = true;
  static constexpr Ty ty = T;
};

// Writes a lane mask result: VCC for e32/SDWA/DPP (and VOP3 without SDST),
// the VOP3 SDST otherwise.
inline void writeMaskDst(Ctx& c, uint64_t m) {
  const Operand& sd = c.in.sdst.present() ? c.in.sdst : c.in.dst;
  if (c.enc != VopEnc::E32 && sd.kind == OpdKind::SReg)
    writeScalar64(c.w, sd, m);
  else
    c.w.setVcc(m);
}

// 64 flags (0/1 bytes, lane order) to a lane mask: per 8 lanes one multiply
// gathers byte j's low bit into bit 56 + j (the partial products do not overlap).
[[gnu::always_inline]] inline uint64_t packLaneFlags(const uint8_t* flags) {
  uint64_t m = 0;
  for (unsigned i = 0; i < 8; ++i) {
    uint64_t x;
    __builtin_memcpy(&x, flags + 8 * i, 8);
    m |= ((x * 0x0102040810204080ull) >> 56) << (8 * i);
  }
  return m;
}

// The lane number, for the few lane functions that depend on it (v_mbcnt):
// they take a `Lane` argument after the optional `Ctx&`.
struct Lane {
  unsigned id;
};

template <class F, class... A>
[[gnu::always_inline]] inline auto invoke(F& f, Ctx& c, unsigned l, A... a) {
  if constexpr (std::is_invocable_v<F&, Ctx&, Lane, A...>)
    return f(c, Lane{l}, a...);
  else if constexpr (std::is_invocable_v<F&, Ctx&, A...>)
    return f(c, a...);
  else if constexpr (std::is_invocable_v<F&, Lane, A...>)
    return f(Lane{l}, a...);
  else
    return f(a...);
}

template <class D, unsigned Opt, class F, class... S>
struct Driver {
  using Sources = std::tuple<Fetched<S>...>;
  using Views = std::tuple<typename Fetched<S>::View...>;
  static Views views(const Sources& src) {
    return std::apply([](const auto&... s) { return Views{s.view()...}; }, src);
  }
  static constexpr unsigned kN = sizeof...(S);
  // Sources that may be uniform (SGPR, constant, literal): one bit per source.
  static constexpr unsigned kUniformable = [] {
    unsigned m = 0, i = 0;
    ((m |= (Fetched<S>::kCanBeUniform ? 1u : 0u) << i++), ...);
    return m;
  }();

  // Lane function on lane l; sources whose bit is set in U are uniform and
  // read as one scalar (the value loops then vectorize with scalar operands).
  template <unsigned U, size_t I>
  [[gnu::always_inline]] static auto argAt(const Views& src, unsigned l) {
    if constexpr ((U >> I) & 1)
      return std::get<I>(src).uarg();
    else
      return std::get<I>(src).arg(l);
  }
  template <unsigned U, size_t... I>
  [[gnu::always_inline]] static auto callAt(F& f, Ctx& c, const Views& src, unsigned l,
                                            std::index_sequence<I...>) {
    return invoke(f, c, l, argAt<U, I>(src, l)...);
  }
  template <unsigned U>
  [[gnu::always_inline]] static auto compute(F& f, Ctx& c, const Views& src, unsigned l) {
    return callAt<U>(f, c, src, l, std::index_sequence_for<S...>{});
  }

  // Calls body(std::integral_constant<unsigned, U>) for U == u (a subset of kUniformable).
  template <class Body, unsigned... U>
  [[gnu::always_inline]] static void withUniform(unsigned u, Body&& body,
                                                 std::integer_sequence<unsigned, U...>) {
    (void)((u == U && ((void)[&] {
              if constexpr ((U & ~kUniformable) == 0) body(std::integral_constant<unsigned, U>{});
            }(), true)) || ...);
  }
  template <class Body>
  [[gnu::always_inline]] static void withUniform(unsigned u, Body&& body) {
    withUniform(u, body, std::make_integer_sequence<unsigned, 1u << kN>{});
  }

  static void run(Exec& x) {
    Ctx c(x);
    c.ftz = (Opt & kFtz) != 0;
    Sources src;
    unsigned next = 0;
    std::apply([&](auto&... s) { (s.fetch(c, next), ...); }, src);
    if (c.bad) return;
    unsigned uniform = 0;
    std::apply(
        [&](auto&... s) {
          unsigned i = 0;
          ((uniform |= (s.uniform ? 1u : 0u) << i++), ...);
        },
        src);
    F f{};
    // Loops over the lanes of a partial mask (and the general write path) read
    // every source per lane.
    auto perLane = [&] {
      std::apply([](auto&... s) { (s.materialize(), ...); }, src);
      uniform = 0;
    };
    if constexpr (std::is_same_v<D, Cmp> || std::is_same_v<D, CmpX>) {
      uint64_t m = 0;
      if (c.writeMask == ~0ull) {
        const Views sv = views(src);
        withUniform(uniform, [&](auto u) {
          alignas(64) uint8_t flags[64];
          for (unsigned l = 0; l < 64; ++l) flags[l] = compute<u()>(f, c, sv, l) ? 1 : 0;
          m = packLaneFlags(flags);
        });
      } else {
        perLane();
        const Views sv = views(src);
        for (uint64_t rest = c.writeMask; rest; rest &= rest - 1) {
          const unsigned l = std::countr_zero(rest);
          m |= static_cast<uint64_t>(compute<0>(f, c, sv, l)) << l;
        }
      }
      writeMaskDst(c, m);
      if constexpr (std::is_same_v<D, CmpX>) c.w.setExec(m);
    } else {
      constexpr Ty T = DstInfo<D>::ty;
      RoundScope rs(T == Ty::F64 ? c.fp.round64 : T == Ty::F16 ? c.round16() : c.fp.round32);
      writeVector<T, DstInfo<D>::keep>(c, f, src, uniform, perLane);
    }
  }

  // The raw result of a lane; a carry-out goes to flags[l] (full-EXEC loops) or
  // straight into the mask.
  template <Ty T, class R>
  [[gnu::always_inline]] static RawOf<T> value(const Ctx& c, R r, uint64_t& carryMask, unsigned l) {
    if constexpr (IsPair<R>::value) {
      carryMask |= static_cast<uint64_t>(r.second ? 1 : 0) << l;
      return toRaw<T>(c, r.first);
    } else {
      (void)carryMask, (void)l;
      return toRaw<T>(c, r);
    }
  }
  template <Ty T, class R>
  [[gnu::always_inline]] static RawOf<T> value(const Ctx& c, R r, uint8_t* flags, unsigned l) {
    if constexpr (IsPair<R>::value) {
      flags[l] = r.second ? 1 : 0;
      return toRaw<T>(c, r.first);
    } else {
      (void)flags, (void)l;
      return toRaw<T>(c, r);
    }
  }

  template <Ty T, bool Keep16, class PerLane>
  static void writeVector(Ctx& c, F& f, Sources& src, unsigned uniform, PerLane& perLane) {
    using R = decltype(compute<0>(f, c, std::declval<const Views&>(), 0u));
    constexpr bool carry = IsPair<R>::value;
    const unsigned dreg = c.in.dst.reg;
    if (!c.vgprOk(dreg, isWide(T) ? 2 : 1)) return;
    const uint64_t mask = c.writeMask;
    uint64_t carryMask = 0;
    alignas(64) uint8_t flags[carry ? 64 : 1];  // carry-outs of the full-EXEC loops
    auto at = [&](const Views& sv, unsigned l) __attribute__((always_inline)) {
      return value<T>(c, compute<0>(f, c, sv, l), carryMask, l);
    };
    if constexpr (isWide(T)) {
      uint32_t* d0 = c.w.v(dreg);
      uint32_t* d1 = c.w.v(dreg + 1);
      const bool post = isFloat(T) && (c.clamp || c.omod || !c.fp.allowOut64 || c.ftz);
      if (mask == ~0ull && !post) {
        const Views sv = views(src);
        withUniform(uniform, [&](auto u) {
          alignas(64) RawOf<T> out[64];  // local: the loop cannot alias the source rows
          for (unsigned l = 0; l < 64; ++l) out[l] = value<T>(c, compute<u()>(f, c, sv, l), flags, l);
          for (unsigned l = 0; l < 64; ++l) {
            d0[l] = static_cast<uint32_t>(out[l]);
            d1[l] = static_cast<uint32_t>(out[l] >> 32);
          }
        });
        if constexpr (carry) carryMask = packLaneFlags(flags);
      } else {
        perLane();
        const Views sv = views(src);
        for (uint64_t rest = mask; rest; rest &= rest - 1) {
          const unsigned l = std::countr_zero(rest);
          RawOf<T> v = at(sv, l);
          if (post) v = postFloat<T>(c, v);
          d0[l] = static_cast<uint32_t>(v);
          d1[l] = static_cast<uint32_t>(v >> 32);
        }
      }
    } else {
      uint32_t* d = c.w.v(dreg);
      const bool sdwa = c.enc == VopEnc::SDWA && c.in.sdwa.dstSel != 6;
      const bool post = isFloat(T) && (c.clamp || c.omod || (T == Ty::F32 && (!c.fp.allowOut32 || c.ftz)) ||
                                       (T == Ty::F16 && c.flushOut16()));
      const bool hiHalf = isHalf(T) && c.opsel && ((c.in.mods.opsel >> 3) & 1);
      const bool keepHi = Keep16 && c.gen == Gen::GCN14;
      // Full EXEC, a 32-bit result written as it is or with the MODE output flush only.
      const bool plainOut = !post && !sdwa && !isHalf(T);
      const bool flushOut = T == Ty::F32 && post && !c.clamp && !c.omod && !sdwa;
      if (!isHalf(T) && mask == ~0ull && (plainOut || flushOut)) {
        if constexpr (!isHalf(T)) {
          const Views sv = views(src);
          // The lanes go to a local array first: a destination that is also a
          // source (v_add_f32 v1, v2, v1) would make GCC's runtime alias check
          // fall back to the scalar loop.
          alignas(64) uint32_t out[64];
          withUniform(uniform, [&](auto u) {
            if constexpr (T == Ty::F32) {
              if (flushOut) {
                for (unsigned l = 0; l < 64; ++l)
                  out[l] = ftz32(value<T>(c, compute<u()>(f, c, sv, l), flags, l));
                return;
              }
            }
            for (unsigned l = 0; l < 64; ++l) out[l] = value<T>(c, compute<u()>(f, c, sv, l), flags, l);
          });
          __builtin_memcpy(d, out, sizeof out);
          if constexpr (carry) carryMask = packLaneFlags(flags);
        }
      } else {
        perLane();
        const Views sv = views(src);
        for (uint64_t rest = mask; rest; rest &= rest - 1) {
          const unsigned l = std::countr_zero(rest);
          uint32_t v = at(sv, l);
          if (plainOut) {
            d[l] = v;
            continue;
          }
          if (post) v = postFloat<T>(c, v);
          if constexpr (isHalf(T)) {
            v &= 0xffffu;
            if (hiHalf)
              v = (d[l] & 0xffffu) | (v << 16);
            else if (keepHi)
              v |= d[l] & 0xffff0000u;
          }
          if (sdwa) v = sdwaDst(d[l], v, c.in.sdwa.dstSel, c.in.sdwa.dstUnused);
          d[l] = v;
        }
      }
    }
    if constexpr (carry) writeMaskDst(c, carryMask);
  }
};

// vop<D, S...>(lambda): the semantic function of an operation with
// destination kind D and source kinds S... (see the header comment).
template <class D, class... S, class F>
SemFn vop(F) {
  static_assert(std::is_empty_v<F>, "lane functions must not capture");
  return &Driver<D, 0, F, S...>::run;
}
// Same, with options (kFtz).
template <unsigned Opt, class D, class... S, class F>
SemFn vopo(F) {
  static_assert(std::is_empty_v<F>, "lane functions must not capture");
  return &Driver<D, Opt, F, S...>::run;
}

// Family registration (one per file).
void registerValuInt(SemRegistry& r);
void registerValuFloat32(SemRegistry& r);
void registerValuFloat64(SemRegistry& r);
void registerValuF16(SemRegistry& r);
void registerValuConv(SemRegistry& r);
void registerValuCmp(SemRegistry& r);
void registerValuLane(SemRegistry& r);
void registerValuPacked(SemRegistry& r);
// The fused multiply-adds (valu_fma.cpp) in the portable build or, when
// `hostFma` is set and the host has AVX2 + FMA3, compiled for the FMA
// instruction (bit-identical results).
void registerValuFma(SemRegistry& r, bool hostFma);
// Whether the host-FMA build can run here (CPU and the GCNSIM_HOST_FMA build option).
bool hostFmaAvailable();

}  // namespace gcnsim::sim::valu
