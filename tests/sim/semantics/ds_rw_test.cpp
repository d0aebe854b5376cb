// DS reads and writes: 8/16/32/64-bit forms, *2 and *2ST64 offset scaling,
// partial EXEC, the M0 LDS limit of GCN 1.0-1.2 and the GDS M0 window.
// Expected values worked out by hand from reference/clrx/GcnInstrsDs.md and
// seeds/004_b50c7630dc28dbb3.txt (M0 limit). Programs: tests/sim/programs/ds_*.s.
//
// The other DS reads and writes (namespace ds_rw_ops, below):
// DS reads/writes not covered elsewhere (two-address B64 forms and
// exchanges, B96/B128, the GCN 1.4 D16 and ADDTID forms), DS_NOP,
// DS_WRAP_RTN_B32, DS_CONDXCHG32_RTN_B64 and the GWS / ordered-count ops.
// Programs: tests/sim/programs/ds_ops_{rw2,wide,d16,misc,gws,gws_release}.s.
//
// Expected values: a byte-array model of the LDS in the test, updated per
// active lane in program order with the address and data rules quoted from
// reference/clrx/GcnInstrsDs.md; the whole LDS is compared at the end, so
// stray writes are caught too.
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
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

void setRows(test::WaveHarness& h) {
  for (unsigned l = 0; l < 64; ++l) {
    h.wave.v(1)[l] = 4 * l;
    h.wave.v(2)[l] = 0x80818200u + l;  // bytes: l, 0x82, 0x81, 0x80
    h.wave.v(3)[l] = 0x1000 + l;
    h.wave.v(4)[l] = 0x2000 + l;
    h.wave.v(5)[l] = 2048 + 8 * l;
    h.wave.v(6)[l] = l;
    h.wave.v(7)[l] = ~l;
    h.wave.v(8)[l] = 4096 + 8 * l;
  }
}

}  // namespace

TEST_CASE("ds: reads and writes with *2 / *2ST64 offsets", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);  // "To set no limits, just set a M0 register to 0xffffffff" (seed 004)
    setRows(h);
    const sim::RunStatus st = h.runProgram("ds_rw");
    REQUIRE(st.ok());
    for (unsigned l = 0; l < 64; l += 9) {
      INFO("lane " << l);
      // DS_WRITE2_B32 offset0:64 offset1:128 -> ADDR + 64*4, ADDR + 128*4
      CHECK(ldsWord(h, 256 + 4 * l) == 0x1000 + l);
      CHECK(ldsWord(h, 512 + 4 * l) == 0x2000 + l);
      // DS_WRITE2ST64_B32 offset0:4 offset1:5 -> ADDR + 4*256, ADDR + 5*256
      CHECK(ldsWord(h, 1024 + 4 * l) == 0x1000 + l);
      CHECK(ldsWord(h, 1280 + 4 * l) == 0x2000 + l);
      // DS_WRITE2ST64_B64 offset0:1 offset1:2 -> ADDR + 1*512, ADDR + 2*512
      CHECK(ldsWord(h, 4096 + 8 * l + 512) == l);
      CHECK(ldsWord(h, 4096 + 8 * l + 1024 + 4) == 0x1000 + l);
      CHECK(h.wave.v(10)[l] == 0x80818200u + l);
      CHECK(h.wave.v(11)[l] == 0x1000 + l);
      CHECK(h.wave.v(12)[l] == 0x2000 + l);
      CHECK(h.wave.v(13)[l] == 0x1000 + l);
      CHECK(h.wave.v(14)[l] == 0x2000 + l);
      CHECK(h.wave.v(15)[l] == l);  // DS_WRITE_B64 / DS_READ_B64 at ADDR+8
      CHECK(h.wave.v(16)[l] == ~l);
      CHECK(h.wave.v(17)[l] == 0x82u);        // DS_READ_U8 at +1
      CHECK(h.wave.v(18)[l] == 0xffffff82u);  // DS_READ_I8 sign-extends
      CHECK(h.wave.v(19)[l] == 0x8081u);      // DS_READ_U16 at +2
      CHECK(h.wave.v(20)[l] == 0xffff8081u);  // DS_READ_I16
      // DS_READ2ST64_B64: VDST = *V0 | (*V1 << 64)
      CHECK(h.wave.v(24)[l] == l);
      CHECK(h.wave.v(25)[l] == ~l);
      CHECK(h.wave.v(26)[l] == 0x80818200u + l);
      CHECK(h.wave.v(27)[l] == 0x1000 + l);
      // DS_WRITE_B8 (VDATA0&0xff) at +3072 and DS_WRITE_B16 at +3074
      CHECK(h.wave.v(21)[l] == ((0x2000u + l) << 16 | l));
    }
  }
}

