// Scalar memory semantics: SMRD (GCN 1.0/1.1, seeds/003_d79646fcab33cb6c.txt)
// and SMEM (GCN 1.2/1.4, seeds/000_f05d49f6c840f2a3.txt); buffer range checks
// per seeds/001_2fc8a7f12b5d60d9.txt. Decoded fields as isa/codec_smem.cpp
// produces them: mem.offset in bytes when mem.immOffset, else the offset
// register in `soffset`; store/atomic data in data0 (and dst for GLC returns).
//
// The other scalar memory instructions, as programs (namespace smem_programs, below):
// Scalar memory instructions not covered above, run as
// LLVM-assembled programs (tests/sim/programs/smem_ops_*.s) through the
// decoder and the functional engine: GCN 1.4 scratch loads/stores, the
// s_buffer_atomic_* family and the remaining s_atomic_*_x2, s_buffer_load_dwordx8
// on every generation, scalar stores (GCN 1.2 M0/immediate offset rule), the
// cache probes/discards, plus s_rfe_restore_b64 and s_wakeup.
// Expected values come from the seed pseudo-code (seeds/000_f05d49f6c840f2a3.txt
// SMEM, seeds/003_d79646fcab33cb6c.txt SMRD, seeds/001_2fc8a7f12b5d60d9.txt
// buffer range rule), worked by hand or by the CPU reference below; never
// from sim/ code.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "isa/gen.hpp"
#include "tests/sim/harness.hpp"
#include "tests/sim/semantics/scalar_test_util.hpp"

using namespace gcnsim;
using namespace gcnsim::test::scalar;
using isa::Gen;

namespace {

// Fills `bytes` of the buffer with dword i = 0x1000 + i.
void fillPattern(Rig& r, uint64_t buf, unsigned dwords) {
  for (unsigned i = 0; i < dwords; ++i) r.put32(buf + 4 * i, 0x1000 + i);
}

// Sets up a load `name` with SDST = s[dst..], SBASE = s[2:3] (or s[4:7] for buffers).
isa::DecodedInst& load(Rig& r, const char* name, unsigned dst) {
  isa::DecodedInst& in = r.op(name, r.gen >= Gen::GCN12 ? 2 : 1);
  in.dst = sreg(dst, isa::opTypeDwords(in.info->dst));
  const bool buffer = isa::opTypeDwords(in.info->src0) == 4;
  in.src[0] = sreg(buffer ? 4 : 2, buffer ? 4 : 2);
  return in;
}

// Buffer descriptor in s[4:7]: BASE = base, STRIDE = 0, NUM_RECORDS = records (seed 001 layout).
void descriptor(Rig& r, uint64_t base, uint32_t records) {
  r.w.sreg[4] = uint32_t(base);
  r.w.sreg[5] = uint32_t(base >> 32) & 0xffff;
  r.w.sreg[6] = records;
  r.w.sreg[7] = 0;
}

}  // namespace

TEST_CASE("s_load_dword*: immediate and SGPR offsets, deferred writes (seeds 003, 000)",
          "[sim][scalar][smem]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    const uint64_t buf = r.alloc(256);
    fillPattern(r, buf, 64);
    r.w.setSreg64(2, buf);

    // SMRD IMM=1: OFFSET is in dwords (seed 003); decoded as bytes: dword 2 = byte 8.
    // SMEM IMM=1: OFFSET is in bytes (seed 000).
    isa::DecodedInst& in = load(r, "s_load_dword", 10);
    in.mem.immOffset = true, in.mem.offset = 8;
    auto o = r.run();
    CHECK(o.deferred);  // the result goes through deferSgprs
    CHECK(o.deferredFirst == 10);
    CHECK(o.deferredCount == 1);
    CHECK(r.s(10) == 0x1002u);

    // IMM=0: SGPR[OFFSET] holds a byte offset; OFFSET & ~3
    r.w.sreg[8] = 13;
    load(r, "s_load_dwordx2", 10).mem.immOffset = false;
    r.in.soffset = sreg(8);
    r.run();
    CHECK(r.s(10) == 0x1003u);
    CHECK(r.s(11) == 0x1004u);

    // x4, x8, x16 fill consecutive SGPRs
    load(r, "s_load_dwordx4", 12).mem.offset = 16;
    r.run();
    CHECK(r.s(12) == 0x1004u);
    CHECK(r.s(15) == 0x1007u);
    load(r, "s_load_dwordx16", 20).mem.offset = 64;
    o = r.run();
    CHECK(o.deferredCount == 16);
    for (unsigned i = 0; i < 16; ++i) CHECK(r.s(20 + i) == 0x1010u + i);
    load(r, "s_load_dwordx8", 40).mem.offset = 0;
    r.run();
    CHECK(r.s(47) == 0x1007u);
  }
}

