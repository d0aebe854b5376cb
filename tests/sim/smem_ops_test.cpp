// Scalar memory instructions not covered by scalar_memory_test.cpp, run as
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

using namespace gcnsim;
using isa::Gen;

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

TEST_CASE("s_atc_probe(_buffer), s_wakeup: no register or memory change; s_rfe_restore_b64: PC = SSRC0",
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