TEST_CASE("ds: inactive lanes are untouched", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    setRows(h);
    h.wave.setExec(0x5555555555555555ull);
    for (unsigned l = 0; l < 64; ++l) h.wave.v(10)[l] = 0xdeadbeef;
    REQUIRE(h.runProgram("ds_rw").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      if (l & 1) {
        CHECK(h.wave.v(10)[l] == 0xdeadbeef);
        CHECK(ldsWord(h, 4 * l) == 0);
        CHECK(ldsWord(h, 256 + 4 * l) == 0);
      } else {
        CHECK(h.wave.v(10)[l] == 0x80818200u + l);
        CHECK(ldsWord(h, 256 + 4 * l) == 0x1000 + l);
      }
    }
  }
}

TEST_CASE("ds: M0 limits LDS on GCN 1.0-1.2, ignored on GCN 1.4", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    for (uint32_t a = 0; a < 1024; a += 4) h.lds.store(a, 0x5a000000u + a);
    h.wave.setM0(16);  // bytes 0..15 accessible (seed 004)
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 4 * l;
      h.wave.v(2)[l] = 0x100 + l;
      h.wave.v(4)[l] = 4 * l;
      h.wave.v(6)[l] = 512 + 4 * l;
    }
    REQUIRE(h.runProgram("ds_m0_limit").ok());
    const bool limited = g != Gen::GCN14;
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      const bool inRange = !limited || 4 * l + 4 <= 16;
      // ds_write_b32: dropped beyond M0
      CHECK(ldsWord(h, 4 * l) == (inRange ? 0x100 + l : 0x5a000000u + 4 * l));
      // ds_read_b32: 0 beyond M0
      CHECK(h.wave.v(3)[l] == (inRange ? 0x100 + l : 0u));
      // ds_add_rtn_u32 at 512+: entirely beyond M0=16 on GCN 1.0-1.2
      const uint32_t old = 0x5a000000u + 512 + 4 * l;
      CHECK(h.wave.v(5)[l] == (limited ? 0u : old));
      CHECK(ldsWord(h, 512 + 4 * l) == (limited ? old : old + 0x100 + l));
    }
  }
}

TEST_CASE("ds: GDS accesses through the M0 window", "[sim][ds][gds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    // "M0 ... maximum size of a GDS memory in bits 0-15 ... GDS base offset in
    // bits 16-31" (GcnInstrsDs.md): base 0x100, 32 bytes.
    h.wave.setM0(0x100u << 16 | 0x20);
    for (unsigned l = 0; l < 64; ++l) {
      h.wave.v(1)[l] = 4 * l;
      h.wave.v(2)[l] = 0x700 + l;
    }
    REQUIRE(h.runProgram("ds_gds").ok());
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      uint32_t gv = 0;
      h.gds.load(0x100 + 4 * l, gv);
      if (l < 8) {
        CHECK(gv == 2 * (0x700 + l));  // written, then ds_add_rtn_u32 added v2 again
        CHECK(h.wave.v(4)[l] == 0x700 + l);
        CHECK(h.wave.v(3)[l] == (l < 7 ? 0x700 + l + 1 : 0u));  // lane 7 reads 0x20..0x23: beyond the window
      } else {
        CHECK(gv == 0);
        CHECK(h.wave.v(3)[l] == 0);
        CHECK(h.wave.v(4)[l] == 0);
      }
    }
  }
}

