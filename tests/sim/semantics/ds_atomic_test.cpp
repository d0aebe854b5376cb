// DS atomics: *_RTN_* return the pre-op value, CMPST/MSKOR/WRXCHG2ST64,
// INC/DEC wrap rules, 64-bit and float forms, and the SRC2 addressing.
// Expected values worked out by hand from reference/clrx/GcnInstrsDs.md.
//
// Every DS atomic opcode (namespace every_ds_atomic, below):
// Every DS atomic opcode, table-driven: 32/64-bit integer atomics with and
// without return (LDS and GDS), float min/max/cmpst/add, and every SRC2 form.
// Programs: tests/sim/programs/ds_ops_{int32,int32_gds,int64,float,fadd,src2}.s.
//
// Expected values come from refAtomic below, a direct transcription of the
// pseudo-code of reference/clrx/GcnInstrsDs.md (quoted per case), applied per
// active lane to the initial memory the test wrote. Inactive lanes must leave
// memory and their destination VGPRs untouched. The GDS window rule (M0[15:0]
// size, M0[31:16] base) is the one quoted in GcnInstrsDs.md's introduction.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;

uint32_t ldsWord(const test::WaveHarness& h, uint32_t a) {
  uint32_t v = 0;
  h.lds.load(a, v);
  return v;
}
uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }

}  // namespace

TEST_CASE("ds: atomics return pre-op values", "[sim][ds][atomic]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    for (unsigned l = 0; l < 64; ++l) {
      h.lds.store(4 * l, 100 + l);
      h.lds.store(256 + 4 * l, l);
      h.lds.store(512 + 4 * l, 0xff00ff00u);
      h.lds.store(768 + 4 * l, 0x300 + l);
      h.lds.store(1024 + 4 * l, 0x400 + l);
      h.lds.store(1280 + 4 * l, 0xfffffffbu);  // -5
      h.lds.store(1536 + 4 * l, 3u);
      h.lds.store(1792 + 4 * l, 3u);
      h.lds.store(2048 + 4 * l, 10u);
      h.lds.store(2304 + 4 * l, f32(1.5f));
      h.lds.store(4096 + 8 * l, 0xffffffffu);
      h.wave.v(1)[l] = 4 * l;
      h.wave.v(2)[l] = 5;
      h.wave.v(3)[l] = 2;
      h.wave.v(4)[l] = 0xabc;
      h.wave.v(5)[l] = 0x0000ffff;
      h.wave.v(6)[l] = 0x12 + l;
      h.wave.v(7)[l] = l - 32;
      h.wave.v(8)[l] = l;
      h.wave.v(9)[l] = 4096 + 8 * l;
      h.wave.v(20)[l] = 1;
      h.wave.v(21)[l] = 0;
      h.wave.v(23)[l] = f32(float(l) - 1.0f);
    }
    REQUIRE(h.runProgram("ds_atomic").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      // DS_ADD_RTN_U32: VDST = *V; *V = *V + VDATA0
      CHECK(h.wave.v(10)[l] == 100 + l);
      CHECK(ldsWord(h, 4 * l) == 105 + l);
      // DS_CMPST_RTN_B32: *V = (*V==VDATA0) ? VDATA1 : *V (VDATA0 = 2 matches lane 2 only)
      CHECK(h.wave.v(11)[l] == l);
      CHECK(ldsWord(h, 256 + 4 * l) == (l == 2 ? 0xabcu : l));
      // DS_MSKOR_RTN_B32: *V = (*V & ~VDATA0) | VDATA1
      CHECK(h.wave.v(12)[l] == 0xff00ff00u);
      CHECK(ldsWord(h, 512 + 4 * l) == (0xff000000u | (0x12 + l)));
      // DS_WRXCHG2ST64_RTN_B32 offset0:3 offset1:4: ADDR+768, ADDR+1024
      CHECK(h.wave.v(13)[l] == 0x300 + l);
      CHECK(h.wave.v(14)[l] == 0x400 + l);
      CHECK(ldsWord(h, 768 + 4 * l) == 5);
      CHECK(ldsWord(h, 1024 + 4 * l) == 2);
      // DS_MAX_RTN_I32: signed max(-5, l-32)
      CHECK(h.wave.v(15)[l] == 0xfffffffbu);
      CHECK(int32_t(ldsWord(h, 1280 + 4 * l)) == (int32_t(l) - 32 > -5 ? int32_t(l) - 32 : -5));
      // DS_INC_RTN_U32: *V = (VDATA0 > *V) ? *V+1 : 0
      CHECK(h.wave.v(16)[l] == 3);
      CHECK(ldsWord(h, 1536 + 4 * l) == (l > 3 ? 4u : 0u));
      // DS_DEC_RTN_U32: *V = (VDATA0 >= *V && *V!=0) ? *V-1 : VDATA0
      CHECK(h.wave.v(17)[l] == 3);
      CHECK(ldsWord(h, 1792 + 4 * l) == (l >= 3 ? 2u : l));
      // DS_ADD_RTN_U64: 0x00000000_ffffffff + 1 carries into the high dword
      CHECK(h.wave.v(18)[l] == 0xffffffffu);
      CHECK(h.wave.v(19)[l] == 0u);
      CHECK(ldsWord(h, 4096 + 8 * l) == 0u);
      CHECK(ldsWord(h, 4096 + 8 * l + 4) == 1u);
      // DS_SUB_U32 (no return)
      CHECK(ldsWord(h, 2048 + 4 * l) == 5);
      // DS_MIN_RTN_F32: min(1.5, l-1)
      CHECK(h.wave.v(22)[l] == f32(1.5f));
      CHECK(ldsWord(h, 2304 + 4 * l) == f32(float(l) - 1.0f < 1.5f ? float(l) - 1.0f : 1.5f));
    }
  }
}