TEST_CASE("SMRD GCN 1.1 literal offset and SMEM GCN 1.4 IMM/SOE forms (seeds 003, 000)",
          "[sim][scalar][smem]") {
  {
    // GCN 1.1 literal: a 32-bit dword offset, decoded to bytes (3 dwords = 12 bytes)
    Rig r(Gen::GCN11);
    const uint64_t buf = r.alloc(64);
    fillPattern(r, buf, 16);
    r.w.setSreg64(2, buf);
    isa::DecodedInst& in = load(r, "s_load_dword", 10);
    in.words = 2, in.mem.immOffset = true, in.mem.offset = 12;
    r.run();
    CHECK(r.s(10) == 0x1003u);
  }
  Rig r(Gen::GCN14);
  const uint64_t buf = r.alloc(256);
  fillPattern(r, buf, 64);
  // IMM=1 SOE=1: SGPR[base] + OFFSET + SGPR[SOFFSET]
  r.w.setSreg64(2, buf), r.w.sreg[9] = 8;
  isa::DecodedInst& in = load(r, "s_load_dword", 10);
  in.mem.immOffset = true, in.mem.soe = true, in.mem.offset = 4, in.soffset = sreg(9);
  r.run();
  CHECK(r.s(10) == 0x1003u);
  // IMM=0 SOE=1: SGPR[base] + SGPR[SOFFSET]
  load(r, "s_load_dword", 10).mem.immOffset = false;
  r.in.mem.soe = true, r.in.soffset = sreg(9);
  r.run();
  CHECK(r.s(10) == 0x1002u);
  // 21-bit signed immediate (GCN 1.4): negative offsets
  r.w.setSreg64(2, buf + 16);
  load(r, "s_load_dword", 10).mem.offset = -8;
  r.run();
  CHECK(r.s(10) == 0x1002u);
}

TEST_CASE("scalar loads fault on unmapped addresses, naming the address", "[sim][scalar][smem]") {
  for (Gen g : kAllGens) {
    Rig r(g);
    const uint64_t buf = r.alloc(64);
    r.w.setSreg64(2, buf);
    load(r, "s_load_dwordx4", 10).mem.offset = 56;  // bytes 56..71 of a 64-byte buffer
    r.w.sreg[10] = 0xaaaa;
    auto o = r.run();
    CHECK(o.stop == sim::StopReason::Fault);
    char addr[32];
    std::snprintf(addr, sizeof addr, "0x%llx", static_cast<unsigned long long>(buf + 56));
    CHECK_THAT(o.fault, Catch::Contains(addr) && Catch::Contains("s_load_dwordx4"));
    CHECK(r.s(10) == 0xaaaau);  // nothing written
    r.w.setSreg64(2, 0x10);
    load(r, "s_load_dword", 10).mem.offset = 0;
    CHECK_THAT(r.run().fault, Catch::Contains("0x10"));
  }
}

TEST_CASE("s_buffer_load: BASE + OFFSET, dwords at or past NUM_RECORDS read 0 (seeds 003/000, 001)",
          "[sim][scalar][smem]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    const uint64_t buf = r.alloc(256);
    fillPattern(r, buf, 64);
    descriptor(r, buf, 16);  // 16 bytes = 4 dwords in range
    isa::DecodedInst& in = load(r, "s_buffer_load_dwordx4", 10);
    in.mem.offset = 8;
    for (unsigned i = 10; i < 14; ++i) r.w.sreg[i] = 0xeeee;
    r.run();
    CHECK(r.s(10) == 0x1002u);
    CHECK(r.s(11) == 0x1003u);
    CHECK(r.s(12) == 0u);  // byte 16 >= NUM_RECORDS
    CHECK(r.s(13) == 0u);
    // SGPR offset, & ~3
    r.w.sreg[9] = 6;
    load(r, "s_buffer_load_dword", 10).mem.immOffset = false;
    r.in.soffset = sreg(9);
    r.run();
    CHECK(r.s(10) == 0x1001u);
    // fully out of range: zeros, no fault even past the allocation
    load(r, "s_buffer_load_dwordx2", 10).mem.offset = 4096;
    auto o = r.run();
    CHECK(o.stop == sim::StopReason::None);
    CHECK(r.s(10) == 0u);
    CHECK(r.s(11) == 0u);
    // x16 across the limit
    descriptor(r, buf + 64, 40);  // dwords 0..9 in range
    load(r, "s_buffer_load_dwordx16", 20).mem.offset = 0;
    r.run();
    CHECK(r.s(20) == 0x1010u);
    CHECK(r.s(29) == 0x1019u);
    CHECK(r.s(30) == 0u);
    CHECK(r.s(35) == 0u);
  }
}

TEST_CASE("s_store_dword: GCN 1.2 offset from M0 or an immediate only (seed 000)", "[sim][scalar][smem]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    Rig r(g);
    const uint64_t buf = r.alloc(256);
    r.w.setSreg64(2, buf);
    r.w.setSreg64(10, 0x2222222211111111ull);
    // *(UINT32*)(SMEM + (OFFSET & ~3)) = SDATA, offset in M0
    isa::DecodedInst& in = r.op("s_store_dwordx2", 2);
    in.src[0] = spair(2), in.data0 = spair(10), in.mem.immOffset = false, in.soffset = sreg(isa::code::kM0);
    r.w.setM0(10);  // & ~3 = 8
    auto o = r.run();
    CHECK(o.stop == sim::StopReason::None);
    CHECK_FALSE(o.deferred);
    CHECK(r.get64(buf + 8) == 0x2222222211111111ull);
    // immediate offset
    r.op("s_store_dword", 2);
    r.in.src[0] = spair(2), r.in.data0 = sreg(10), r.in.mem.offset = 32;
    r.run();
    CHECK(r.get32(buf + 32) == 0x11111111u);
    // an ordinary SGPR offset: GCN 1.2 refuses, GCN 1.4 accepts
    r.w.sreg[8] = 64;
    r.op("s_store_dword", 2);
    r.in.src[0] = spair(2), r.in.data0 = sreg(11), r.in.mem.immOffset = false, r.in.soffset = sreg(8);
    o = r.run();
    if (g == Gen::GCN12) {
      CHECK(o.stop == sim::StopReason::Fault);
      CHECK_THAT(o.fault, Catch::Contains("M0"));
      CHECK(r.get32(buf + 64) == 0u);
    } else {
      CHECK(o.stop == sim::StopReason::None);
      CHECK(r.get32(buf + 64) == 0x22222222u);
    }
    // buffer store: dwords past NUM_RECORDS are dropped
    descriptor(r, buf + 128, 8);
    r.w.setSreg64(12, 0x4444444433333333ull), r.w.setSreg64(14, 0x6666666655555555ull);
    r.op("s_buffer_store_dwordx4", 2);
    r.in.src[0] = sreg(4, 4), r.in.data0 = sreg(10, 4), r.in.mem.offset = 0;
    r.w.setSreg64(10, 0x2222222211111111ull);
    r.run();
    CHECK(r.get64(buf + 128) == 0x2222222211111111ull);
    CHECK(r.get64(buf + 136) == 0u);
    // unmapped store faults with the address
    r.w.setSreg64(2, 0x20);
    r.op("s_store_dword", 2);
    r.in.src[0] = spair(2), r.in.data0 = sreg(10), r.in.mem.offset = 0;
    CHECK_THAT(r.run().fault, Catch::Contains("0x20"));
  }
}

