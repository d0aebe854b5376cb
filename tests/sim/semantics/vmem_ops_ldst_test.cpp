// Every untyped load and store of MUBUF (all generations), FLAT (GCN 1.1+),
// GLOBAL and SCRATCH (GCN 1.4), table-driven: each lane owns 256 "logical"
// bytes (global memory, LDS or scratch, depending on the family and, for
// FLAT, on the lane's aperture), filled with a byte pattern; the programs
// tests/sim/programs/vmem_ops_{buffer,flat,global,scratch}_ldst.gfxN.s run
// every load, then every store, each at its own logical offset, then re-read
// the last store's 16 bytes. A per-lane CPU model written from the pseudo-code
// of reference/clrx/GcnInstrsMubuf.md and GcnInstrsFlat.md gives the expected
// VGPRs and bytes:
//   LOAD_UBYTE/USHORT zero-extend, LOAD_SBYTE/SSHORT sign-extend,
//   *_D16: VDATA = (VDATA & 0xffff0000) | (UINT16)value (sbyte sign-extended to 16 bits),
//   *_D16_HI: VDATA = (VDATA & 0xffff) | value << 16,
//   STORE_BYTE/SHORT: the low 8/16 bits, *_D16_HI: bits 16-23 / 16-31.
// Lanes 7 and 50 are inactive. MUBUF: NUMRECORDS covers lanes 0-62 only, so
// lane 63 is out of range ("Reads are zero and writes are ignored", seed 001).
// Scratch layout (flat_access_test.cpp): dword k of a lane at
// base + 256*k + 4*lane. BUFFER_WBINVL1* (no visible effect, the re-read sees
// the stores) and BUFFER_STORE_LDS_DWORD (GCN 1.2+, LDS[(M0&0xffff) + OFFSET +
// LANEID*4] to a TID_ENABLE buffer) are checked too.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "memory/apertures.hpp"
#include "memory/buffer_resource.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using isa::Gen;

