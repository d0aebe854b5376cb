// SOP1 semantics: moves, bit operations, EXEC save/write, M0-relative moves.
// Rules: CLRX GcnInstrsSop1.md (pseudo-code quoted next to the checks).
// Every expected value is worked out by hand.
#include "tests/sim/semantics/scalar_test_util.hpp"

using namespace gcnsim;
using namespace gcnsim::test::scalar;

namespace {

// 32-bit-source SOP1 op on every generation where it exists: s1 = a -> s3.
// scc: expected SCC, or -1 for "unchanged" (checked from both initial values).
void sop1(const char* name, uint32_t a, uint32_t want, int scc) {
  for (Gen g : kAllGens)
    for (bool initial : {false, true}) {
      Rig r(g);
      if (!r.has(name)) continue;
      INFO(name << " " << isa::genName(g) << " a=0x" << std::hex << a);
      r.w.sreg[1] = a, r.w.scc = initial;
      r.run1(name, sreg(3), sreg(1));
      CHECK(r.s(3) == want);
      CHECK(r.w.scc == (scc >= 0 ? scc == 1 : initial));
    }
}
// 64-bit-source SOP1 op: s[4:5] = a -> s[6:7] (or s6 for a 32-bit result).
void sop1x64(const char* name, uint64_t a, uint64_t want, int scc) {
  for (Gen g : kAllGens)
    for (bool initial : {false, true}) {
      Rig r(g);
      if (!r.has(name)) continue;
      INFO(name << " " << isa::genName(g) << " a=0x" << std::hex << a);
      const isa::OpInfo* info = isa::findOpByName(name, g);
      const bool d64 = isa::opTypeDwords(info->dst) == 2, a64 = isa::opTypeDwords(info->src0) == 2;
      r.w.setSreg64(4, a), r.w.setSreg64(6, 0xdeadbeefdeadbeefull), r.w.scc = initial;
      r.run1(name, d64 ? spair(6) : sreg(6), a64 ? spair(4) : sreg(4));
      CHECK((d64 ? r.s64(6) : r.s(6)) == want);
      if (!d64) CHECK(r.s(7) == 0xdeadbeefu);  // a 32-bit result leaves the next register alone
      CHECK(r.w.scc == (scc >= 0 ? scc == 1 : initial));
    }
}

}  // namespace

TEST_CASE("s_mov/s_cmov: 32/64-bit, constants, SCC untouched (GcnInstrsSop1.md)", "[sim][scalar][sop1]") {
  sop1("s_mov_b32", 0x12345678, 0x12345678, -1);
  sop1x64("s_mov_b64", 0x0123456789abcdefull, 0x0123456789abcdefull, -1);
  sop1("s_mov_regrd_b32", 7, 7, -1);
  sop1("s_mov_fed_b32", 7, 7, -1);
  for (Gen g : kAllGens) {
    Rig r(g);
    r.run1("s_mov_b64", spair(2), constant(~0ull));  // s_mov_b64 s[2:3], -1
    CHECK(r.s64(2) == ~0ull);
    r.run1("s_mov_b32", sreg(isa::code::kM0), literal(0xcafe0000));
    CHECK(r.w.m0() == 0xcafe0000u);
    // SDST = SCC ? SSRC0 : SDST
    r.w.sreg[1] = 5, r.w.sreg[3] = 9, r.w.scc = false;
    r.run1("s_cmov_b32", sreg(3), sreg(1));
    CHECK(r.s(3) == 9u);
    r.w.scc = true;
    r.run1("s_cmov_b32", sreg(3), sreg(1));
    CHECK(r.s(3) == 5u);
    r.w.setSreg64(4, 0x1111111122222222ull), r.w.setSreg64(6, 0), r.w.scc = false;
    r.run1("s_cmov_b64", spair(6), spair(4));
    CHECK(r.s64(6) == 0u);
    r.w.scc = true;
    r.run1("s_cmov_b64", spair(6), spair(4));
    CHECK(r.s64(6) == 0x1111111122222222ull);
    CHECK(r.w.scc);
  }
}