TEST_CASE("ds: SRC2 operand addressing", "[sim][ds][atomic]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    h.wave.setExec(1);  // lane 0 only
    h.wave.v(1)[0] = 4096;
    h.wave.v(2)[0] = 5120;
    h.wave.v(3)[0] = (3u << 17) | 6144;
    h.wave.v(4)[0] = 7168;
    h.lds.store(4096u, 1000u);
    h.lds.store(4096u + 256, 58u);
    h.lds.store(5120u, 7u);
    h.lds.store(5120u - 16, 8u);
    h.lds.store(6144u, 4u);
    h.lds.store(6144u + 12, 9u);
    h.lds.store(7176u, 0x11u);
    h.lds.store(7180u, 0x22u);
    REQUIRE(h.runProgram("ds_src2").ok());
    // offset:64: B = A + ((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)*4 = A + 256; *A = *A - *B
    CHECK(ldsWord(h, 4096) == 942);
    // offset:0x7ffc: bit 14 replicated into bit 15 -> 0xfffc = -4 dwords: B = A - 16
    CHECK(ldsWord(h, 5120) == 15);
    // offset:0x8000: A = ADDR&0x1fffc = 6144, B = A + ((ADDR>>17) | ((ADDR>>16)&0x8000))*4 = A + 12
    CHECK(ldsWord(h, 6144) == 9);
    // DS_WRITE_SRC2_B64 offset:2: B = (A + 2*4)&~7 = A + 8
    CHECK(ldsWord(h, 7168) == 0x11);
    CHECK(ldsWord(h, 7172) == 0x22);
  }
}

