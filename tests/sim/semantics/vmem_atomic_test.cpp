// Buffer atomics (GLC returns the pre-op value, cmpswap takes {new, compare},
// out-of-range lanes change nothing and return 0) and LDS-direct loads.
// Expected values worked out by hand from reference/clrx/GcnInstrsMubuf.md and
// seeds/001_2fc8a7f12b5d60d9.txt.
//
// Every buffer, flat and global atomic opcode (namespace every_vmem_atomic, below):
// Every BUFFER_ATOMIC_*, FLAT_ATOMIC_* and GLOBAL_ATOMIC_* of every generation,
// table-driven: one program per family (tests/sim/programs/vmem_ops_*atomic*.s)
// runs each op once with GLC on its own memory region, and a CPU reference
// written from the pseudo-code of reference/clrx/GcnInstrsMubuf.md and
// GcnInstrsFlat.md gives, per lane, the new memory value; GLC returns the
// pre-op value ("VDATA = (GLC) ? P : VDATA").
//   CMPSWAP: *VM = *VM == VDATA[hi] ? VDATA[lo] : *VM (only VDATA[lo] returns)
//   INC:     *VM = (*VM < VDATA) ? *VM+1 : 0
//   DEC:     *VM = (*VM <= VDATA && *VM != 0) ? *VM-1 : VDATA
//   FCMPSWAP/FMIN/FMAX (GCN 1.0/1.1): float compare, MIN/MAX of floats.
// Lanes 5 and 33 are inactive (memory and registers untouched); for MUBUF lane
// 63 is out of range (seed 001: "Reads are zero and writes are ignored", so
// GLC returns 0); FLAT lanes are routed to global memory (0-39), LDS (40-51)
// and scratch (52-63) through the apertures.
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "memory/apertures.hpp"
#include "memory/buffer_resource.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;

void putVsharp(test::WaveHarness& h, unsigned sreg, uint64_t base, uint32_t numRecords) {
  memory::BufferResource r;
  r.baseAddress = base;
  r.numRecords = numRecords;
  r.dataFormat = 4;
  r.numFormat = 4;
  const auto w = r.encode(h.gen);
  for (unsigned i = 0; i < 4; ++i) h.wave.sreg[sreg + i] = w[i];
}
uint32_t word(const test::WaveHarness& h, uint64_t a) { return h.get<uint32_t>(a, 1)[0]; }

}  // namespace

TEST_CASE("buffer: atomics with and without GLC", "[sim][buffer][atomic]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(4096);
    putVsharp(h, 4, a, 2304);             // STRIDE 0: bytes 0..2303
    std::vector<uint32_t> init(1024, 0);  // 4096 bytes
    for (unsigned l = 0; l < 64; ++l) {
      init[2 * l] = 100 + l;
      init[(512 + 8 * l) / 4] = l;
      init[(1024 + 8 * l) / 4] = uint32_t(-10);
      init[(1024 + 8 * l) / 4 + 1] = 0xffffffffu;
      init[(1536 + 8 * l) / 4] = 50;
      init[(2048 + 8 * l) / 4] = 7;
    }
    h.put(a, init);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 5;
      h.wave.v(2)[l] = 8 * l;
      h.wave.v(4)[l] = 0x777;  // new value
      h.wave.v(5)[l] = 3;      // compare value
      const int64_t s = int64_t(l) - 20;
      h.wave.v(6)[l] = uint32_t(s);
      h.wave.v(7)[l] = uint32_t(uint64_t(s) >> 32);
      h.wave.v(8)[l] = 3;
      h.wave.v(9)[l] = 10;
    }
    REQUIRE(h.runProgram("buffer_atomic").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      // BUFFER_ATOMIC_ADD glc: P = *VM; *VM = *VM + VDATA; VDATA = P
      CHECK(h.wave.v(1)[l] == 100 + l);
      CHECK(word(h, a + 8 * l) == 105 + l);
      // CMPSWAP glc: *VM = *VM==VDATA[1] ? VDATA[0] : *VM; VDATA[0] = P
      CHECK(h.wave.v(4)[l] == l);
      CHECK(h.wave.v(5)[l] == 3u);  // only VDATA[0] returns
      CHECK(word(h, a + 512 + 8 * l) == (l == 3 ? 0x777u : l));
      // SMAX_X2 glc: returns -10 (64-bit), stores max(-10, l-20)
      CHECK(h.wave.v(6)[l] == uint32_t(-10));
      CHECK(h.wave.v(7)[l] == 0xffffffffu);
      const int64_t mx = int64_t(l) - 20 > -10 ? int64_t(l) - 20 : -10;
      CHECK(word(h, a + 1024 + 8 * l) == uint32_t(mx));
      CHECK(word(h, a + 1024 + 8 * l + 4) == uint32_t(uint64_t(mx) >> 32));
      // SUB without GLC: VDATA keeps its value
      CHECK(h.wave.v(8)[l] == 3u);
      CHECK(word(h, a + 1536 + 8 * l) == 47u);
      // INC glc: *VM = (*VM < VDATA) ? *VM+1 : 0. BUFOFFSET 2048+8*l is in
      // range (< NUMRECORDS 2304) for l <= 31; beyond, nothing changes and 0 returns.
      const bool in = 2048 + 8 * l + 4 <= 2304;
      CHECK(h.wave.v(9)[l] == (in ? 7u : 0u));
      CHECK(word(h, a + 2048 + 8 * l) == (in ? 8u : 7u));
    }
  }
}

