// Packed 16-bit math (VOP3P, GCN 1.4): two 16-bit lanes per dword, each
// source half picked by op_sel (low result) and op_sel_hi (high result),
// neg_lo/neg_hi negating float halves, clamp saturating; the mixed f16/f32
// multiply-adds v_mad_mix_f32 / v_mad_mixlo_f16 / v_mad_mixhi_f16 (gfx900:
// product rounded) and v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16
// (gfx906, the same opcodes: fused); and gfx906's dot products v_dot*.
// Pseudo-code lines: CLRX GcnInstrsVop3p.md; the gfx906 rows: AMD "Vega 7nm
// Instruction Set Architecture" (the VOP3P opcode table), whose operand types
// LLVM's AMDGPUAsmGFX906.rst states (f16x2, i16x2, u8x4, i4x8, ...).
#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>

#include "sim/semantics/valu_driver.hpp"

namespace gcnsim::sim::valu {
namespace {

using f64 = double;

struct PkCtx {
  bool clamp;
  uint8_t round;
  bool ieee, dx10;
};

// Fetches source i as 64 raw dwords (no modifiers: VOP3P applies them per half).
const uint32_t* fetchRaw(Ctx& c, unsigned i, uint32_t* buf) {
  const Operand& op = c.in.src[i];
  if (op.kind == OpdKind::VReg) {
    if (!c.vgprOk(op.reg, 1)) return buf;
    return c.w.v(op.reg);
  }
  const uint32_t s = op.kind == OpdKind::LdsDirect ? ldsDirect(c) : readScalar32(c.w, op, &c.x.env.special);
  for (unsigned l = 0; l < 64; ++l) buf[l] = s;
  return buf;
}

// Packed driver: Fn(const PkCtx&, a, b, c) on 16-bit halves (F: f16 values as
// exact doubles, else raw 16-bit integers), result rounded/truncated to 16 bits.
template <bool Float, unsigned N, class F>
void packed(Exec& x) {
  Ctx c(x);
  alignas(64) uint32_t bufs[3][64];
  const uint32_t* s[3] = {bufs[0], bufs[1], bufs[2]};
  for (unsigned i = 0; i < N; ++i) s[i] = fetchRaw(c, i, bufs[i]);
  if (c.bad || !c.vgprOk(c.in.dst.reg, 1)) return;
  const PkCtx pc{c.clamp, c.fp.round64, c.fp.ieee, c.fp.dx10};
  const bool flushIn = !c.fp.allowIn64, flushOut = !c.fp.allowOut64;
  const isa::VopMods& m = c.in.mods;
  F f{};
  uint32_t* d = c.w.v(c.in.dst.reg);
  RoundScope rs(c.fp.round64);
  for (uint64_t rest = c.writeMask; rest; rest &= rest - 1) {
    const unsigned l = std::countr_zero(rest);
    u32 out = 0;
    for (unsigned half = 0; half < 2; ++half) {
      const uint8_t sel = half ? m.opselHi : m.opsel;
      const uint8_t neg = half ? m.negHi : m.neg;
      u32 v[3] = {0, 0, 0};
      for (unsigned i = 0; i < N; ++i) {
        u32 h = (sel >> i) & 1 ? s[i][l] >> 16 : s[i][l] & 0xffff;
        if constexpr (Float) {
          if ((neg >> i) & 1) h ^= 0x8000u;
          if (flushIn) h = ftz16(h);
        }
        v[i] = h;
      }
      u32 r;
      if constexpr (Float) {
        const f64 res = f(pc, halfToDouble(v[0]), halfToDouble(v[1]), halfToDouble(v[2]));
        r = doubleToHalf(res, pc.round);
        if (pc.clamp) r = clamp01_16(r, pc.dx10);
        if (flushOut) r = ftz16(r);
      } else {
        r = static_cast<u32>(f(pc, v[0], v[1], v[2])) & 0xffff;
      }
      out |= r << (16 * half);
    }
    d[l] = out;
  }
}

template <bool Float, unsigned N, class F>
SemFn pk(F) {
  static_assert(std::is_empty_v<F>);
  return &packed<Float, N, F>;
}

i32 s16(u32 v) { return static_cast<int16_t>(v); }
u32 sat16s(i32 v) { return static_cast<u32>(std::clamp(v, -32768, 32767)); }

// V_MAD_MIX* / V_FMA_MIX*: source i is FP32 (op_sel_hi=0) or the FP16 half
// chosen by op_sel; neg is negation, neg_hi is the absolute value
// (GcnInstrsVop3p.md V_MAD_MIX_F32). Result placement: 0 = f32, 1 = f16 in
// the low half, 2 = f16 in the high half. Fused: one rounding of the exact
// S0 * S1 + S2 (v_fma_mix*); else the product is rounded to f32 first.
template <int Place, bool Fused>
void mix(Exec& x) {
  Ctx c(x);
  alignas(64) uint32_t bufs[3][64];
  const uint32_t* s[3];
  for (unsigned i = 0; i < 3; ++i) s[i] = fetchRaw(c, i, bufs[i]);
  if (c.bad || !c.vgprOk(c.in.dst.reg, 1)) return;
  const isa::VopMods& m = c.in.mods;
  uint32_t* d = c.w.v(c.in.dst.reg);
  // The fused f16 result is formed in round-to-nearest (round-to-odd, exact)
  // and rounded once by doubleToHalf in MODE's f16 rounding.
  RoundScope rs(Fused && Place != 0 ? 0 : c.fp.round32);
  for (uint64_t rest = c.writeMask; rest; rest &= rest - 1) {
    const unsigned l = std::countr_zero(rest);
    float v[3];
    for (unsigned i = 0; i < 3; ++i) {
      float f;
      if (!((m.opselHi >> i) & 1))
        f = asF32(s[i][l]);
      else
        f = static_cast<float>(halfToDouble((m.opsel >> i) & 1 ? s[i][l] >> 16 : s[i][l] & 0xffff));
      if ((m.negHi >> i) & 1) f = std::fabs(f);
      if ((m.neg >> i) & 1) f = -f;
      v[i] = f;
    }
    if constexpr (Place == 0) {
      const float res = Fused ? std::fma(v[0], v[1], v[2]) : v[0] * v[1] + v[2];
      uint32_t r = bitsOf(res);
      if (c.clamp) r = clamp01_32(r, c.fp.dx10);
      d[l] = r;
    } else {
      // the product of two f32 values is exact in double
      const double res = Fused ? fmaForHalf(v[0], v[1], v[2]) : static_cast<double>(v[0] * v[1] + v[2]);
      uint32_t h = doubleToHalf(res, c.fp.round64);
      if (c.clamp) h = clamp01_16(h, c.fp.dx10);
      d[l] = Place == 1 ? (d[l] & 0xffff0000u) | h : (d[l] & 0xffffu) | (h << 16);
    }
  }
}

// V_DOT2_F32_F16: the two f16 products (exact) and the f32 addend summed
// exactly and rounded once to f32 in MODE's f32 rounding; neg_lo/neg_hi
// negate the low/high halves of S0 and S1, neg_lo[2] negates S2; clamp
// clamps to [0, 1]. op_sel/op_sel_hi are not part of the syntax (LLVM
// AMDGPUAsmGFX906.rst) and are ignored.
void dot2F32F16(Exec& x) {
  Ctx c(x);
  alignas(64) uint32_t bufs[3][64];
  const uint32_t* s[3];
  for (unsigned i = 0; i < 3; ++i) s[i] = fetchRaw(c, i, bufs[i]);
  if (c.bad || !c.vgprOk(c.in.dst.reg, 1)) return;
  const isa::VopMods& m = c.in.mods;
  uint32_t* d = c.w.v(c.in.dst.reg);
  for (uint64_t rest = c.writeMask; rest; rest &= rest - 1) {
    const unsigned l = std::countr_zero(rest);
    double p[2];
    for (unsigned h = 0; h < 2; ++h) {
      const uint8_t neg = h ? m.negHi : m.neg;
      const u32 a = ((s[0][l] >> (16 * h)) & 0xffff) ^ (neg & 1 ? 0x8000u : 0u);
      const u32 b = ((s[1][l] >> (16 * h)) & 0xffff) ^ (neg & 2 ? 0x8000u : 0u);
      p[h] = halfToDouble(a) * halfToDouble(b);  // exact: 11 x 11 bits
    }
    const float addend = (m.neg & 4) ? -asF32(s[2][l]) : asF32(s[2][l]);
    const double ro = sum3RoundToOdd(p[0], p[1], addend);
    float res;
    {
      RoundScope rs(c.fp.round32);
      res = static_cast<float>(ro);
    }
    uint32_t r = bitsOf(res);
    if (c.clamp) r = clamp01_32(r, c.fp.dx10);
    d[l] = r;
  }
}

// V_DOT2/4/8 integer forms: D = S2 + the sum over k of S0 field k * S1 field k,
// fields of W bits (16, 8, 4) read signed or unsigned; clamp saturates the sum
// to the 32-bit range of the type instead of wrapping. op_sel/op_sel_hi are
// not part of the syntax (LLVM AMDGPUAsmGFX906.rst) and are ignored.
template <unsigned W, bool Signed>
void dotInt(Exec& x) {
  Ctx c(x);
  alignas(64) uint32_t bufs[3][64];
  const uint32_t* s[3];
  for (unsigned i = 0; i < 3; ++i) s[i] = fetchRaw(c, i, bufs[i]);
  if (c.bad || !c.vgprOk(c.in.dst.reg, 1)) return;
  uint32_t* d = c.w.v(c.in.dst.reg);
  constexpr u32 kMask = (1u << W) - 1;
  auto field = [](u32 v, unsigned k) -> int64_t {
    const u32 f = (v >> (W * k)) & kMask;
    if constexpr (Signed) return (f & (1u << (W - 1))) ? static_cast<int64_t>(f) - (int64_t{1} << W) : f;
    return f;
  };
  for (uint64_t rest = c.writeMask; rest; rest &= rest - 1) {
    const unsigned l = std::countr_zero(rest);
    int64_t acc = Signed ? static_cast<int64_t>(static_cast<i32>(s[2][l])) : static_cast<int64_t>(s[2][l]);
    for (unsigned k = 0; k < 32 / W; ++k) acc += field(s[0][l], k) * field(s[1][l], k);
    if (c.clamp) {
      acc = Signed ? std::clamp<int64_t>(acc, INT32_MIN, INT32_MAX) : std::clamp<int64_t>(acc, 0, UINT32_MAX);
    }
    d[l] = static_cast<u32>(acc);
  }
}

}  // namespace

void registerValuPacked(SemRegistry& r) {
  // ---- float halves: tempN = op(S0_N, S1_N[, S2_N]) ----
  r.add("v_pk_add_f16", pk<true, 2>([](const PkCtx&, f64 a, f64 b, f64) { return a + b; }));
  r.add("v_pk_mul_f16", pk<true, 2>([](const PkCtx&, f64 a, f64 b, f64) { return a * b; }));
  r.add("v_pk_fma_f16", pk<true, 3>([](const PkCtx&, f64 a, f64 b, f64 c) { return fmaForHalf(a, b, c); }));
  r.add("v_pk_min_f16", pk<true, 2>([](const PkCtx& p, f64 a, f64 b, f64) { return fmin(a, b, p.ieee); }));
  r.add("v_pk_max_f16", pk<true, 2>([](const PkCtx& p, f64 a, f64 b, f64) { return fmax(a, b, p.ieee); }));

  // ---- integer halves (CLAMP saturates) ----
  r.add("v_pk_add_u16", pk<false, 2>([](const PkCtx& p, u32 a, u32 b, u32) {
          return p.clamp ? std::min(a + b, 0xffffu) : a + b;
        }));
  r.add("v_pk_sub_u16", pk<false, 2>([](const PkCtx& p, u32 a, u32 b, u32) {
          return p.clamp ? (a > b ? a - b : 0u) : a - b;
        }));
  r.add("v_pk_add_i16", pk<false, 2>([](const PkCtx& p, u32 a, u32 b, u32) {
          return p.clamp ? sat16s(s16(a) + s16(b)) : a + b;
        }));
  r.add("v_pk_sub_i16", pk<false, 2>([](const PkCtx& p, u32 a, u32 b, u32) {
          return p.clamp ? sat16s(s16(a) - s16(b)) : a - b;
        }));
  r.add("v_pk_mul_lo_u16", pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return a * b; }));
  r.add("v_pk_mad_u16", pk<false, 3>([](const PkCtx& p, u32 a, u32 b, u32 c) {
          return p.clamp ? std::min(a * b + c, 0xffffu) : a * b + c;
        }));
  r.add("v_pk_mad_i16", pk<false, 3>([](const PkCtx& p, u32 a, u32 b, u32 c) {
          return p.clamp ? sat16s(s16(a) * s16(b) + s16(c)) : a * b + c;
        }));
  r.add("v_pk_max_u16", pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return std::max(a, b); }));
  r.add("v_pk_min_u16", pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return std::min(a, b); }));
  r.add("v_pk_max_i16",
        pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return std::max(s16(a), s16(b)); }));
  r.add("v_pk_min_i16",
        pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return std::min(s16(a), s16(b)); }));
  // tempN = S1_N shifted by (S0_N & 15)
  r.add("v_pk_lshlrev_b16", pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return b << (a & 15); }));
  r.add("v_pk_lshrrev_b16", pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return b >> (a & 15); }));
  r.add("v_pk_ashrrev_i16", pk<false, 2>([](const PkCtx&, u32 a, u32 b, u32) { return s16(b) >> (a & 15); }));

  // VDST = S0 * S1 + S2 with mixed f16/f32 sources
  r.add("v_mad_mix_f32", &mix<0, false>);
  r.add("v_mad_mixlo_f16", &mix<1, false>);
  r.add("v_mad_mixhi_f16", &mix<2, false>);

  // ---- gfx906 ----
  // D.f[31:0] = S0.f * S1.f + S2.f (fused; sources as V_MAD_MIX_F32)
  r.add("v_fma_mix_f32", &mix<0, true>);
  // D.f[15:0] = S0.f * S1.f + S2.f (fused; D[31:16] kept)
  r.add("v_fma_mixlo_f16", &mix<1, true>);
  // D.f[31:16] = S0.f * S1.f + S2.f (fused; D[15:0] kept)
  r.add("v_fma_mixhi_f16", &mix<2, true>);
  // D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32
  r.add("v_dot2_f32_f16", &dot2F32F16);
  // D.i32 = S0.i16[0] * S1.i16[0] + S0.i16[1] * S1.i16[1] + S2.i32
  r.add("v_dot2_i32_i16", &dotInt<16, true>);
  // D.u32 = S0.u16[0] * S1.u16[0] + S0.u16[1] * S1.u16[1] + S2.u32
  r.add("v_dot2_u32_u16", &dotInt<16, false>);
  // D.i32 = S0.i8[0] * S1.i8[0] + S0.i8[1] * S1.i8[1] + S0.i8[2] * S1.i8[2] + S0.i8[3] * S1.i8[3] + S2.i32
  r.add("v_dot4_i32_i8", &dotInt<8, true>);
  // D.u32 = S0.u8[0] * S1.u8[0] + S0.u8[1] * S1.u8[1] + S0.u8[2] * S1.u8[2] + S0.u8[3] * S1.u8[3] + S2.u32
  r.add("v_dot4_u32_u8", &dotInt<8, false>);
  // D.i32 = S0.i4[0] * S1.i4[0] + S0.i4[1] * S1.i4[1] + ... + S0.i4[7] * S1.i4[7] + S2.i32
  r.add("v_dot8_i32_i4", &dotInt<4, true>);
  // D.u32 = S0.u4[0] * S1.u4[0] + S0.u4[1] * S1.u4[1] + ... + S0.u4[7] * S1.u4[7] + S2.u32
  r.add("v_dot8_u32_u4", &dotInt<4, false>);
}

}  // namespace gcnsim::sim::valu