// Every DS atomic opcode.
namespace every_ds_atomic {

namespace {

using test::kAllGens;
constexpr uint64_t kExecMasks[] = {~0ull, 0x9b5df00f3c3ca5a6ull};

enum class K {
  Add,
  Sub,
  Rsub,
  Inc,
  Dec,
  MinI,
  MaxI,
  MinU,
  MaxU,
  And,
  Or,
  Xor,
  MskOr,
  CmpSt,
  Xchg,
  MinF,
  MaxF,
  CmpStF,
  AddF
};

struct Op {
  std::string name;
  K kind;
  bool rtn;
};

template <class T>
using FloatOf = std::conditional_t<sizeof(T) == 8, double, float>;

// The new memory value of an atomic, GcnInstrsDs.md ("*V = ..."):
//   ADD *V+VDATA0, SUB *V-VDATA0, RSUB VDATA0-*V,
//   INC (VDATA0 > *V) ? *V+1 : 0, DEC (VDATA0 >= *V && *V!=0) ? *V-1 : VDATA0,
//   MIN/MAX signed (INT), unsigned (UINT) or float, AND/OR/XOR,
//   MSKOR (*V & ~VDATA0) | VDATA1, CMPST (*V==VDATA0) ? VDATA1 : *V (DATA0 is
//   the compare value; the F forms compare as floats), WRXCHG VDATA0,
//   ADD_F32 *V + ASFLOAT(VDATA0).
// The SRC2 forms use the same rules with VDATA0 replaced by the value at B.
template <class T>
T refAtomic(K k, T m, T d0, T d1) {
  using S = std::make_signed_t<T>;
  using F = FloatOf<T>;
  const F fm = std::bit_cast<F>(m), fd = std::bit_cast<F>(d0);
  switch (k) {
    case K::Add: return T(m + d0);
    case K::Sub: return T(m - d0);
    case K::Rsub: return T(d0 - m);
    case K::Inc: return d0 > m ? T(m + 1) : T(0);
    case K::Dec: return (d0 >= m && m != 0) ? T(m - 1) : d0;
    case K::MinI: return S(m) <= S(d0) ? m : d0;
    case K::MaxI: return S(m) >= S(d0) ? m : d0;
    case K::MinU: return std::min(m, d0);
    case K::MaxU: return std::max(m, d0);
    case K::And: return m & d0;
    case K::Or: return m | d0;
    case K::Xor: return m ^ d0;
    case K::MskOr: return T((m & ~d0) | d1);
    case K::CmpSt: return m == d0 ? d1 : m;
    case K::Xchg: return d0;
    case K::MinF: return fm <= fd ? m : d0;  // inputs have no NaN and no +-0 pair
    case K::MaxF: return fm >= fd ? m : d0;
    case K::CmpStF: return fm == fd ? d1 : m;
    case K::AddF: return std::bit_cast<T>(F(fm + fd));
  }
  return 0;
}

// Deterministic pseudo-random values.
struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return s;
  }
};

template <class T>
T pick(const std::vector<uint64_t>& edges, unsigned lane, Rng& r) {
  return lane < edges.size() ? T(edges[lane]) : T(r.next());
}

// Integer DATA0/DATA1 and generic memory: edge cases in the first lanes
// (sign bit, all ones, zero, 32-bit carries for 64-bit), random after.
template <class T>
struct IntData {
  T d0[64], d1[64], mem[64], rnd[64];
  IntData() {
    constexpr bool w = sizeof(T) == 8;
    const T top = T(1) << (8 * sizeof(T) - 1);
    Rng r{0x1234567 + sizeof(T)};
    const std::vector<uint64_t> e0 = {0,
                                      1,
                                      uint64_t(T(~T(0))),
                                      uint64_t(T(top - 1)),
                                      uint64_t(top),
                                      5,
                                      uint64_t(top + 1),
                                      uint64_t(T(~T(1))),
                                      w ? 0xffffffffull : 0xffffull,
                                      w ? 0x100000000ull : 0x10000ull};
    const std::vector<uint64_t> em = {uint64_t(T(~T(0))),
                                      0,
                                      1,
                                      uint64_t(top),
                                      uint64_t(T(top - 1)),
                                      5,
                                      uint64_t(T(top - 2)),
                                      uint64_t(top),
                                      1,
                                      w ? 0xffffffffull : 0xffffull};
    for (unsigned l = 0; l < 64; ++l) {
      d0[l] = pick<T>(e0, l, r);
      d1[l] = T(r.next());
      mem[l] = pick<T>(em, l, r);
      rnd[l] = T(r.next());
    }
  }
};

