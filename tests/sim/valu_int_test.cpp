// Integer VALU semantics on every generation (program tests/sim/programs/valu_int.s).
// Expected values follow the CLRX pseudo-code (GcnInstrsVop1.md, GcnInstrsVop2.md,
// GcnInstrsVop3.md), computed here with plain C++.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdlib>

#include "tests/sim/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

uint32_t bitrev(uint32_t v) {
  uint32_t r = 0;
  for (int i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
  return r;
}
int32_t s24(uint32_t v) {
  return (v & 0x800000) ? static_cast<int32_t>(v | 0xff000000u) : static_cast<int32_t>(v & 0xffffff);
}
uint32_t bfeRef(uint32_t v, uint32_t off, uint32_t len, bool sign) {
  off &= 31, len &= 31;
  if (len == 0) return 0;
  if (off + len < 32) {
    uint32_t f = (v >> off) & ((1u << len) - 1);
    if (sign && (f >> (len - 1)) & 1) f |= ~((1u << len) - 1);
    return f;
  }
  return sign ? static_cast<uint32_t>(static_cast<int32_t>(v) >> off) : v >> off;
}
uint32_t sadRef(uint32_t a, uint32_t b, bool masked) {
  uint32_t s = 0;
  for (int i = 0; i < 4; ++i) {
    int x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
    if (!masked || y) s += std::abs(x - y);
  }
  return s;
}

struct Expect {
  unsigned reg;
  uint32_t (*fn)(uint32_t a, uint32_t b, uint32_t c, unsigned lane, uint64_t vcc, uint64_t s45);
};

const Expect kExpect[] = {
    {10, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a & b; }},
    {11, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a | b; }},
    {12, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a ^ b; }},
    {13, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a << (b % 32); }},
    {14, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a >> (b % 32); }},
    {15, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>(static_cast<int32_t>(a) >> (b % 32));
     }},
    {16, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>(static_cast<int64_t>(s24(a)) * s24(b));
     }},
    {17, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32);
     }},
    {18, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a * b; }},
    {19, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return bfeRef(a, b, c, false); }},
    {20, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return bfeRef(a, b, c, true); }},
    {21, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return (a & b) | (~a & c); }},
    {22, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>(((static_cast<uint64_t>(a) << 32) | b) >> (c % 32));
     }},
    {23, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<int32_t>(a) < static_cast<int32_t>(b) ? a : b;
     }},
    {24, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return a > b ? a : b; }},
    {25, [](uint32_t a, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) { return bitrev(a); }},
    {26, [](uint32_t a, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) {
       for (int i = 31; i >= 0; --i)
         if ((a >> i) & 1) return static_cast<uint32_t>(31 - i);
       return 0xffffffffu;
     }},
    {27, [](uint32_t a, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) {
       for (int i = 0; i < 32; ++i)
         if ((a >> i) & 1) return static_cast<uint32_t>(i);
       return 0xffffffffu;
     }},
    {28, [](uint32_t a, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) {
       const uint32_t bit = static_cast<int32_t>(a) >= 0 ? 1 : 0;
       for (int i = 31; i >= 0; --i)
         if (((a >> i) & 1) == bit) return static_cast<uint32_t>(31 - i);
       return 0xffffffffu;
     }},
    {29, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       // AMD GCN ISA: MAX3(S0,S1,S2) == S0 ? MAX(S1,S2) : == S1 ? MAX(S0,S2) : MAX(S0,S1).
       // (The CLRX pseudo-code picks S0 when S1 == S2, which is not the median.)
       const int32_t s0 = a, s1 = b, s2 = c;
       const int32_t m = std::max({s0, s1, s2});
       return static_cast<uint32_t>(m == s0 ? std::max(s1, s2) : m == s1 ? std::max(s0, s2) : std::max(s0, s1));
     }},
    {30, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>((static_cast<int64_t>(s24(a)) * s24(b)) >> 32);
     }},
    {31, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return (a & 0xffffff) * (b & 0xffffff) + c; }},
    {32, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return c + sadRef(a, b, false); }},
    {33, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>((static_cast<int64_t>(static_cast<int32_t>(a)) * static_cast<int32_t>(b)) >> 32);
     }},
    {34, [](uint32_t a, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) { return ~a; }},
    {35, [](uint32_t, uint32_t, uint32_t, unsigned l, uint64_t, uint64_t) { return static_cast<uint32_t>(l); }},
    {36, [](uint32_t a, uint32_t b, uint32_t, unsigned l, uint64_t vcc, uint64_t) { return (vcc >> l) & 1 ? b : a; }},
    {37, [](uint32_t a, uint32_t b, uint32_t, unsigned l, uint64_t, uint64_t s) { return (s >> l) & 1 ? b : a; }},
    {38, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return b + static_cast<uint32_t>(std::popcount(a));
     }},
    {39, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>(((static_cast<uint64_t>(a) << 32) | b) >> ((c & 3) * 8));
     }},
    {40, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) { return (a & 0xffffff) * (b & 0xffffff); }},
    {41, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>((static_cast<uint64_t>(a & 0xffffff) * (b & 0xffffff)) >> 32);
     }},
    {42, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       uint32_t m = a > b ? a : b;
       return c > m ? c : m;
     }},
    {43, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       int32_t m = static_cast<int32_t>(a) < static_cast<int32_t>(b) ? a : b;
       return static_cast<uint32_t>(static_cast<int32_t>(c) < m ? static_cast<int32_t>(c) : m);
     }},
    {44, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return c + sadRef(a, b, true); }},
    {45, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) { return c + (a > b ? a - b : b - a); }},
    {46, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>(static_cast<int64_t>(s24(a)) * s24(b)) + c;  // low 32 bits
     }},
    {47, [](uint32_t a, uint32_t b, uint32_t, unsigned, uint64_t, uint64_t) {
       return static_cast<uint32_t>(((1ull << (a & 31)) - 1) << (b & 31));
     }},
    {48, [](uint32_t, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) { return 0x12345678u; }},
    {49, [](uint32_t, uint32_t, uint32_t, unsigned, uint64_t, uint64_t) { return static_cast<uint32_t>(-7); }},
    {50, [](uint32_t a, uint32_t b, uint32_t c, unsigned, uint64_t, uint64_t) {
       uint32_t d = 0;
       for (int i = 0; i < 4; ++i)
         d |= ((((a >> (8 * i)) & 0xff) + ((b >> (8 * i)) & 0xff) + ((c >> (8 * i)) & 1)) >> 1) << (8 * i);
       return d;
     }},
};