TEST_CASE("ds: unaligned addresses are masked before GCN 1.4", "[sim][ds]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    h.wave.setM0(0xffffffffu);
    h.wave.setExec(1);
    h.lds.store(0u, 0x33221100u);
    h.lds.store(4u, 0x77665544u);
    h.lds.store(64u, 0x10u);
    h.lds.store(68u, 0x20u);
    h.wave.v(1)[0] = 2;
    h.wave.v(2)[0] = 1;
    REQUIRE(h.runProgram("ds_align").ok());
    const bool gcn14 = g == Gen::GCN14;
    // DS_READ_B32: (ADDR+OFFSET)&~3, or ADDR+OFFSET on GCN 1.4
    CHECK(h.wave.v(3)[0] == (gcn14 ? 0x55443322u : 0x33221100u));
    // DS_READ_U16 at 3: &~1 = 2 before GCN 1.4
    CHECK(h.wave.v(4)[0] == (gcn14 ? 0x4433u : 0x3322u));
    // Atomics stay dword aligned on every generation: 66&~3 = 64
    CHECK(h.wave.v(5)[0] == 0x10u);
    CHECK(ldsWord(h, 64) == 0x11u);
  }
}

// The other DS reads and writes.
namespace ds_rw_ops {

namespace {

using test::kAllGens;
constexpr Gen kGcn11Plus[] = {Gen::GCN11, Gen::GCN12, Gen::GCN14};
constexpr uint64_t kExecMasks[] = {~0ull, 0x9b5df00f3c3ca5a6ull};

// The reference LDS: 64 KiB with a fixed byte pattern (mixed sign bits).
struct RefLds {
  std::vector<uint8_t> b = std::vector<uint8_t>(64 * 1024);
  RefLds() {
    for (size_t i = 0; i < b.size(); ++i) b[i] = uint8_t(i * 37 + (i >> 8) * 101 + 11);
  }
  template <class T>
  T rd(uint32_t a) const {
    T v;
    std::memcpy(&v, &b[a], sizeof(T));
    return v;
  }
  template <class T>
  void wr(uint32_t a, T v) {
    std::memcpy(&b[a], &v, sizeof(T));
  }
  void load(memory::Lds& lds) const { std::memcpy(lds.data(), b.data(), b.size()); }
  // First differing byte, or -1.
  long diff(const memory::Lds& lds) const {
    for (size_t i = 0; i < b.size(); ++i)
      if (lds.data()[i] != b[i]) return long(i);
    return -1;
  }
};

// A wave with M0 = -1 (no LDS limit), the given EXEC and the reference pattern
// in LDS.
struct LdsRig {
  test::WaveHarness h;
  RefLds ref;
  LdsRig(Gen g, uint64_t exec) : h(g) {
    h.wave.setM0(0xffffffffu);
    h.wave.setExec(exec);
    ref.load(h.lds);
  }
};

uint64_t lane64(const test::WaveHarness& h, unsigned reg, unsigned l) {
  return h.wave.v(reg)[l] | uint64_t(h.wave.v(reg + 1)[l]) << 32;
}
uint32_t sentinel(unsigned reg, unsigned l) { return 0x5e000000u + reg * 256 + l; }
void presetSentinels(test::WaveHarness& h, unsigned first, unsigned last) {
  for (unsigned r = first; r <= last; ++r)
    for (unsigned l = 0; l < 64; ++l) h.wave.v(r)[l] = sentinel(r, l);
}

struct Rng {
  uint64_t s;
  uint64_t next() {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return s;
  }
};

}  // namespace

TEST_CASE("ds ops: two-address B64 forms and exchanges", "[sim][ds]") {
  // ds_ops_rw2.s: ds_write2_b64, ds_read2_b64, ds_wrxchg2_rtn_b32, ds_wrxchg2_rtn_b64,
  // ds_wrxchg2st64_rtn_b64. GcnInstrsDs.md:
  //   *2_B32:      V0 = (ADDR + OFFSET0*4)&~3,   V1 = (ADDR + OFFSET1*4)&~3
  //   *2_B64:      V0 = (ADDR + OFFSET0*8)&~7,   V1 = (ADDR + OFFSET1*8)&~7
  //   *2ST64_B64:  V0 = (ADDR + OFFSET0*512)&~7, V1 = (ADDR + OFFSET1*512)&~7
  //   READ2: VDST = *V0 | (*V1 << BITS); WRITE2: *V0 = VDATA0; *V1 = VDATA1;
  //   WRXCHG2*_RTN: both (old values returned, then written).
  Rng rng{77};
  uint64_t d0[64], d1[64];
  for (unsigned l = 0; l < 64; ++l) d0[l] = rng.next(), d1[l] = rng.next();
  for (Gen g : kAllGens) {
    for (uint64_t exec : kExecMasks) {
      INFO(isa::genName(g) << " exec " << std::hex << exec);
      LdsRig rig(g, exec);
      test::WaveHarness& h = rig.h;
      RefLds& ref = rig.ref;
      uint32_t a1[64], a6[64], a7[64], a8[64], a9[64];
      for (unsigned l = 0; l < 64; ++l) {
        a1[l] = 8 * l + (l & 7);  // the low bits are masked away ("&~7")
        a6[l] = 4096 + 8 * l + (l & 7);
        a7[l] = 8192 + 4 * l + (l & 3);
        a8[l] = 12288 + 8 * l + (l & 7);
        a9[l] = 16384 + 8 * l + (l & 7);
        h.wave.v(1)[l] = a1[l], h.wave.v(6)[l] = a6[l], h.wave.v(7)[l] = a7[l];
        h.wave.v(8)[l] = a8[l], h.wave.v(9)[l] = a9[l];
        h.wave.v(2)[l] = uint32_t(d0[l]), h.wave.v(3)[l] = uint32_t(d0[l] >> 32);
        h.wave.v(4)[l] = uint32_t(d1[l]), h.wave.v(5)[l] = uint32_t(d1[l] >> 32);
      }
      presetSentinels(h, 10, 23);
      const sim::RunStatus st = h.runProgram("ds_ops_rw2");
      INFO(st.message);
      REQUIRE(st.ok());
      // Program order, per active lane.
      uint64_t r2[64][2] = {}, x32[64][2] = {}, x64[64][2] = {}, xst[64][2] = {};
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        ref.wr<uint64_t>((a1[l] + 3 * 8) & ~7u, d0[l]);  // ds_write2_b64 offset0:3 offset1:200
        ref.wr<uint64_t>((a1[l] + 200 * 8) & ~7u, d1[l]);
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        r2[l][0] = ref.rd<uint64_t>((a6[l] + 64 * 8) & ~7u);  // ds_read2_b64 offset0:64 offset1:255
        r2[l][1] = ref.rd<uint64_t>((a6[l] + 255 * 8) & ~7u);
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        const uint32_t v0 = (a7[l] + 0 * 4) & ~3u, v1 = (a7[l] + 130 * 4) & ~3u;  // ds_wrxchg2_rtn_b32
        x32[l][0] = ref.rd<uint32_t>(v0), x32[l][1] = ref.rd<uint32_t>(v1);
        ref.wr<uint32_t>(v0, uint32_t(d0[l])), ref.wr<uint32_t>(v1, uint32_t(d1[l]));
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        const uint32_t v0 = (a8[l] + 70 * 8) & ~7u, v1 = (a8[l] + 140 * 8) & ~7u;  // ds_wrxchg2_rtn_b64
        x64[l][0] = ref.rd<uint64_t>(v0), x64[l][1] = ref.rd<uint64_t>(v1);
        ref.wr(v0, d0[l]), ref.wr(v1, d1[l]);
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        const uint32_t v0 = (a9[l] + 10 * 512) & ~7u,
                       v1 = (a9[l] + 12 * 512) & ~7u;  // ds_wrxchg2st64_rtn_b64
        xst[l][0] = ref.rd<uint64_t>(v0), xst[l][1] = ref.rd<uint64_t>(v1);
        ref.wr(v0, d0[l]), ref.wr(v1, d1[l]);
      }
      CHECK(ref.diff(h.lds) == -1);
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        if (exec >> l & 1) {
          CHECK(lane64(h, 10, l) == r2[l][0]);
          CHECK(lane64(h, 12, l) == r2[l][1]);
          CHECK(h.wave.v(14)[l] == x32[l][0]);
          CHECK(h.wave.v(15)[l] == x32[l][1]);
          CHECK(lane64(h, 16, l) == x64[l][0]);
          CHECK(lane64(h, 18, l) == x64[l][1]);
          CHECK(lane64(h, 20, l) == xst[l][0]);
          CHECK(lane64(h, 22, l) == xst[l][1]);
        } else {
          for (unsigned r = 10; r <= 23; ++r) CHECK(h.wave.v(r)[l] == sentinel(r, l));
        }
      }
    }
  }
}