TEST_CASE("GCN 1.4 scalar atomics: memory update and GLC return (seed 000)", "[sim][scalar][smem]") {
  Rig r(Gen::GCN14);
  const uint64_t buf = r.alloc(256);
  r.w.setSreg64(2, buf);
  // Sets up `name` on SDATA = s[10..], address buf + off; glc names SDATA as dst too.
  auto atomic = [&](const char* name, uint32_t off, bool glc) {
    isa::DecodedInst& in = r.op(name, 2);
    const unsigned n = isa::opTypeDwords(in.info->dst);
    in.src[0] = isa::opTypeDwords(in.info->src0) == 4 ? sreg(4, 4) : spair(2);
    in.data0 = sreg(10, n), in.mem.offset = int32_t(off), in.mem.glc = glc;
    if (glc) in.dst = in.data0;
    return r.run();
  };
  // UINT32 P = *VM; *VM = *VM + SDATA; SDATA = (GLC) ? P : SDATA
  r.put32(buf, 40), r.w.sreg[10] = 2;
  auto o = atomic("s_atomic_add", 0, true);
  CHECK(o.deferred);
  CHECK(r.get32(buf) == 42u);
  CHECK(r.s(10) == 40u);
  r.w.sreg[10] = 8;
  o = atomic("s_atomic_add", 0, false);
  CHECK_FALSE(o.deferred);
  CHECK(r.get32(buf) == 50u);
  CHECK(r.s(10) == 8u);
  // cmpswap: *VM = *VM==SDATA[1] ? SDATA[0] : *VM
  r.w.sreg[10] = 0x99, r.w.sreg[11] = 50;
  atomic("s_atomic_cmpswap", 0, true);
  CHECK(r.get32(buf) == 0x99u);
  CHECK(r.s(10) == 50u);
  CHECK(r.s(11) == 50u);  // only P (32 bits) is returned
  r.w.sreg[10] = 0x77, r.w.sreg[11] = 1;
  atomic("s_atomic_cmpswap", 0, true);
  CHECK(r.get32(buf) == 0x99u);
  CHECK(r.s(10) == 0x99u);
  // inc: (*VM < SDATA) ? *VM+1 : 0 ; dec: (*VM <= SDATA && *VM!=0) ? *VM-1 : SDATA
  r.put32(buf + 4, 5), r.w.sreg[10] = 5;
  atomic("s_atomic_inc", 4, false);
  CHECK(r.get32(buf + 4) == 0u);
  r.w.sreg[10] = 5;
  atomic("s_atomic_inc", 4, false);
  CHECK(r.get32(buf + 4) == 1u);
  r.put32(buf + 4, 0), r.w.sreg[10] = 9;
  atomic("s_atomic_dec", 4, false);
  CHECK(r.get32(buf + 4) == 9u);
  r.put32(buf + 4, 10), r.w.sreg[10] = 9;
  atomic("s_atomic_dec", 4, false);
  CHECK(r.get32(buf + 4) == 9u);  // 10 <= 9 is false: store SDATA
  // signed / unsigned min and max
  r.put32(buf + 8, 0xfffffff0), r.w.sreg[10] = 3;
  atomic("s_atomic_smin", 8, false);
  CHECK(r.get32(buf + 8) == 0xfffffff0u);
  atomic("s_atomic_umin", 8, false);
  CHECK(r.get32(buf + 8) == 3u);
  r.w.sreg[10] = 0xffffffff;
  atomic("s_atomic_smax", 8, false);
  CHECK(r.get32(buf + 8) == 3u);
  atomic("s_atomic_umax", 8, false);
  CHECK(r.get32(buf + 8) == 0xffffffffu);
  r.w.sreg[10] = 0x0f0f0f0f;
  atomic("s_atomic_and", 8, false);
  CHECK(r.get32(buf + 8) == 0x0f0f0f0fu);
  r.w.sreg[10] = 0xf0000000;
  atomic("s_atomic_or", 8, false);
  CHECK(r.get32(buf + 8) == 0xff0f0f0fu);
  r.w.sreg[10] = 0xff0f0f0f;
  atomic("s_atomic_xor", 8, false);
  CHECK(r.get32(buf + 8) == 0u);
  r.w.sreg[10] = 7;
  atomic("s_atomic_sub", 8, true);
  CHECK(r.get32(buf + 8) == 0xfffffff9u);
  CHECK(r.s(10) == 0u);
  r.w.sreg[10] = 0x1234;
  atomic("s_atomic_swap", 8, true);
  CHECK(r.get32(buf + 8) == 0x1234u);
  CHECK(r.s(10) == 0xfffffff9u);
  // 64-bit: carry across the dwords, 64-bit return
  r.put64(buf + 16, 0x00000000ffffffffull), r.w.setSreg64(10, 1);
  o = atomic("s_atomic_add_x2", 16, true);
  CHECK(r.get64(buf + 16) == 0x0000000100000000ull);
  CHECK(r.s64(10) == 0x00000000ffffffffull);
  CHECK(o.deferredCount == 2);
  // cmpswap_x2: SDATA[0:1] = new, SDATA[2:3] = compare
  r.w.setSreg64(10, 0xaaaaaaaabbbbbbbbull), r.w.setSreg64(12, 0x0000000100000000ull);
  atomic("s_atomic_cmpswap_x2", 16, true);
  CHECK(r.get64(buf + 16) == 0xaaaaaaaabbbbbbbbull);
  CHECK(r.s64(10) == 0x0000000100000000ull);
  r.w.setSreg64(10, 0x8000000000000000ull);
  atomic("s_atomic_smin_x2", 16, false);
  CHECK(r.get64(buf + 16) == 0x8000000000000000ull);
  // buffer atomics: through the descriptor; out of range leaves memory alone and returns 0
  descriptor(r, buf + 64, 8);
  r.put32(buf + 64 + 4, 100), r.w.sreg[10] = 5;
  atomic("s_buffer_atomic_add", 4, true);
  CHECK(r.get32(buf + 68) == 105u);
  CHECK(r.s(10) == 100u);
  r.put32(buf + 64 + 8, 100), r.w.sreg[10] = 5;
  atomic("s_buffer_atomic_add", 8, true);
  CHECK(r.get32(buf + 72) == 100u);
  CHECK(r.s(10) == 0u);
  r.w.setSreg64(10, 3);
  atomic("s_buffer_atomic_add_x2", 0, false);
  CHECK(r.get64(buf + 64) == (105ull << 32 | 3));  // high dword: the 105 written above
  // unmapped: fault with the address
  r.w.setSreg64(2, 0x30);
  CHECK_THAT(atomic("s_atomic_or", 0, false).fault, Catch::Contains("0x30"));
}