TEST_CASE("s_not/s_wqm/s_quadmask/s_brev (GcnInstrsSop1.md)", "[sim][scalar][sop1]") {
  // SDST = ~SSRC0  SCC = SDST!=0
  sop1("s_not_b32", 0xffffffff, 0, 0);
  sop1("s_not_b32", 0x0f0f0f0f, 0xf0f0f0f0, 1);
  sop1x64("s_not_b64", 0, ~0ull, 1);
  sop1x64("s_not_b64", ~0ull, 0, 0);
  // temp |= ((SSRC0>>i) & 15)!=0 ? (15<<i) : 0   SCC = SDST!=0
  sop1("s_wqm_b32", 0x00100801, 0x00f00f0f, 1);
  sop1("s_wqm_b32", 0, 0, 0);
  sop1x64("s_wqm_b64", 0x8000000000000001ull, 0xf00000000000000full, 1);
  // temp |= ((SSRC0>>(i<<2)) & 15)!=0 ? (1U<<i) : 0   SCC = SDST!=0
  sop1("s_quadmask_b32", 0x0000f001, 0x9, 1);
  sop1("s_quadmask_b32", 0x80000000, 0x80, 1);
  sop1("s_quadmask_b32", 0, 0, 0);
  sop1x64("s_quadmask_b64", 0x1000000000000000ull, 0x8000, 1);
  sop1x64("s_quadmask_b64", 0x0000000100000010ull, 0x102, 1);
  sop1x64("s_quadmask_b64", 0, 0, 0);
  // SDST = REVBIT(SSRC0), SCC not changed
  sop1("s_brev_b32", 1, 0x80000000, -1);
  sop1("s_brev_b32", 0x12345678, 0x1e6a2c48, -1);
  sop1x64("s_brev_b64", 1, 0x8000000000000000ull, -1);
  sop1x64("s_brev_b64", 0x00000000ffff0000ull, 0x0000ffff00000000ull, -1);
}

TEST_CASE("s_bcnt0/s_bcnt1: bit counts with SCC = count != 0 (GcnInstrsSop1.md)", "[sim][scalar][sop1]") {
  sop1("s_bcnt0_i32_b32", 0xffffffff, 0, 0);
  sop1("s_bcnt0_i32_b32", 0, 32, 1);
  sop1("s_bcnt1_i32_b32", 0xf0f0, 8, 1);
  sop1("s_bcnt1_i32_b32", 0, 0, 0);
  sop1x64("s_bcnt1_i32_b64", ~0ull, 64, 1);
  sop1x64("s_bcnt0_i32_b64", 0xffffffff00000000ull, 32, 1);
  sop1x64("s_bcnt0_i32_b64", ~0ull, 0, 0);
}

TEST_CASE("s_ff0/s_ff1/s_flbit: -1 when nothing is found, SCC untouched (GcnInstrsSop1.md)",
          "[sim][scalar][sop1]") {
  sop1("s_ff0_i32_b32", 0xffffffff, 0xffffffff, -1);
  sop1("s_ff0_i32_b32", 0x0000ffff, 16, -1);
  sop1("s_ff1_i32_b32", 0, 0xffffffff, -1);
  sop1("s_ff1_i32_b32", 0x80000000, 31, -1);
  sop1("s_ff1_i32_b32", 0x00000c00, 10, -1);
  sop1x64("s_ff0_i32_b64", ~0ull, 0xffffffff, -1);
  sop1x64("s_ff0_i32_b64", 0x00000000ffffffffull, 32, -1);
  sop1x64("s_ff1_i32_b64", 0, 0xffffffff, -1);
  sop1x64("s_ff1_i32_b64", 0x0000000100000000ull, 32, -1);
  // SDST = 31-i for the highest set bit i
  sop1("s_flbit_i32_b32", 0, 0xffffffff, -1);
  sop1("s_flbit_i32_b32", 1, 31, -1);
  sop1("s_flbit_i32_b32", 0x80000000, 0, -1);
  sop1x64("s_flbit_i32_b64", 0, 0xffffffff, -1);
  sop1x64("s_flbit_i32_b64", 1, 63, -1);
  sop1x64("s_flbit_i32_b64", 0x0000000100000000ull, 31, -1);
  // signed: first bit (from the top) that differs from the sign bit; 0 and -1 give -1
  sop1("s_flbit_i32", 0, 0xffffffff, -1);
  sop1("s_flbit_i32", 0xffffffff, 0xffffffff, -1);
  sop1("s_flbit_i32", 0x40000000, 1, -1);
  sop1("s_flbit_i32", 0xc0000000, 2, -1);
  sop1("s_flbit_i32", 0xfffffffe, 31, -1);
  sop1x64("s_flbit_i32_i64", 0xffffffff00000000ull, 32, -1);
  sop1x64("s_flbit_i32_i64", 1, 63, -1);
  sop1x64("s_flbit_i32_i64", ~0ull, 0xffffffff, -1);
}