TEST_CASE("ds ops: B96 / B128 reads and writes (GCN 1.1+)", "[sim][ds]") {
  // ds_ops_wide.s: ds_write_b96 (OFFSET 0), ds_write_b128 (1024), ds_read_b96 (2048),
  // ds_read_b128 (3072). GcnInstrsDs.md: address
  // (ADDR+OFFSET)&~15 for all four; the dwords are consecutive. GCN 1.1/1.2 lanes put junk in ADDR[3:0] to
  // check the mask; on GCN 1.4 ADDR is 16-byte aligned (unaligned DS accesses are a GCN 1.4 mode the
  // reference does not describe for these ops).
  Rng rng{96};
  uint32_t data[64][4];
  for (auto& d : data)
    for (uint32_t& w : d) w = uint32_t(rng.next());
  for (Gen g : kGcn11Plus) {
    for (uint64_t exec : kExecMasks) {
      INFO(isa::genName(g) << " exec " << std::hex << exec);
      LdsRig rig(g, exec);
      test::WaveHarness& h = rig.h;
      RefLds& ref = rig.ref;
      uint32_t addr[64];
      for (unsigned l = 0; l < 64; ++l) {
        addr[l] = 16 * l + (g == Gen::GCN14 ? 0 : (l * 5) & 15);
        h.wave.v(1)[l] = addr[l];
        for (unsigned d = 0; d < 4; ++d) h.wave.v(2 + d)[l] = data[l][d];
      }
      presetSentinels(h, 10, 16);
      const sim::RunStatus st = h.runProgram("ds_ops_wide");
      INFO(st.message);
      REQUIRE(st.ok());
      uint32_t r96[64][3] = {}, r128[64][4] = {};
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        for (unsigned d = 0; d < 3; ++d) ref.wr<uint32_t>(((addr[l] + 0) & ~15u) + 4 * d, data[l][d]);
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        for (unsigned d = 0; d < 4; ++d) ref.wr<uint32_t>(((addr[l] + 1024) & ~15u) + 4 * d, data[l][d]);
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        for (unsigned d = 0; d < 3; ++d) r96[l][d] = ref.rd<uint32_t>(((addr[l] + 2048) & ~15u) + 4 * d);
        for (unsigned d = 0; d < 4; ++d) r128[l][d] = ref.rd<uint32_t>(((addr[l] + 3072) & ~15u) + 4 * d);
      }
      CHECK(ref.diff(h.lds) == -1);
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        const bool on = exec >> l & 1;
        for (unsigned d = 0; d < 3; ++d) CHECK(h.wave.v(10 + d)[l] == (on ? r96[l][d] : sentinel(10 + d, l)));
        for (unsigned d = 0; d < 4; ++d)
          CHECK(h.wave.v(13 + d)[l] == (on ? r128[l][d] : sentinel(13 + d, l)));
      }
    }
  }
}