TEST_CASE("GCN 1.4 s_scratch_load/store: SMEM + OFFSET + (SGPROFFSET & ~3)*64 (seed 000)",
          "[sim][scalar][smem]") {
  Rig r(Gen::GCN14);
  const uint64_t buf = r.alloc(1024);
  fillPattern(r, buf, 256);
  r.w.setSreg64(2, buf), r.w.sreg[9] = 5;  // (5 & ~3) * 64 = 256
  isa::DecodedInst& in = load(r, "s_scratch_load_dwordx2", 10);
  in.mem.immOffset = true, in.mem.soe = true, in.mem.offset = 4, in.soffset = sreg(9);
  r.run();
  CHECK(r.s(10) == 0x1041u);  // byte 260 = dword 65
  CHECK(r.s(11) == 0x1042u);
  r.w.sreg[12] = 0x5a5a5a5a;
  isa::DecodedInst& st = r.op("s_scratch_store_dword", 2);
  st.src[0] = spair(2), st.data0 = sreg(12), st.mem.immOffset = false, st.soffset = sreg(9);
  r.run();
  CHECK(r.get32(buf + 256) == 0x5a5a5a5au);
}

TEST_CASE("s_memtime returns env.clock, cache controls do nothing (seeds 003, 000)", "[sim][scalar][smem]") {
  for (Gen g : kAllGens) {
    Rig r(g);
    r.env.clock = 0x123456789ull;
    r.op("s_memtime", g >= Gen::GCN12 ? 2 : 1).dst = spair(4);
    auto o = r.run();
    CHECK(o.deferred);
    CHECK(r.s64(4) == 0x123456789ull);
    const sim::WaveState before = r.w;
    CHECK(r.runP("s_dcache_inv").stop == sim::StopReason::None);
    CHECK(r.w.sreg == before.sreg);
  }
  Rig r(Gen::GCN12);
  r.env.realtime = 0xfedcba9876543210ull;
  r.op("s_memrealtime", 2).dst = spair(6);
  r.run();
  CHECK(r.s64(6) == 0xfedcba9876543210ull);
  for (const char* name : {"s_dcache_wb", "s_dcache_inv_vol", "s_dcache_wb_vol"})
    CHECK(r.runP(name).stop == sim::StopReason::None);
}

