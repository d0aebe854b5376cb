// 16-bit VALU (GCN 1.2/1.4), SDWA selections, DPP lane moves, and GCN 1.4 packed math
// and op_sel (programs valu_sdwa_dpp.s, valu_gfx9.gfx9.s). References: CLRX
// GcnSdwaDpp.md, GcnInstrsVop2.md, GcnInstrsVop3.md, GcnInstrsVop3p.md; f16 arithmetic
// through _Float16 (float intermediates round correctly: 24 >= 2*11+2 bits).
//
// The other half-precision ops (namespace f16_ops, below):
// Half-precision ops not covered by valu_f16_test.cpp (program valu_ops_f16.s, GCN
// 1.2/1.4) and GCN 1.4 packed/f16 VOP3 ops (valu_ops_pk.gfx9.s). References: CLRX
// GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md, GcnInstrsVop3p.md; f16
// arithmetic through the host's _Float16 and double math (sums/products of two f16
// are exact in double, so one rounding gives the IEEE result); approximations
// within 1 ULP. Run with f16 denormals allowed and flushed (MODE.FP_DENORM[7:6]).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

using h16 = _Float16;
float hf(uint32_t bits) { return static_cast<float>(std::bit_cast<h16>(static_cast<uint16_t>(bits))); }
uint32_t fh(float f) { return std::bit_cast<uint16_t>(static_cast<h16>(f)); }
uint32_t lo(uint32_t v) { return v & 0xffff; }
uint32_t hi(uint32_t v) { return v >> 16; }
int32_t s16(uint32_t v) { return static_cast<int16_t>(v); }
uint32_t sat16s(int32_t v) { return static_cast<uint32_t>(std::clamp(v, -32768, 32767)) & 0xffff; }

// f16 values in [0.1, 100) with random sign in both halves (no denormal products).
Lanes halfPairs(uint32_t seed) {
  Lanes v = lanes(seed);
  for (auto& x : v) {
    const float a = 0.1f + static_cast<float>(x % 9990) / 100.0f,
                b = 0.1f + static_cast<float>((x >> 14) % 9990) / 100.0f;
    x = fh((x >> 30) & 1 ? -a : a) | fh((x >> 31) ? -b : b) << 16;
  }
  return v;
}

int dppSrc(unsigned l, int kind) {
  const unsigned row = l & ~15u, in = l & 15;
  switch (kind) {
    case 0: return static_cast<int>((l & ~3u) + (3 - (l & 3)));   // quad_perm:[3,2,1,0]
    case 1: return in >= 1 ? static_cast<int>(l - 1) : -1;        // row_shr:1
    case 2: return in + 3 <= 15 ? static_cast<int>(l + 3) : -1;   // row_shl:3
    case 3: return static_cast<int>(row + ((in + 16 - 4) & 15));  // row_ror:4
    case 4: return l >= 1 ? static_cast<int>(l - 1) : -1;         // wave_shr:1
    case 5: return l >= 16 ? static_cast<int>(row - 1) : -1;      // row_bcast:15
    default: return static_cast<int>(row + (15 - in));            // row_mirror
  }
}

}  // namespace

