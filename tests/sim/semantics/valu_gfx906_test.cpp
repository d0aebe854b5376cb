// gfx906 (Vega 20) vector ALU operations (program valu_gfx906.gfx906.s, run as
// GCN 1.4 code of the gfx906 variant): the fused v_fma_mix_f32 /
// v_fma_mixlo_f16 / v_fma_mixhi_f16 (the opcodes of gfx900's v_mad_mix*),
// v_fmac_f32, v_xnor_b32 and the dot products v_dot2/4/8. References: AMD Vega
// 7nm ISA pseudo-code (sim/semantics/valu_packed.cpp). The fused results come
// from exact rational arithmetic (tests/tools/gfx906_reference.py, table
// below); the integer dot products are summed here in 64-bit integers;
// v_dot2_f32_f16 from inputs whose exact sum fits in a double (two f16
// products, multiples of 2^-48 below 2^4, plus an f32 multiple of 2^-20), so
// one double-to-float conversion is the single rounding.
#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>
#include <cmath>

#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::isa::Variant;
using gcnsim::test::WaveHarness;

namespace {

constexpr Gen kGfx906{Gen::GCN14, Variant::Gfx906};

struct MixCase {
  uint32_t h, f, g, fma32, fma16, fmac;
};
// clang-format off
constexpr MixCase kCases[] = {
    {0x3c01, 0x3f800001, 0xbf802000, 0x34002000, 0x0002, 0xc0002001},
    {0x3c00, 0x3f801000, 0x2b800000, 0x3f801000, 0x3c01, 0x2c000800},
    {0x0001, 0x4b000003, 0xbf000000, 0x34400000, 0x0003, 0xca800004},
    {0xc1fc, 0x403dcd5c, 0x3fd843c8, 0xc0e5e54b, 0xc72f, 0x40d66879},
    {0xc11b, 0x3fa03627, 0xbfa6e15c, 0xc08ff6e6, 0xc480, 0xc03be0d4},
    {0xbbd6, 0xbf746f1f, 0x3e35736b, 0x3f8e6459, 0x3c73, 0x3c032a60},
    {0xc027, 0xc002c881, 0xc011280c, 0x3ffcbe78, 0x3fe6, 0x4017780e},
    {0x40e2, 0x3f6fb2cb, 0xbea3e1b1, 0x3ffba155, 0x3fdd, 0xbf1ea9ed},
    {0xb859, 0x401b9489, 0x3f9aecb6, 0xbde2d7bf, 0xaf17, 0x4084e263},
    {0x3ea2, 0x3e41f7fd, 0xc0346085, 0xc020464a, 0xc102, 0xc0568b65},
    {0x3ab8, 0x3faae08c, 0x40302134, 0x4077e27f, 0x43bf, 0x40cda124},
    {0xc0e4, 0x3f535e00, 0x3cf609ea, 0xbffe95c6, 0xbff5, 0x3d609737},
    {0xb36f, 0xbf9daba5, 0x3ef934cd, 0x3f45db55, 0x3a2f, 0xbde71091},
    {0xad44, 0xbfad4863, 0x4011b532, 0x4018d614, 0x40c7, 0xbf4e3069},
    {0xc177, 0xbf30922f, 0x3fcf25e6, 0x406030cf, 0x4302, 0x3f008b1c},
    {0xc187, 0xbfcfa43c, 0xbf9bd593, 0x40510268, 0x4288, 0x3f41eb87},
};
// clang-format on
constexpr unsigned kLanes = std::size(kCases);  // EXEC covers these lanes
constexpr uint32_t kOld = 0xdeadbeefu;

using h16 = _Float16;
double hd(uint32_t bits) { return static_cast<double>(std::bit_cast<h16>(static_cast<uint16_t>(bits))); }
uint32_t fh(double v) { return std::bit_cast<uint16_t>(static_cast<h16>(v)); }

int64_t field(uint32_t v, unsigned w, unsigned k, bool sign) {
  const uint32_t f = (v >> (w * k)) & ((1u << w) - 1);
  return sign && (f >> (w - 1)) ? static_cast<int64_t>(f) - (int64_t{1} << w) : f;
}
// S2 + sum over k of S0 field k * S1 field k (w-bit fields), exact in 64 bits.
int64_t dot(uint32_t a, uint32_t b, uint32_t c, unsigned w, bool sign) {
  int64_t acc = sign ? static_cast<int64_t>(static_cast<int32_t>(c)) : static_cast<int64_t>(c);
  for (unsigned k = 0; k < 32 / w; ++k) acc += field(a, w, k, sign) * field(b, w, k, sign);
  return acc;
}
uint32_t satS(int64_t v) { return static_cast<uint32_t>(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)); }
uint32_t satU(int64_t v) { return static_cast<uint32_t>(std::clamp<int64_t>(v, 0, UINT32_MAX)); }