TEST_CASE("s_sext/s_abs/s_bitset/s_bitreplicate (GcnInstrsSop1.md)", "[sim][scalar][sop1]") {
  // SDST = SEXT((INT8)SSRC0) / SEXT((INT16)SSRC0)
  sop1("s_sext_i32_i8", 0x80, 0xffffff80, -1);
  sop1("s_sext_i32_i8", 0x17f, 0x7f, -1);
  sop1("s_sext_i32_i16", 0x18000, 0xffff8000, -1);
  sop1("s_sext_i32_i16", 0xffff7fff, 0x7fff, -1);
  // SDST = ABS(SSRC0)  SCC = SDST!=0
  sop1("s_abs_i32", 0xfffffffb, 5, 1);
  sop1("s_abs_i32", 0, 0, 0);
  sop1("s_abs_i32", 0x80000000, 0x80000000, 1);
  // GCN 1.4: SDST |= (((SSRC0>>I)&1)*3)<<(I<<1)
  sop1x64("s_bitreplicate_b64_b32", 0x5, 0x33, -1);
  sop1x64("s_bitreplicate_b64_b32", 0x80000001, 0xc000000000000003ull, -1);
  for (Gen g : kAllGens) {
    Rig r(g);
    // SDST &= ~(1U << (SSRC0&31)) ; SDST |= 1U << (SSRC0&31) : SDST is read and written
    r.w.sreg[5] = 0xffffffff, r.w.sreg[1] = 33, r.w.scc = true;
    r.run1("s_bitset0_b32", sreg(5), sreg(1));
    CHECK(r.s(5) == 0xfffffffdu);
    r.w.sreg[5] = 0;
    r.run1("s_bitset1_b32", sreg(5), constant(31));
    CHECK(r.s(5) == 0x80000000u);
    // 64-bit: bit SSRC0 & 63 of the pair
    r.w.setSreg64(6, 0), r.w.sreg[1] = 63;
    r.run1("s_bitset1_b64", spair(6), sreg(1));
    CHECK(r.s64(6) == 0x8000000000000000ull);
    r.w.setSreg64(6, ~0ull), r.w.sreg[1] = 64 + 35;
    r.run1("s_bitset0_b64", spair(6), sreg(1));
    CHECK(r.s64(6) == ~(1ull << 35));
    CHECK(r.w.scc);  // none of these touch SCC
  }
}

TEST_CASE("s_*_saveexec_b64: SDST = old EXEC, EXEC = op(SSRC0, EXEC), SCC = EXEC != 0 (GcnInstrsSop1.md)",
          "[sim][scalar][sop1]") {
  const uint64_t exec = 0x00000000ffffffffull, s = 0x0000ffff0000ffffull;
  struct Case {
    const char* name;
    uint64_t want;
  };
  const Case cases[] = {
      {"s_and_saveexec_b64", 0x000000000000ffffull},    // SSRC0 & EXEC
      {"s_or_saveexec_b64", 0x0000ffffffffffffull},     // SSRC0 | EXEC
      {"s_xor_saveexec_b64", 0x0000ffffffff0000ull},    // SSRC0 ^ EXEC
      {"s_andn2_saveexec_b64", 0x0000ffff00000000ull},  // SSRC0 & ~EXEC
      {"s_orn2_saveexec_b64", 0xffffffff0000ffffull},   // SSRC0 | ~EXEC
      {"s_nand_saveexec_b64", 0xffffffffffff0000ull},   // ~(SSRC0 & EXEC)
      {"s_nor_saveexec_b64", 0xffff000000000000ull},    // ~(SSRC0 | EXEC)
      {"s_xnor_saveexec_b64", 0xffff00000000ffffull},   // ~(SSRC0 ^ EXEC)
      {"s_andn1_saveexec_b64", 0x00000000ffff0000ull},  // GCN 1.4: ~SSRC0 & EXEC
      {"s_orn1_saveexec_b64", 0xffff0000ffffffffull},   // GCN 1.4: ~SSRC0 | EXEC
  };
  for (Gen g : kAllGens)
    for (const Case& c : cases) {
      Rig r(g);
      if (!r.has(c.name)) continue;
      INFO(c.name << " " << isa::genName(g));
      r.w.setExec(exec), r.w.setSreg64(2, s), r.w.scc = false;
      r.run1(c.name, spair(4), spair(2));
      CHECK(r.s64(4) == exec);
      CHECK(r.w.exec() == c.want);
      CHECK(r.w.scc == (c.want != 0));
    }
  for (Gen g : kAllGens) {
    Rig r(g);
    // all lanes switched off: SCC = 0
    r.w.setExec(exec), r.w.setSreg64(2, 0xffffffff00000000ull), r.w.scc = true;
    r.run1("s_and_saveexec_b64", spair(4), spair(2));
    CHECK(r.w.exec() == 0u);
    CHECK_FALSE(r.w.scc);
    CHECK(r.w.execz());
    // SDST = EXEC itself: EXEC ends as SSRC0 & old EXEC
    r.w.setExec(exec), r.w.setSreg64(2, s);
    r.run1("s_and_saveexec_b64", spair(isa::code::kExecLo), spair(2));
    CHECK(r.w.exec() == 0x000000000000ffffull);
    // SSRC0 = EXEC: the old EXEC is read before anything is written
    r.w.setExec(exec);
    r.run1("s_xor_saveexec_b64", spair(4), spair(isa::code::kExecLo));
    CHECK(r.s64(4) == exec);
    CHECK(r.w.exec() == 0u);
  }
  // GCN 1.4 wrexec: EXEC = op(SSRC0, EXEC)  SDST = EXEC (the new value)  SCC = EXEC!=0
  {
    Rig r(Gen::GCN14);
    r.w.setExec(exec), r.w.setSreg64(2, s), r.w.scc = false;
    r.run1("s_andn1_wrexec_b64", spair(4), spair(2));
    CHECK(r.w.exec() == 0x00000000ffff0000ull);
    CHECK(r.s64(4) == 0x00000000ffff0000ull);
    CHECK(r.w.scc);
    r.w.setExec(exec);
    r.run1("s_andn2_wrexec_b64", spair(4), spair(2));
    CHECK(r.w.exec() == 0x0000ffff00000000ull);
    CHECK(r.s64(4) == 0x0000ffff00000000ull);
    r.w.setExec(~0ull);
    r.run1("s_andn2_wrexec_b64", spair(4), spair(2));  // SSRC0 & ~EXEC = 0
    CHECK(r.w.exec() == 0u);
    CHECK_FALSE(r.w.scc);
  }
}