TEST_CASE("ds ops: GCN 1.4 D16 loads/stores and ADDTID", "[sim][ds]") {
  // ds_ops_d16.gfx9.s, GcnInstrsDs.md (byte address ADDR+OFFSET, no alignment):
  //   DS_READ_U8_D16     VDST = (UINT16)(*(UINT8*)..) | (VDST&0xffff0000)
  //   DS_READ_U8_D16_HI  VDST = ((UINT32)(*(UINT8*)..)<<16) | (VDST&0xffff)
  //   DS_READ_I8_D16     VDST = SEXT16(*(INT8*)..) | (VDST&0xffff0000)
  //   DS_READ_I8_D16_HI  VDST = (((UINT32)SEXT16(*(INT8*)..))<<16) | (VDST&0xffff)
  //   DS_READ_U16_D16    VDST = *(UINT16*).. | (VDST & 0xffff0000)
  //   DS_READ_U16_D16_HI VDST = ((UINT32)*(UINT16*)..<<16) | (VDST & 0xffff)
  //   DS_WRITE_B8_D16_HI *(UINT8*).. = (VDATA0>>16)&0xff
  //   DS_WRITE_B16_D16_HI *(UINT16*).. = VDATA0>>16
  //   DS_WRITE_ADDTID_B32 *(UINT32*)(DS + (M0&0xffff) + OFFSET + LANEID*4) = VDATA0
  //   DS_READ_ADDTID_B32  VDST = *(UINT32*)(DS + (M0&0xffff) + OFFSET + LANEID*4)
  // The ADDTID read (OFFSET 4) overlaps the write (OFFSET 8) shifted by one lane.
  constexpr uint32_t kM0 = 0x3000;
  for (uint64_t exec : kExecMasks) {
    INFO("exec " << std::hex << exec);
    test::WaveHarness h(Gen::GCN14);
    h.wave.setM0(kM0);
    h.wave.setExec(exec);
    RefLds ref;
    ref.load(h.lds);
    auto pre = [](unsigned r, unsigned l) { return 0x12345678u ^ (l * 0x01010101u) ^ (r << 20); };
    uint32_t addr[64], data[64];
    for (unsigned l = 0; l < 64; ++l) {
      addr[l] = 3 * l + 1;  // odd, unaligned byte addresses
      data[l] = 0x80000000u | (l * 0x00c30000u) | 0x5a5au;
      h.wave.v(1)[l] = addr[l];
      h.wave.v(2)[l] = data[l];
      for (unsigned r = 10; r <= 16; ++r) h.wave.v(r)[l] = pre(r, l);
    }
    const sim::RunStatus st = h.runProgram("ds_ops_d16");
    INFO(st.message);
    REQUIRE(st.ok());
    uint32_t want[7][64];
    for (unsigned l = 0; l < 64; ++l)
      for (unsigned r = 0; r < 7; ++r) want[r][l] = pre(10 + r, l);
    for (unsigned l = 0; l < 64; ++l) {
      if (!(exec >> l & 1)) continue;
      const uint8_t u8 = ref.rd<uint8_t>(addr[l]);
      const uint16_t s8 = uint16_t(int16_t(int8_t(u8)));
      const uint16_t u16 = ref.rd<uint16_t>(addr[l]);
      want[0][l] = u8 | (want[0][l] & 0xffff0000u);
      want[1][l] = (uint32_t(u8) << 16) | (want[1][l] & 0xffffu);
      want[2][l] = s8 | (want[2][l] & 0xffff0000u);
      want[3][l] = (uint32_t(s8) << 16) | (want[3][l] & 0xffffu);
      want[4][l] = u16 | (want[4][l] & 0xffff0000u);
      want[5][l] = (uint32_t(u16) << 16) | (want[5][l] & 0xffffu);
    }
    for (unsigned l = 0; l < 64; ++l)
      if (exec >> l & 1) ref.wr<uint8_t>(addr[l] + 1024, uint8_t((data[l] >> 16) & 0xff));
    for (unsigned l = 0; l < 64; ++l)
      if (exec >> l & 1) ref.wr<uint16_t>(addr[l] + 2048, uint16_t(data[l] >> 16));
    for (unsigned l = 0; l < 64; ++l)
      if (exec >> l & 1) ref.wr<uint32_t>((kM0 & 0xffff) + 8 + 4 * l, data[l]);
    for (unsigned l = 0; l < 64; ++l)
      if (exec >> l & 1) want[6][l] = ref.rd<uint32_t>((kM0 & 0xffff) + 4 + 4 * l);
    CHECK(ref.diff(h.lds) == -1);
    for (unsigned l = 0; l < 64; ++l) {
      INFO("lane " << l);
      for (unsigned r = 0; r < 7; ++r) CHECK(h.wave.v(10 + r)[l] == want[r][l]);
    }
    // A hand-worked lane: lane 1 reads byte address 4 (pattern byte 4*37+11 = 159 = 0x9f).
    if (exec >> 1 & 1) {
      CHECK(h.wave.v(12)[1] == ((pre(12, 1) & 0xffff0000u) | 0xff9fu));  // I8_D16: sign-extended to 16 bits
      CHECK(h.wave.v(11)[1] == ((pre(11, 1) & 0xffffu) | 0x009f0000u));  // U8_D16_HI
    }
  }
}

