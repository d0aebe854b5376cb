// f32/f64 ops not covered elsewhere: the GCN 1.0/1.1 legacy, clamp and VOP2
// packing ops and v_movrel* (program valu_ops_legacy.s), the cube-map helpers,
// v_cvt_pk_u8_f32 and v_sqrt_f64 (valu_ops_f32.s, every generation), and the
// GCN 1.2/1.4 VOP3 packing conversions and legacy exp/log (valu_ops_f32v.s).
// References: CLRX GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md,
// pseudo-code written out here; approximations are checked within 1 ULP of the
// host's double-precision math (the documented accuracy), the f64 clamp ops
// within their documented ~1e-8 relative error.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

constexpr uint32_t kOld = 0xdeadbeefu;
const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

float ftz(float f) { return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f; }

// got within 1 ULP of the exact `ref` (NaN: any NaN; infinities and zeros exact).
bool near32(uint32_t gotBits, double ref) {
  const float got = uf(gotBits);
  if (std::isnan(ref)) return std::isnan(got);
  if (std::isinf(ref) || ref == 0)
    return static_cast<double>(got) == ref && std::signbit(got) == std::signbit(ref);
  const float r = static_cast<float>(ref);
  const double ulp = std::nextafter(std::fabs(r), kInf) - std::fabs(r);
  return std::fabs(static_cast<double>(got) - ref) <= ulp;
}

Lanes f32Lanes(uint32_t seed, std::initializer_list<float> edges, float scale) {
  Lanes v = lanes(seed);
  unsigned i = 0;
  for (float e : edges) v[i++] = fu(e);
  for (; i < 64; ++i) v[i] = fu((static_cast<float>(v[i] % 20001) - 10000.0f) / 10000.0f * scale);
  return v;
}

uint32_t sat16s(int64_t v) { return static_cast<uint32_t>(std::clamp<int64_t>(v, -32768, 32767)) & 0xffff; }

// CVT_HALF_RTZ: f32 -> f16 rounded toward zero (NaN lanes are not checked).
uint32_t halfRtz(float f) {
  _Float16 h = static_cast<_Float16>(f);
  uint16_t b = std::bit_cast<uint16_t>(h);
  if (!std::isinf(f) && std::fabs(static_cast<float>(h)) > std::fabs(f)) --b;  // one step toward zero
  return b;
}
// roundNorm (GcnInstrsVop2.md V_CVT_PKNORM_I16_F32): FLOAT f = RNDNEINT(S*32767) ...
uint32_t snorm(float s) {
  const float f = std::nearbyint(s * 32767.0f);
  if (std::isnan(f)) return 0;
  return static_cast<uint32_t>(static_cast<int32_t>(std::clamp(f, -32767.0f, 32767.0f))) & 0xffff;
}
uint32_t unorm(float s) {
  const float f = std::nearbyint(s * 65535.0f);
  if (std::isnan(f)) return 0;
  return static_cast<uint32_t>(std::clamp(f, 0.0f, 65535.0f));
}
// V_CVT_PK_U8_F32 / V_CVT_PKACCUM_U8_F32: VAL8 = (UINT8)MAX(MIN(RNDINT(f), 255), 0) (NaN: 0) into byte SEL&3
uint32_t pkU8(float f, uint32_t sel, uint32_t into) {
  const unsigned shift = (sel & 3) * 8;
  const float r = std::nearbyint(f);
  const uint32_t v = std::isnan(r) ? 0 : static_cast<uint32_t>(std::clamp(r, 0.0f, 255.0f));
  return (into & ~(0xffu << shift)) | v << shift;
}

struct Inputs {
  Lanes a, b, c, i;
  std::array<uint64_t, 64> d;
};
Inputs makeInputs() {
  Inputs in;
  in.a =
      f32Lanes(601, {0.0f, -0.0f,  kInf,   -kInf,  kNaN,  1.0f,  -1.0f,  0.5f,   2.0f,  1e-40f, 1e38f, -1e38f,
                     4.0f, 255.4f, 255.6f, 300.0f, -3.0f, 0.25f, 3e-39f, 1e-30f, -2.5f, 0.5f,   1.5f,  2.5f},
               400.0f);
  for (unsigned l = 40; l < 56; ++l)
    in.a[l] = fu(uf(in.a[l]) / 400.0f * 1.2f);  // [-1.2, 1.2]: norm conversions
  in.b = f32Lanes(602, {1.0f,  0.0f, -2.0f, 3.0f, 1.0f, kNaN,  0.0f, -0.0f, 5.0f, -1.0f, kInf,  7.0f,
                        -kInf, 2.0f, 0.5f,  kNaN, 8.0f, 0.25f, 1.0f, 1.0f,  3.0f, 0.5f,  -7.0f, 1e-39f},
                  400.0f);
  in.c = f32Lanes(
      603,
      {1.0f, -1.0f, 0.0f, kNaN, 2.0f, 1.0f, 1.0f, -0.0f, kInf, 3.0f, 0.5f, -4.0f, 1.0f, 9.0f, -9.0f, 1.0f},
      400.0f);
  in.i = lanes(604, std::array<uint32_t, 8>{0, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xffff, 0x10000,
                                            0xffff8000u, 0x12345678});
  const double dEdges[] = {0.0, -0.0, INFINITY, 4.0, -4.0, 1e-300, 1e300, 2.0, NAN, 0.25, 1e-310};
  const Lanes r = lanes(605);
  for (unsigned l = 0; l < 64; ++l)
    in.d[l] = du(l < std::size(dEdges)
                     ? dEdges[l]
                     : std::ldexp(1.0 + (r[l] % 1000) / 999.0, static_cast<int>(r[l] % 200) - 100));
  return in;
}