// Initial memory of lane l for op kind k: generic values, or values placed
// around DATA0 so that both outcomes of INC/DEC/CMPST occur.
template <class T>
T initInt(K k, unsigned l, const IntData<T>& d) {
  const T d0 = d.d0[l];
  switch (k) {
    case K::Inc: {
      const T c[4] = {T(d0 - 1), d0, T(d0 + 1), d.rnd[l]};  // +1, wrap (equal), wrap, either
      return c[l % 4];
    }
    case K::Dec: {
      const T c[4] = {T(0), d0, T(d0 + 1), T(d0 - 3)};  // zero -> DATA0, -1, > DATA0 -> DATA0, -1
      return c[l % 4];
    }
    case K::CmpSt: {
      const T c[4] = {d0, T(d0 ^ (T(1) << (8 * sizeof(T) - 1))), T(d0 ^ T(sizeof(T) == 8 ? 1ull << 32 : 1)),
                      d.rnd[l]};
      return c[l % 4];
    }
    default: return d.mem[l];
  }
}

template <class T>
T loadShare(const memory::DataShare& s, uint32_t a) {
  T v{};
  s.load(a, v);
  return v;
}
template <class T>
void setLanes(test::WaveHarness& h, unsigned reg, const T* v) {
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(reg)[l] = uint32_t(v[l]);
    if constexpr (sizeof(T) == 8) h.wave.v(reg + 1)[l] = uint32_t(uint64_t(v[l]) >> 32);
  }
}
template <class T>
T getLane(const test::WaveHarness& h, unsigned reg, unsigned l) {
  if constexpr (sizeof(T) == 8)
    return T(h.wave.v(reg)[l] | uint64_t(h.wave.v(reg + 1)[l]) << 32);
  else
    return T(h.wave.v(reg)[l]);
}

// Runs `prog`, whose op i works on region OFFSET = i * 64 * sizeof(T) with
// ADDR = sizeof(T)*lane + noise below the alignment (ignored: "&~3" / "&~7"),
// DATA0 in v2 (v[2:3]), DATA1 in v3 (v[4:5]) and the returning ops' VDST in
// v10, v11, ... (v[10:11], v[12:13], ...) in table order.
// `init(kind, lane)` gives the initial memory of each region, d0/d1 the data.
template <class T, class Init>
void runAtomicTable(Gen g, const char* prog, const std::vector<Op>& ops, const T* d0, const T* d1, Init init,
                    bool gds) {
  constexpr unsigned kDw = sizeof(T) / 4;
  constexpr uint32_t kRegion = 64 * sizeof(T);
  constexpr uint32_t kGdsBase = 0x200;  // M0[31:16]: GDS base offset of the window
  for (uint64_t exec : kExecMasks) {
    INFO(isa::genName(g) << " " << prog << " exec " << std::hex << exec);
    test::WaveHarness h(g);
    h.wave.setM0(gds ? (kGdsBase << 16) | 0xffffu : 0xffffffffu);
    h.wave.setExec(exec);
    memory::DataShare& share = gds ? static_cast<memory::DataShare&>(h.gds) : h.lds;
    const uint32_t phys = gds ? kGdsBase : 0;
    for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = uint32_t(sizeof(T) * l + (l % sizeof(T)));
    setLanes(h, 2, d0);
    setLanes(h, 2 + kDw, d1);
    for (unsigned r = 10; r < 10 + 16 * kDw; ++r)
      for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = 0xdead0000u + r * 64 + l;
    for (size_t i = 0; i < ops.size(); ++i)
      for (unsigned l = 0; l < 64; ++l)
        share.store(phys + uint32_t(i) * kRegion + sizeof(T) * l, init(ops[i].kind, l));
    const sim::RunStatus st = h.runProgram(prog);
    INFO(st.message);
    REQUIRE(st.ok());
    unsigned dst = 10;
    for (size_t i = 0; i < ops.size(); ++i) {
      const Op& op = ops[i];
      INFO(op.name);
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        const bool on = exec >> l & 1;
        const T before = init(op.kind, l);
        const T after = on ? refAtomic<T>(op.kind, before, d0[l], d1[l]) : before;
        CHECK(loadShare<T>(share, phys + uint32_t(i) * kRegion + sizeof(T) * l) == after);
        if (op.rtn) {
          const T sentinel =
              sizeof(T) == 8
                  ? T(uint64_t(0xdead0000u + (dst + 1) * 64 + l) << 32 | (0xdead0000u + dst * 64 + l))
                  : T(0xdead0000u + dst * 64 + l);
          CHECK(getLane<T>(h, dst, l) == (on ? before : sentinel));  // VDST = *V (pre-op value)
        }
      }
      if (op.rtn) dst += kDw;
    }
    if (gds) CHECK(loadShare<uint32_t>(h.lds, 0) == 0);  // the LDS is not touched
  }
}