namespace {

enum class Sub {
  None,
  U8,
  I8,
  U16,
  I16,
  U8D16,
  I8D16,
  U16D16,
  U8D16Hi,
  I8D16Hi,
  U16D16Hi,
  B8,
  B16,
  B8Hi,
  B16Hi
};
struct LdSt {
  const char* name;  // after "buffer_", "flat_", ...
  bool store;
  unsigned dwords;
  Sub sub;
  uint32_t offset;  // logical byte offset
  bool gfx9Only;
};
// Program order (generated programs, keep in sync).
constexpr LdSt kOps[] = {
    {"load_dword", false, 1, Sub::None, 0, false},
    {"load_dwordx2", false, 2, Sub::None, 8, false},
    {"load_dwordx3", false, 3, Sub::None, 16, false},
    {"load_dwordx4", false, 4, Sub::None, 32, false},
    {"load_ubyte", false, 1, Sub::U8, 49, false},
    {"load_sbyte", false, 1, Sub::I8, 50, false},
    {"load_ushort", false, 1, Sub::U16, 52, false},
    {"load_sshort", false, 1, Sub::I16, 54, false},
    {"load_ubyte_d16", false, 1, Sub::U8D16, 57, true},
    {"load_ubyte_d16_hi", false, 1, Sub::U8D16Hi, 58, true},
    {"load_sbyte_d16", false, 1, Sub::I8D16, 59, true},
    {"load_sbyte_d16_hi", false, 1, Sub::I8D16Hi, 61, true},
    {"load_short_d16", false, 1, Sub::U16D16, 62, true},
    {"load_short_d16_hi", false, 1, Sub::U16D16Hi, 64, true},
    {"store_byte", true, 1, Sub::B8, 129, false},
    {"store_short", true, 1, Sub::B16, 130, false},
    {"store_byte_d16_hi", true, 1, Sub::B8Hi, 133, true},
    {"store_short_d16_hi", true, 1, Sub::B16Hi, 134, true},
    {"store_dword", true, 1, Sub::None, 136, false},
    {"store_dwordx2", true, 2, Sub::None, 144, false},
    {"store_dwordx3", true, 3, Sub::None, 160, false},
    {"store_dwordx4", true, 4, Sub::None, 176, false},
};

// Where a lane's logical bytes live.
enum class Seg { Global, Lds, Scratch };
enum class Fam { Buffer, Flat, Global, Scratch };
constexpr unsigned kLaneBytes = 256;
constexpr uint64_t kExec = ~((1ull << 7) | (1ull << 50));

uint8_t pattern(unsigned lane, uint32_t o) { return uint8_t(o * 29 + lane * 13 + 0x81); }

uint32_t loadRef(Sub k, const uint8_t* b, uint32_t old) {
  const uint32_t u8 = b[0], u16 = uint32_t(b[0]) | uint32_t(b[1]) << 8;
  const uint32_t s8 = uint32_t(int32_t(int8_t(b[0])));
  const uint32_t s16 = uint32_t(int32_t(int16_t(uint16_t(u16))));
  switch (k) {
    case Sub::U8: return u8;
    case Sub::I8: return s8;
    case Sub::U16: return u16;
    case Sub::I16: return s16;
    case Sub::U8D16: return (old & 0xffff0000u) | u8;
    case Sub::I8D16: return (old & 0xffff0000u) | (s8 & 0xffffu);
    case Sub::U16D16: return (old & 0xffff0000u) | u16;
    case Sub::U8D16Hi: return (old & 0xffffu) | u8 << 16;
    case Sub::I8D16Hi: return (old & 0xffffu) | s8 << 16;
    case Sub::U16D16Hi: return (old & 0xffffu) | u16 << 16;
    default: return 0;
  }
}

void runLdSt(Gen g, Fam fam, const std::string& prog) {
  INFO(isa::genName(g) << " " << prog);
  test::WaveHarness h(g, 256);
  std::vector<LdSt> ops;
  for (const LdSt& op : kOps)
    if (!op.gfx9Only || g == Gen::GCN14) ops.push_back(op);
  const uint64_t glob = h.alloc(64 * kLaneBytes);
  const uint64_t scratch = h.alloc(64 * kLaneBytes, "scratch");
  const uint64_t ldsOut = h.alloc(256, "store_lds_dword target");
  h.wave.scratchBase = scratch;
  h.wave.scratchBytesPerLane = kLaneBytes;
  h.wave.setM0(0xffffffffu);
  h.wave.setExec(kExec);
  const memory::FlatApertures ap =
      fam == Fam::Flat ? memory::defaultFlatApertures(g) : memory::FlatApertures{};
  auto seg = [&](unsigned l) {
    if (fam == Fam::Scratch) return Seg::Scratch;
    if (fam != Fam::Flat) return Seg::Global;
    return l < 40 ? Seg::Global : l < 52 ? Seg::Lds : Seg::Scratch;
  };
  auto where = [&](unsigned l, uint32_t o) -> uint64_t {
    switch (seg(l)) {
      case Seg::Lds: return l * kLaneBytes + o;
      case Seg::Scratch: return scratch + 256ull * (o / 4) + 4 * l + o % 4;
      default: return glob + l * kLaneBytes + o;
    }
  };
  auto rdByte = [&](unsigned l, uint32_t o) {
    if (seg(l) != Seg::Lds) return h.get<uint8_t>(where(l, o), 1)[0];
    uint8_t b = 0;
    h.lds.load(uint32_t(where(l, o)), b);
    return b;
  };
  std::vector<std::vector<uint8_t>> model(64, std::vector<uint8_t>(kLaneBytes));
  for (unsigned l = 0; l < 64; ++l)
    for (uint32_t o = 0; o < kLaneBytes; ++o) {
      model[l][o] = pattern(l, o);
      if (seg(l) == Seg::Lds)
        h.lds.store(uint32_t(where(l, o)), model[l][o]);
      else
        h.put(where(l, o), std::vector<uint8_t>{model[l][o]});
    }
  // Registers (generated programs): load destinations from v64 with a guard
  // VGPR after each, store data from v128, FLAT addresses v[2k:2k+1].
  std::vector<unsigned> reg(ops.size());
  unsigned d = 64, s = 128;
  for (size_t k = 0; k < ops.size(); ++k) {
    reg[k] = ops[k].store ? s : d;
    (ops[k].store ? s : d) += ops[k].dwords + (ops[k].store ? 0 : 1);
  }
  auto initial = [](unsigned r, unsigned l) { return 0x5a000000u ^ (r << 16) ^ (l * 0x0101u) ^ 0x00800080u; };
  for (unsigned r = 60; r < 256; ++r)
    for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = initial(r, l);
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(0)[l] = l * kLaneBytes;                // buffer offen / global VADDR offset
    h.wave.v(1)[l] = 64;                            // scratch VADDR
    const uint64_t lane64 = glob + l * kLaneBytes;  // global VADDR(2) with off
    if (fam == Fam::Global) {
      h.wave.v(2)[l] = uint32_t(lane64);
      h.wave.v(3)[l] = uint32_t(lane64 >> 32);
    }
    if (fam == Fam::Flat)
      for (size_t k = 0; k < ops.size(); ++k) {
        const uint32_t o = ops[k].offset;
        const uint64_t a = seg(l) == Seg::Global ? glob + l * kLaneBytes + o
                           : seg(l) == Seg::Lds  ? ap.sharedBase + l * kLaneBytes + o
                                                 : ap.privateBase + o;
        h.wave.v(2 * unsigned(k))[l] = uint32_t(a);
        h.wave.v(2 * unsigned(k) + 1)[l] = uint32_t(a >> 32);
      }
  }
  h.wave.setSreg64(4, glob + 4096);  // GLOBAL SADDR (loads use offset - 4096)
  h.wave.sreg[6] = 16;               // SCRATCH SADDR (stores use offset - 16)
  const bool buffer = fam == Fam::Buffer;
  if (buffer) {
    memory::BufferResource r;
    r.baseAddress = glob;
    r.numRecords = 63 * kLaneBytes;  // lane 63 out of range
    r.dataFormat = 4;
    r.numFormat = 4;
    auto w = r.encode(g);
    for (unsigned k = 0; k < 4; ++k) h.wave.sreg[4 + k] = w[k];
    // BUFFER_STORE_LDS_DWORD target: TID_ENABLE, STRIDE 4 -> lane l at +4l.
    memory::BufferResource t;
    t.baseAddress = ldsOut;
    t.stride = 4;
    t.numRecords = 64;
    t.addTidEnable = true;
    t.dataFormat = 4;
    t.numFormat = 4;
    w = t.encode(g);
    for (unsigned k = 0; k < 4; ++k) h.wave.sreg[8 + k] = w[k];
    h.put(ldsOut, std::vector<uint32_t>(64, 0xeeeeeeeeu));
    h.wave.setM0(0x10100);  // M0 & 0xffff = 0x100
    for (unsigned l = 0; l < 64; ++l) h.lds.store(0x100 + 4 * l, 0x7700 + l);
  }
  const sim::RunStatus st = h.runProgram(prog);
  INFO(st.message);
  REQUIRE(st.ok());

