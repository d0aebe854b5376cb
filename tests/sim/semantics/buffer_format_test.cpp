// Formatted buffer accesses: BUFFER_*_FORMAT_* take data/number format and
// DST_SEL from the V#, TBUFFER_* (MTBUF) take the format from the instruction
// with identity DST_SEL (seeds/001_2fc8a7f12b5d60d9.txt "MUBUF/MTBUF format
// conversion"); D16 packing on GCN 1.4.
//
// Every formatted buffer opcode (namespace every_format_op, below):
// Every BUFFER_*_FORMAT_* and TBUFFER_*_FORMAT_* of every generation (D16 forms
// on GCN 1.2+, _D16_HI_X on GCN 1.4), table-driven. Programs:
// tests/sim/programs/vmem_ops_format.gfxN.s (generated, same order as kOps).
// Seed 001 "MUBUF/MTBUF format conversion": BUFFER_*_FORMAT_* take data/number
// format and DST_SEL from the V#, TBUFFER_* from the instruction with identity
// DST_SEL. Expected values are built here per lane from the format tables:
// components of 8/16/32 bits packed from bit 0 upwards; UINT zero-extends,
// SINT sign-extends, USCALED converts to float, FLOAT (32-bit) is the raw
// float. D16 (GcnInstrsMubuf.md "Store result as 16-bit value (half FP or
// 16-bit integer)"): integers keep their low 16 bits, FLOAT converts to half
// (hand-worked constants below); GCN 1.2 gives every component its own VGPR
// (low half, VDATA(3) for XYZ), GCN 1.4 packs two per VGPR, x low (VDATA(2)
// for XYZ); _D16_HI_X writes bits 16-31 and keeps bits 0-15. Stores supply as
// many components as the format has, so the whole element is written.
// Every op has its own 64 x 16-byte region, IDXEN with VGPR index = lane,
// STRIDE 16, NUMRECORDS 62: lanes 62/63 are out of range (reads 0, writes
// dropped); lanes 9 and 40 are inactive.
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "memory/buffer_resource.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

using test::kAllGens;

void putVsharp(test::WaveHarness& h, unsigned sreg, const memory::BufferResource& r) {
  const auto w = r.encode(h.gen);
  for (unsigned i = 0; i < 4; ++i) h.wave.sreg[sreg + i] = w[i];
}
memory::BufferResource res(uint64_t base, uint32_t stride, uint32_t numRecords, uint8_t dfmt, uint8_t nfmt) {
  memory::BufferResource r;
  r.baseAddress = base;
  r.stride = stride;
  r.numRecords = numRecords;
  r.dataFormat = dfmt;
  r.numFormat = nfmt;
  return r;
}
uint32_t f32(float f) { return std::bit_cast<uint32_t>(f); }
uint32_t word(const test::WaveHarness& h, uint64_t a) { return h.get<uint32_t>(a, 1)[0]; }

constexpr uint8_t kDf16_16 = 5, kDf32 = 4, kDf8_8_8_8 = 10;
constexpr uint8_t kNfUnorm = 0, kNfUint = 4, kNfFloat = 7;

}  // namespace