std::vector<Op> intOps(bool wide) {
  const std::string b = wide ? "64" : "32";
  const struct {
    const char* stem;
    const char* ty;
    K k;
  } base[] = {{"add", "u", K::Add},     {"sub", "u", K::Sub},    {"rsub", "u", K::Rsub},
              {"inc", "u", K::Inc},     {"dec", "u", K::Dec},    {"min", "i", K::MinI},
              {"max", "i", K::MaxI},    {"min", "u", K::MinU},   {"max", "u", K::MaxU},
              {"and", "b", K::And},     {"or", "b", K::Or},      {"xor", "b", K::Xor},
              {"mskor", "b", K::MskOr}, {"cmpst", "b", K::CmpSt}};
  std::vector<Op> ops;
  for (int rtn = 0; rtn < 2; ++rtn)
    for (const auto& e : base)
      ops.push_back({std::string("ds_") + e.stem + (rtn ? "_rtn_" : "_") + e.ty + b, e.k, rtn == 1});
  ops.push_back({"ds_wrxchg_rtn_b" + b, K::Xchg, true});
  return ops;
}

// Float DATA0/DATA1 and memory. No NaN in min/max inputs and no (+0, -0)
// pair there (MIN/MAX of those is not specified by GcnInstrsDs.md); CMPST gets
// the float-compare cases: equal bits, +0 vs -0 (equal as floats), NaN in
// memory (never equal). Random values are multiples of 1/8 in +-250.
template <class T>
struct FloatData {
  using F = FloatOf<T>;
  T d0[64], d1[64], mem[64];
  static T bits(F f) { return std::bit_cast<T>(f); }
  FloatData() {
    const F inf = std::numeric_limits<F>::infinity();
    const F e0[] = {inf, -inf, F(1e30), F(-1e-30), F(0.5), F(0.0), F(-2.5), F(3.0)};
    const F em[] = {F(1.0), F(2.0), -inf, F(5.0), F(0.5), F(3.0), F(-2.5), F(7.0)};
    Rng r{0xf10a7 + sizeof(T)};
    auto rnd = [&] { return F(int(r.next() % 4001) - 2000) * F(0.125); };
    for (unsigned l = 0; l < 64; ++l) {
      d0[l] = bits(l < 8 ? e0[l] : rnd());
      mem[l] = bits(l < 8 ? em[l] : rnd());
      d1[l] = T(r.next());  // any bits: CMPST stores them as they are
    }
  }
  // The NaN kept in memory for CMPST (a quiet NaN with payload).
  static T nan() { return sizeof(T) == 8 ? T(0x7ff8000000000123ull) : T(0x7fc00123u); }
  T init(K k, unsigned l) const {
    if (k != K::CmpStF) return mem[l];
    if (l == 5) return bits(F(-0.0));  // DATA0 of lane 5 is +0.0
    const T c[4] = {d0[l], nan(), T(d0[l] + 1), mem[l]};
    return c[l % 4];
  }
};

