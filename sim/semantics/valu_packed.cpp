// Packed 16-bit math (VOP3P, GCN 1.4): two 16-bit lanes per dword, each
// source half picked by op_sel (low result) and op_sel_hi (high result),
// neg_lo/neg_hi negating float halves, clamp saturating; and the mixed
// f16/f32 multiply-adds v_mad_mix_f32 / v_mad_mixlo_f16 / v_mad_mixhi_f16.
// Pseudo-code lines: CLRX GcnInstrsVop3p.md.
#include <algorithm>
#include <bit>
#include <cmath>

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

// V_MAD_MIX*: source i is FP32 (op_sel_hi=0) or the FP16 half chosen by op_sel;
// neg is negation, neg_hi is the absolute value (GcnInstrsVop3p.md V_MAD_MIX_F32).
// Result placement: 0 = f32, 1 = f16 in the low half, 2 = f16 in the high half.
template <int Place>
void madMix(Exec& x) {
  Ctx c(x);
  alignas(64) uint32_t bufs[3][64];
  const uint32_t* s[3];
  for (unsigned i = 0; i < 3; ++i) s[i] = fetchRaw(c, i, bufs[i]);
  if (c.bad || !c.vgprOk(c.in.dst.reg, 1)) return;
  const isa::VopMods& m = c.in.mods;
  uint32_t* d = c.w.v(c.in.dst.reg);
  RoundScope rs(c.fp.round32);
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
    const float res = v[0] * v[1] + v[2];
    if constexpr (Place == 0) {
      uint32_t r = bitsOf(res);
      if (c.clamp) r = clamp01_32(r, c.fp.dx10);
      d[l] = r;
    } else {
      uint32_t h = doubleToHalf(res, c.fp.round64);
      if (c.clamp) h = clamp01_16(h, c.fp.dx10);
      d[l] = Place == 1 ? (d[l] & 0xffff0000u) | h : (d[l] & 0xffffu) | (h << 16);
    }
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
  r.add("v_mad_mix_f32", &madMix<0>);
  r.add("v_mad_mixlo_f16", &madMix<1>);
  r.add("v_mad_mixhi_f16", &madMix<2>);
}

}  // namespace gcnsim::sim::valu