void runIntProgram(Gen g, uint64_t exec) {
  WaveHarness h(g);
  const Lanes a = lanes(
      1, std::array<uint32_t, 8>{0, 0xffffffffu, 0x80000000u, 1, 0x7fffffffu, 0x00800000u, 0xff, 0x12345678});
  const Lanes b = lanes(2, std::array<uint32_t, 8>{0, 31, 32, 33, 63, 0xffffffffu, 0x00ffffffu, 8});
  const Lanes c = lanes(3, std::array<uint32_t, 8>{0, 1, 31, 32, 16, 0xffffffffu, 24, 7});
  setV(h, 1, a);
  setV(h, 2, b);
  setV(h, 3, c);
  fillV(h, 10, 50, 0xdeadbeefu);
  const uint64_t vcc = 0xf0f0123456789abcull, s45 = 0x0123456789abcdefull;
  h.wave.setVcc(vcc);
  h.wave.setSreg64(4, s45);
  h.wave.setExec(exec);
  const auto st = h.runProgram("valu_int");
  REQUIRE(st.ok());
  for (const Expect& e : kExpect) {
    for (unsigned l = 0; l < 64; ++l) {
      const uint32_t want = (exec >> l) & 1 ? e.fn(a[l], b[l], c[l], l, vcc, s45) : 0xdeadbeefu;
      INFO(gname(g) << " v" << e.reg << " lane " << l << " a=" << std::hex << a[l] << " b=" << b[l]
                    << " c=" << c[l]);
      REQUIRE(getV(h, e.reg, l) == want);
    }
  }
}

}  // namespace

TEST_CASE("VALU integer ops", "[sim][valu]") {
  for (Gen g : kAllGens) runIntProgram(g, ~0ull);
}

TEST_CASE("VALU integer ops leave inactive lanes unchanged", "[sim][valu]") {
  for (Gen g : kAllGens) runIntProgram(g, 0x5a5a00ff0000f00full);
}
