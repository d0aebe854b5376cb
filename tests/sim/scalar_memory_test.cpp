// Scalar memory semantics: SMRD (GCN 1.0/1.1, seeds/003_d79646fcab33cb6c.txt)
// and SMEM (GCN 1.2/1.4, seeds/000_f05d49f6c840f2a3.txt); buffer range checks
// per seeds/001_2fc8a7f12b5d60d9.txt. Decoded fields as isa/codec_smem.cpp
// produces them: mem.offset in bytes when mem.immOffset, else the offset
// register in `soffset`; store/atomic data in data0 (and dst for GLC returns).
#include "tests/sim/scalar_test_util.hpp"

using namespace gcnsim;
using namespace gcnsim::test::scalar;

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

TEST_CASE("s_memtime returns env.clock; cache controls do nothing (seeds 003, 000)", "[sim][scalar][smem]") {
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