// DS_ADD_F32 data: sums that are exact or round to nearest even, no
// denormals, infinities or NaNs.
struct FaddData {
  uint32_t d0[64], d1[64], mem[64];
  FaddData() {
    const float e0[] = {1e-8f, -0.5f, 3.0f, 16777216.0f, 0.1f};
    const float em[] = {1.0f, 0.5f, -3.0f, 1.0f, 0.2f};
    Rng r{0xadd};
    for (unsigned l = 0; l < 64; ++l) {
      d0[l] = std::bit_cast<uint32_t>(l < 5 ? e0[l] : float(int(r.next() % 2001) - 1000) * 0.375f);
      mem[l] = std::bit_cast<uint32_t>(l < 5 ? em[l] : float(int(r.next() % 2001) - 1000) * 0.0625f);
      d1[l] = 0;
    }
  }
};

// SRC2 addressing, GcnInstrsDs.md:
//   A = (OFFSET&0x8000) ? ADDR&0x1fffc : ADDR&~3                        (64-bit: 0x1fff8, ~7)
//   B = A + ((OFFSET&0x8000) ? ((ADDR>>17) | ((ADDR>>16)&0x8000))
//                            : ((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)) * 4  (64-bit: (...)&~7)
// The strides used here are positive (bit 15 clear).
uint32_t src2A(uint32_t addr, uint32_t off, bool wide) {
  if (off & 0x8000) return addr & (wide ? 0x1fff8u : 0x1fffcu);
  return addr & (wide ? ~7u : ~3u);
}
uint32_t src2B(uint32_t addr, uint32_t off, bool wide) {
  const uint32_t a = src2A(addr, off, wide);
  const uint32_t stride =
      (off & 0x8000) ? ((addr >> 17) | ((addr >> 16) & 0x8000)) : ((off & 0x7fff) | ((off << 1) & 0x8000));
  const uint32_t b = a + stride * 4;
  return wide ? b & ~7u : b;
}

struct Src2Op {
  std::string name;
  K kind;
};

// ds_ops_src2.s: 32-bit op i has its A block at 512*i, 64-bit op j at
// 8192 + 1024*j; even ops take the stride from OFFSET (64 dwords, or 129 for
// 64-bit so that B = (A+516)&~7 = A+512), odd ops from ADDR[31:17] with
// OFFSET = 0x8005 / 0x8000. ADDR = base | v1 (4*lane + lane&3) or base | v2
// (8*lane + lane&7).
template <class T, class InitA, class InitB>
void checkSrc2(Gen g, test::WaveHarness& h, uint64_t exec, uint32_t base, bool addrForm, const Src2Op& op,
               InitA initA, InitB initB, bool check) {
  constexpr bool wide = sizeof(T) == 8;
  const uint32_t strideDw = wide ? 129 : 64;
  const uint32_t off = addrForm ? (wide ? 0x8000u : 0x8005u) : strideDw;
  INFO(isa::genName(g) << " " << op.name << " exec " << std::hex << exec);
  for (unsigned l = 0; l < 64; ++l) {
    INFO("lane " << l);
    const uint32_t addr = base | (addrForm ? strideDw << 17 : 0) | uint32_t(sizeof(T) * l + (l % sizeof(T)));
    const uint32_t a = src2A(addr, off, wide), b = src2B(addr, off, wide);
    if (!check) {
      REQUIRE(a == base + sizeof(T) * l);  // the program's layout, worked by hand
      REQUIRE(b == a + 64 * sizeof(T));
      h.lds.store(a, initA(op.kind, l));
      h.lds.store(b, initB(op.kind, l));
      continue;
    }
    const bool on = exec >> l & 1;
    const T va = initA(op.kind, l), vb = initB(op.kind, l);
    CHECK(loadShare<T>(h.lds, a) == (on ? refAtomic<T>(op.kind, va, vb, 0) : va));
    CHECK(loadShare<T>(h.lds, b) == vb);  // B is only read
  }
}