TEST_CASE("buffer: format loads and stores, MUBUF from the V#, MTBUF from the instruction",
          "[sim][buffer][format]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    // A: 8_8_8_8 UNORM elements (x=0xff, y=0x00, z=0x33, w=0x80), DST_SEL = (B, G, R, 1).
    const uint64_t a = h.alloc(256), b = h.alloc(256), c = h.alloc(256), d = h.alloc(256);
    h.put(a, std::vector<uint32_t>(64, 0x803300ffu));
    memory::BufferResource ra = res(a, 4, 4, kDf8_8_8_8, kNfUnorm);
    ra.dstSelX = memory::kDstSelB;
    ra.dstSelY = memory::kDstSelG;
    ra.dstSelZ = memory::kDstSelR;
    ra.dstSelW = memory::kDstSel1;
    putVsharp(h, 4, ra);
    // B: 16_16 elements x = 0xfffe, y = 5 + i; the V# says 32/FLOAT and DST_SEL 0: MTBUF ignores both.
    std::vector<uint32_t> bv(64);
    for (unsigned i = 0; i < 64; ++i) bv[i] = (5u + i) << 16 | 0xfffeu;
    h.put(b, bv);
    memory::BufferResource rb = res(b, 4, 64, kDf32, kNfFloat);
    rb.dstSelX = rb.dstSelY = rb.dstSelZ = rb.dstSelW = memory::kDstSel0;
    putVsharp(h, 12, rb);
    // C: target of tbuffer_store_format_x 8_8_8_8 UINT (only x changes).
    h.put(c, std::vector<uint32_t>(64, 0x44332211u));
    putVsharp(h, 16, res(c, 4, 64, kDf32, kNfFloat));
    // D: buffer_store_format_xyzw with the V#'s 8_8_8_8 UNORM.
    putVsharp(h, 24, res(d, 4, 64, kDf8_8_8_8, kNfUnorm));
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = l;
      h.wave.v(16)[l] = 0x100 + l;
      h.wave.v(20)[l] = f32(1.0f);
      h.wave.v(21)[l] = f32(0.0f);
      h.wave.v(22)[l] = f32(0.5f);
      h.wave.v(23)[l] = f32(2.0f);
    }
    const sim::RunStatus st = h.runProgram("buffer_format");
    INFO(st.message);
    REQUIRE(st.ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l < 4) {
        // UNORM: x/255 -> (1.0, 0.0, 0.2, 128/255); DST_SEL (B, G, R, 1)
        CHECK(h.wave.v(10)[l] == f32(float(51.0 / 255.0)));
        CHECK(h.wave.v(11)[l] == f32(0.0f));
        CHECK(h.wave.v(12)[l] == f32(1.0f));
        CHECK(h.wave.v(13)[l] == f32(1.0f));
      } else {  // index >= NUMRECORDS: out of range, all components 0
        for (unsigned r = 10; r < 14; ++r) CHECK(h.wave.v(r)[l] == 0u);
      }
      // 16_16 SINT from the instruction, identity DST_SEL
      CHECK(h.wave.v(14)[l] == 0xfffffffeu);
      CHECK(h.wave.v(15)[l] == 5 + l);
      // UINT keeps the low 8 bits of x; y, z, w bytes are untouched
      CHECK(word(h, c + 4 * l) == (0x44332200u | ((0x100 + l) & 0xff)));
      // UNORM store: 1.0 -> 255, 0.0 -> 0, 0.5 -> 127.5 -> 128 (round to nearest even), 2.0 clamps to 255
      CHECK(word(h, d + 4 * l) == 0xff8000ffu);
    }
  }
}

TEST_CASE("buffer: packed D16 format loads and stores (GCN 1.4)", "[sim][buffer][format]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t a = h.alloc(256), b = h.alloc(256);
  h.put(a, std::vector<uint32_t>(64, 0x803300ffu));
  memory::BufferResource ra = res(a, 4, 64, kDf8_8_8_8, kNfUnorm);
  ra.dstSelX = memory::kDstSelB;
  ra.dstSelY = memory::kDstSelG;
  ra.dstSelZ = memory::kDstSelR;
  ra.dstSelW = memory::kDstSel1;
  putVsharp(h, 4, ra);
  putVsharp(h, 12, res(b, 4, 64, kDf16_16, kNfUint));
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(1)[l] = l;
    h.wave.v(26)[l] = 0x1234abcd;
    h.wave.v(27)[l] = 0x00070009u + l;
  }
  REQUIRE(h.runProgram("buffer_d16").ok());
  for (unsigned l = 0; l < 64; ++l) {
    INFO("lane " << l);
    // (0.2, 0.0, 1.0, 1.0) as halves: 0.2 -> 0x3266, 1.0 -> 0x3c00; two per VGPR, x low
    CHECK(h.wave.v(24)[l] == 0x00003266u);
    CHECK(h.wave.v(25)[l] == 0x3c003c00u);
    // _D16_HI_X: x in bits 16-31, low half kept
    CHECK(h.wave.v(26)[l] == 0x3266abcdu);
    // UINT D16 store: x = low half, y = high half of the VGPR
    CHECK(word(h, b + 4 * l) == 0x00070009u + l);
  }
}