// The other scalar memory instructions, as programs.
namespace smem_programs {

namespace {

using test::kAllGens;

// Buffer descriptor (seed 001 layout): dword0 = BASE[31:0], dword1[15:0] =
// BASE[47:32], STRIDE = 0; dword2 = NUM_RECORDS; dword3 = 0.
void descriptor(test::WaveHarness& h, unsigned sreg, uint64_t base, uint32_t records) {
  h.wave.sreg[sreg] = uint32_t(base);
  h.wave.sreg[sreg + 1] = uint32_t(base >> 32) & 0xffff;
  h.wave.sreg[sreg + 2] = records;
  h.wave.sreg[sreg + 3] = 0;
}

std::vector<uint32_t> pattern(unsigned n, uint32_t first) {
  std::vector<uint32_t> v(n);
  for (unsigned i = 0; i < n; ++i) v[i] = first + i;
  return v;
}

// Fills s[from..101] with 0xc0de0000 + i so "left alone" is checkable.
void fillSgprs(test::WaveHarness& h, unsigned from) {
  for (unsigned i = from; i < 102; ++i) h.wave.sreg[i] = 0xc0de0000u + i;
}

}  // namespace

TEST_CASE("s_scratch_load/store_dword*: SMEM + (OFFSET & ~3) + (SGPROFFSET & ~3)*64 (seed 000)",
          "[sim][smem]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t a = h.alloc(1024);
  h.put(a, pattern(256, 0x5000));
  h.wave.setSreg64(0, a);
  const sim::RunStatus st = h.runProgram("smem_ops_scratch");
  INFO(st.message);
  REQUIRE(st.ok());
  const auto d = h.get<uint32_t>(a, 256);
  // s_scratch_load_dword s4, s[0:1], s20 (s20 = 6): (6 & ~3) * 64 = 256 bytes -> d[64]
  CHECK(h.wave.sreg[4] == 0x5040u);
  // s_scratch_load_dwordx2 s[6:7], s[0:1], 0x13: 0x13 & ~3 = 16 bytes -> d[4], d[5]
  CHECK(h.wave.sreg[6] == 0x5004u);
  CHECK(h.wave.sreg[7] == 0x5005u);
  // s_scratch_load_dwordx4 s[8:11], s[0:1], s20 offset:0x13: 16 + 256 bytes -> d[68..71]
  for (unsigned i = 0; i < 4; ++i) CHECK(h.wave.sreg[8 + i] == 0x5044u + i);
  // s_scratch_store_dword s30, s[0:1], s21 (s21 = 9): (9 & ~3) * 64 = 512 bytes -> d[128]
  CHECK(d[128] == 0xaaaa0001u);
  // s_scratch_store_dwordx2 s[30:31], s[0:1], s21 offset:0x7: 4 + 512 bytes -> d[129..130]
  CHECK(d[129] == 0xaaaa0001u);
  CHECK(d[130] == 0xaaaa0002u);
  CHECK(d[131] == 0x5000u + 131);  // neighbour untouched
  CHECK(d[127] == 0x5000u + 127);
  // s_scratch_store_dwordx4 s[32:35], s[0:1], s22 offset:0x22 (s22 = 13): 32 + 768 -> d[200..203]
  for (unsigned i = 0; i < 4; ++i) CHECK(d[200 + i] == 0xbbbb0000u + i);
  CHECK(d[199] == 0x5000u + 199);
  CHECK(d[204] == 0x5000u + 204);
}

TEST_CASE("s_buffer_load_dwordx8: BASE + (OFFSET & ~3), dwords past NUM_RECORDS read 0 (seeds 003/000, 001)",
          "[sim][smem]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(256);
    h.put(a, pattern(64, 0x6000));
    descriptor(h, 4, a + 0x40, 40);  // BASE = A[16], 40 bytes = 10 dwords in range
    h.wave.sreg[2] = 0x13;           // SGPR byte offset on every generation; & ~3 = 16
    for (unsigned i = 8; i < 24; ++i) h.wave.sreg[i] = 0xdeadbeef;
    const sim::RunStatus st = h.runProgram("smem_ops_bufload");
    INFO(st.message);
    REQUIRE(st.ok());
    // s[8:15]: buffer bytes 16..47 -> A[20..27]; bytes 40.. are >= NUM_RECORDS -> 0
    for (unsigned i = 0; i < 6; ++i) CHECK(h.wave.sreg[8 + i] == 0x6014u + i);
    CHECK(h.wave.sreg[14] == 0u);
    CHECK(h.wave.sreg[15] == 0u);
    // s[16:23]: buffer bytes 0..31 -> A[16..23]
    for (unsigned i = 0; i < 8; ++i) CHECK(h.wave.sreg[16 + i] == 0x6010u + i);
  }
}

TEST_CASE("s_store_dwordx4, s_buffer_store_dword(x2): M0 and immediate offsets, range rule (seeds 000, 001)",
          "[sim][smem]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(256);
    h.wave.setSreg64(0, a);
    descriptor(h, 4, a + 0x80, 16);  // BASE = A[32], 16 bytes in range
    for (unsigned i = 0; i < 4; ++i) h.wave.sreg[8 + i] = 0x7000u + i;
    const sim::RunStatus st = h.runProgram("smem_ops_store");
    INFO(st.message);
    REQUIRE(st.ok());
    const auto d = h.get<uint32_t>(a, 64);
    // s_store_dwordx4 s[8:11], s[0:1], m0 (m0 = 0x16, & ~3 = 20 bytes) -> A[5..8]
    CHECK(d[4] == 0u);
    for (unsigned i = 0; i < 4; ++i) CHECK(d[5 + i] == 0x7000u + i);
    // s_store_dwordx4 s[8:11], s[0:1], 0x31 (& ~3 = 48 bytes) -> A[12..15]
    CHECK(d[9] == 0u);
    CHECK(d[11] == 0u);
    for (unsigned i = 0; i < 4; ++i) CHECK(d[12 + i] == 0x7000u + i);
    CHECK(d[16] == 0u);
    // s_buffer_store_dword s9, s[4:7], 0x2 (& ~3 = 0) -> A[32]
    CHECK(d[32] == 0x7001u);
    // s_buffer_store_dwordx2 s[10:11], s[4:7], m0 (m0 = 4) -> A[33..34]
    CHECK(d[33] == 0x7002u);
    CHECK(d[34] == 0x7003u);
    // s_buffer_store_dwordx2 s[8:9], s[4:7], 0xc: byte 12 -> A[35]; byte 16 >= NUM_RECORDS ignored
    CHECK(d[35] == 0x7000u);
    CHECK(d[36] == 0u);
    // s_buffer_store_dword s8, s[4:7], m0 (m0 = 0x16): byte 20 >= NUM_RECORDS, ignored
    CHECK(d[37] == 0u);
  }
}

