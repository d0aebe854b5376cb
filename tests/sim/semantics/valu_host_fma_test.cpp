// The fused multiply-adds in their two builds (sim/semantics/valu_fma.cpp): the
// portable one (libm fma per lane) and the one compiled for the host's FMA
// instructions must leave bit-identical registers. Every instruction of
// tests/sim/programs/valu_host_fma.s runs alone through both, on special
// operands (NaNs with payloads, infinities, signed zeros, denormals, overflow
// and cancellation cases) and random bit patterns, for every MODE round and
// denormal setting, with full, partial and empty EXEC and random VCC. The plain
// form is also checked against the definition (std::fma in this file, the NaN
// of the first NaN operand, quieted).
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include "sim/semantics/valu_driver.hpp"
#include "tests/sim/semantics/valu_test_util.hpp"

using namespace valutest;
using gcnsim::sim::SemFn;
using gcnsim::sim::SemRegistry;
using gcnsim::test::WaveHarness;

namespace {

struct Rng {
  uint64_t s;
  uint64_t next() {
    s += 0x9e3779b97f4a7c15ull;
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

const uint32_t kSpecial32[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,  // zeros, infinities
    0x7fc00000u, 0xffc00000u, 0x7fc12345u, 0x7f812345u,  // quiet/signalling NaNs with payloads
    0xff800001u, 0x00000001u, 0x80000001u, 0x007fffffu,  // -sNaN, denormals
    0x807fffffu, 0x00800000u, 0x80800000u, 0x7f7fffffu,  // FLT_MIN, FLT_MAX
    0xff7fffffu, 0x3f800000u, 0xbf800000u, 0x3f800001u,  // +-1, 1 + ulp
    0x3f7fffffu, 0x5f800000u, 0x1f800000u, 0x20000000u,  // 1 - ulp, 2^64, 2^-64
};
const uint64_t kSpecial64[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff8000000012345ull, 0x7ff0000000012345ull,
    0x0000000000000001ull, 0x8000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
    0x7fefffffffffffffull, 0xffefffffffffffffull, 0x3ff0000000000000ull, 0x3ff0000000000001ull,
    0x3fefffffffffffffull, 0x43f0000000000000ull, 0x3bf0000000000000ull, 0xbff0000000000000ull,
};

// A lane value: a special value, a random bit pattern, or a random float of moderate size.
uint32_t value32(Rng& r) {
  const uint64_t k = r.next();
  switch (k % 4) {
    case 0: return kSpecial32[(k >> 8) % std::size(kSpecial32)];
    case 1: return static_cast<uint32_t>(k >> 32);
    default: return fu(static_cast<float>(static_cast<int32_t>(k >> 32)) * 0x1p-20f);
  }
}
uint64_t value64(Rng& r) {
  const uint64_t k = r.next();
  switch (k % 4) {
    case 0: return kSpecial64[(k >> 8) % std::size(kSpecial64)];
    case 1: return r.next();
    default: return du(static_cast<double>(static_cast<int64_t>(r.next())) * 0x1p-40);
  }
}

// Operands whose fused result differs from the rounded product plus c: c = -(a*b rounded).
void cancellation(WaveHarness& h, Rng& r) {
  for (unsigned l = 0; l < 64; l += 3) {
    const float a = uf(value32(r)), b = uf(0x3f800000u | static_cast<uint32_t>(r.next() & 0x7fffff));
    h.wave.v(1)[l] = fu(a), h.wave.v(2)[l] = fu(b), h.wave.v(3)[l] = fu(-(a * b));
    const double a64 = ud(value64(r)), b64 = 1.0 + static_cast<double>(r.next() >> 12) * 0x1p-52;
    const uint64_t c64 = du(-(a64 * b64));
    h.wave.v(4)[l] = static_cast<uint32_t>(du(a64)), h.wave.v(5)[l] = static_cast<uint32_t>(du(a64) >> 32);
    h.wave.v(6)[l] = static_cast<uint32_t>(du(b64)), h.wave.v(7)[l] = static_cast<uint32_t>(du(b64) >> 32);
    h.wave.v(8)[l] = static_cast<uint32_t>(c64), h.wave.v(9)[l] = static_cast<uint32_t>(c64 >> 32);
  }
}

void randomize(WaveHarness& h, Rng& r) {
  for (unsigned l = 0; l < 64; ++l) {
    for (unsigned reg = 1; reg <= 3; ++reg) h.wave.v(reg)[l] = value32(r);
    for (unsigned reg = 4; reg <= 8; reg += 2) {
      const uint64_t v = value64(r);
      h.wave.v(reg)[l] = static_cast<uint32_t>(v), h.wave.v(reg + 1)[l] = static_cast<uint32_t>(v >> 32);
    }
    h.wave.v(10)[l] = h.wave.v(11)[l] = 0xdeadbeefu;
  }
  if (r.next() % 2) cancellation(h, r);
  const uint64_t s = value64(r);
  h.wave.sreg[4] = static_cast<uint32_t>(r.next() % 2 ? s : value32(r)), h.wave.sreg[5] = s >> 32;
  h.wave.setVcc(r.next());
}

std::vector<gcnsim::isa::DecodedInst> program(Gen g) {
  return gcnsim::test::decodeProgram("valu_host_fma", g);
}

// Runs `fn` on instruction `in` with a copy of the harness's wave; returns the wave after it.
gcnsim::sim::WaveState runOne(WaveHarness& h, SemFn fn, const gcnsim::isa::DecodedInst& in) {
  gcnsim::sim::WaveState w = h.wave;
  REQUIRE(gcnsim::test::runAlone(w, h.env, in, fn) == gcnsim::sim::StopReason::None);
  return w;
}

float firstNaNFma(float a, float b, float c) {
  for (float v : {a, b, c})
    if (std::isnan(v)) return uf(fu(v) | 0x00400000u);
  return std::fma(a, b, c);
}

}  // namespace

TEST_CASE("valu host FMA: the host-FMA build equals the portable build bit for bit", "[valu][fma]") {
  if (!gcnsim::sim::valu::hostFmaAvailable()) {
    WARN("the host has no AVX2 + FMA3 (or GCNSIM_HOST_FMA is OFF): only the portable build exists");
    return;
  }
  SemRegistry portable, host;
  gcnsim::sim::valu::registerValuFma(portable, false);
  gcnsim::sim::valu::registerValuFma(host, true);
  REQUIRE(portable.all().size() == 5);  // v_fma_f32, v_fmac_f32 (gfx906), v_fma_f64, v_div_fmas_f32/f64
  for (const auto& [key, fn] : portable.all()) REQUIRE(host.find(key) != fn);  // two builds indeed
  for (Gen g : {Gen::GCN10, Gen::GCN14}) {
    const auto insts = program(g);
    REQUIRE(insts.size() == 13);
    WaveHarness h(g, 16);
    Rng r{static_cast<uint64_t>(g) + 1};
    // MODE: every round mode of each field, every denormal setting of each field, DX10 clamp, IEEE.
    for (uint32_t mode = 0; mode < 0x400; mode += 0x11) {
      h.wave.hw.mode = mode;
      for (unsigned round = 0; round < 3; ++round) {
        randomize(h, r);
        h.wave.setExec(round == 0 ? ~0ull : round == 1 ? r.next() : 0x00ffff0000000ff0ull);
        for (const auto& in : insts) {
          const SemFn p = portable.find(in.info->semKey()), q = host.find(in.info->semKey());
          REQUIRE(p);
          REQUIRE(q);
          INFO(gname(g) << " " << in.info->name << " MODE 0x" << std::hex << mode << " EXEC 0x"
                        << h.wave.exec());
          const auto a = runOne(h, p, in), b = runOne(h, q, in);
          for (unsigned i = 0; i < a.vgpr.size(); ++i) {
            INFO("VGPR " << std::dec << i / 64 << " lane " << i % 64);
            REQUIRE(a.vgpr[i] == b.vgpr[i]);
          }
          REQUIRE(a.sreg == b.sreg);
        }
      }
    }
  }
}

TEST_CASE("valu host FMA: v_fma_f32 is FMA with the first NaN operand, in both builds", "[valu][fma]") {
  const auto insts = program(Gen::GCN14);
  for (bool hostFma : {false, true}) {
    SemRegistry reg;
    gcnsim::sim::valu::registerValuFma(reg, hostFma);
    WaveHarness h(Gen::GCN14, 16);
    h.wave.hw.mode = 0x3f0;  // round to nearest even, denormals allowed, DX10 clamp, IEEE
    Rng r{42};
    for (unsigned round = 0; round < 200; ++round) {
      randomize(h, r);
      const auto w = runOne(h, reg.find("v_fma_f32"), insts[0]);  // v_fma_f32 v10, v1, v2, v3
      for (unsigned l = 0; l < 64; ++l) {
        const float a = uf(h.wave.v(1)[l]), b = uf(h.wave.v(2)[l]), c = uf(h.wave.v(3)[l]);
        INFO("host FMA " << hostFma << " lane " << l << " " << a << " " << b << " " << c);
        CHECK(w.v(10)[l] == fu(firstNaNFma(a, b, c)));
      }
    }
  }
}