TEST_CASE("ds ops: ds_nop, ds_wrap_rtn_b32, ds_condxchg32_rtn_b64 (GCN 1.1+)", "[sim][ds]") {
  // ds_ops_misc.s. GcnInstrsDs.md:
  //   DS_NOP: does nothing (no LDS or VGPR change).
  //   DS_WRAP_RTN_B32: V = (ADDR+OFFSET)&~3; VDST = *V; *V = (*V >= VDATA0) ? *V-VDATA0 : *V+VDATA1
  // DS_CONDXCHG32_RTN_B64 is only listed by GcnInstrsDs.md; its operation is the AMD
  // CDNA3 ISA's: A = (ADDR+OFFSET)&~7; for each dword h of the pair: VDST[h] = *(A+4h);
  // if DATA0 bit 31 of that half is set, *(A+4h) = that half with bit 31 cleared.
  Rng rng{52};
  uint32_t d0[64], d1[64], c[64][2];
  for (unsigned l = 0; l < 64; ++l) {
    d0[l] = uint32_t(rng.next()) >> (l % 3 == 2 ? 0 : 8);
    d1[l] = uint32_t(rng.next());
    const uint32_t lo = uint32_t(rng.next()) & 0x7fffffffu, hi = uint32_t(rng.next()) & 0x7fffffffu;
    c[l][0] = lo | ((l & 1) ? 0x80000000u : 0);  // all four bit-31 combinations
    c[l][1] = hi | ((l & 2) ? 0x80000000u : 0);
  }
  for (Gen g : kGcn11Plus) {
    for (uint64_t exec : kExecMasks) {
      INFO(isa::genName(g) << " exec " << std::hex << exec);
      test::WaveHarness h(g);
      h.wave.setM0(0xffffffffu);
      h.wave.setExec(exec);
      RefLds ref;
      for (unsigned l = 0; l < 64; ++l) {  // WRAP memory around DATA0: equal, below, above
        const uint32_t m[3] = {d0[l], d0[l] - 1, d0[l] + 7};
        ref.wr<uint32_t>(256 + 4 * l, m[l % 3]);
      }
      ref.load(h.lds);
      uint32_t a1[64], a6[64];
      for (unsigned l = 0; l < 64; ++l) {
        a1[l] = 4 * l + (l & 3);
        a6[l] = 8 * l + (l & 7);
        h.wave.v(1)[l] = a1[l], h.wave.v(6)[l] = a6[l];
        h.wave.v(2)[l] = d0[l], h.wave.v(3)[l] = d1[l];
        h.wave.v(4)[l] = c[l][0], h.wave.v(5)[l] = c[l][1];
      }
      presetSentinels(h, 10, 30);
      const sim::RunStatus st = h.runProgram("ds_ops_misc");
      INFO(st.message);
      REQUIRE(st.ok());
      uint32_t wrap[64] = {}, cx[64][2] = {};
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        const uint32_t v = (a1[l] + 256) & ~3u, m = ref.rd<uint32_t>(v);
        wrap[l] = m;
        ref.wr<uint32_t>(v, m >= d0[l] ? m - d0[l] : m + d1[l]);
      }
      for (unsigned l = 0; l < 64; ++l) {
        if (!(exec >> l & 1)) continue;
        const uint32_t a = (a6[l] + 1024) & ~7u;
        for (unsigned hh = 0; hh < 2; ++hh) {
          cx[l][hh] = ref.rd<uint32_t>(a + 4 * hh);
          if (c[l][hh] & 0x80000000u) ref.wr<uint32_t>(a + 4 * hh, c[l][hh] & 0x7fffffffu);
        }
      }
      CHECK(ref.diff(h.lds) == -1);
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        const bool on = exec >> l & 1;
        CHECK(h.wave.v(10)[l] == (on ? wrap[l] : sentinel(10, l)));
        CHECK(h.wave.v(12)[l] == (on ? cx[l][0] : sentinel(12, l)));
        CHECK(h.wave.v(13)[l] == (on ? cx[l][1] : sentinel(13, l)));
        CHECK(h.wave.v(11)[l] == sentinel(11, l));  // untouched by every op, DS_NOP included
        for (unsigned r = 14; r <= 30; ++r) CHECK(h.wave.v(r)[l] == sentinel(r, l));
      }
    }
  }
}