TEST_CASE("scalar stores with an SGPR offset: a fault on GCN 1.2, stored on GCN 1.4 (seed 000)",
          "[sim][smem]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(256);
    h.wave.setSreg64(0, a);
    descriptor(h, 4, a + 0x80, 64);
    h.wave.sreg[7] = 0x21;  // & ~3 = 32 bytes
    for (unsigned i = 0; i < 4; ++i) h.wave.sreg[8 + i] = 0x9000u + i;
    const sim::RunStatus st = h.runProgram("smem_ops_store_sgpr");
    const auto d = h.get<uint32_t>(a, 64);
    if (g == Gen::GCN12) {
      // "S_STORE_* and S_BUFFER_STORE_* accepts only M0 as offset register for GCN 1.2."
      CHECK(st.kind == sim::RunStatus::Fault);
      CHECK_THAT(st.message, Catch::Contains("s_store_dwordx4") && Catch::Contains("M0"));
      for (unsigned i = 0; i < 64; ++i) CHECK(d[i] == 0u);
    } else {
      // "In GCN 1.4 S_STORE_* and S_BUFFER_STORE_* accepts also SGPR as offset register."
      INFO(st.message);
      REQUIRE(st.ok());
      CHECK(d[7] == 0u);
      for (unsigned i = 0; i < 4; ++i) CHECK(d[8 + i] == 0x9000u + i);  // A + 32 bytes
      CHECK(d[12] == 0u);
      CHECK(d[40] == 0x9000u);  // BASE (A[32]) + 32 bytes
      CHECK(d[41] == 0x9001u);
      CHECK(d[42] == 0u);
    }
  }
}