TEST_CASE("buffer: LDS-direct loads", "[sim][buffer][lds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(512);
    std::vector<uint32_t> init(128);
    for (unsigned i = 0; i < 128; ++i) init[i] = 0x80000000u + i;
    h.put(a, init);
    putVsharp(h, 4, a, 128);
    h.wave.setExec(0x0000ffffffffffffull);  // lanes 0..47
    for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = 4 * l;
    for (uint32_t x = 0; x < 1024; x += 4) h.lds.store(x, 0xeeeeeeeeu);
    REQUIRE(h.runProgram("buffer_lds").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      uint32_t d = 0, s = 0;
      h.lds.load(0x100 + 4 * l, d);
      h.lds.load(0x200 + 4 * l, s);
      if (l >= 48) {  // inactive
        CHECK(d == 0xeeeeeeeeu);
        CHECK(s == 0xeeeeeeeeu);
      } else if (l >= 32) {  // BUFOFFSET >= NUMRECORDS: reads are zero
        CHECK(d == 0u);
        CHECK(s == 0u);
      } else {
        // LDS_ADDR = (M0&0xffff) + LANEID*4
        CHECK(d == 0x80000000u + l);
        // byte 3 of the dword (0x80), "stored 4-byte value will be zero-extended"
        CHECK(s == 0x80u);
      }
      CHECK(h.wave.v(1)[l] == 4 * l);  // no VGPR written
    }
  }
}