// f16 pairs in [-3, 3] and f32 multiples of 2^-20 in [-3, 3], for v_dot2_f32_f16.
Lanes halfPairs(uint32_t seed) {
  Lanes v = lanes(seed);
  for (auto& x : v) x = fh((x % 6001) / 1000.0 - 3.0) | fh(((x >> 16) % 6001) / 1000.0 - 3.0) << 16;
  return v;
}
Lanes f32Grid(uint32_t seed) {
  Lanes v = lanes(seed);
  for (auto& x : v) x = fu(static_cast<float>(static_cast<int32_t>(x % 6291457) - 3145728) / 1048576.0f);
  return v;
}

struct Inputs {
  Lanes h, f, g, a, b, c, p, q, r;
};

Inputs makeInputs() {
  Inputs in;
  for (unsigned l = 0; l < 64; ++l) {
    const MixCase& m = kCases[l % kLanes];
    in.h[l] = m.h | 0xabcd0000u, in.f[l] = m.f, in.g[l] = m.g;
  }
  // edge cases: extreme fields, addends at the 32-bit limits (clamp saturates)
  in.a =
      lanes(11, std::array<uint32_t, 6>{0x7fff7fffu, 0x80008000u, 0xffffffffu, 0x77777777u, 0x88888888u, 0});
  in.b =
      lanes(12, std::array<uint32_t, 6>{0x7fff7fffu, 0x80008000u, 0xffffffffu, 0x77777777u, 0x88888888u, 5});
  in.c =
      lanes(13, std::array<uint32_t, 6>{0x7fffffffu, 0x7fffffffu, 0xfffffff0u, 0x7ffffff0u, 0x80000000u, 1});
  in.p = halfPairs(14), in.q = halfPairs(15), in.r = f32Grid(16);
  return in;
}

void setup(WaveHarness& h, const Inputs& in) {
  fillV(h, 10, 25, kOld);
  setV(h, 1, in.h), setV(h, 2, in.f), setV(h, 3, in.g), setV(h, 22, in.g);
  setV(h, 4, in.a), setV(h, 5, in.b), setV(h, 6, in.c);
  setV(h, 8, in.p), setV(h, 9, in.q), setV(h, 7, in.r);
  setV(h, 11, lanes(17)), setV(h, 12, lanes(18));  // the kept halves
  h.wave.setExec((1ull << kLanes) - 1);
}

}  // namespace