namespace {

// One atomic of smem_ops_atomic.gfx9.s: the SDATA registers start at `sdata`
// (data, then for cmpswap the compare value); the slot is `slot` bytes past
// the descriptor BASE (buffer) or the SBASE address.
struct AtomicCase {
  const char* name;
  bool buffer, x2, glc;
  unsigned sdata, slot;
  uint64_t mem, data, cmp;
};
constexpr AtomicCase kAtomics[] = {
    {"s_buffer_atomic_swap", true, false, true, 20, 0, 0x11111111ull, 0x22222222ull, 0},
    {"s_buffer_atomic_cmpswap", true, false, true, 22, 8, 0x5ull, 0x77ull, 0x5ull},
    {"s_buffer_atomic_add", true, false, true, 24, 16, 0xfffffffeull, 0x3ull, 0},
    {"s_buffer_atomic_sub", true, false, false, 25, 24, 0x2ull, 0x5ull, 0},
    {"s_buffer_atomic_smin", true, false, true, 26, 32, 0xfffffff0ull, 0x3ull, 0},
    {"s_buffer_atomic_umin", true, false, true, 27, 40, 0xfffffff0ull, 0x3ull, 0},
    {"s_buffer_atomic_smax", true, false, true, 28, 48, 0xfffffff0ull, 0x3ull, 0},
    {"s_buffer_atomic_umax", true, false, true, 29, 56, 0x5ull, 0x80000000ull, 0},
    {"s_buffer_atomic_and", true, false, true, 30, 64, 0xff00ff00ull, 0xff00ff0ull, 0},
    {"s_buffer_atomic_or", true, false, false, 31, 72, 0xf0ull, 0xfull, 0},
    {"s_buffer_atomic_xor", true, false, true, 32, 80, 0xff00ff00ull, 0xff00ff0ull, 0},
    {"s_buffer_atomic_inc", true, false, true, 33, 88, 0x5ull, 0x5ull, 0},
    {"s_buffer_atomic_dec", true, false, true, 34, 96, 0x0ull, 0x7ull, 0},
    {"s_buffer_atomic_swap_x2", true, true, true, 36, 104, 0x1111111122222222ull, 0x3333333344444444ull, 0},
    {"s_buffer_atomic_cmpswap_x2", true, true, true, 40, 112, 0x100000005ull, 0xabcdefull, 0x100000004ull},
    {"s_buffer_atomic_add_x2", true, true, true, 44, 120, 0xffffffffull, 0x1ull, 0},
    {"s_buffer_atomic_sub_x2", true, true, true, 46, 128, 0x100000000ull, 0x1ull, 0},
    {"s_buffer_atomic_smin_x2", true, true, true, 48, 136, 0x8000000000000000ull, 0x1ull, 0},
    {"s_buffer_atomic_umin_x2", true, true, true, 50, 144, 0x8000000000000000ull, 0x1ull, 0},
    {"s_buffer_atomic_smax_x2", true, true, true, 52, 152, 0xffffffffffffffffull, 0x100000000ull, 0},
    {"s_buffer_atomic_umax_x2", true, true, false, 54, 160, 0xffffffffffffffffull, 0x100000000ull, 0},
    {"s_buffer_atomic_and_x2", true, true, true, 56, 168, 0xffff0000ffff0000ull, 0xff00ff00ff00ff0ull, 0},
    {"s_buffer_atomic_or_x2", true, true, true, 58, 176, 0x1ull, 0x100000000ull, 0},
    {"s_buffer_atomic_xor_x2", true, true, true, 60, 184, 0xffffffff00000000ull, 0xffffffffffffffffull, 0},
    {"s_buffer_atomic_inc_x2", true, true, true, 62, 192, 0x3ull, 0xaull, 0},
    {"s_buffer_atomic_dec_x2", true, true, true, 64, 200, 0x9ull, 0x5ull, 0},
    {"s_atomic_swap_x2", false, true, true, 66, 0, 0xaaaabbbbccccddddull, 0x1ull, 0},
    {"s_atomic_sub_x2", false, true, true, 68, 8, 0x0ull, 0x1ull, 0},
    {"s_atomic_umin_x2", false, true, true, 70, 16, 0x200000000ull, 0x1ffffffffull, 0},
    {"s_atomic_smax_x2", false, true, true, 72, 24, 0xfffffffffffffffeull, 0xffffffffffffffffull, 0},
    {"s_atomic_umax_x2", false, true, true, 74, 32, 0x100000000ull, 0xffffffffull, 0},
    {"s_atomic_and_x2", false, true, false, 76, 40, 0xff00ff00ff00ffull, 0xffff0000ffff0000ull, 0},
    {"s_atomic_or_x2", false, true, true, 78, 48, 0xf000000000000000ull, 0xfull, 0},
    {"s_atomic_xor_x2", false, true, true, 80, 56, 0x5555555555555555ull, 0xffffffffffffffffull, 0},
    {"s_atomic_dec_x2", false, true, true, 82, 64, 0x100000000ull, 0x100000005ull, 0},
};

// CPU reference: the "*VM = ..." line of each seed 000 atomic, at `bits` width.
uint64_t atomicRef(const std::string& name, unsigned bits, uint64_t m, uint64_t d, uint64_t cmp) {
  const uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
  const auto sx = [&](uint64_t v) { return bits == 64 ? int64_t(v) : int64_t(int32_t(uint32_t(v))); };
  const std::string op = name.substr(name.find("atomic_") + 7);
  const auto is = [&](const char* o) { return op == o || op == std::string(o) + "_x2"; };
  if (is("swap")) return d & mask;                              // *VM = SDATA
  if (is("cmpswap")) return (m == cmp ? d : m) & mask;          // *VM==SDATA[hi] ? SDATA[lo] : *VM
  if (is("add")) return (m + d) & mask;                         // *VM = *VM + SDATA
  if (is("sub")) return (m - d) & mask;                         // *VM = *VM - SDATA
  if (is("smin")) return (sx(m) < sx(d) ? m : d) & mask;        // *VM = MIN(*VM, (INT)SDATA)
  if (is("umin")) return (m < d ? m : d) & mask;                // *VM = MIN(*VM, SDATA)
  if (is("smax")) return (sx(m) > sx(d) ? m : d) & mask;        // *VM = MAX(*VM, (INT)SDATA)
  if (is("umax")) return (m > d ? m : d) & mask;                // *VM = MAX(*VM, SDATA)
  if (is("and")) return (m & d) & mask;                         // *VM = *VM & SDATA
  if (is("or")) return (m | d) & mask;                          // *VM = *VM | SDATA
  if (is("xor")) return (m ^ d) & mask;                         // *VM = *VM ^ SDATA
  if (is("inc")) return (m < d ? m + 1 : 0) & mask;             // (*VM < SDATA) ? *VM+1 : 0
  if (is("dec")) return (m <= d && m != 0 ? m - 1 : d) & mask;  // (*VM <= VDATA && *VM!=0) ? *VM-1 : VDATA
  FAIL("no reference for " << name);
  return 0;
}

}  // namespace

