// Vector compares into VCC / SGPR pairs and v_cmpx writing EXEC (CLRX GcnInstrsVopc.md:
// ordered comparisons are false on NaN, their negations true; U true on any NaN; bits of
// inactive lanes are 0); program tests/sim/programs/valu_cmp.s.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "tests/sim/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

unsigned classRef(float f) {
  const uint32_t u = fu(f);
  const bool neg = std::signbit(f);
  if (std::isnan(f)) return (u & 0x400000u) ? 1 : 0;
  if (std::isinf(f)) return neg ? 2 : 9;
  if (f == 0) return neg ? 5 : 6;
  if (std::fpclassify(f) == FP_SUBNORMAL) return neg ? 4 : 7;
  return neg ? 3 : 8;
}

}  // namespace

TEST_CASE("VALU compares and v_cmpx", "[sim][valu]") {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = INFINITY;
  const Lanes a = lanes(21, std::array<uint32_t, 10>{fu(1), fu(nan), fu(2), fu(-0.0f), fu(inf), fu(1e-40f),
                                                     0x7f800001u, fu(-inf), fu(3), fu(-1e-40f)});
  const Lanes b = lanes(22, std::array<uint32_t, 10>{fu(2), fu(1), fu(nan), fu(0.0f), fu(inf), fu(0), fu(1),
                                                     fu(1), fu(3), fu(0)});
  const Lanes c = lanes(23, std::array<uint32_t, 4>{5, 0x80000000u, 7, 0});
  const Lanes d = lanes(24, std::array<uint32_t, 4>{5, 1, 9, 0});
  Lanes mask{};
  for (unsigned l = 0; l < 64; ++l) mask[l] = 1u << (l % 10);
  for (Gen g : kAllGens) {
    for (uint64_t exec : {~0ull, 0x0f0f0f0f0000ffffull}) {
      WaveHarness h(g);
      h.wave.hw.mode = 0x3f0;  // denormals allowed: the class test sees them unflushed anyway
      setV(h, 1, a), setV(h, 2, b), setV(h, 3, c), setV(h, 4, d), setV(h, 5, mask);
      for (unsigned l = 0; l < 64; ++l) {
        h.wave.v(6)[l] = c[l], h.wave.v(7)[l] = a[l];  // v[6:7], v[8:9]: 64-bit operands
        h.wave.v(8)[l] = d[l], h.wave.v(9)[l] = b[l];
      }
      fillV(h, 10, 10, 0xdeadbeefu);
      h.wave.setExec(exec);
      REQUIRE(h.runProgram("valu_cmp").ok());
      uint64_t lt = 0, un = 0, nge = 0, eq = 0, gt = 0, cls = 0, lg64 = 0, ltu64 = 0, neq = 0, ord = 0,
               cmpx = 0;
      for (unsigned l = 0; l < 64; ++l) {
        if (!((exec >> l) & 1)) continue;
        const float x = uf(a[l]), y = uf(b[l]);
        const uint64_t bit = 1ull << l;
        if (x < y) lt |= bit;
        if (std::isnan(x) || std::isnan(y)) un |= bit;
        if (!(x >= y)) nge |= bit;
        if (c[l] == d[l]) eq |= bit;
        if (static_cast<int32_t>(c[l]) > static_cast<int32_t>(d[l])) gt |= bit;
        if ((mask[l] >> classRef(x)) & 1) cls |= bit;
        const double p = ud(c[l] | uint64_t{a[l]} << 32), q = ud(d[l] | uint64_t{b[l]} << 32);
        if (p < q || p > q) lg64 |= bit;
        if ((c[l] | uint64_t{a[l]} << 32) < (d[l] | uint64_t{b[l]} << 32)) ltu64 |= bit;
        if (!(x == y)) neq |= bit;
        if (!std::isnan(x) && !std::isnan(y)) ord |= bit;
        if (c[l] > d[l]) cmpx |= bit;
      }
      INFO(gname(g) << " exec " << std::hex << exec);
      CHECK(h.wave.sreg64(20) == lt);
      CHECK(h.wave.sreg64(22) == un);
      CHECK(h.wave.sreg64(24) == nge);
      CHECK(h.wave.sreg64(26) == eq);
      CHECK(h.wave.sreg64(28) == gt);
      CHECK(h.wave.sreg64(30) == cls);
      CHECK(h.wave.sreg64(32) == lg64);
      CHECK(h.wave.sreg64(36) == ltu64);
      CHECK(h.wave.sreg64(38) == neq);
      CHECK(h.wave.sreg64(40) == ord);
      CHECK(h.wave.sreg64(34) == cmpx);  // EXEC after v_cmpx
      CHECK(h.wave.vcc() == cmpx);       // v_cmpx e32 writes VCC too
      for (unsigned l = 0; l < 64; ++l) CHECK(getV(h, 10, l) == ((cmpx >> l) & 1 ? 1u : 0xdeadbeefu));
    }
  }
}