TEST_CASE("s_movrels/s_movreld index the SGPR file with M0 (GcnInstrsSop1.md)", "[sim][scalar][sop1]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    for (unsigned i = 0; i < 16; ++i) r.w.sreg[i] = 0x100 + i;
    // SDST = SGPR[SSRC0_NUMBER + M0]
    r.w.setM0(3);
    r.run1("s_movrels_b32", sreg(20), sreg(2));
    CHECK(r.s(20) == 0x105u);
    // SDST = SGPR[SSRC0_NUMBER + M0 : SSRC0_NUMBER + M0 + 1]
    r.w.setM0(2);
    r.run1("s_movrels_b64", spair(20), spair(4));
    CHECK(r.s64(20) == (0x107ull << 32 | 0x106));
    // SGPR[SDST_NUMBER + M0] = SSRC0
    r.w.setM0(4);
    r.run1("s_movreld_b32", sreg(1), literal(0xabcd));
    CHECK(r.s(5) == 0xabcdu);
    CHECK(r.s(1) == 0x101u);
    // SGPR[SDST_NUMBER + M0 : +1] = SSRC0
    r.w.setM0(6), r.w.setSreg64(30, 0x1122334455667788ull);
    r.run1("s_movreld_b64", spair(2), spair(30));
    CHECK(r.s64(8) == 0x1122334455667788ull);
    // M0 = 0 is a plain move
    r.w.setM0(0);
    r.run1("s_movrels_b32", sreg(21), sreg(10));
    CHECK(r.s(21) == 0x10au);
    // an index past the scalar register file stops with a message
    r.w.setM0(200);
    auto o = r.run1("s_movrels_b32", sreg(20), sreg(2));
    CHECK(o.stop == sim::StopReason::Fault);
    CHECK_THAT(o.fault, Catch::Contains("M0 (200)"));
  }
}

TEST_CASE("s_set_gpr_idx_idx sets M0[7:0] (GCN 1.2+, GcnInstrsSop1.md)", "[sim][scalar][sop1]") {
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    Rig r(g);
    // M0 = (M0 & 0xffffff00) | (SSRC0 & 0xff)
    r.w.setM0(0x1234ff55), r.w.sreg[1] = 0x1aa;
    r.op("s_set_gpr_idx_idx").src[0] = sreg(1);
    r.run();
    CHECK(r.w.m0() == 0x1234ffaau);
  }
  CHECK(isa::findOpByName("s_set_gpr_idx_idx", Gen::GCN11) == nullptr);
}