TEST_CASE("VALU SDWA, DPP and 16-bit ops", "[sim][valu]") {
  const Lanes a = halfPairs(71), b = halfPairs(72), c = halfPairs(73);
  Lanes f32in = lanes(74);
  for (auto& x : f32in) x = fu(static_cast<float>(static_cast<int32_t>(x % 200001u) - 100000) / 37.0f);
  for (Gen g : kGcn12Plus) {
    for (uint64_t exec : {~0ull, 0xffff7fff0ff0fffeull}) {
      WaveHarness h(g);
      h.wave.hw.mode = 0x3f0;
      setV(h, 1, a), setV(h, 2, b), setV(h, 3, c), setV(h, 4, f32in);
      fillV(h, 10, 30, 0xdeadbeefu);
      h.wave.setExec(exec);
      REQUIRE(h.runProgram("valu_sdwa_dpp").ok());
      uint64_t lt = 0;
      for (unsigned l = 0; l < 64; ++l) {
        const bool on = (exec >> l) & 1;
        const uint32_t old = 0xdeadbeefu;
        auto want = [&](uint32_t v) { return on ? v : old; };
        INFO(gname(g) << " exec " << std::hex << exec << " lane " << std::dec << l << std::hex
                      << " a=" << a[l] << " b=" << b[l]);
        const uint32_t r20 = ((((a[l] >> 16) & 0xff) | (b[l] >> 16)) & 0xff) << 8;
        CHECK(getV(h, 20, l) == want(r20 | (old & 0xffff00ffu)));
        CHECK(getV(h, 21, l) == want((a[l] >> 24) << 16));
        CHECK(getV(h, 22, l) ==
              want(static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(a[l] >> 8)))));
        CHECK(getV(h, 23, l) == want(fh(hf(hi(a[l])) + hf(lo(b[l]))) << 16));
        // DPP: invalid or inactive source lanes keep the old value (write 0 with bound_ctrl)
        const int kinds[7] = {0, 1, 2, 3, 4, 5, 6};
        const unsigned regs[7] = {24, 25, 26, 27, 28, 29, 30};
        for (int k : kinds) {
          const int s = dppSrc(l, k);
          const bool valid = s >= 0 && ((exec >> s) & 1);
          bool write = on && (valid || k == 2);
          if (k == 3 || k == 5) write = write && ((0xa >> (l >> 4)) & 1);
          if (k == 6) write = write && ((0x5 >> ((l >> 2) & 3)) & 1);
          uint32_t v = valid ? a[s] : 0;
          if (k == 3) v |= b[l];
          CHECK(getV(h, regs[k], l) == (write ? v : old));
        }
        const float x = hf(lo(a[l])), y = hf(lo(b[l])), z = hf(lo(c[l]));
        CHECK(getV(h, 10, l) == want(fh(x + y)));
        CHECK(getV(h, 11, l) == want(fh(x * y)));
        const uint32_t fma = fh(static_cast<float>(std::fma(double{x}, double{y}, double{z})));
        CHECK(getV(h, 12, l) == want(g == Gen::GCN14 ? (old & 0xffff0000u) | fma : fma));
        CHECK(getV(h, 13, l) == want(fh(std::max(x, y))));
        CHECK(getV(h, 14, l) == want(fu(x)));
        CHECK(getV(h, 15, l) == want(fh(uf(f32in[l]))));
        CHECK(getV(h, 17, l) == want((lo(a[l]) + lo(b[l])) & 0xffff));
        CHECK(getV(h, 18, l) == want(std::min(lo(a[l]) + lo(b[l]), 0xffffu)));
        CHECK(getV(h, 19, l) == want((lo(a[l]) << (lo(b[l]) & 15)) & 0xffff));
        if (on && x < y) lt |= 1ull << l;
      }
      CHECK(h.wave.sreg64(20) == lt);
    }
  }
}