// Every formatted buffer opcode.
namespace every_format_op {

namespace {

enum Nf : uint8_t { kUint = 4, kSint = 5, kUscaled = 2, kFloat = 7 };
enum class D16 { No, Lo, Hi };
struct FmtOp {
  const char* name;
  bool typed, store;
  unsigned comps;
  D16 d16;
  uint8_t dfmt;  // seed 001 data format code
  uint8_t nfmt;
  unsigned minGen;  // 0 = GCN 1.0, 2 = GCN 1.2, 3 = GCN 1.4
  uint8_t sel[4];   // DST_SEL of the V# (MUBUF loads)
};
constexpr uint8_t kId[4] = {4, 5, 6, 7};
// Data formats: 1 = 8, 2 = 16, 3 = 8_8, 4 = 32, 5 = 16_16, 10 = 8_8_8_8,
// 12 = 16_16_16_16, 13 = 32_32_32.
constexpr FmtOp kOps[] = {
    {"buffer_load_format_x", false, false, 1, D16::No, 1, kSint, 0, {4, 5, 6, 7}},
    {"buffer_load_format_xy", false, false, 2, D16::No, 5, kUscaled, 0, {4, 5, 6, 7}},
    {"buffer_load_format_xyz", false, false, 3, D16::No, 10, kSint, 0, {7, 4, 5, 6}},  // DST_SEL A, R, G
    {"buffer_store_format_x", false, true, 1, D16::No, 2, kUint, 0, {4, 5, 6, 7}},
    {"buffer_store_format_xy", false, true, 2, D16::No, 3, kSint, 0, {4, 5, 6, 7}},
    {"buffer_store_format_xyz", false, true, 3, D16::No, 13, kFloat, 0, {4, 5, 6, 7}},
    {"tbuffer_load_format_x", true, false, 1, D16::No, 2, kSint, 0, {4, 5, 6, 7}},
    {"tbuffer_load_format_xy", true, false, 2, D16::No, 3, kUint, 0, {4, 5, 6, 7}},
    {"tbuffer_load_format_xyz", true, false, 3, D16::No, 13, kUint, 0, {4, 5, 6, 7}},
    {"tbuffer_load_format_xyzw", true, false, 4, D16::No, 12, kSint, 0, {4, 5, 6, 7}},
    {"tbuffer_store_format_x", true, true, 1, D16::No, 4, kSint, 0, {4, 5, 6, 7}},
    {"tbuffer_store_format_xy", true, true, 2, D16::No, 5, kSint, 0, {4, 5, 6, 7}},
    {"tbuffer_store_format_xyz", true, true, 3, D16::No, 13, kFloat, 0, {4, 5, 6, 7}},
    {"tbuffer_store_format_xyzw", true, true, 4, D16::No, 10, kUint, 0, {4, 5, 6, 7}},
    {"buffer_load_format_d16_x", false, false, 1, D16::Lo, 4, kFloat, 2, {4, 5, 6, 7}},
    {"buffer_load_format_d16_xy", false, false, 2, D16::Lo, 5, kSint, 2, {4, 5, 6, 7}},
    {"buffer_load_format_d16_xyz", false, false, 3, D16::Lo, 12, kUint, 2, {4, 5, 6, 7}},
    {"buffer_load_format_d16_xyzw", false, false, 4, D16::Lo, 10, kUint, 2, {4, 5, 6, 7}},
    {"buffer_store_format_d16_x", false, true, 1, D16::Lo, 2, kUint, 2, {4, 5, 6, 7}},
    {"buffer_store_format_d16_xy", false, true, 2, D16::Lo, 5, kSint, 2, {4, 5, 6, 7}},
    {"buffer_store_format_d16_xyz", false, true, 3, D16::Lo, 13, kFloat, 2, {4, 5, 6, 7}},
    {"buffer_store_format_d16_xyzw", false, true, 4, D16::Lo, 12, kUint, 2, {4, 5, 6, 7}},
    {"tbuffer_load_format_d16_x", true, false, 1, D16::Lo, 4, kFloat, 2, {4, 5, 6, 7}},
    {"tbuffer_load_format_d16_xy", true, false, 2, D16::Lo, 5, kSint, 2, {4, 5, 6, 7}},
    {"tbuffer_load_format_d16_xyz", true, false, 3, D16::Lo, 12, kUint, 2, {4, 5, 6, 7}},
    {"tbuffer_load_format_d16_xyzw", true, false, 4, D16::Lo, 10, kUint, 2, {4, 5, 6, 7}},
    {"tbuffer_store_format_d16_x", true, true, 1, D16::Lo, 2, kUint, 2, {4, 5, 6, 7}},
    {"tbuffer_store_format_d16_xy", true, true, 2, D16::Lo, 5, kSint, 2, {4, 5, 6, 7}},
    {"tbuffer_store_format_d16_xyz", true, true, 3, D16::Lo, 13, kFloat, 2, {4, 5, 6, 7}},
    {"tbuffer_store_format_d16_xyzw", true, true, 4, D16::Lo, 12, kUint, 2, {4, 5, 6, 7}},
    {"buffer_load_format_d16_hi_x", false, false, 1, D16::Hi, 2, kUint, 3, {4, 5, 6, 7}},
    {"buffer_store_format_d16_hi_x", false, true, 1, D16::Hi, 2, kUint, 3, {4, 5, 6, 7}},
};

// Component width in bits (all components of these formats have one width).
unsigned width(uint8_t dfmt) {
  switch (dfmt) {
    case 1:
    case 3:
    case 10: return 8;
    case 2:
    case 5:
    case 12: return 16;
    default: return 32;
  }
}
unsigned components(uint8_t dfmt) {
  switch (dfmt) {
    case 3:
    case 5: return 2;
    case 13: return 3;
    case 10:
    case 12: return 4;
    default: return 1;
  }
}

// Exactly representable floats and their halves (IEEE binary16, by hand).
constexpr float kF[] = {1.0f, -2.5f, 0.5f, 65504.0f, 0.25f, -0.0f, 2.0f, 1024.0f};
constexpr uint16_t kH[] = {0x3c00, 0xc100, 0x3800, 0x7bff, 0x3400, 0x8000, 0x4000, 0x6400};

constexpr uint64_t kExec = ~((1ull << 9) | (1ull << 40));
constexpr unsigned kStride = 16, kRecords = 62, kRegion = 64 * kStride;

// Raw component c of lane l for op k (fits the component width; FLOAT: a kF value).
uint32_t rawComp(const FmtOp& op, unsigned k, unsigned l, unsigned c) {
  const unsigned w = width(op.dfmt);
  if (op.nfmt == kFloat) return std::bit_cast<uint32_t>(kF[(l + 3 * c + k) % 8]);
  const uint32_t x = (l * 0x9e3779b1u) ^ (c * 0x85ebca6bu) ^ (k * 0xc2b2ae35u);
  return w == 32 ? x : x & ((1u << w) - 1);
}
uint32_t sext(uint32_t v, unsigned w) { return w == 32 ? v : uint32_t(int32_t(v << (32 - w)) >> (32 - w)); }
// The 32-bit register value of a (non-D16) loaded component.
uint32_t toReg(const FmtOp& op, uint32_t raw) {
  const unsigned w = width(op.dfmt);
  switch (op.nfmt) {
    case kSint: return sext(raw, w);
    case kUscaled: return std::bit_cast<uint32_t>(float(raw));
    default: return raw;  // UINT, FLOAT (32-bit)
  }
}
uint16_t toHalfReg(const FmtOp& op, uint32_t raw) {
  if (op.nfmt == kFloat)
    for (unsigned i = 0; i < 8; ++i)
      if (std::bit_cast<uint32_t>(kF[i]) == raw) return kH[i];
  return uint16_t(toReg(op, raw));
}

}  // namespace

TEST_CASE("vmem ops: every BUFFER/TBUFFER *_FORMAT_* (D16 on GCN 1.2+)", "[sim][vmem]") {
  for (Gen g : test::kAllGens) {
    INFO(isa::genName(g));
    const unsigned gi = unsigned(isa::genIndex(g));
    test::WaveHarness h(g, 256);
    std::vector<FmtOp> ops;
    for (const FmtOp& op : kOps)
      if (gi >= op.minGen) ops.push_back(op);
    const uint64_t glob = h.alloc(ops.size() * kRegion);
    h.wave.setExec(kExec);
    // Registers (generated programs): the m-th MUBUF op has its V# in
    // s[4+4m:7+4m]; TBUFFER ops share s[68:71] (its 32/FLOAT format and zero
    // DST_SEL are ignored), the t-th with SOFFSET s[72+t] selecting its region;
    // load destinations from v64 with a guard VGPR after each, store data
    // from v160; v0 = index.
    std::vector<unsigned> reg(ops.size());
    unsigned d = 64, s = 160, mubufs = 0, tbufs = 0;
    auto dwords = [&](const FmtOp& op) {
      if (op.d16 == D16::No) return op.comps;
      if (op.d16 == D16::Hi) return 1u;
      return g == Gen::GCN12 ? op.comps : (op.comps + 1) / 2;
    };
    for (size_t k = 0; k < ops.size(); ++k) {
      reg[k] = ops[k].store ? s : d;
      (ops[k].store ? s : d) += dwords(ops[k]) + (ops[k].store ? 0 : 1);
      memory::BufferResource r;
      r.stride = kStride;
      r.numRecords = kRecords;
      if (ops[k].typed) {
        r.baseAddress = glob;
        r.dataFormat = 4;
        r.numFormat = 7;
        r.dstSelX = r.dstSelY = r.dstSelZ = r.dstSelW = memory::kDstSel0;
        const auto w = r.encode(g);
        for (unsigned i = 0; i < 4; ++i) h.wave.sreg[68 + i] = w[i];
        h.wave.sreg[72 + tbufs++] = uint32_t(k * kRegion);
      } else {
        r.baseAddress = glob + k * kRegion;
        r.dataFormat = ops[k].dfmt;
        r.numFormat = ops[k].nfmt;
        r.dstSelX = ops[k].sel[0];
        r.dstSelY = ops[k].sel[1];
        r.dstSelZ = ops[k].sel[2];
        r.dstSelW = ops[k].sel[3];
        const auto w = r.encode(g);
        for (unsigned i = 0; i < 4; ++i) h.wave.sreg[4 + 4 * mubufs + i] = w[i];
        ++mubufs;
      }
    }
    REQUIRE(mubufs <= 16);
    REQUIRE(tbufs <= 16);
    REQUIRE(s <= 256);
    REQUIRE(d <= 160);
    auto initial = [](unsigned r, unsigned l) {
      return 0xa5000000u ^ (r << 12) ^ (l * 0x10001u) ^ 0x80008000u;
    };
    for (unsigned r = 1; r < 256; ++r)
      for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = initial(r, l);
    for (unsigned l = 0; l < 64; ++l) h.wave.v(0)[l] = l;
    // Element bytes of every lane: loads read them; store regions start as 0xee
    // and the store data registers hold the components to store.
    std::vector<uint8_t> mem(ops.size() * kRegion, 0xee);
    for (size_t k = 0; k < ops.size(); ++k) {
      const FmtOp& op = ops[k];
      const unsigned w = width(op.dfmt), n = components(op.dfmt);
      for (unsigned l = 0; l < 64; ++l) {
        if (!op.store) {
          for (unsigned c = 0; c < n; ++c) {
            const uint32_t raw = rawComp(op, unsigned(k), l, c);
            for (unsigned b = 0; b < w / 8; ++b)
              mem[k * kRegion + l * kStride + c * w / 8 + b] = uint8_t(raw >> (8 * b));
          }
          continue;
        }
        for (unsigned c = 0; c < op.comps; ++c) {
          uint32_t raw = rawComp(op, unsigned(k), l, c);
          if (op.d16 == D16::No) {
            h.wave.v(reg[k] + c)[l] = toReg(op, raw);  // in range of the width: SINT sign-extended
            continue;
          }
          // D16: a half (FLOAT) or a 16-bit integer; the other half is junk.
          const uint16_t half = op.nfmt == kFloat ? toHalfReg(op, raw) : uint16_t(raw);
          uint32_t& v = h.wave.v(reg[k] + (op.d16 == D16::Hi ? 0 : g == Gen::GCN12 ? c : c / 2))[l];
          if (op.d16 == D16::Hi)
            v = (v & 0xffffu) | uint32_t(half) << 16;
          else if (g == Gen::GCN12)
            v = (v & 0xffff0000u) | half;
          else
            v = (c & 1) ? (v & 0xffffu) | uint32_t(half) << 16 : (v & 0xffff0000u) | half;
        }
      }
    }
    h.put(glob, mem);
    const sim::RunStatus st = h.runProgram("vmem_ops_format");
    INFO(st.message);
    REQUIRE(st.ok());
    const std::vector<uint8_t> after = h.get<uint8_t>(glob, mem.size());
    for (size_t k = 0; k < ops.size(); ++k) {
      const FmtOp& op = ops[k];
      INFO(op.name);
      const unsigned w = width(op.dfmt);
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        const bool active = kExec >> l & 1, inRange = l < kRecords;
        if (op.store) {
          for (unsigned c = 0; c < components(op.dfmt); ++c) {
            const uint32_t raw = rawComp(op, unsigned(k), l, c);
            for (unsigned b = 0; b < w / 8; ++b) {
              const size_t at = k * kRegion + l * kStride + c * w / 8 + b;
              CHECK(after[at] == (active && inRange ? uint8_t(raw >> (8 * b)) : 0xee));
            }
          }
          for (unsigned b = components(op.dfmt) * w / 8; b < kStride; ++b)
            CHECK(after[k * kRegion + l * kStride + b] == 0xee);
          continue;
        }
        // Components after DST_SEL (MUBUF) or identity (TBUFFER).
        uint32_t comp[4] = {0, 0, 0, 0};
        uint16_t half[4] = {0, 0, 0, 0};
        if (inRange)
          for (unsigned c = 0; c < op.comps; ++c) {
            const unsigned src = (op.typed ? kId : op.sel)[c] - 4;
            const uint32_t raw = rawComp(op, unsigned(k), l, src);
            comp[c] = toReg(op, raw);
            half[c] = toHalfReg(op, raw);
          }
        const unsigned dw = dwords(op);
        for (unsigned i = 0; i <= dw; ++i) {  // <=: the guard VGPR
          const uint32_t old = initial(reg[k] + i, l), got = h.wave.v(reg[k] + i)[l];
          if (!active || i == dw) {
            CHECK(got == old);
          } else if (op.d16 == D16::No) {
            CHECK(got == comp[i]);
          } else if (op.d16 == D16::Hi) {
            CHECK(got == ((old & 0xffffu) | uint32_t(half[0]) << 16));
          } else if (g == Gen::GCN12) {
            CHECK((got & 0xffffu) == half[i]);  // unpacked: one component per VGPR
          } else {
            CHECK((got & 0xffffu) == half[2 * i]);  // packed: x low, y high
            if (2 * i + 1 < op.comps) CHECK(got >> 16 == half[2 * i + 1]);
          }
        }
      }
    }
  }
}

}  // namespace every_format_op