// Every buffer, flat and global atomic opcode.
namespace every_vmem_atomic {

namespace {

enum class K {
  Swap,
  CmpSwap,
  Add,
  Sub,
  SMin,
  UMin,
  SMax,
  UMax,
  And,
  Or,
  Xor,
  Inc,
  Dec,
  FCmpSwap,
  FMin,
  FMax
};
struct AOp {
  const char* name;
  K k;
};
// Program order (tests/sim/programs/vmem_ops_*atomic*.s): every op of the list,
// then every op again as _X2.
constexpr AOp kInt[] = {{"swap", K::Swap}, {"cmpswap", K::CmpSwap}, {"add", K::Add},   {"sub", K::Sub},
                        {"smin", K::SMin}, {"umin", K::UMin},       {"smax", K::SMax}, {"umax", K::UMax},
                        {"and", K::And},   {"or", K::Or},           {"xor", K::Xor},   {"inc", K::Inc},
                        {"dec", K::Dec}};
constexpr AOp kFloat[] = {{"fcmpswap", K::FCmpSwap}, {"fmin", K::FMin}, {"fmax", K::FMax}};

bool twoOperands(K k) { return k == K::CmpSwap || k == K::FCmpSwap; }

// The new memory value: m = old memory, d = VDATA (the new value for cmpswap),
// c = the compare value (cmpswap only). GcnInstrsMubuf.md pseudo-code.
uint64_t reference(K k, bool x2, uint64_t m, uint64_t d, uint64_t c) {
  const uint64_t mask = x2 ? ~0ull : 0xffffffffull;
  auto s = [&](uint64_t v) { return x2 ? int64_t(v) : int64_t(int32_t(uint32_t(v))); };
  auto f = [&](uint64_t v) {
    return x2 ? std::bit_cast<double>(v) : double(std::bit_cast<float>(uint32_t(v)));
  };
  switch (k) {
    case K::Swap: return d;
    case K::CmpSwap: return m == c ? d : m;
    case K::Add: return (m + d) & mask;
    case K::Sub: return (m - d) & mask;
    case K::SMin: return s(d) < s(m) ? d : m;
    case K::UMin: return d < m ? d : m;
    case K::SMax: return s(d) > s(m) ? d : m;
    case K::UMax: return d > m ? d : m;
    case K::And: return m & d;
    case K::Or: return m | d;
    case K::Xor: return m ^ d;
    case K::Inc: return m < d ? (m + 1) & mask : 0;
    case K::Dec: return (m <= d && m != 0) ? m - 1 : d;
    case K::FCmpSwap: return f(m) == f(c) ? d : m;
    case K::FMin: return f(d) < f(m) ? d : m;
    case K::FMax: return f(d) > f(m) ? d : m;
  }
  return 0;
}

// Per-lane operands: edge values (sign bits, carries across 32 bits, the
// inc/dec wrap points) combined differently per op.
constexpr uint32_t kV32[] = {
    0, 1, 2, 5, 7, 100, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x12345678, 0x55aa55aa, 0x80000001};
constexpr uint64_t kV64[] = {0,
                             1,
                             5,
                             7,
                             100,
                             0xffffffffull,
                             0x100000000ull,
                             0x7fffffffffffffffull,
                             0x8000000000000000ull,
                             0xfffffffffffffffeull,
                             0xffffffffffffffffull,
                             0x123456789abcdef0ull,
                             0x1ffffffffull};
constexpr double kF[] = {1.0, -1.0, 2.5, -3.75, 0.5, 1e10, -1e-10, 100.0, 0.0, -0.0, 3.0};

uint64_t fbits(bool x2, double v) {
  return x2 ? std::bit_cast<uint64_t>(v) : std::bit_cast<uint32_t>(float(v));
}

struct Operands {
  uint64_t m, d, c;
};
Operands operands(K k, bool x2, unsigned i, unsigned l) {
  const uint64_t mask = x2 ? ~0ull : 0xffffffffull;
  Operands o{};
  if (k == K::FCmpSwap || k == K::FMin || k == K::FMax) {
    constexpr unsigned n = std::size(kF);
    const double m = kF[(l + i) % n];
    double d = kF[(5 * l + l / n + 2 * i) % n];
    if (m == 0.0 && d == 0.0) d = 2.0;  // MIN/MAX of +0/-0 is not specified
    o.m = fbits(x2, m);
    o.d = fbits(x2, d);
    // compare: equal bits, the other zero (+0 == -0 as floats), or unequal
    o.c = l % 3 == 0   ? o.m
          : l % 3 == 1 ? fbits(x2, m == 0.0 ? (std::signbit(m) ? 0.0 : -0.0) : m * 2 + 1)
                       : o.d;
    return o;
  }
  if (x2) {
    constexpr unsigned n = std::size(kV64);
    o.m = kV64[(l + i) % n];
    o.d = kV64[(5 * l + l / n + 2 * i) % n];
  } else {
    constexpr unsigned n = std::size(kV32);
    o.m = kV32[(l + i) % n];
    o.d = kV32[(5 * l + l / n + 2 * i) % n];
  }
  if (l % 8 == 3) o.d = o.m;  // inc: wraps to 0; dec: decrements
  if (l % 8 == 5) o.d = (o.m + 1) & mask;
  if (l % 8 == 6) o.d = (o.m - 1) & mask;  // dec with *VM > VDATA: stores VDATA
  o.c = l % 3 == 0 ? o.m : l % 3 == 1 ? (o.m ^ 1) : o.d;
  return o;
}

enum class Fam { Buffer, Flat, Global };
constexpr uint64_t kExec = ~((1ull << 5) | (1ull << 33));
constexpr unsigned kRegion = 512;  // bytes per op: 64 lanes x 8
uint64_t scratchAt(uint64_t base, uint32_t k, unsigned lane) { return base + 256ull * k + 4 * lane; }

struct Slot {
  bool lds;
  uint64_t lo, hi;  // addresses of the low and high dword
};

void runAtomics(Gen g, Fam fam, std::span<const AOp> list, const std::string& prog) {
  INFO(isa::genName(g) << " " << prog);
  test::WaveHarness h(g, 256);
  struct Op {
    std::string name;
    K k;
    bool x2;
  };
  std::vector<Op> ops;
  const char* prefix = fam == Fam::Buffer ? "buffer_atomic_"
                       : fam == Fam::Flat ? "flat_atomic_"
                                          : "global_atomic_";
  for (bool x2 : {false, true})
    for (const AOp& a : list) ops.push_back({std::string(prefix) + a.name + (x2 ? "_x2" : ""), a.k, x2});

  const uint64_t glob = h.alloc(ops.size() * kRegion);
  const uint64_t scratch = h.alloc(64 * 256, "scratch");
  h.wave.scratchBase = scratch;
  h.wave.scratchBytesPerLane = 256;
  h.wave.setM0(0xffffffffu);
  h.wave.setExec(kExec);
  const memory::FlatApertures ap =
      fam == Fam::Flat ? memory::defaultFlatApertures(g) : memory::FlatApertures{};
  auto route = [&](unsigned l) { return fam != Fam::Flat ? 0 : l < 40 ? 0 : l < 52 ? 1 : 2; };
  auto slot = [&](unsigned i, unsigned l) -> Slot {
    switch (route(l)) {
      case 1: return {true, i * kRegion + 8 * l, i * kRegion + 8 * l + 4};
      case 2: return {false, scratchAt(scratch, 2 * i, l), scratchAt(scratch, 2 * i + 1, l)};
      default: return {false, glob + i * kRegion + 8 * l, glob + i * kRegion + 8 * l + 4};
    }
  };
  auto rd = [&](uint64_t a, bool lds) {
    uint32_t v = 0;
    if (lds)
      h.lds.load(uint32_t(a), v);
    else
      v = h.get<uint32_t>(a, 1)[0];
    return v;
  };
  auto wr = [&](uint64_t a, bool lds, uint32_t v) {
    if (lds)
      h.lds.store(uint32_t(a), v);
    else
      h.put(a, std::vector<uint32_t>{v});
  };
  const bool outOfRangeLane63 = fam == Fam::Buffer;
  if (fam == Fam::Buffer) {
    memory::BufferResource r;
    r.baseAddress = glob;
    r.numRecords = 0x10000;  // STRIDE 0: bytes
    r.dataFormat = 4;
    r.numFormat = 4;
    const auto w = r.encode(g);
    for (unsigned k = 0; k < 4; ++k) h.wave.sreg[4 + k] = w[k];
  }
  // Register layout of the programs (tests/sim/programs/vmem_ops_*atomic*.s).
  std::vector<unsigned> dreg(ops.size()), rreg(ops.size());
  unsigned nd = fam == Fam::Buffer ? 2 : 64, nr = 160;
  for (size_t i = 0; i < ops.size(); ++i) {
    const unsigned dw = ops[i].x2 ? 2 : 1;
    dreg[i] = nd;
    nd += dw * (twoOperands(ops[i].k) ? 2 : 1);
    rreg[i] = fam == Fam::Buffer ? dreg[i] : nr;
    nr += dw + 1;  // FLAT/GLOBAL: a guard VGPR after every return
    if (fam == Fam::Buffer) h.wave.sreg[10 + i] = uint32_t(i * kRegion);
    if (fam == Fam::Global) h.wave.setSreg64(8 + 2 * unsigned(i), glob + i * kRegion);
  }
  REQUIRE(nd <= 256);
  REQUIRE(nr <= 256);
  constexpr uint32_t kCanary = 0xc0ffee00u;
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(0)[l] = fam == Fam::Buffer ? (outOfRangeLane63 && l == 63 ? 0x20000u : 8 * l) : 8 * l;
    for (size_t i = 0; i < ops.size(); ++i) {
      const Op& op = ops[i];
      const Operands o = operands(op.k, op.x2, unsigned(i), l);
      const Slot s = slot(unsigned(i), l);
      wr(s.lo, s.lds, uint32_t(o.m));
      wr(s.hi, s.lds, op.x2 ? uint32_t(o.m >> 32) : kCanary + l);
      const unsigned dw = op.x2 ? 2 : 1;
      for (unsigned k = 0; k < dw; ++k) {
        h.wave.v(dreg[i] + k)[l] = uint32_t(o.d >> (32 * k));
        if (twoOperands(op.k)) h.wave.v(dreg[i] + dw + k)[l] = uint32_t(o.c >> (32 * k));
      }
      if (fam != Fam::Buffer)
        for (unsigned k = 0; k <= dw; ++k) h.wave.v(rreg[i] + k)[l] = 0xdead0000u + 256 * unsigned(i) + l;
    }
    if (fam == Fam::Flat)
      for (size_t i = 0; i < ops.size(); ++i) {
        uint64_t a = 0;
        switch (route(l)) {
          case 1: a = ap.sharedBase + i * kRegion + 8 * l; break;
          case 2: a = ap.privateBase + 8 * i; break;
          default: a = glob + i * kRegion + 8 * l;
        }
        h.wave.v(2 * unsigned(i))[l] = uint32_t(a);
        h.wave.v(2 * unsigned(i) + 1)[l] = uint32_t(a >> 32);
      }
  }
  const sim::RunStatus st = h.runProgram(prog);
  INFO(st.message);
  REQUIRE(st.ok());
  for (size_t i = 0; i < ops.size(); ++i) {
    const Op& op = ops[i];
    INFO(op.name);
    const unsigned dw = op.x2 ? 2 : 1;
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      const Operands o = operands(op.k, op.x2, unsigned(i), l);
      const bool active = kExec >> l & 1;
      const bool inRange = !(outOfRangeLane63 && l == 63);
      const uint64_t next = active && inRange ? reference(op.k, op.x2, o.m, o.d, o.c) : o.m;
      if (inRange) {
        const Slot s = slot(unsigned(i), l);
        CHECK(rd(s.lo, s.lds) == uint32_t(next));
        CHECK(rd(s.hi, s.lds) == (op.x2 ? uint32_t(next >> 32) : kCanary + l));
      }
      // GLC: the pre-op value (0 out of range); inactive lanes keep their VGPRs.
      const uint64_t ret = !active ? (fam == Fam::Buffer ? o.d : 0) : inRange ? o.m : 0;
      for (unsigned k = 0; k < dw; ++k) {
        const uint32_t got = h.wave.v(rreg[i] + k)[l];
        if (fam != Fam::Buffer && !active)
          CHECK(got == 0xdead0000u + 256 * unsigned(i) + l);
        else
          CHECK(got == uint32_t(ret >> (32 * k)));
      }
      if (fam != Fam::Buffer) {
        CHECK(h.wave.v(rreg[i] + dw)[l] == 0xdead0000u + 256 * unsigned(i) + l);  // guard
        for (unsigned k = 0; k < dw; ++k) CHECK(h.wave.v(dreg[i] + k)[l] == uint32_t(o.d >> (32 * k)));
      }
      if (twoOperands(op.k))  // the compare half is never written
        for (unsigned k = 0; k < dw; ++k) CHECK(h.wave.v(dreg[i] + dw + k)[l] == uint32_t(o.c >> (32 * k)));
    }
  }
}

}  // namespace