TEST_CASE("gfx906 VALU: fused mix, fmac, xnor and dot products", "[sim][valu][gfx906]") {
  const Inputs in = makeInputs();
  WaveHarness h(kGfx906);
  setup(h, in);
  const Lanes kept11 = lanes(17), kept12 = lanes(18);
  REQUIRE(h.runProgram("valu_gfx906").ok());
  for (unsigned l = 0; l < 64; ++l) {
    INFO("lane " << l);
    if (l >= kLanes) {  // EXEC off: untouched
      for (unsigned r = 13; r <= 25; ++r)
        if (r != 22) CHECK(getV(h, r, l) == kOld);
      continue;
    }
    const MixCase& m = kCases[l];
    // D.f[31:0] = S0.f * S1.f + S2.f, fused; S0 the f16 low half (op_sel_hi:[1,0,0])
    CHECK(getV(h, 10, l) == m.fma32);
    // D.f[15:0] / D.f[31:16] = S0.f * S1.f + S2.f, fused; the other half kept
    CHECK(getV(h, 11, l) == ((kept11[l] & 0xffff0000u) | m.fma16));
    CHECK(getV(h, 12, l) == ((kept12[l] & 0xffffu) | m.fma16 << 16));
    // D.f = S0.f * S1.f + D.f (D = S2 here)
    CHECK(getV(h, 22, l) == m.fmac);
    // D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32
    const double d2 = hd(in.p[l] & 0xffff) * hd(in.q[l] & 0xffff) + hd(in.p[l] >> 16) * hd(in.q[l] >> 16) +
                      static_cast<double>(uf(in.r[l]));
    CHECK(getV(h, 13, l) == fu(static_cast<float>(d2)));
    const uint32_t a = in.a[l], b = in.b[l], c = in.c[l];
    CHECK(getV(h, 14, l) == static_cast<uint32_t>(dot(a, b, c, 16, true)));
    CHECK(getV(h, 15, l) == static_cast<uint32_t>(dot(a, b, c, 16, false)));
    CHECK(getV(h, 16, l) == static_cast<uint32_t>(dot(a, b, c, 8, true)));
    CHECK(getV(h, 17, l) == static_cast<uint32_t>(dot(a, b, c, 8, false)));
    CHECK(getV(h, 18, l) == static_cast<uint32_t>(dot(a, b, c, 4, true)));
    CHECK(getV(h, 19, l) == static_cast<uint32_t>(dot(a, b, c, 4, false)));
    // clamp: saturated to the 32-bit range of the type
    CHECK(getV(h, 20, l) == satS(dot(a, b, c, 16, true)));
    CHECK(getV(h, 21, l) == satU(dot(a, b, c, 8, false)));
    CHECK(getV(h, 24, l) == satS(dot(a, b, c, 4, true)));
    CHECK(getV(h, 25, l) == satU(dot(a, b, c, 16, false)));
    // D.u = ~(S0.u ^ S1.u)
    CHECK(getV(h, 23, l) == ~(a ^ b));
  }
  // Hand-checked lanes: the clamped sums saturate, the wrapped ones do not.
  CHECK(getV(h, 20, 0) == 0x7fffffffu);  // 2 * 32767^2 + INT32_MAX
  CHECK(getV(h, 14, 0) == static_cast<uint32_t>(2 * 32767 * 32767 + 0x7fffffffll));
  CHECK(getV(h, 21, 2) == 0xffffffffu);  // 4 * 255^2 + 0xfffffff0
  CHECK(getV(h, 17, 2) == 0xfffffff0u + 4u * 255 * 255);
  CHECK(getV(h, 16, 2) == 0xfffffff0u + 4u);       // (-1)(-1) x 4
  CHECK(getV(h, 18, 3) == 0x7ffffff0u + 8u * 49);  // i4 7 x 7, eight times
  CHECK(getV(h, 24, 4) == 0x80000000u + 8u * 64);  // i4 -8 x -8 added to INT32_MIN
}

TEST_CASE("gfx906 VALU: v_fma_mix* round once, gfx900's v_mad_mix* (same words) round the product",
          "[sim][valu][gfx906]") {
  // The words of v_fma_mix_f32 v10, v1, v2, v3 op_sel_hi:[1,0,0] (program valu_gfx906, first instruction).
  const std::vector<uint32_t> words = gcnsim::test::loadProgram("valu_gfx906", kGfx906);
  gcnsim::isa::DecodedInst as906, as900;
  REQUIRE(gcnsim::isa::decode(kGfx906, words.data(), 2, as906) == gcnsim::isa::DecodeStatus::Ok);
  REQUIRE(gcnsim::isa::decode(Gen::GCN14, words.data(), 2, as900) == gcnsim::isa::DecodeStatus::Ok);
  REQUIRE(as906.info);
  REQUIRE(as900.info);
  CHECK(std::string(as906.info->name) == "v_fma_mix_f32");
  CHECK(std::string(as900.info->name) == "v_mad_mix_f32");
  const Inputs in = makeInputs();
  WaveHarness h906(kGfx906), h900(Gen::GCN14);
  setup(h906, in), setup(h900, in);
  const std::vector<uint32_t> one = {words[0], words[1], 0xbf810000u};  // + s_endpgm
  REQUIRE(h906.run(one).ok());
  REQUIRE(h900.run(one).ok());
  // lane 0: (1 + 2^-10) * (1 + 2^-23) - (1 + 2^-10) is 2^-23 + 2^-33 fused, 2^-23 with the product rounded
  CHECK(getV(h906, 10, 0) == 0x34002000u);
  CHECK(getV(h900, 10, 0) == 0x34000000u);
}