std::vector<Src2Op> src2Ops(bool wide) {
  const std::string b = wide ? "64" : "32";
  return {{"ds_add_src2_u" + b, K::Add},    {"ds_sub_src2_u" + b, K::Sub},  {"ds_rsub_src2_u" + b, K::Rsub},
          {"ds_inc_src2_u" + b, K::Inc},    {"ds_dec_src2_u" + b, K::Dec},  {"ds_min_src2_i" + b, K::MinI},
          {"ds_max_src2_i" + b, K::MaxI},   {"ds_min_src2_u" + b, K::MinU}, {"ds_max_src2_u" + b, K::MaxU},
          {"ds_and_src2_b" + b, K::And},    {"ds_or_src2_b" + b, K::Or},    {"ds_xor_src2_b" + b, K::Xor},
          {"ds_write_src2_b" + b, K::Xchg}, {"ds_min_src2_f" + b, K::MinF}, {"ds_max_src2_f" + b, K::MaxF}};
}

}  // namespace

TEST_CASE("ds ops: 32-bit integer atomics, LDS and GDS, every lane and partial EXEC", "[sim][ds]") {
  // ds_ops_int32.s: ds_add_u32 ds_sub_u32 ds_rsub_u32 ds_inc_u32 ds_dec_u32 ds_min_i32 ds_max_i32
  // ds_min_u32 ds_max_u32 ds_and_b32 ds_or_b32 ds_xor_b32 ds_mskor_b32 ds_cmpst_b32, the same
  // with _rtn_, and ds_wrxchg_rtn_b32.
  const std::vector<Op> ops = intOps(false);
  REQUIRE(ops.size() == 29);
  const IntData<uint32_t> d;
  auto init = [&](K k, unsigned l) { return initInt<uint32_t>(k, l, d); };
  for (Gen g : kAllGens) {
    runAtomicTable<uint32_t>(g, "ds_ops_int32", ops, d.d0, d.d1, init, false);
    runAtomicTable<uint32_t>(g, "ds_ops_int32_gds", ops, d.d0, d.d1, init, true);
  }
}

TEST_CASE("ds ops: 64-bit integer atomics, every lane and partial EXEC", "[sim][ds]") {
  // ds_ops_int64.s: the 64-bit forms (_u64/_i64/_b64, with and without _rtn_) and ds_wrxchg_rtn_b64.
  const std::vector<Op> ops = intOps(true);
  REQUIRE(ops.size() == 29);
  const IntData<uint64_t> d;
  auto init = [&](K k, unsigned l) { return initInt<uint64_t>(k, l, d); };
  for (Gen g : kAllGens) runAtomicTable<uint64_t>(g, "ds_ops_int64", ops, d.d0, d.d1, init, false);
}

TEST_CASE("ds ops: float min/max/cmpst atomics, 32 and 64-bit", "[sim][ds]") {
  // ds_ops_f32.s / ds_ops_f64.s: ds_min_f32 ds_max_f32 ds_cmpst_f32 and their _rtn_ forms, the same for f64.
  for (bool wide : {false, true}) {
    const std::string b = wide ? "64" : "32";
    const std::vector<Op> ops = {
        {"ds_min_f" + b, K::MinF, false},     {"ds_max_f" + b, K::MaxF, false},
        {"ds_cmpst_f" + b, K::CmpStF, false}, {"ds_min_rtn_f" + b, K::MinF, true},
        {"ds_max_rtn_f" + b, K::MaxF, true},  {"ds_cmpst_rtn_f" + b, K::CmpStF, true}};
    for (Gen g : kAllGens) {
      if (wide) {
        const FloatData<uint64_t> d;
        runAtomicTable<uint64_t>(
            g, "ds_ops_f64", ops, d.d0, d.d1, [&](K k, unsigned l) { return d.init(k, l); }, false);
      } else {
        const FloatData<uint32_t> d;
        runAtomicTable<uint32_t>(
            g, "ds_ops_f32", ops, d.d0, d.d1, [&](K k, unsigned l) { return d.init(k, l); }, false);
      }
    }
  }
}

