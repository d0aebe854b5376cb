// Carry/borrow chains through VCC and SGPR pairs (VOP2 and VOP3b), v_mad_u64_u32,
// and the GCN 1.4 clamped no-carry adds (programs tests/sim/programs/valu_carry.gfxN.s).
// Expected values: 64-bit C++ arithmetic; CLRX GcnInstrsVop2.md V_ADD_CO_U32 ... ("Bits
// for inactive threads in SDST are always zeroed"), GcnInstrsVop3.md V_MAD_U64_U32.
#include <catch2/catch.hpp>

#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::test::WaveHarness;

namespace {

void runCarry(Gen g, uint64_t exec) {
  WaveHarness h(g);
  const Lanes alo = lanes(11, std::array<uint32_t, 6>{0xffffffffu, 0, 0x80000000u, 5, 0xffffffffu, 0});
  const Lanes ahi = lanes(12, std::array<uint32_t, 6>{0xffffffffu, 0, 0x7fffffffu, 0, 0, 0});
  const Lanes blo = lanes(13, std::array<uint32_t, 6>{1, 1, 0x80000000u, 5, 0xffffffffu, 0});
  const Lanes bhi = lanes(14, std::array<uint32_t, 6>{0, 0, 0, 0, 0xffffffffu, 0});
  const Lanes clo = lanes(15), chi = lanes(16);
  setV(h, 1, alo), setV(h, 2, ahi), setV(h, 3, blo), setV(h, 4, bhi), setV(h, 5, clo), setV(h, 6, chi);
  fillV(h, 10, 22, 0xdeadbeefu);
  h.wave.setVcc(0xffffffffffffffffull);  // stale carry bits must not leak into the first add
  for (unsigned s = 10; s < 24; ++s) h.wave.sreg[s] = 0xcafef00d;
  h.wave.setExec(exec);
  REQUIRE(h.runProgram("valu_carry").ok());

  uint64_t addC = 0, subB = 0, addLoC = 0, subLoB = 0, madC = 0;
  for (unsigned l = 0; l < 64; ++l) {
    const bool on = (exec >> l) & 1;
    const uint64_t a = alo[l] | uint64_t{ahi[l]} << 32, b = blo[l] | uint64_t{bhi[l]} << 32;
    const uint64_t sum = a + b, diff = a - b;
    const unsigned __int128 wide = static_cast<unsigned __int128>(a) + b;
    const unsigned __int128 mad =
        static_cast<unsigned __int128>(uint64_t{alo[l]} * blo[l]) + (clo[l] | uint64_t{chi[l]} << 32);
    if (on) {
      if (wide >> 64) addC |= 1ull << l;
      if (b > a) subB |= 1ull << l;
      if ((uint64_t{alo[l]} + blo[l]) >> 32) addLoC |= 1ull << l;
      if (blo[l] > alo[l]) subLoB |= 1ull << l;
      if (mad >> 64) madC |= 1ull << l;
    }
    INFO(gname(g) << " lane " << l << " exec " << std::hex << exec);
    auto want = [&](uint32_t v) { return on ? v : 0xdeadbeefu; };
    CHECK(getV(h, 10, l) == want(static_cast<uint32_t>(sum)));
    CHECK(getV(h, 11, l) == want(static_cast<uint32_t>(sum >> 32)));
    CHECK(getV(h, 12, l) == want(static_cast<uint32_t>(diff)));
    CHECK(getV(h, 13, l) == want(static_cast<uint32_t>(diff >> 32)));
    CHECK(getV(h, 14, l) == want(static_cast<uint32_t>(sum)));
    CHECK(getV(h, 15, l) == want(static_cast<uint32_t>(sum >> 32)));
    CHECK(getV(h, 16, l) == want(static_cast<uint32_t>(diff)));
    CHECK(getV(h, 17, l) == want(static_cast<uint32_t>(diff >> 32)));
    if (g != Gen::GCN10) {
      CHECK(getV(h, 18, l) == want(static_cast<uint32_t>(mad)));
      CHECK(getV(h, 19, l) == want(static_cast<uint32_t>(static_cast<uint64_t>(mad) >> 32)));
    }
    if (g == Gen::GCN14) {
      const uint64_t s = uint64_t{alo[l]} + blo[l];
      CHECK(getV(h, 20, l) == want(s > 0xffffffffu ? 0xffffffffu : static_cast<uint32_t>(s)));
      CHECK(getV(h, 21, l) == want(blo[l] > alo[l] ? 0u : alo[l] - blo[l]));
      CHECK(getV(h, 22, l) == want(alo[l] + blo[l]));
    }
  }
  CHECK(h.wave.sreg64(20) == addC);
  CHECK(h.wave.sreg64(22) == subB);
  CHECK(h.wave.sreg64(10) == addLoC);
  CHECK(h.wave.sreg64(12) == addC);
  CHECK(h.wave.sreg64(14) == subLoB);
  CHECK(h.wave.sreg64(16) == subB);
  if (g != Gen::GCN10) CHECK(h.wave.sreg64(18) == madC);
}

}  // namespace

TEST_CASE("VALU carry chains through VCC and SGPR pairs", "[sim][valu]") {
  for (Gen g : kAllGens) {
    runCarry(g, ~0ull);
    runCarry(g, 0x00ff00ff0f0f0f3full);
  }
}