void setup(WaveHarness& h, const Inputs& in, uint64_t exec) {
  h.wave.hw.mode = 0x3f0;  // round to nearest even, denormals allowed, DX10 clamp, IEEE
  setV(h, 1, in.a), setV(h, 2, in.b), setV(h, 3, in.c), setV64(h, 4, in.d), setV(h, 6, in.i);
  fillV(h, 10, 45, kOld);
  h.wave.setExec(exec);
}

constexpr uint64_t kExecs[] = {~0ull, 0xfff0f0f0ffff0ffeull};

// Shared by the GCN 1.0/1.1 VOP2 forms and the GCN 1.2/1.4 VOP3 forms.
void checkPacking(const WaveHarness& h, const Inputs& in, unsigned l, bool on) {
  const float a = uf(in.a[l]), b = uf(in.b[l]);
  auto want = [&](uint32_t v) { return on ? v : kOld; };
  if (!std::isnan(a) && !std::isnan(b)) CHECK(getV(h, 16, l) == want(halfRtz(a) | halfRtz(b) << 16));
  CHECK(getV(h, 17, l) == want(snorm(a) | snorm(b) << 16));
  CHECK(getV(h, 18, l) == want(unorm(a) | unorm(b) << 16));
  CHECK(getV(h, 21, l) == want(pkU8(a, in.b[l], in.i[l])));
}

}  // namespace