TEST_CASE("VALU GCN 1.4 packed math and op_sel", "[sim][valu]") {
  const Lanes a = halfPairs(81), b = halfPairs(82), c = halfPairs(83);
  Lanes f4 = lanes(84), f5 = lanes(85), f6 = lanes(86);
  for (Lanes* v : {&f4, &f5, &f6})
    for (auto& x : *v) x = fu(static_cast<float>(static_cast<int32_t>(x % 20001u) - 10000) / 77.0f);
  for (uint64_t exec : {~0ull, 0x00ffff00f0f0f0f0ull}) {
    WaveHarness h(Gen::GCN14);
    h.wave.hw.mode = 0x3f0;
    setV(h, 1, a), setV(h, 2, b), setV(h, 3, c), setV(h, 4, f4), setV(h, 5, f5), setV(h, 6, f6);
    fillV(h, 10, 30, 0xdeadbeefu);
    h.wave.setExec(exec);
    REQUIRE(h.runProgram("valu_gfx9").ok());
    for (unsigned l = 0; l < 64; ++l) {
      const bool on = (exec >> l) & 1;
      const uint32_t old = 0xdeadbeefu;
      auto want = [&](uint32_t v) { return on ? v : old; };
      const uint32_t A = a[l], B = b[l], C = c[l];
      auto pk = [](uint32_t l16, uint32_t h16) { return (l16 & 0xffff) | (h16 & 0xffff) << 16; };
      INFO("lane " << l << std::hex << " a=" << A << " b=" << B << " c=" << C);
      CHECK(getV(h, 10, l) == want(pk(fh(hf(lo(A)) + hf(lo(B))), fh(hf(hi(A)) + hf(hi(B))))));
      CHECK(getV(h, 11, l) == want(pk(fh(hf(hi(A)) + hf(lo(B))), fh(hf(lo(A)) + hf(hi(B))))));
      CHECK(getV(h, 12, l) == want(pk(fh(-hf(lo(A)) * hf(lo(B))), fh(hf(hi(A)) * -hf(hi(B))))));
      CHECK(getV(h, 13, l) == want(pk(std::min(lo(A) + lo(B), 0xffffu), std::min(hi(A) + hi(B), 0xffffu))));
      CHECK(getV(h, 14, l) == want(pk(sat16s(s16(lo(A)) + s16(lo(B))), sat16s(s16(hi(A)) + s16(hi(B))))));
      CHECK(getV(h, 15, l) == want(pk(lo(A) * lo(B) + lo(C), hi(A) * hi(B) + hi(C))));
      CHECK(getV(h, 16, l) == want(pk(lo(A) << (lo(B) & 15), hi(A) << (hi(B) & 15))));
      auto fma16 = [](uint32_t x, uint32_t y, uint32_t z) {
        return fh(static_cast<float>(std::fma(double{hf(x)}, double{hf(y)}, double{hf(z)})));
      };
      CHECK(getV(h, 17, l) == want(pk(fma16(lo(A), lo(B), lo(C)), fma16(hi(A), hi(B), hi(C)))));
      const uint32_t mad = fh(hf(fh(hf(hi(A)) * hf(hi(B)))) + hf(lo(C)));
      CHECK(getV(h, 18, l) == want((old & 0xffff) | mad << 16));
      CHECK(getV(h, 19, l) == want((old & 0xffff0000u) | ((lo(A) * lo(B) + lo(C)) & 0xffff)));
      CHECK(getV(h, 21, l) == want(A + B + C));
      CHECK(getV(h, 22, l) == want((A << (B & 31)) + C));
      CHECK(getV(h, 23, l) == want(pk(hi(A), lo(B))));
      CHECK(getV(h, 24, l) == want(fu(hf(lo(A)) * hf(lo(B)) + uf(f4[l]))));
      CHECK(getV(h, 25, l) == want((old & 0xffff0000u) | fh(uf(f4[l]) * uf(f5[l]) + uf(f6[l]))));
      CHECK(getV(h, 28, l) == want((old & 0xffff0000u) | fh(std::max({hf(lo(A)), hf(lo(B)), hf(lo(C))}))));
      CHECK(getV(h, 29, l) == want((old & 0xffff0000u) | sat16s(s16(lo(A)) + s16(lo(B)))));
    }
  }
}

