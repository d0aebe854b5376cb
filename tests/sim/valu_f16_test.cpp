// 16-bit VALU (GCN 1.2/1.4), SDWA selections, DPP lane moves, and GCN 1.4 packed math
// and op_sel (programs valu_sdwa_dpp.s, valu_gfx9.gfx9.s). References: CLRX
// GcnSdwaDpp.md, GcnInstrsVop2.md, GcnInstrsVop3.md, GcnInstrsVop3p.md; f16 arithmetic
// through _Float16 (float intermediates round correctly: 24 >= 2*11+2 bits).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/sim/valu_test_util.hpp"

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