  for (unsigned l = 0; l < 64; ++l) {
    INFO("lane " << l);
    const bool active = kExec >> l & 1;
    const bool inRange = !(buffer && l == 63);
    std::vector<uint8_t>& m = model[l];
    for (size_t k = 0; k < ops.size(); ++k) {
      const LdSt& op = ops[k];
      INFO(op.name);
      const uint32_t o = op.offset;
      if (op.store) {
        if (!active || !inRange) continue;
        const uint32_t v = initial(reg[k], l);
        switch (op.sub) {
          case Sub::B8: m[o] = uint8_t(v); break;
          case Sub::B16: m[o] = uint8_t(v), m[o + 1] = uint8_t(v >> 8); break;
          case Sub::B8Hi: m[o] = uint8_t(v >> 16); break;
          case Sub::B16Hi: m[o] = uint8_t(v >> 16), m[o + 1] = uint8_t(v >> 24); break;
          default:
            for (unsigned i = 0; i < op.dwords; ++i)
              for (unsigned b = 0; b < 4; ++b) m[o + 4 * i + b] = uint8_t(initial(reg[k] + i, l) >> (8 * b));
        }
        continue;
      }
      for (unsigned i = 0; i <= op.dwords; ++i) {  // <=: the guard VGPR
        const uint32_t old = initial(reg[k] + i, l);
        uint32_t want = old;
        if (active && i < op.dwords) {
          uint8_t b[4] = {0, 0, 0, 0};  // out of range: zero
          if (inRange)
            for (unsigned j = 0; j < 4; ++j) b[j] = m[o + 4 * i + j];
          want = op.sub == Sub::None
                     ? uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24
                     : loadRef(op.sub, b, old);
        }
        CHECK(h.wave.v(reg[k] + i)[l] == want);
      }
    }
    if (inRange) {
      for (uint32_t o = 0; o < kLaneBytes; ++o) {
        INFO("byte " << o);
        CHECK(rdByte(l, o) == m[o]);
      }
    } else {
      for (uint32_t o = 0; o < kLaneBytes; ++o)
        CHECK(h.get<uint8_t>(glob + l * kLaneBytes + o, 1)[0] == m[o]);
    }
    // The re-read of the last store (dwordx4 at 176) after the cache ops.
    for (unsigned i = 0; i < 4; ++i) {
      uint32_t want = initial(60 + i, l);
      if (active) {
        want = 0;
        if (inRange)
          for (unsigned b = 0; b < 4; ++b) want |= uint32_t(m[176 + 4 * i + b]) << (8 * b);
      }
      CHECK(h.wave.v(60 + i)[l] == want);
    }
    if (buffer && (g == Gen::GCN12 || g == Gen::GCN14))  // BUFFER_STORE_LDS_DWORD
      CHECK(h.get<uint32_t>(ldsOut + 4 * l, 1)[0] == (active ? 0x7700 + l : 0xeeeeeeeeu));
  }
}

}  // namespace

TEST_CASE("vmem ops: MUBUF untyped loads/stores, cache ops, store_lds_dword", "[sim][vmem]") {
  for (Gen g : test::kAllGens) runLdSt(g, Fam::Buffer, "vmem_ops_buffer_ldst");
}

TEST_CASE("vmem ops: FLAT loads/stores to global, LDS and scratch", "[sim][vmem]") {
  for (Gen g : {Gen::GCN11, Gen::GCN12, Gen::GCN14}) runLdSt(g, Fam::Flat, "vmem_ops_flat_ldst");
}

TEST_CASE("vmem ops: GLOBAL loads/stores, SADDR + negative offsets and VADDR(2) (GCN 1.4)", "[sim][vmem]") {
  runLdSt(Gen::GCN14, Fam::Global, "vmem_ops_global_ldst");
}

TEST_CASE("vmem ops: SCRATCH loads/stores, VADDR and SADDR forms (GCN 1.4)", "[sim][vmem]") {
  runLdSt(Gen::GCN14, Fam::Scratch, "vmem_ops_scratch_ldst");
}