TEST_CASE("ds ops: ds_add_f32 / ds_add_rtn_f32 (GCN 1.2+)", "[sim][ds]") {
  const std::vector<Op> ops = {{"ds_add_f32", K::AddF, false}, {"ds_add_rtn_f32", K::AddF, true}};
  const FaddData d;
  // Hand-worked lanes: 1 + 1e-8 rounds to 1; 16777216 + 1 rounds to even (16777216).
  CHECK(refAtomic<uint32_t>(K::AddF, d.mem[0], d.d0[0], 0) == 0x3f800000u);
  CHECK(refAtomic<uint32_t>(K::AddF, d.mem[3], d.d0[3], 0) == 0x4b800000u);
  for (Gen g : {Gen::GCN12, Gen::GCN14})
    runAtomicTable<uint32_t>(
        g, "ds_ops_fadd", ops, d.d0, d.d1, [&](K, unsigned l) { return d.mem[l]; }, false);
}

TEST_CASE("ds ops: every SRC2 form, OFFSET and ADDR strides", "[sim][ds]") {
  const std::vector<Src2Op> ops32 = src2Ops(false), ops64 = src2Ops(true);
  const IntData<uint32_t> i32;
  const IntData<uint64_t> i64;
  const FloatData<uint32_t> f32;
  const FloatData<uint64_t> f64;
  auto isFloat = [](K k) { return k == K::MinF || k == K::MaxF; };
  // A holds the "memory" value of the op, B the operand (DATA0's role).
  auto a32 = [&](K k, unsigned l) { return isFloat(k) ? f32.init(k, l) : initInt<uint32_t>(k, l, i32); };
  auto b32 = [&](K k, unsigned l) { return isFloat(k) ? f32.d0[l] : i32.d0[l]; };
  auto a64 = [&](K k, unsigned l) { return isFloat(k) ? f64.init(k, l) : initInt<uint64_t>(k, l, i64); };
  auto b64 = [&](K k, unsigned l) { return isFloat(k) ? f64.d0[l] : i64.d0[l]; };
  for (Gen g : kAllGens) {
    for (uint64_t exec : kExecMasks) {
      test::WaveHarness h(g);
      h.wave.setM0(0xffffffffu);
      h.wave.setExec(exec);
      for (unsigned l = 0; l < 64; ++l) {
        h.wave.v(1)[l] = 4 * l + (l & 3);
        h.wave.v(2)[l] = 8 * l + (l & 7);
      }
      for (int pass = 0; pass < 2; ++pass) {
        const bool check = pass == 1;
        if (check) {
          const sim::RunStatus st = h.runProgram("ds_ops_src2");
          INFO(st.message);
          REQUIRE(st.ok());
        }
        for (size_t i = 0; i < ops32.size(); ++i)
          checkSrc2<uint32_t>(g, h, exec, uint32_t(512 * i), i % 2 == 1, ops32[i], a32, b32, check);
        for (size_t j = 0; j < ops64.size(); ++j)
          checkSrc2<uint64_t>(g, h, exec, uint32_t(8192 + 1024 * j), j % 2 == 1, ops64[j], a64, b64, check);
      }
    }
  }
}

TEST_CASE("ds ops: ds_add_src2_f32 (GCN 1.2+)", "[sim][ds]") {
  const FaddData d;
  const Src2Op op{"ds_add_src2_f32", K::AddF};
  auto a = [&](K, unsigned l) { return d.mem[l]; };
  auto b = [&](K, unsigned l) { return d.d0[l]; };
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    for (uint64_t exec : kExecMasks) {
      test::WaveHarness h(g);
      h.wave.setM0(0xffffffffu);
      h.wave.setExec(exec);
      for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = 4 * l + (l & 3);
      checkSrc2<uint32_t>(g, h, exec, 0, false, op, a, b, false);
      const sim::RunStatus st = h.runProgram("ds_ops_src2_fadd");
      INFO(st.message);
      REQUIRE(st.ok());
      checkSrc2<uint32_t>(g, h, exec, 0, false, op, a, b, true);
    }
  }
}

}  // namespace every_ds_atomic