TEST_CASE("vmem ops: every integer BUFFER_ATOMIC_* with GLC", "[sim][vmem]") {
  for (Gen g : test::kAllGens) runAtomics(g, Fam::Buffer, kInt, "vmem_ops_buf_atomic");
}

TEST_CASE("vmem ops: float BUFFER_ATOMIC_* (GCN 1.0/1.1)", "[sim][vmem]") {
  for (Gen g : {Gen::GCN10, Gen::GCN11}) runAtomics(g, Fam::Buffer, kFloat, "vmem_ops_buf_atomic_f");
}

TEST_CASE("vmem ops: every integer FLAT_ATOMIC_* to global, LDS and scratch", "[sim][vmem]") {
  for (Gen g : {Gen::GCN11, Gen::GCN12, Gen::GCN14}) runAtomics(g, Fam::Flat, kInt, "vmem_ops_flat_atomic");
}

TEST_CASE("vmem ops: float FLAT_ATOMIC_* (GCN 1.1)", "[sim][vmem]") {
  runAtomics(Gen::GCN11, Fam::Flat, kFloat, "vmem_ops_flat_atomic_f");
}

TEST_CASE("vmem ops: every GLOBAL_ATOMIC_* with SADDR (GCN 1.4)", "[sim][vmem]") {
  runAtomics(Gen::GCN14, Fam::Global, kInt, "vmem_ops_global_atomic");
}

}  // namespace every_vmem_atomic