TEST_CASE("VALU ops: GCN 1.0/1.1 legacy, clamp, VOP2 packing and movrel", "[sim][valu]") {
  const Inputs in = makeInputs();
  for (Gen g : {Gen::GCN10, Gen::GCN11})
    for (uint64_t exec : kExecs) {
      WaveHarness h(g);
      setup(h, in, exec);
      REQUIRE(h.runProgram("valu_ops_legacy").ok());
      for (unsigned l = 0; l < 64; ++l) {
        const bool on = (exec >> l) & 1;
        auto want = [&](uint32_t v) { return on ? v : kOld; };
        const float a = uf(in.a[l]), b = uf(in.b[l]), c = uf(in.c[l]);
        const uint32_t i = in.i[l], bb = in.b[l];
        INFO(gname(g) << " lane " << l << " a=" << a << " b=" << b << " c=" << c << std::hex << " i=" << i);
        // V_ASHR_I32 / V_LSHR_B32: SRC0 >> (SRC1&31)
        CHECK(getV(h, 10, l) == want(static_cast<uint32_t>(static_cast<int32_t>(i) >> (bb & 31))));
        CHECK(getV(h, 11, l) == want(i >> (bb & 31)));
        // V_MAX/MIN_LEGACY_F32: NaN SRC1 -> NaN, else MAX/MIN (NaN SRC0 and zero pairs not checked)
        if (std::isnan(b)) {
          if (on) CHECK(std::isnan(uf(getV(h, 12, l))));
          if (on) CHECK(std::isnan(uf(getV(h, 13, l))));
        } else if (!std::isnan(a) && !(a == 0 && b == 0)) {
          CHECK(getV(h, 12, l) == want(fu(std::max(a, b))));
          CHECK(getV(h, 13, l) == want(fu(std::min(a, b))));
        }
        // V_MUL_LO_I32: low 32 bits of the product
        CHECK(getV(h, 14, l) == want(i * bb));
        // V_MULLIT_F32
        {
          float r = -FLT_MAX;
          if (c > 0.0f && !std::isnan(c)) r = (a != 0 && b != 0) ? a * b : 0.0f;
          if (!std::isnan(r)) CHECK(getV(h, 15, l) == want(fu(r)));
        }
        checkPacking(h, in, l, on);
        CHECK(getV(h, 19, l) == want(std::min(i, 0xffffu) | std::min(bb, 0xffffu) << 16));
        CHECK(getV(h, 20, l) ==
              want(sat16s(static_cast<int32_t>(i)) | sat16s(static_cast<int32_t>(bb)) << 16));
        if (on) {
          // V_RCP_CLAMP_F32: result clamped to +-MAX_FLOAT
          {
            double r = 1.0 / static_cast<double>(a);
            if (std::isinf(static_cast<float>(r))) r = std::copysign(static_cast<double>(FLT_MAX), r);
            CHECK(near32(getV(h, 22, l), r));
          }
          // V_RCP_LEGACY_F32: zero input or infinite result -> 0 with the sign of SRC0
          {
            double r = 1.0 / static_cast<double>(a);
            if (a == 0 || std::isinf(static_cast<float>(r))) r = std::copysign(0.0, a);
            CHECK(near32(getV(h, 23, l), r));
          }
          // V_RSQ_CLAMP_F32 / V_RSQ_LEGACY_F32 (no denormals); -0 is not checked (sign of the infinity)
          const float fa = ftz(a);
          if (!(fa == 0 && std::signbit(fa))) {
            double r = fa < 0 ? NAN : 1.0 / std::sqrt(static_cast<double>(fa));
            CHECK(near32(getV(h, 24, l), std::isinf(r) ? FLT_MAX : r));
            CHECK(near32(getV(h, 25, l), std::isinf(r) ? 0.0 : r));
          }
          // V_LOG_CLAMP_F32: -inf -> -MAX_FLOAT, negative -> NaN, no denormals
          {
            double r = fa < 0 ? NAN : std::log2(static_cast<double>(fa));
            if (r == -INFINITY) r = -FLT_MAX;
            CHECK(near32(getV(h, 26, l), r));
          }
          // V_RCP_CLAMP_F64 / V_RSQ_CLAMP_F64: relative error ~1e-8, infinities clamped to +-MAX_DOUBLE
          const double d = ud(in.d[l]);
          auto nearD = [](double got, double ref) {
            if (std::isnan(ref)) return std::isnan(got);
            if (ref == 0 || std::fabs(ref) == DBL_MAX)
              return got == ref && std::signbit(got) == std::signbit(ref);
            return std::fabs(got - ref) <= std::fabs(ref) * 1e-8;
          };
          double rc = 1.0 / d;
          if (std::isinf(rc)) rc = std::copysign(DBL_MAX, rc);
          CHECK(nearD(ud(getV64(h, 28, l)), rc));
          if (!(d == 0 && std::signbit(d))) {
            double rs = d < 0 ? NAN : 1.0 / std::sqrt(d);
            if (std::isinf(rs)) rs = DBL_MAX;
            CHECK(nearD(ud(getV64(h, 30, l)), rs));
          }
        }
        // V_MOVRELS_B32 v32, v1 (M0 = 2): v32 = v3; V_MOVRELD_B32 v33, v2: v35 = v2;
        // V_MOVRELSD_B32 v40, v1: v42 = v3
        CHECK(getV(h, 32, l) == want(in.c[l]));
        CHECK(getV(h, 33, l) == kOld);
        CHECK(getV(h, 35, l) == want(bb));
        CHECK(getV(h, 40, l) == kOld);
        CHECK(getV(h, 42, l) == want(in.c[l]));
      }
    }
}

// GcnInstrsVop3.md V_CUBEID/MA/SC/TC_F32, V_CVT_PK_U8_F32; GcnInstrsVop1.md V_SQRT_F64.
TEST_CASE("VALU ops: cube map, v_cvt_pk_u8_f32, v_sqrt_f64 (all generations)", "[sim][valu]") {
  const Inputs in = makeInputs();
  for (Gen g : kAllGens)
    for (uint64_t exec : kExecs) {
      WaveHarness h(g);
      setup(h, in, exec);
      REQUIRE(h.runProgram("valu_ops_f32").ok());
      for (unsigned l = 0; l < 64; ++l) {
        const bool on = (exec >> l) & 1;
        auto want = [&](uint32_t v) { return on ? v : kOld; };
        const float a = uf(in.a[l]), b = uf(in.b[l]), c = uf(in.c[l]);
        INFO(gname(g) << " lane " << l << " a=" << a << " b=" << b << " c=" << c);
        auto sign = [](float f) { return f >= 0 ? 1.0f : -1.0f; };
        if (!std::isnan(a) && !std::isnan(b) && !std::isnan(c) && a != 0 && b != 0 && c != 0) {
          float id, ma, sc, tc;
          if (std::fabs(c) >= std::fabs(b) && std::fabs(c) >= std::fabs(a)) {
            id = c >= 0 ? 4 : 5, ma = 2 * c, sc = sign(c) * a, tc = -b;
          } else if (std::fabs(b) >= std::fabs(a)) {
            id = b >= 0 ? 2 : 3, ma = 2 * b, sc = a, tc = sign(b) * c;
          } else {
            id = a >= 0 ? 0 : 1, ma = 2 * a, sc = -sign(a) * c, tc = -b;
          }
          CHECK(getV(h, 10, l) == want(fu(id)));
          CHECK(getV(h, 11, l) == want(fu(ma)));
          CHECK(getV(h, 12, l) == want(fu(sc)));
          CHECK(getV(h, 13, l) == want(fu(tc)));
        }
        CHECK(getV(h, 14, l) == want(pkU8(a, in.i[l], in.b[l])));
        if (on) {
          const double d = ud(in.d[l]);
          const double got = ud(getV64(h, 16, l)), ref = d < 0 ? NAN : std::sqrt(d);
          if (std::isnan(ref))
            CHECK(std::isnan(got));
          else if (ref == 0 || std::isinf(ref))
            CHECK(du(got) == du(ref));
          else
            CHECK(std::fabs(got - ref) <= std::nextafter(ref, INFINITY) - ref);
        }
      }
    }
}