TEST_CASE("ds ops: ds_gws_init sets up the barrier, ds_ordered_count", "[sim][ds][gws]") {
  // ds_ops_gws.s. GWS resource = OFFSET + M0[21:16] (the LLVM ds_gws_* lowering);
  // DS_GWS_INIT takes DATA0 of the first active lane as "waves minus one" (ROCm's
  // __ockl_gws_init(nwm1, rid)), so INIT 0 then BARRIER lets a single wave through,
  // while INIT 9 would hold it. DS_ORDERED_COUNT (not described in the references;
  // LLVM's llvm.amdgcn.ds.ordered.add/swap encoding): the GDS dword at (M0[15:0] +
  // OFFSET0)&~3 is increased by (OFFSET1 bit 4: replaced with) ADDR of the first
  // active lane; every active lane gets the old value.
  constexpr uint32_t kResBase = 5, kCountBase = 0x100;
  for (Gen g : kAllGens) {
    for (uint64_t exec : kExecMasks) {
      INFO(isa::genName(g) << " exec " << std::hex << exec);
      test::WaveHarness h(g);
      h.wave.setM0((kResBase << 16) | kCountBase);
      h.wave.setExec(exec);
      const unsigned first = unsigned(std::countr_zero(exec));
      for (unsigned l = 0; l < 64; ++l) {
        h.wave.v(1)[l] = l == first ? 0 : 9;
        h.wave.v(2)[l] = l == first ? 1000 : 3;
        h.wave.v(3)[l] = l == first ? 0xabcd : 4;
      }
      h.gds.store(kCountBase + 4, 70u);
      h.gds.store(kCountBase + 8, 0x55u);
      presetSentinels(h, 10, 12);
      const sim::RunStatus st = h.runProgram("ds_ops_gws", 10000);
      INFO(st.message);
      REQUIRE(st.ok());
      CHECK(h.wave.ended());
      const memory::Gds::GwsEntry& e = h.gds.gws(kResBase + 2);
      CHECK(e.barrierGeneration == 1);  // the barrier completed once
      CHECK(e.barrierArrived == 0);
      CHECK(h.gds.gws(2).barrierGeneration == 0);  // M0[21:16] moved the resource
      uint32_t c4 = 0, c8 = 0;
      h.gds.load(kCountBase + 4, c4);
      h.gds.load(kCountBase + 8, c8);
      CHECK(c4 == 70u + 1000 + 1000);
      CHECK(c8 == 0xabcdu);  // swap
      for (unsigned l = 0; l < 64; ++l) {
        INFO("lane " << l);
        const bool on = exec >> l & 1;
        CHECK(h.wave.v(10)[l] == (on ? 70u : sentinel(10, l)));
        CHECK(h.wave.v(11)[l] == (on ? 1070u : sentinel(11, l)));
        CHECK(h.wave.v(12)[l] == (on ? 0x55u : sentinel(12, l)));
      }
    }
  }
}

