// Integer VALU semantics on every generation (program tests/sim/programs/valu_int.s).
// Expected values follow the CLRX pseudo-code (GcnInstrsVop1.md, GcnInstrsVop2.md,
// GcnInstrsVop3.md), computed here with plain C++.
//
// The other integer ops (namespace int_ops, below):
// Integer VOP1/VOP2/VOP3 ops not covered above: 16-bit integer
// arithmetic (GCN 1.2/1.4, programs valu_ops_int16.s, valu_ops_i9.gfx9.s), byte
// conversions, 3-operand min/max/med, SADs (valu_ops_int.s, valu_ops_qsad.s),
// permute/pack, v_swap_b32, v_nop/v_clrexcp. Expected values follow the CLRX
// pseudo-code (GcnInstrsVop1.md, GcnInstrsVop2.md, GcnInstrsVop3.md), written out
// here in plain C++.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <vector>

#include "tests/sim/semantics/valu_test_util.hpp"

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

// The other integer ops.
namespace int_ops {

namespace {

constexpr uint32_t kOld = 0xdeadbeefu;  // initial value of the destination registers

struct In {
  uint32_t a, b, c;
  uint64_t a64, c64;
  Gen g;
};
struct Row {
  unsigned reg;
  uint32_t (*fn)(const In&);
};

uint32_t lo(uint32_t v) { return v & 0xffff; }
uint32_t hi(uint32_t v) { return v >> 16; }
int32_t s16(uint32_t v) { return static_cast<int16_t>(v & 0xffff); }
uint32_t h16(float f) { return std::bit_cast<uint16_t>(static_cast<_Float16>(f)); }
uint32_t sat16s(int64_t v) { return static_cast<uint32_t>(std::clamp<int64_t>(v, -32768, 32767)) & 0xffff; }
uint32_t sat16u(int64_t v) { return static_cast<uint32_t>(std::clamp<int64_t>(v, 0, 65535)); }
// GCN 1.4 op_sel-capable 16-bit VOP3 ops keep VDST[31:16]; the others zero it.
uint32_t keepHi(const In& x, uint32_t v) {
  return x.g == Gen::GCN14 ? (kOld & 0xffff0000u) | (v & 0xffff) : v & 0xffff;
}
uint32_t sadBytes(uint32_t a, uint32_t b, bool masked) {
  uint32_t s = 0;
  for (int i = 0; i < 4; ++i) {
    const int x = (a >> (8 * i)) & 0xff, y = (b >> (8 * i)) & 0xff;
    if (!masked || y) s += static_cast<uint32_t>(std::abs(x - y));
  }
  return s;
}
template <class T>
T med3(T a, T b, T c) {
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}

// Inputs: shifts >= 16 and garbage high halves (16-bit ops ignore SRC[31:16]),
// INT16/UINT16 extremes, perm selectors 0..15 in lanes 32..47.
struct Inputs {
  Lanes a, b, c;
  std::array<uint64_t, 64> a64, c64;
  std::array<uint32_t, 64> acc4[4];
};
Inputs makeInputs() {
  Inputs in;
  in.a = lanes(501, std::array<uint32_t, 12>{0, 1, 0xffff, 0x8000, 0x7fff, 0xffffffffu, 0x12340010,
                                             0xabcd0011, 0x0000ffff, 0x7fffffffu, 0x80000000u, 0x000100ff});
  in.b = lanes(502, std::array<uint32_t, 12>{0, 0xffff, 0x8000, 0x7fff, 0x1234ffff, 0x00018001, 0x55558000,
                                             0xffff7fff, 0x0000ff00, 0x00007fff, 0xffff8000u, 0xff01ff01});
  in.c = lanes(503, std::array<uint32_t, 12>{0, 0x7fff, 0xffff, 0x8000, 0x0c0d0e0f, 0x08090a0b, 0x00010203,
                                             0x04050607, 0xffffffffu, 0x7ffffffeu, 0x12345678, 0x80000000u});
  for (unsigned l = 32; l < 48; ++l) in.c[l] &= 0x0f0f0f0f;
  const Lanes r1 = lanes(504), r2 = lanes(505), r3 = lanes(506), r4 = lanes(507);
  for (unsigned l = 0; l < 64; ++l) {
    in.a64[l] = (uint64_t{r1[l]} << 32) | in.a[l];
    in.c64[l] = (uint64_t{r2[l]} << 32 | r3[l]) & 0x7fff7fff7fff7fffull;  // no 16-bit accumulator overflow
    for (unsigned n = 0; n < 4; ++n) in.acc4[n][l] = (r4[l] * (n + 7)) & 0x7fffffffu;
  }
  in.b[20] = 0;  // masked SADs: SRC1 bytes that are zero are skipped
  in.b[21] = 0x00ff0000;
  return in;
}

void setup(WaveHarness& h, const Inputs& in, uint64_t exec) {
  setV(h, 1, in.a), setV(h, 2, in.b), setV(h, 3, in.c);
  setV64(h, 4, in.a64), setV64(h, 6, in.c64);
  for (unsigned n = 0; n < 4; ++n)
    for (unsigned l = 0; l < 64; ++l) h.wave.v(30 + n)[l] = in.acc4[n][l];
  fillV(h, 10, 29, kOld);
  h.wave.setExec(exec);
}

void checkRows(const WaveHarness& h, const Inputs& in, uint64_t exec, const std::vector<Row>& rows) {
  for (unsigned l = 0; l < 64; ++l) {
    const In x{in.a[l], in.b[l], in.c[l], in.a64[l], in.c64[l], h.gen};
    const bool on = (exec >> l) & 1;
    for (const Row& r : rows) {
      INFO(gname(h.gen) << " v" << r.reg << " lane " << l << std::hex << " a=" << x.a << " b=" << x.b
                        << " c=" << x.c);
      CHECK(getV(h, r.reg, l) == (on ? r.fn(x) : kOld));
    }
  }
}

constexpr uint64_t kExecs[] = {~0ull, 0xf0f0ffff0000fffeull};

}  // namespace

// GcnInstrsVop2.md V_ASHRREV_I16 ... V_SUBREV_U16 (VDST = 16-bit result, high half 0),
// GcnInstrsVop3.md V_MAD_I16 (CLAMP saturates), V_PERM_B32, V_CVT_PK_*_*;
// GcnInstrsVop1.md V_CVT_F16_I16/U16 (rounding to nearest even under MODE round 0).
TEST_CASE("VALU ops: 16-bit integer and packing (GCN 1.2/1.4)", "[sim][valu]") {
  const Inputs in = makeInputs();
  const std::vector<Row> rows = {
      {10, [](const In& x) { return static_cast<uint32_t>(s16(x.b) >> (x.a & 15)) & 0xffff; }},
      {11, [](const In& x) { return lo(x.b) >> (x.a & 15); }},
      {12, [](const In& x) { return static_cast<uint32_t>(std::max(s16(x.a), s16(x.b))) & 0xffff; }},
      {13, [](const In& x) { return std::max(lo(x.a), lo(x.b)); }},
      {14, [](const In& x) { return static_cast<uint32_t>(std::min(s16(x.a), s16(x.b))) & 0xffff; }},
      {15, [](const In& x) { return std::min(lo(x.a), lo(x.b)); }},
      {16, [](const In& x) { return (lo(x.a) * lo(x.b)) & 0xffff; }},
      {17, [](const In& x) { return (lo(x.a) - lo(x.b)) & 0xffff; }},
      {18, [](const In& x) { return (lo(x.b) - lo(x.a)) & 0xffff; }},
      {19, [](const In& x) { return sat16u(int64_t{lo(x.a)} - lo(x.b)); }},
      {20, [](const In& x) { return sat16u(int64_t{lo(x.b)} - lo(x.a)); }},
      {21, [](const In& x) { return keepHi(x, static_cast<uint32_t>(s16(x.a) * s16(x.b) + s16(x.c))); }},
      {22, [](const In& x) { return keepHi(x, sat16s(int64_t{s16(x.a)} * s16(x.b) + s16(x.c))); }},
      {23, [](const In& x) { return h16(static_cast<float>(s16(x.a))); }},
      {24, [](const In& x) { return h16(static_cast<float>(lo(x.a))); }},
      {25,
       [](const In& x) {
         const uint64_t q = (uint64_t{x.a} << 32) | x.b;
         uint32_t d = 0;
         for (int i = 0; i < 4; ++i) {
           const uint32_t sel = (x.c >> (8 * i)) & 0xff;
           uint32_t r;
           if (sel >= 13)
             r = 0xff;
           else if (sel == 12)
             r = 0;
           else if (sel >= 8)
             r = ((q >> ((sel - 8) * 16 + 15)) & 1) * 0xff;
           else
             r = (q >> (sel * 8)) & 0xff;
           d |= r << (8 * i);
         }
         return d;
       }},
      {26,
       [](const In& x) {
         return sat16s(static_cast<int32_t>(x.a)) | sat16s(static_cast<int32_t>(x.b)) << 16;
       }},
      {27, [](const In& x) { return std::min(x.a, 0xffffu) | std::min(x.b, 0xffffu) << 16; }},
      {28, [](const In& x) { return static_cast<uint32_t>(std::min(s16(x.a), -1)) & 0xffff; }},
      {29, [](const In& x) { return std::max(lo(x.a), 64u); }},
  };
  for (Gen g : kGcn12Plus)
    for (uint64_t exec : kExecs) {
      WaveHarness h(g);
      setup(h, in, exec);
      REQUIRE(h.runProgram("valu_ops_int16").ok());
      checkRows(h, in, exec, rows);
    }
}

// GcnInstrsVop1.md V_CVT_F32_UBYTE0..3, V_CVT_OFF_F32_I4, V_NOP, V_CLREXCP;
// GcnInstrsVop3.md V_MAX3_I32, V_MED3_U32, V_SAD_HI_U8, V_SAD_U16, V_MQSAD_PK_U16_U8,
// V_QSAD_PK_U16_U8 and V_MQSAD_U32_U8 (GCN 1.1+).
TEST_CASE("VALU ops: byte conversions, 3-operand and SAD ops (all generations)", "[sim][valu]") {
  const Inputs in = makeInputs();
  const std::vector<Row> rows = {
      {10, [](const In& x) { return fu(static_cast<float>(x.a & 0xff)); }},
      {11, [](const In& x) { return fu(static_cast<float>((x.a >> 8) & 0xff)); }},
      {12, [](const In& x) { return fu(static_cast<float>((x.a >> 16) & 0xff)); }},
      {13, [](const In& x) { return fu(static_cast<float>(x.a >> 24)); }},
      {14,
       [](const In& x) {
         // (FLOAT)((SRC0 & 0xf) ^ 8) / 16.0 - 0.5: -0.5, -0.4375, ... for 8..15; 0, 0.0625 ... for 0..7
         static const float table[16] = {0.0f,   0.0625f,  0.125f,  0.1875f,  0.25f,   0.3125f,
                                         0.375f, 0.4375f,  -0.5f,   -0.4375f, -0.375f, -0.3125f,
                                         -0.25f, -0.1875f, -0.125f, -0.0625f};
         return fu(table[x.a & 0xf]);
       }},
      {15,
       [](const In& x) {
         return static_cast<uint32_t>(
             std::max({static_cast<int32_t>(x.a), static_cast<int32_t>(x.b), static_cast<int32_t>(x.c)}));
       }},
      {16, [](const In& x) { return med3(x.a, x.b, x.c); }},
      {17, [](const In& x) { return x.c + (sadBytes(x.a, x.b, false) << 16); }},
      {18,
       [](const In& x) {
         return x.c + static_cast<uint32_t>(std::abs(static_cast<int>(lo(x.a)) - static_cast<int>(lo(x.b))) +
                                            std::abs(static_cast<int>(hi(x.a)) - static_cast<int>(hi(x.b))));
       }},
      {22, [](const In& x) { return ((x.a >> 16) & 0xff) ? fu(1.0f) : 0u; }},  // clamp to [0, 1]
  };
  for (Gen g : kAllGens)
    for (uint64_t exec : kExecs) {
      WaveHarness h(g);
      setup(h, in, exec);
      REQUIRE(h.runProgram("valu_ops_int").ok());
      checkRows(h, in, exec, rows);
      for (unsigned l = 0; l < 64; ++l) {
        const bool on = (exec >> l) & 1;
        uint64_t mq = 0;
        for (unsigned n = 0; n < 4; ++n) {
          const uint32_t s = sadBytes(static_cast<uint32_t>(in.a64[l] >> (8 * n)), in.b[l], true) +
                             static_cast<uint32_t>((in.c64[l] >> (16 * n)) & 0xffff);
          mq |= uint64_t{s & 0xffff} << (16 * n);
        }
        INFO(gname(g) << " lane " << l);
        CHECK(getV64(h, 20, l) == (on ? mq : (uint64_t{kOld} << 32 | kOld)));
      }
      if (g == Gen::GCN10) continue;
      WaveHarness q(g);
      setup(q, in, exec);
      REQUIRE(q.runProgram("valu_ops_qsad").ok());
      for (unsigned l = 0; l < 64; ++l) {
        const bool on = (exec >> l) & 1;
        uint64_t qs = 0;
        for (unsigned n = 0; n < 4; ++n) {
          const uint32_t s = sadBytes(static_cast<uint32_t>(in.a64[l] >> (8 * n)), in.b[l], false) +
                             static_cast<uint32_t>((in.c64[l] >> (16 * n)) & 0xffff);
          qs |= uint64_t{s & 0xffff} << (16 * n);
        }
        INFO(gname(g) << " lane " << l);
        CHECK(getV64(q, 20, l) == (on ? qs : (uint64_t{kOld} << 32 | kOld)));
        for (unsigned n = 0; n < 4; ++n) {
          const uint64_t s =
              uint64_t{in.acc4[n][l]} + sadBytes(static_cast<uint32_t>(in.a64[l] >> (8 * n)), in.b[l], true);
          CHECK(getV(q, 24 + n, l) ==
                (on ? static_cast<uint32_t>(std::min<uint64_t>(s, 0xffffffffu)) : kOld));
        }
      }
    }
}

// GCN 1.4 only: GcnInstrsVop3.md V_MAD_LEGACY_I16 (high half 0), V_MAD_I32_I16,
// V_MAD_U32_U16, V_{MIN,MAX,MED}3_{I,U}16 (keep VDST[31:16]), V_SUB_I16 (CLAMP
// saturates), V_ADD_LSHL_U32, op_sel (source halves, result in VDST[31:16]);
// GcnInstrsVop1.md V_SAT_PK_U8_I16, V_SCREEN_PARTITION_4SE_B32 (table), V_SWAP_B32.
TEST_CASE("VALU ops: GCN 1.4 integer ops", "[sim][valu]") {
  const Inputs in = makeInputs();
  // V_SCREEN_PARTITION_4SE_B32 TABLE (GcnInstrsVop1.md), copied from the document.
  static const uint8_t kTable[256] = {
      0x1, 0x3, 0x7, 0xf, 0x5, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x6, 0xe,
      0xf, 0xa, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xd, 0xf, 0x4, 0xc, 0xf, 0xf, 0x5, 0xf,
      0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0x9, 0xb, 0xf, 0x8, 0xf, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xe,
      0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x4, 0xc, 0xd, 0xf, 0x6, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf,
      0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0x9, 0xb, 0xf, 0x9, 0x9, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
      0x7, 0xf, 0x1, 0x3, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0x6, 0xe, 0xf, 0x2,
      0x6, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x3, 0xb, 0xf,
      0xa, 0xf, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x1, 0x9, 0xd, 0xf, 0x5, 0xf, 0xf,
      0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xe, 0xf, 0x8, 0xc, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xf, 0xd,
      0xf, 0xf, 0xf, 0xf, 0x6, 0x7, 0xf, 0x4, 0xf, 0xf, 0xf, 0x5, 0x9, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf,
      0xf, 0xf, 0xf, 0xf, 0x8, 0xc, 0xe, 0xf, 0xf, 0x6, 0x6, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
      0xf, 0x4, 0x6, 0x7, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xb, 0xf, 0x2, 0x3,
      0x9, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0x9, 0xd, 0xf, 0x1};
  static const uint8_t* table = kTable;
  const std::vector<Row> rows = {
      {10, [](const In& x) { return static_cast<uint32_t>(s16(x.a) * s16(x.b) + s16(x.c)) & 0xffff; }},
      {11, [](const In& x) { return static_cast<uint32_t>(s16(x.a) * s16(x.b)) + x.c; }},
      {12, [](const In& x) { return lo(x.a) * lo(x.b) + x.c; }},
      {13,
       [](const In& x) {
         return keepHi(x, static_cast<uint32_t>(std::max({s16(x.a), s16(x.b), s16(x.c)})));
       }},
      {14,
       [](const In& x) {
         return keepHi(x, std::max({lo(x.a), lo(x.b), lo(x.c)}));
       }},
      {15, [](const In& x) { return keepHi(x, static_cast<uint32_t>(med3(s16(x.a), s16(x.b), s16(x.c)))); }},
      {16, [](const In& x) { return keepHi(x, med3(lo(x.a), lo(x.b), lo(x.c))); }},
      {17,
       [](const In& x) {
         return keepHi(x, static_cast<uint32_t>(std::min({s16(x.a), s16(x.b), s16(x.c)})));
       }},
      {18,
       [](const In& x) {
         return keepHi(x, std::min({lo(x.a), lo(x.b), lo(x.c)}));
       }},
      {19, [](const In& x) { return keepHi(x, static_cast<uint32_t>(s16(x.a) - s16(x.b))); }},
      {20, [](const In& x) { return keepHi(x, sat16s(int64_t{s16(x.a)} - s16(x.b))); }},
      {21, [](const In& x) { return (x.a + x.b) << (x.c & 31); }},
      {22,
       [](const In& x) {
         auto s = [](uint32_t h) { return static_cast<uint32_t>(std::clamp(s16(h), 0, 255)); };
         return s(lo(x.a)) | s(hi(x.a)) << 8;
       }},
      {23, [](const In& x) { return uint32_t{table[x.a & 0xff]}; }},
      // op_sel:[1,1,0,1]: SRC0/SRC1 high halves, result to VDST[31:16], VDST[15:0] kept
      {24,
       [](const In& x) {
         return (kOld & 0xffff) | (static_cast<uint32_t>(s16(hi(x.a)) * s16(hi(x.b)) + s16(x.c)) & 0xffff)
                                      << 16;
       }},
      {25,
       [](const In& x) {
         return keepHi(x, std::max({hi(x.a), lo(x.b), hi(x.c)}));
       }},
      {26, [](const In& x) { return x.b; }},  // v_swap_b32 v26, v27 after v26 = a, v27 = b
      {27, [](const In& x) { return x.a; }},
      {28, [](const In& x) { return hi(x.a) * hi(x.b) + x.c; }},
  };
  for (uint64_t exec : kExecs) {
    WaveHarness h(Gen::GCN14);
    setup(h, in, exec);
    REQUIRE(h.runProgram("valu_ops_i9").ok());
    checkRows(h, in, exec, rows);
  }
}

}  // namespace int_ops