// The other half-precision ops.
namespace f16_ops {

namespace {

constexpr uint32_t kOld = 0xdeadbeefu;
using h16 = _Float16;
double hd(uint32_t bits) { return static_cast<double>(std::bit_cast<h16>(static_cast<uint16_t>(bits))); }
uint32_t dh(double d) {
  return std::bit_cast<uint16_t>(static_cast<h16>(d));
}  // double -> f16 correctly rounded
bool isDen(uint32_t h) { return (h & 0x7c00) == 0 && (h & 0x3ff) != 0; }
uint32_t ftz16(uint32_t h) { return isDen(h) ? h & 0x8000 : h & 0xffff; }

// Edge f16 values (low half), garbage high halves.
Lanes halves(uint32_t seed, std::initializer_list<uint32_t> edges) {
  Lanes v = lanes(seed);
  unsigned i = 0;
  for (uint32_t e : edges) v[i] = (v[i] & 0xffff0000u) | e, ++i;
  for (; i < 64; ++i) {
    const double d = (static_cast<double>(v[i] % 20001) - 10000.0) / 10000.0 * (i < 40 ? 300.0 : 1.0);
    v[i] = (v[i] & 0xffff0000u) | dh(d);
  }
  return v;
}

// |got - ref| within one f16 ULP of the exact `ref` (NaN: any NaN, inf/zero exact).
bool near16(uint32_t got, double ref, bool flush) {
  got &= 0xffff;
  const double g = hd(got);
  if (std::isnan(ref)) return std::isnan(g);
  uint32_t r = dh(ref);
  if (flush) r = ftz16(r);
  if (std::isinf(hd(r)) || hd(r) == 0) {
    if (got == r) return true;
    // next to the edge: accept the neighbouring representable value
    return std::fabs(g - ref) <= std::ldexp(1.0, std::max(std::ilogb(ref), -14) - 10);
  }
  const double ulp = std::ldexp(1.0, std::max(std::ilogb(hd(r)), -14) - 10);
  return std::fabs(g - ref) <= ulp;
}

double fminIeee(double a, double b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  return a < b ? a : b;
}

// GcnInstrsVop3.md V_DIV_FIXUP_F16 (SF0 quotient, SF1 denominator, SF2 numerator); NaN
// results are only checked to be NaN.
double divFixup(double q, double d, double n) {
  const double s = (std::signbit(d) != std::signbit(n)) ? -1.0 : 1.0;
  if (std::isnan(d) && !std::isnan(n)) return NAN;
  if (std::isnan(n)) return NAN;
  if (d == 0 && n == 0) return NAN;
  if (std::isinf(d) && std::isinf(n)) return NAN;
  if (d == 0) return s * INFINITY;
  if (std::isinf(d)) return s > 0 ? 0.0 : -0.0;
  if (std::isnan(q)) return s * INFINITY;
  // CLRX writes VDST = SF0 here; AMD's ISA manuals (and gcnsim's f32/f64 fixups) give the
  // quotient the sign of SF1*SF2: sign_out ? -ABS(SF0) : ABS(SF0).
  return s * std::fabs(q);
}

}  // namespace

TEST_CASE("VALU ops: f16 VOP1/VOP2/VOP3 (GCN 1.2/1.4)", "[sim][valu]") {
  const Lanes a = halves(
      701, {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x83ff, 0x3c00, 0xbc00, 0x3800, 0x4100, 0xc100,
            0x4300, 0x7bff, 0xfbff, 0x3e00, 0x3555, 0x0400, 0x5a00, 0xd640, 0x3400, 0xb400, 0x2e66, 0x3bff});
  const Lanes b = halves(702, {0x3c00, 0x4000, 0x3c00, 0x7c00, 0x4000, 0x3c00, 0x0200, 0x7e00, 0x0000, 0x4200,
                               0xc000, 0x0003, 0x7bff, 0x7bff, 0x3c00, 0x8000, 0x4500});
  const Lanes c =
      halves(703, {0x3c00, 0x0000, 0x8000, 0x3c00, 0x7c00, 0x0001, 0x4000, 0x3c00, 0x0000, 0x7e00, 0x7c00});
  Lanes e = lanes(704);
  for (auto& x : e) x = static_cast<uint32_t>(static_cast<int32_t>(x % 61) - 30);  // exponents -30..30
  for (Gen g : kGcn12Plus)
    for (uint32_t mode : {0x3f0u, 0x330u})
      for (uint64_t exec : {~0ull, 0xff00ff0fffff0ff7ull}) {
        const bool flush = mode == 0x330u;
        WaveHarness h(g);
        h.wave.hw.mode = mode;
        setV(h, 1, a), setV(h, 2, b), setV(h, 3, c), setV(h, 4, e);
        fillV(h, 10, 40, kOld);
        h.wave.setExec(exec);
        REQUIRE(h.runProgram("valu_ops_f16").ok());
        for (unsigned l = 0; l < 64; ++l) {
          const bool on = (exec >> l) & 1;
          auto in = [&](uint32_t bits) { return hd(flush ? ftz16(bits) : bits & 0xffff); };
          auto out = [&](double d) { return flush ? ftz16(dh(d)) : dh(d); };
          const double x = in(a[l]), y = in(b[l]), z = in(c[l]);
          INFO(gname(g) << " mode " << std::hex << mode << " lane " << std::dec << l << std::hex
                        << " a=" << a[l] << " b=" << b[l] << " c=" << c[l]);
          // Inactive lanes keep their value; NaN results are only checked to be NaN;
          // `flushed` rounds the reference to f16 flushing denormals whatever MODE says.
          auto check = [&](unsigned reg, double ref, bool flushed) {
            if (!on)
              CHECK(getV(h, reg, l) == kOld);
            else if (std::isnan(ref))
              CHECK(std::isnan(hd(getV(h, reg, l))));
            else
              CHECK(getV(h, reg, l) == (flushed ? ftz16(dh(ref)) : out(ref)));
          };
          auto chk = [&](unsigned reg, double ref) { check(reg, ref, false); };
          chk(10, x - y);                                      // V_SUB_F16
          chk(11, y - x);                                      // V_SUBREV_F16
          if (!(x == 0 && y == 0)) chk(12, fminIeee(x, y));    // V_MIN_F16
          chk(13, std::ldexp(x, static_cast<int32_t>(e[l])));  // V_LDEXP_F16
          // V_MAC_F16 / V_MADAK_F16 (K = 3.0) / V_MADMK_F16 (K = 0.5): unfused, flush denormals
          {
            const double fx = hd(ftz16(a[l])), fy = hd(ftz16(b[l])), fz = hd(ftz16(c[l]));
            auto mad = [&](double p, double q, double r) {
              return hd(ftz16(ftz16(dh(hd(ftz16(dh(p * q))) + r))));
            };
            auto chkMad = [&](unsigned reg, double ref) { check(reg, ref, true); };
            chkMad(14, mad(fx, fy, fz));
            chkMad(15, mad(fx, fy, 3.0));
            chkMad(16, mad(fx, 0.5, fy));
            // V_MAD_F16 (VOP3, GcnInstrsVop3.md): as V_MAC_F16. On GCN 1.4 the high half
            // follows op_sel (tests/sim/valu_gfx9 programs): only the low half is checked there.
            if (g == Gen::GCN12)
              chkMad(38, mad(fx, fy, fz));
            else if (on && !std::isnan(mad(fx, fy, fz)))
              CHECK((getV(h, 38, l) & 0xffff) == ftz16(dh(mad(fx, fy, fz))));
          }
          chk(17, std::ceil(x));
          chk(18, std::floor(x));
          chk(19, std::trunc(x));
          chk(20, std::nearbyint(x));
          // V_FRACT_F16: x - floor(x) below 1.0; inf/NaN: NaN
          chk(21, std::isfinite(x) ? std::min(x - std::floor(x), 1.0 - 0x1p-11) : NAN);
          // V_FREXP_MANT_F16: inf: SF; V_FREXP_EXP_I16_F16: inf/NaN: 0
          int ex = 0;
          const double mant = std::isinf(x) ? x : std::frexp(x, &ex);
          chk(22, mant);
          if (on) CHECK(getV(h, 23, l) == (std::isfinite(x) ? static_cast<uint32_t>(ex) & 0xffff : 0u));
          // V_CVT_I16_F16 / V_CVT_U16_F16: truncate, saturate, NaN -> 0
          if (on) {
            CHECK(getV(h, 24, l) == (std::isnan(x) ? 0u
                                                   : static_cast<uint32_t>(static_cast<int32_t>(
                                                         std::clamp(std::trunc(x), -32768.0, 32767.0))) &
                                                         0xffff));
            CHECK(getV(h, 25, l) ==
                  (std::isnan(x) ? 0u : static_cast<uint32_t>(std::clamp(std::trunc(x), 0.0, 65535.0))));
          }
          // VOP3 clamp (DX10: NaN -> 0) and neg/abs modifiers
          if (on) {
            const double s = x - y;
            CHECK(getV(h, 26, l) ==
                  out(std::isnan(s) || s <= 0 ? 0.0 : std::min(s, 1.0)));  // -0 clamps to +0
          }
          if (!(x == 0 && y == 0)) chk(27, fminIeee(-x, std::fabs(y)));
          if (!on) continue;
          // Transcendentals within 1 ULP: V_RCP_F16, V_RSQ_F16, V_SQRT_F16 (negative: NaN),
          // V_EXP_F16, V_LOG_F16 (negative: NaN), V_SIN_F16/V_COS_F16 (sin/cos(2*PI*x), |x| <= 1)
          CHECK(near16(getV(h, 30, l), 1.0 / x, flush));
          CHECK(near16(getV(h, 31, l), x < 0 ? NAN : 1.0 / std::sqrt(x), flush));
          CHECK(near16(getV(h, 32, l), x < 0 ? NAN : std::sqrt(x), flush));
          CHECK(near16(getV(h, 33, l), std::exp2(x), flush));
          CHECK(near16(getV(h, 34, l), x < 0 ? NAN : std::log2(x), flush));
          if (std::fabs(x) <= 1.0) {
            const double sn = std::sin(2 * M_PI * x), cs = std::cos(2 * M_PI * x);
            CHECK(std::fabs(hd(getV(h, 35, l)) - sn) <= 0x1p-11 + 1e-12);
            CHECK(std::fabs(hd(getV(h, 36, l)) - cs) <= 0x1p-11 + 1e-12);
          } else if (std::isinf(x)) {
            CHECK(std::isnan(hd(getV(h, 35, l))));
            CHECK(std::isnan(hd(getV(h, 36, l))));
          }
          const double fx = divFixup(x, y, z);
          if (std::isinf(x) || std::isinf(z)) continue;  // AMD-manual overflow rules, not in CLRX
          if (std::isnan(fx))
            CHECK(std::isnan(hd(getV(h, 37, l))));
          else
            CHECK(getV(h, 37, l) ==
                  ((g == Gen::GCN14 ? kOld & 0xffff0000u : 0u) | out(fx)));  // GCN 1.4 opcode keeps [31:16]
        }
      }
}

TEST_CASE("VALU ops: GCN 1.4 packed 16-bit and f16 VOP3 ops", "[sim][valu]") {
  // both halves f16 values (also read as i16/u16 by the integer ops)
  Lanes a = lanes(801), b = lanes(802), c = lanes(803);
  auto pairOf = [](uint32_t x, uint32_t seed) {
    const double p = (static_cast<double>(x % 20001) - 10000.0) / 5000.0,
                 q = (static_cast<double>((x >> 7) % 20001) - 10000.0) / 3000.0;
    (void)seed;
    return dh(p) | dh(q) << 16;
  };
  for (unsigned l = 0; l < 64; ++l) a[l] = pairOf(a[l], 1), b[l] = pairOf(b[l], 2), c[l] = pairOf(c[l], 3);
  const uint32_t edgesA[] = {0x7e000000, 0x7c00fc00, 0x00018000, 0x3c00bc00, 0x7fff8000, 0x0000ffff};
  const uint32_t edgesB[] = {0x3c007e00, 0x7c007c00, 0x80000001, 0xbc003c00, 0x80007fff, 0xffff0001};
  for (unsigned l = 0; l < 6; ++l) a[l] = edgesA[l], b[l] = edgesB[l];
  Lanes f4 = lanes(804), f5 = lanes(805);
  for (auto& x : f4) x = fu(static_cast<float>(x % 2001) - 1000.0f);
  for (auto& x : f5) x = fu(static_cast<float>(x % 2001) - 1000.0f);
  for (uint64_t exec : {~0ull, 0x7777ffff0000ffffull}) {
    WaveHarness h(Gen::GCN14);
    h.wave.hw.mode = 0x3f0;
    setV(h, 1, a), setV(h, 2, b), setV(h, 3, c), setV(h, 4, f4), setV(h, 5, f5);
    fillV(h, 10, 40, kOld);
    h.wave.setExec(exec);
    REQUIRE(h.runProgram("valu_ops_pk").ok());
    for (unsigned l = 0; l < 64; ++l) {
      if (!((exec >> l) & 1)) {
        for (unsigned r = 10; r <= 34; ++r) CHECK(getV(h, r, l) == kOld);
        continue;
      }
      const uint32_t A = a[l], B = b[l], C = c[l];
      INFO("lane " << l << std::hex << " a=" << A << " b=" << B << " c=" << C);
      auto s16 = [](uint32_t v) { return static_cast<int32_t>(static_cast<int16_t>(v & 0xffff)); };
      auto pk = [](uint32_t lo, uint32_t hi) { return (lo & 0xffff) | (hi & 0xffff) << 16; };
      auto each = [&](auto f) {
        return pk(f(A & 0xffff, B & 0xffff, C & 0xffff), f(A >> 16, B >> 16, C >> 16));
      };
      auto sat = [](int32_t v) { return static_cast<uint32_t>(std::clamp(v, -32768, 32767)) & 0xffff; };
      // GcnInstrsVop3p.md: V_PK_ASHRREV_I16, V_PK_LSHRREV_B16, V_PK_MAD_I16, V_PK_MAX/MIN_*, V_PK_MUL_LO_U16,
      // V_PK_SUB_*
      CHECK(getV(h, 10, l) == each([&](uint32_t x, uint32_t y, uint32_t) {
              return static_cast<uint32_t>(s16(y) >> (x & 15));
            }));
      CHECK(getV(h, 11, l) == each([](uint32_t x, uint32_t y, uint32_t) { return y >> (x & 15); }));
      CHECK(getV(h, 12, l) == each([&](uint32_t x, uint32_t y, uint32_t z) {
              return static_cast<uint32_t>(s16(x) * s16(y) + s16(z));
            }));
      auto fmax16 = [](uint32_t x, uint32_t y, uint32_t) {
        if (std::isnan(hd(x))) return y;
        if (std::isnan(hd(y))) return x;
        return hd(x) >= hd(y) ? x : y;
      };
      auto fmin16 = [](uint32_t x, uint32_t y, uint32_t) {
        if (std::isnan(hd(x))) return y;
        if (std::isnan(hd(y))) return x;
        return hd(x) <= hd(y) ? x : y;
      };
      CHECK(getV(h, 13, l) == each(fmax16));
      CHECK(getV(h, 14, l) == each(fmin16));
      CHECK(getV(h, 15, l) == each([&](uint32_t x, uint32_t y, uint32_t) {
              return static_cast<uint32_t>(std::max(s16(x), s16(y)));
            }));
      CHECK(getV(h, 16, l) == each([&](uint32_t x, uint32_t y, uint32_t) {
              return static_cast<uint32_t>(std::min(s16(x), s16(y)));
            }));
      CHECK(getV(h, 17, l) == each([](uint32_t x, uint32_t y, uint32_t) { return std::max(x, y); }));
      CHECK(getV(h, 18, l) == each([](uint32_t x, uint32_t y, uint32_t) { return std::min(x, y); }));
      CHECK(getV(h, 19, l) == each([](uint32_t x, uint32_t y, uint32_t) { return x * y; }));
      CHECK(getV(h, 20, l) == each([&](uint32_t x, uint32_t y, uint32_t) { return sat(s16(x) - s16(y)); }));
      CHECK(getV(h, 21, l) == each([](uint32_t x, uint32_t y, uint32_t) { return x - y; }));
      CHECK(getV(h, 32, l) ==
            each([&](uint32_t x, uint32_t y, uint32_t) { return static_cast<uint32_t>(s16(x) - s16(y)); }));
      CHECK(getV(h, 33, l) == each([](uint32_t x, uint32_t y, uint32_t) { return x > y ? x - y : 0u; }));
      // V_MAD_MIXHI_F16 op_sel_hi:[1,1,1]: f16 low halves, f32 math, result to VDST[31:16]
      {
        const float m = static_cast<float>(hd(A)) * static_cast<float>(hd(B)) + static_cast<float>(hd(C));
        if (!std::isnan(m)) CHECK(getV(h, 22, l) == ((kOld & 0xffff) | dh(m) << 16));
      }
      // V_MIN3_F16 / V_MED3_F16 (NaN rules of GcnInstrsVop3.md), VDST[31:16] kept
      const double x = hd(A), y = hd(B), z = hd(C);
      if (!std::isnan(x) && !std::isnan(y) && !std::isnan(z)) {
        CHECK(getV(h, 23, l) == ((kOld & 0xffff0000u) | dh(std::min({x, y, z}))));
        CHECK(getV(h, 24, l) ==
              ((kOld & 0xffff0000u) | dh(std::max(std::min(x, y), std::min(std::max(x, y), z)))));
      }
      // V_CVT_PKNORM_I16_F16 / U16: RNDNE(S*32767) in [-32767, 32767] / RNDNE(S*65535) in [0, 65535]; NaN ->
      // 0
      auto sn = [](double s) {
        return std::isnan(s) ? 0u
                             : static_cast<uint32_t>(static_cast<int32_t>(
                                   std::clamp(std::nearbyint(s * 32767.0), -32767.0, 32767.0))) &
                                   0xffff;
      };
      auto un = [](double s) {
        return std::isnan(s) ? 0u
                             : static_cast<uint32_t>(std::clamp(std::nearbyint(s * 65535.0), 0.0, 65535.0));
      };
      CHECK(getV(h, 25, l) == (sn(x) | sn(y) << 16));
      CHECK(getV(h, 26, l) == (un(x) | un(y) << 16));
      // V_MAD_LEGACY_F16 (unfused, flushes denormals, high half 0), V_FMA_LEGACY_F16, V_DIV_FIXUP_LEGACY_F16
      {
        const uint32_t p = ftz16(dh(hd(ftz16(A)) * hd(ftz16(B))));
        const double mad = hd(p) + hd(ftz16(C));
        if (!std::isnan(mad)) CHECK(getV(h, 27, l) == ftz16(dh(mad)));
        const double fma = std::fma(x, y, z);  // exact in double for f16 inputs; one rounding to f16
        if (!std::isnan(fma)) CHECK(getV(h, 28, l) == dh(fma));
        const double fx = divFixup(x, y, z);
        if (std::isnan(fx))
          CHECK(std::isnan(hd(getV(h, 29, l))));
        else
          CHECK(getV(h, 29, l) == dh(fx));
      }
      // GcnInstrsVop1.md V_CVT_NORM_I16_F16 / V_CVT_NORM_U16_F16
      CHECK(getV(h, 30, l) == sn(x));
      CHECK(getV(h, 31, l) == un(x));
      // V_MIN3_F32 (f32 sources v4, v5, v1)
      if (!std::isnan(uf(A))) CHECK(getV(h, 34, l) == fu(std::min({uf(f4[l]), uf(f5[l]), uf(A)})));
    }
  }
}

}  // namespace f16_ops