TEST_CASE("s_buffer_atomic_* and s_atomic_*_x2: memory result, GLC returns the pre-op value (seed 000)",
          "[sim][smem]") {
  // Hand-checked anchors of the reference: inc wraps to 0 when *VM >= SDATA,
  // dec loads SDATA when *VM == 0 or *VM > SDATA, 64-bit carries/borrows cross dwords.
  CHECK(atomicRef("s_buffer_atomic_inc", 32, 5, 5, 0) == 0u);
  CHECK(atomicRef("s_buffer_atomic_dec", 32, 0, 7, 0) == 7u);
  CHECK(atomicRef("s_buffer_atomic_dec_x2", 64, 9, 5, 0) == 5u);
  CHECK(atomicRef("s_buffer_atomic_add_x2", 64, 0xffffffff, 1, 0) == 0x100000000ull);
  CHECK(atomicRef("s_atomic_dec_x2", 64, 0x100000000ull, 0x100000005ull, 0) == 0xffffffffull);
  CHECK(atomicRef("s_buffer_atomic_smin", 32, 0xfffffff0, 3, 0) == 0xfffffff0u);
  CHECK(atomicRef("s_buffer_atomic_add", 32, 0xfffffffe, 3, 0) == 1u);

  test::WaveHarness h(Gen::GCN14);
  const uint64_t a = h.alloc(0x400);
  const uint64_t bufBase = a + 0x200;
  h.put(a, std::vector<uint32_t>(0x100, 0x5a5a5a5au));
  h.wave.setSreg64(0, a);
  descriptor(h, 4, bufBase, 0x100);
  h.wave.sreg[2] = 82;   // s_buffer_atomic_xor: 82 & ~3 = slot 80
  h.wave.sreg[3] = 172;  // s_buffer_atomic_or_x2: 4 + 172 = slot 176
  h.wave.sreg[16] = 65;  // s_atomic_dec_x2: 65 & ~3 = slot 64
  h.wave.sreg[84] = 9;   // out-of-range s_buffer_atomic_add
  for (const AtomicCase& c : kAtomics) {
    const uint64_t addr = (c.buffer ? bufBase : a) + c.slot;
    if (c.x2)
      h.put(addr, std::vector<uint64_t>{c.mem});
    else
      h.put(addr, std::vector<uint32_t>{uint32_t(c.mem)});
    // SDATA = data; cmpswap: SDATA[hi] (the next dword/qword) = the compare value
    const unsigned dw = c.x2 ? 2 : 1;
    const bool cmpswap = std::string(c.name).find("cmpswap") != std::string::npos;
    for (unsigned i = 0; i < dw; ++i) {
      h.wave.sreg[c.sdata + i] = uint32_t(c.data >> (32 * i));
      if (cmpswap) h.wave.sreg[c.sdata + dw + i] = uint32_t(c.cmp >> (32 * i));
    }
  }

  const sim::RunStatus st = h.runProgram("smem_ops_atomic");
  INFO(st.message);
  REQUIRE(st.ok());
  for (const AtomicCase& c : kAtomics) {
    INFO(c.name);
    const unsigned bits = c.x2 ? 64 : 32;
    const uint64_t addr = (c.buffer ? bufBase : a) + c.slot;
    const uint64_t want = atomicRef(c.name, bits, c.mem, c.data, c.cmp);
    if (c.x2) {
      CHECK(h.get<uint64_t>(addr, 1)[0] == want);
    } else {
      CHECK(h.get<uint32_t>(addr, 1)[0] == uint32_t(want));
      CHECK(h.get<uint32_t>(addr + 4, 1)[0] == 0x5a5a5a5au);  // the other half of the slot
    }
    // SDATA = (GLC) ? P : SDATA
    const uint64_t ret = c.glc ? c.mem : c.data;
    CHECK(h.wave.sreg[c.sdata] == uint32_t(ret));
    if (c.x2) CHECK(h.wave.sreg[c.sdata + 1] == uint32_t(ret >> 32));
  }
  // The compare halves of the cmpswaps are not part of the returned value.
  CHECK(h.wave.sreg[23] == 5u);
  CHECK(h.wave.sreg64(42) == 0x100000004ull);
  // s_buffer_atomic_add s84, s[4:7], 0x100 glc: 0x100 >= NUM_RECORDS. Seed 001:
  // "Reads are zero and writes are ignored" -> memory untouched, P = 0 returned.
  CHECK(h.get<uint32_t>(bufBase + 0x100, 1)[0] == 0x5a5a5a5au);
  CHECK(h.wave.sreg[84] == 0u);
}

TEST_CASE("s_atc_probe(_buffer), s_wakeup: no register or memory change, s_rfe_restore_b64: PC = SSRC0",
          "[sim][smem]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    INFO(isa::genName(g));
    test::WaveHarness h(g);
    const uint64_t a = h.alloc(256);
    const auto init = pattern(64, 0x3000);
    h.put(a, init);
    fillSgprs(h, 2);
    h.wave.setSreg64(0, a);
    descriptor(h, 4, a, 256);
    h.wave.sreg[12] = 0;
    h.wave.scc = true;
    const auto before = h.wave.sreg;
    const sim::RunStatus st = h.runProgram("smem_ops_probe");
    INFO(st.message);
    REQUIRE(st.ok());
    CHECK(h.get<uint32_t>(a, 64) == init);
    // s_getpc_b64 is the 9th word (byte 32): next PC = code + 36; + 20 = `target` (byte 56).
    CHECK(h.wave.sreg64(10) == h.codeBase + 56);
    CHECK(h.wave.sreg[13] == before[13]);  // s_mov_b32 s13, 0xbad skipped by the return
    CHECK(h.wave.sreg[14] == 0x900du);
    for (unsigned i = 0; i < 102; ++i) {
      if (i == 10 || i == 11 || i == 14) continue;
      INFO("s" << i);
      CHECK(h.wave.sreg[i] == before[i]);
    }
  }
}

TEST_CASE("s_dcache_discard(_x2): no dirty line, so no register or memory change (seed 000)", "[sim][smem]") {
  test::WaveHarness h(Gen::GCN14);
  const uint64_t a = h.alloc(256);
  const auto init = pattern(64, 0x4000);
  h.put(a, init);
  fillSgprs(h, 2);
  h.wave.setSreg64(0, a);
  h.wave.sreg[2] = 0x47;
  const auto before = h.wave.sreg;
  const sim::RunStatus st = h.runProgram("smem_ops_discard");
  INFO(st.message);
  REQUIRE(st.ok());
  CHECK(h.get<uint32_t>(a, 64) == init);
  CHECK(h.wave.sreg[20] == 0x4010u);  // s_load_dword s20, s[0:1], 0x40 after the discards
  for (unsigned i = 0; i < 102; ++i) {
    if (i == 20) continue;
    INFO("s" << i);
    CHECK(h.wave.sreg[i] == before[i]);
  }
}

}  // namespace smem_programs