TEST_CASE("ds ops: ds_gws_sema_release_all (GCN 1.1+)", "[sim][ds][gws]") {
  // ds_ops_gws_release.s: SEMA_BR adds DATA0 (first active lane) to resources 1 and 3
  // (+ M0[21:16] = 4); SEMA_RELEASE_ALL on resource 5 leaves no count behind when no
  // wave waits on it; resource 7 keeps its count.
  for (Gen g : kGcn11Plus) {
    for (uint64_t exec : kExecMasks) {
      INFO(isa::genName(g) << " exec " << std::hex << exec);
      test::WaveHarness h(g);
      h.wave.setM0(4u << 16);
      h.wave.setExec(exec);
      const unsigned first = unsigned(std::countr_zero(exec));
      for (unsigned l = 0; l < 64; ++l) h.wave.v(1)[l] = l == first ? 6 : 100;
      const sim::RunStatus st = h.runProgram("ds_ops_gws_release", 10000);
      INFO(st.message);
      REQUIRE(st.ok());
      CHECK(h.gds.gws(5).semaphore == 0);
      CHECK(h.gds.gws(7).semaphore == 6);
      CHECK(h.gds.gws(1).semaphore == 0);
      CHECK(h.gds.gws(3).semaphore == 0);
    }
  }
}

}  // namespace ds_rw_ops
