// Source operands of the vector ALU driver: Fetched<Kind> reads one source of
// an instruction once, before the lane loop (a VGPR row in place, or one value
// for an SGPR/constant/literal source, which every lane then reads as the same
// scalar), applying what the encoding asks for: DPP permutation, SDWA
// selection, op_sel halves, abs/neg and MODE input-denormal flushing. Its View
// is what the lane loop reads per lane (arg) or once (uarg, a uniform source).
#pragma once
#include <cstdint>

#include "isa/decoded.hpp"
#include "memory/lds.hpp"
#include "sim/operand_access.hpp"
#include "sim/semantics/valu_ctx.hpp"
#include "sim/semantics/valu_float.hpp"
#include "sim/semantics/valu_kinds.hpp"
#include "sim/semantics/valu_sdwa_dpp.hpp"

namespace gcnsim::sim::valu {

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

}  // namespace gcnsim::sim::valu