// GcnInstrsVop3.md V_CVT_PKRTZ_F16_F32, V_CVT_PKNORM_*_F32, V_CVT_PKACCUM_U8_F32 (VOP3 on
// GCN 1.2/1.4); GcnInstrsVop1.md V_EXP_LEGACY_F32, V_LOG_LEGACY_F32 (no denormals).
// GCN 1.1 runs the legacy exp/log only (valu_ops_explog.gfx7.s).
TEST_CASE("VALU ops: GCN 1.2/1.4 VOP3 packing and legacy exp/log", "[sim][valu]") {
  const Inputs in = makeInputs();
  for (Gen g : {Gen::GCN11, Gen::GCN12, Gen::GCN14})
    for (uint64_t exec : kExecs) {
      WaveHarness h(g);
      setup(h, in, exec);
      const bool packing = g != Gen::GCN11;
      REQUIRE(h.runProgram(packing ? "valu_ops_f32v" : "valu_ops_explog").ok());
      for (unsigned l = 0; l < 64; ++l) {
        const bool on = (exec >> l) & 1;
        const float a = uf(in.a[l]);
        INFO(gname(g) << " lane " << l << " a=" << a);
        if (packing) checkPacking(h, in, l, on);
        if (!on) continue;
        const float fa = ftz(a);
        double e = std::exp2(static_cast<double>(fa));
        if (e < FLT_MIN) e = 0;  // denormal results flushed
        if (e > FLT_MAX) e = INFINITY;
        CHECK(near32(getV(h, 22, l), e));
        const double lg = fa < 0 ? NAN : std::log2(static_cast<double>(fa));
        CHECK(near32(getV(h, 23, l), lg));
      }
    }
}

// CLRX GcnInstrsVop1.md (GCN 1.2: VOP1 54-56 = 0x36-0x38 as llvm-mc-15 encodes them; CLRX's hex
// "0x34".."0x36" is a typo): V_MOVRELD_B32 "VGPR[VDST_NUMBER+M0] = SRC0",
// V_MOVRELS_B32 "VDST = VGPR[SRC0_NUMBER+M0]", V_MOVRELSD_B32 both relative; e32 and VOP3 forms.
TEST_CASE("VALU ops: GCN 1.2 v_movrel* (VOP1 and VOP3 forms)", "[sim][valu]") {
  const Inputs in = makeInputs();
  for (uint64_t exec : kExecs) {
    WaveHarness h(Gen::GCN12);
    setup(h, in, exec);
    REQUIRE(h.runProgram("valu_movrel").ok());
    for (unsigned l = 0; l < 64; ++l) {
      const bool on = (exec >> l) & 1;
      auto want = [&](uint32_t v) { return on ? v : kOld; };
      INFO("lane " << l);
      // M0 = 2: v_movrels_b32 v32, v1 -> v32 = v3; v_movreld_b32 v33, v2 -> v35 = v2;
      // v_movrelsd_b32 v40, v1 -> v42 = v3
      CHECK(getV(h, 32, l) == want(in.c[l]));
      CHECK(getV(h, 33, l) == kOld);
      CHECK(getV(h, 35, l) == want(in.b[l]));
      CHECK(getV(h, 40, l) == kOld);
      CHECK(getV(h, 42, l) == want(in.c[l]));
      // M0 = 1, VOP3 forms: v36 = v2; v_movreld v37, v3 -> v38 = v3; v_movrelsd v43, v2 -> v44 = v3
      CHECK(getV(h, 36, l) == want(in.b[l]));
      CHECK(getV(h, 37, l) == kOld);
      CHECK(getV(h, 38, l) == want(in.c[l]));
      CHECK(getV(h, 43, l) == kOld);
      CHECK(getV(h, 44, l) == want(in.c[l]));
    }
  }
}
