// SOP2 / SOPC / SOPK arithmetic semantics. Rules: seeds/002_160158f13b229eb1.txt
// (SOP2 pseudo-code and SCC rules), CLRX GcnInstrsSop2.md (GCN 1.4 additions),
// GcnInstrsSopc.md, GcnInstrsSopk.md. Every value below is worked out by hand.
#include "tests/sim/semantics/scalar_test_util.hpp"

using namespace gcnsim;
using namespace gcnsim::test::scalar;

namespace {

// Runs a 32-bit SOP2 op `name` with s1 = a, s2 = b into s3 on every generation
// where it exists; checks s3 == want and SCC == scc (scc = -1: SCC unchanged,
// tested from both initial values).
void sop2(const char* name, uint32_t a, uint32_t b, uint32_t want, int scc, bool sccIn = false) {
  for (Gen g : kAllGens) {
    for (bool initial : {false, true}) {
      Rig r(g);
      if (!r.has(name)) continue;
      INFO(name << " " << isa::genName(g) << " a=0x" << std::hex << a << " b=0x" << b
                << " SCC in=" << initial);
      r.w.sreg[1] = a, r.w.sreg[2] = b;
      r.w.scc = scc >= 0 ? sccIn : initial;
      r.run2(name, sreg(3), sreg(1), sreg(2));
      CHECK(r.s(3) == want);
      CHECK(r.w.scc == (scc >= 0 ? scc == 1 : initial));
      if (scc >= 0) break;
    }
  }
}
// 64-bit SOP2 op: s[2:3] = a, s[4:5] (or s4 for a 32-bit second operand) = b, into s[6:7].
void sop2x64(const char* name, uint64_t a, uint64_t b, uint64_t want, int scc) {
  for (Gen g : kAllGens) {
    Rig r(g);
    if (!r.has(name)) continue;
    INFO(name << " " << isa::genName(g) << " a=0x" << std::hex << a << " b=0x" << b);
    r.w.setSreg64(2, a), r.w.setSreg64(4, b);
    r.w.scc = scc < 0;
    const bool b64 = isa::opTypeDwords(isa::findOpByName(name, g)->src1) == 2;
    const bool a64 = isa::opTypeDwords(isa::findOpByName(name, g)->src0) == 2;
    r.run2(name, spair(6), a64 ? spair(2) : sreg(2), b64 ? spair(4) : sreg(4));
    CHECK(r.s64(6) == want);
    CHECK(r.w.scc == (scc < 0 ? true : scc == 1));
  }
}

}  // namespace

TEST_CASE("s_add_u32/s_sub_u32: carry and borrow in SCC (seed 002)", "[sim][scalar][sop2]") {
  // UINT64 temp = (UINT64)SSRC0 + (UINT64)SSRC1  SDST = temp  SCC = temp >> 32
  sop2("s_add_u32", 5, 7, 12, 0);
  sop2("s_add_u32", 0xffffffff, 1, 0, 1);
  sop2("s_add_u32", 0x80000000, 0x80000000, 0, 1);
  // UINT64 temp = (UINT64)SSRC0 - (UINT64)SSRC1  SDST = temp  SCC = (temp>>32)!=0
  sop2("s_sub_u32", 5, 3, 2, 0);
  sop2("s_sub_u32", 3, 5, 0xfffffffe, 1);
  sop2("s_sub_u32", 7, 7, 0, 0);
}

TEST_CASE("s_add_i32/s_sub_i32: signed overflow in SCC (seed 002)", "[sim][scalar][sop2]") {
  // SCC = temp > ((1LL<<31)-1) || temp < (-1LL<<31), temp = SEXT64(a) +/- SEXT64(b)
  sop2("s_add_i32", 0x7fffffff, 1, 0x80000000, 1);
  sop2("s_add_i32", 0xffffffff, 1, 0, 0);  // unsigned carry out, but -1 + 1 = 0 does not overflow
  sop2("s_add_i32", 0x80000000, 0xffffffff, 0x7fffffff, 1);
  sop2("s_add_i32", 0xfffffffe, 0xfffffffd, 0xfffffffb, 0);  // -2 + -3 = -5
  sop2("s_sub_i32", 0x80000000, 1, 0x7fffffff, 1);
  sop2("s_sub_i32", 0, 0x80000000, 0x80000000, 1);  // 0 - (-2^31) = 2^31 overflows
  sop2("s_sub_i32", 5, 7, 0xfffffffe, 0);
}

TEST_CASE("s_addc_u32/s_subb_u32 consume SCC as carry/borrow (seed 002)", "[sim][scalar][sop2]") {
  // UINT64 temp = (UINT64)SSRC0 + (UINT64)SSRC1 + SCC  SDST = temp  SCC = temp >> 32
  sop2("s_addc_u32", 0xffffffff, 0, 0, 1, /*sccIn=*/true);
  sop2("s_addc_u32", 1, 2, 4, 0, true);
  sop2("s_addc_u32", 1, 2, 3, 0, false);
  sop2("s_addc_u32", 0xffffffff, 0xffffffff, 0xffffffff, 1, true);
  // UINT64 temp = (UINT64)SSRC0 - (UINT64)SSRC1 - SCC  SDST = temp  SCC = (temp>>32) & 1
  sop2("s_subb_u32", 0, 0, 0xffffffff, 1, true);
  sop2("s_subb_u32", 5, 3, 1, 0, true);
  sop2("s_subb_u32", 5, 5, 0, 0, false);
  sop2("s_subb_u32", 5, 5, 0xffffffff, 1, true);
}

TEST_CASE("s_min/s_max: SCC = 1 when SSRC0 is chosen (seed 002)", "[sim][scalar][sop2]") {
  // SDST = MIN((INT32)SSRC0, (INT32)SSRC1)  SCC = (INT32)SSRC0 < (INT32)SSRC1
  sop2("s_min_i32", 0xffffffff, 1, 0xffffffff, 1);
  sop2("s_min_i32", 3, 0xfffffffb, 0xfffffffb, 0);
  sop2("s_min_i32", 4, 4, 4, 0);  // equal: SSRC0 is not "less", SCC = 0
  // SDST = MIN(SSRC0, SSRC1)  SCC = SSRC0 < SSRC1
  sop2("s_min_u32", 0xffffffff, 1, 1, 0);
  sop2("s_min_u32", 1, 0xffffffff, 1, 1);
  // SDST = MAX((INT32)SSRC0, (INT32)SSRC1)  SCC = (INT32)SSRC0 > (INT32)SSRC1
  sop2("s_max_i32", 0xffffffff, 1, 1, 0);
  sop2("s_max_i32", 1, 0xffffffff, 1, 1);
  sop2("s_max_i32", 9, 9, 9, 0);
  // SDST = MAX(SSRC0, SSRC1)  SCC = SSRC0 > SSRC1
  sop2("s_max_u32", 0xffffffff, 1, 0xffffffff, 1);
  sop2("s_max_u32", 1, 0xffffffff, 0xffffffff, 0);
}

TEST_CASE("s_cselect picks by SCC and leaves it alone (seed 002)", "[sim][scalar][sop2]") {
  for (Gen g : kAllGens) {
    for (bool scc : {false, true}) {
      Rig r(g);
      r.w.sreg[1] = 0x11, r.w.sreg[2] = 0x22, r.w.scc = scc;
      r.run2("s_cselect_b32", sreg(3), sreg(1), sreg(2));
      CHECK(r.s(3) == (scc ? 0x11u : 0x22u));
      CHECK(r.w.scc == scc);
      // 64-bit: SDST = SCC ? SSRC0 : SSRC1 on register pairs, and a 64-bit inline constant
      r.w.setSreg64(4, 0x1111222233334444ull);
      r.run2("s_cselect_b64", spair(6), spair(4), constant(~0ull));
      CHECK(r.s64(6) == (scc ? 0x1111222233334444ull : ~0ull));
      CHECK(r.w.scc == scc);
    }
  }
}

TEST_CASE("SOP2 bitwise ops: SCC = result != 0, 64-bit on register pairs (seed 002)", "[sim][scalar][sop2]") {
  sop2("s_and_b32", 0xf0f0, 0x0ff0, 0x00f0, 1);
  sop2("s_and_b32", 0xf0, 0x0f, 0, 0);
  sop2("s_or_b32", 0, 0, 0, 0);
  sop2("s_or_b32", 0x100, 0x001, 0x101, 1);
  sop2("s_xor_b32", 5, 5, 0, 0);
  sop2("s_xor_b32", 0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0, 1);
  sop2("s_andn2_b32", 0xff, 0x0f, 0xf0, 1);  // SSRC0 & ~SSRC1
  sop2("s_orn2_b32", 0, 0xffffffff, 0, 0);   // SSRC0 | ~SSRC1
  sop2("s_orn2_b32", 0, 0xfffffff0, 0xf, 1);
  sop2("s_nand_b32", 0xffffffff, 0xffffffff, 0, 0);   // ~(SSRC0 & SSRC1)
  sop2("s_nor_b32", 0, 0, 0xffffffff, 1);             // ~(SSRC0 | SSRC1)
  sop2("s_xnor_b32", 0x1234, 0x1234, 0xffffffff, 1);  // ~(SSRC0 ^ SSRC1)
  sop2("s_xnor_b32", 0x0, 0xffffffff, 0, 0);
  // 64-bit: a result whose only set bit is in the high dword still sets SCC.
  sop2x64("s_and_b64", 0xffffffff00000000ull, 0x0000000100000001ull, 0x0000000100000000ull, 1);
  sop2x64("s_and_b64", 0xffffffff00000000ull, 0x00000000ffffffffull, 0, 0);
  sop2x64("s_or_b64", 0x8000000000000000ull, 1, 0x8000000000000001ull, 1);
  sop2x64("s_xor_b64", 0x0123456789abcdefull, 0x0123456789abcdefull, 0, 0);
  sop2x64("s_andn2_b64", ~0ull, 0x00000000ffffffffull, 0xffffffff00000000ull, 1);
  sop2x64("s_orn2_b64", 0, ~0ull, 0, 0);
  sop2x64("s_nand_b64", ~0ull, ~0ull, 0, 0);
  sop2x64("s_nor_b64", 0, 0x00000000ffffffffull, 0xffffffff00000000ull, 1);
  sop2x64("s_xnor_b64", 0xf0f0f0f0f0f0f0f0ull, 0x0f0f0f0f0f0f0f0full, 0, 0);
}

TEST_CASE("SOP2 shifts mask the count to the width (seed 002)", "[sim][scalar][sop2]") {
  // SDST = SSRC0 << (SSRC1 & 31)  SCC = SDST!=0
  sop2("s_lshl_b32", 1, 33, 2, 1);
  sop2("s_lshl_b32", 0x80000000, 1, 0, 0);
  sop2("s_lshl_b32", 3, 32, 3, 1);
  // SDST = SSRC0 >> (SSRC1 & 31)
  sop2("s_lshr_b32", 0x80000000, 31, 1, 1);
  sop2("s_lshr_b32", 0x80000000, 32, 0x80000000, 1);
  sop2("s_lshr_b32", 1, 1, 0, 0);
  // SDST = (INT32)SSRC0 >> (SSRC1 & 31)
  sop2("s_ashr_i32", 0x80000000, 4, 0xf8000000, 1);
  sop2("s_ashr_i32", 0x80000000, 36, 0xf8000000, 1);
  sop2("s_ashr_i32", 0x40000000, 31, 0, 0);
  // 64-bit: count = SSRC1 & 63 (SSRC1 is 32-bit)
  sop2x64("s_lshl_b64", 1, 63, 0x8000000000000000ull, 1);
  sop2x64("s_lshl_b64", 1, 64, 1, 1);
  sop2x64("s_lshl_b64", 0x8000000000000000ull, 1, 0, 0);
  sop2x64("s_lshr_b64", 0x8000000000000000ull, 63, 1, 1);
  sop2x64("s_lshr_b64", 0x8000000000000000ull, 127, 1, 1);
  sop2x64("s_ashr_i64", 0x8000000000000000ull, 68, 0xf800000000000000ull, 1);
  sop2x64("s_ashr_i64", 0x7fffffffffffffffull, 63, 0, 0);
}

TEST_CASE("s_bfm and s_mul_i32 leave SCC alone (seed 002)", "[sim][scalar][sop2]") {
  // SDST = ((1U << (SSRC0&31))-1) << (SSRC1&31)
  sop2("s_bfm_b32", 5, 3, 0xf8, -1);
  sop2("s_bfm_b32", 32, 0, 0, -1);  // length 32 & 31 = 0: empty mask
  sop2("s_bfm_b32", 31, 1, 0xfffffffe, -1);
  // SDST = ((1ULL << (SSRC0&63))-1) << (SSRC1&63)   (SSRC0, SSRC1 32-bit)
  sop2x64("s_bfm_b64", 40, 8, 0x0000ffffffffff00ull, -1);
  sop2x64("s_bfm_b64", 64 + 4, 60, 0xf000000000000000ull, -1);
  // SDST = SSRC0 * SSRC1
  sop2("s_mul_i32", 0x10000, 0x10000, 0, -1);
  sop2("s_mul_i32", 0xfffffffd, 7, 0xffffffeb, -1);  // -3 * 7 = -21
}

TEST_CASE("s_bfe: length 0, offset+length past the width, masked fields (seed 002)", "[sim][scalar][sop2]") {
  // shift = SSRC1 & 31, length = (SSRC1>>16) & 0x7f
  sop2("s_bfe_u32", 0x12345678, (8u << 16) | 4, 0x67, 1);
  sop2("s_bfe_u32", 0x12345678, 4, 0, 0);                     // length 0 -> 0
  sop2("s_bfe_u32", 0x12345678, (16u << 16) | 24, 0x12, 1);   // 24+16 >= 32: SSRC0 >> shift
  sop2("s_bfe_u32", 0x12345678, (8u << 16) | 36, 0x67, 1);    // shift 36 & 31 = 4
  sop2("s_bfe_u32", 0x12345678, (0x88u << 16) | 4, 0x67, 1);  // length 0x88 & 0x7f = 8
  sop2("s_bfe_u32", 0x12345678, (0x80u << 16) | 4, 0, 0);     // length 0x80 & 0x7f = 0
  sop2("s_bfe_u32", 0x0000f000, (4u << 16) | 0, 0, 0);        // extracted field is zero
  // signed: the extracted field's top bit is extended
  sop2("s_bfe_i32", 0x000000f0, (4u << 16) | 4, 0xffffffff, 1);
  sop2("s_bfe_i32", 0x00000070, (4u << 16) | 4, 7, 1);
  sop2("s_bfe_i32", 0x80000000, (8u << 16) | 28, 0xfffffff8, 1);  // 28+8 >= 32: (INT32)SSRC0 >> 28
  sop2("s_bfe_i32", 0xffffffff, 8, 0, 0);                         // length 0
  // 64-bit: shift = SSRC1 & 63
  sop2x64("s_bfe_u64", 0x123456789abcdef0ull, (16u << 16) | 32, 0x5678, 1);
  sop2x64("s_bfe_u64", 0x123456789abcdef0ull, (16u << 16) | 56, 0x12, 1);  // 56+16 >= 64
  sop2x64("s_bfe_u64", 0x123456789abcdef0ull, 12, 0, 0);
  sop2x64("s_bfe_i64", 0x0000000080000000ull, (32u << 16) | 0, 0xffffffff80000000ull, 1);
  sop2x64("s_bfe_i64", 0x8000000000000000ull, (10u << 16) | 60, 0xfffffffffffffff8ull, 1);
  sop2x64("s_bfe_i64", 0x8000000000000000ull, (0x40u << 16) | 127, 0xffffffffffffffffull,
          1);  // shift 127 & 63 = 63
}

TEST_CASE("s_absdiff_i32: |SSRC0 - SSRC1| of the 32-bit difference (seed 002)", "[sim][scalar][sop2]") {
  // SDST = ABS(SSRC0 - SSRC1)  SCC = SDST!=0
  sop2("s_absdiff_i32", 3, 10, 7, 1);
  sop2("s_absdiff_i32", 10, 3, 7, 1);
  sop2("s_absdiff_i32", 10, 10, 0, 0);
  sop2("s_absdiff_i32", 5, 0xfffffffb, 10, 1);  // 5 - (-5)
  sop2("s_absdiff_i32", 0x80000000, 0, 0x80000000, 1);
}

TEST_CASE("GCN 1.4 SOP2 additions: lshlN_add, mul_hi, pack (GcnInstrsSop2.md)", "[sim][scalar][sop2]") {
  // UINT64 TMP = (SSRC0<<N) + SSRC1  SDST = TMP&0xffffffff  SCC = TMP >= (1ULL<<32)
  sop2("s_lshl1_add_u32", 0x80000000, 0, 0, 1);
  sop2("s_lshl2_add_u32", 3, 4, 16, 0);
  sop2("s_lshl3_add_u32", 0x1fffffff, 8, 0, 1);
  sop2("s_lshl4_add_u32", 0x10000000, 1, 1, 1);
  sop2("s_lshl4_add_u32", 0x0fffffff, 0xf, 0xffffffff, 0);
  // SDST = ((UINT64)SSRC0 * SSRC1)>>32 ; SDST = ((INT64)SSRC0 * (INT32)SSRC1)>>32 ; SCC unchanged
  sop2("s_mul_hi_u32", 0xffffffff, 0xffffffff, 0xfffffffe, -1);
  sop2("s_mul_hi_i32", 0xffffffff, 0xffffffff, 0, -1);
  sop2("s_mul_hi_i32", 0x80000000, 2, 0xffffffff, -1);
  sop2("s_mul_hi_u32", 0x80000000, 2, 1, -1);
  sop2("s_pack_ll_b32_b16", 0x1234abcd, 0x5678ef01, 0xef01abcd, -1);
  sop2("s_pack_lh_b32_b16", 0x1234abcd, 0x5678ef01, 0x5678abcd, -1);
  sop2("s_pack_hh_b32_b16", 0x1234abcd, 0x5678ef01, 0x56781234, -1);
  // and they exist only on GCN 1.4
  CHECK(isa::findOpByName("s_lshl1_add_u32", Gen::GCN12) == nullptr);
  CHECK(isa::findOpByName("s_lshl1_add_u32", Gen::GCN14) != nullptr);
}

TEST_CASE("SOP2 sources: literal and SDST aliasing a source", "[sim][scalar][sop2]") {
  for (Gen g : kAllGens) {
    Rig r(g);
    r.w.sreg[1] = 0x10;
    r.run2("s_add_u32", sreg(1), sreg(1), literal(0xfffffff0));  // s1 = s1 + 0xfffffff0
    CHECK(r.s(1) == 0);
    CHECK(r.w.scc);
    // M0 and VCC_LO as ordinary scalar operands
    r.w.setM0(7), r.w.sreg[isa::code::kVccLo] = 5;
    r.run2("s_mul_i32", sreg(isa::code::kVccHi), sreg(isa::code::kM0), sreg(isa::code::kVccLo));
    CHECK(r.w.vcc() == (35ull << 32 | 5));
  }
}

TEST_CASE("SOPC compares set SCC (GcnInstrsSopc.md)", "[sim][scalar][sopc]") {
  struct Case {
    const char* name;
    uint32_t a, b;
    bool scc;
  };
  const Case cases[] = {
      {"s_cmp_eq_i32", 5, 5, true},
      {"s_cmp_lg_i32", 5, 5, false},
      {"s_cmp_gt_i32", 0xffffffff, 1, false},
      {"s_cmp_gt_u32", 0xffffffff, 1, true},
      {"s_cmp_ge_i32", 0x80000000, 0x80000000, true},
      {"s_cmp_lt_i32", 0x80000000, 0x7fffffff, true},
      {"s_cmp_lt_u32", 0x80000000, 0x7fffffff, false},
      {"s_cmp_le_i32", 1, 0xffffffff, false},
      {"s_cmp_le_u32", 1, 0xffffffff, true},
      {"s_cmp_eq_u32", 0, 0, true},
      {"s_cmp_lg_u32", 0, 1, true},
      {"s_cmp_ge_u32", 0, 1, false},
      // SCC = (SSRC0 & (1U << (SSRC1&31))) == 0  /  != 0
      {"s_bitcmp0_b32", 0x10, 4, false},
      {"s_bitcmp0_b32", 0x10, 5, true},
      {"s_bitcmp1_b32", 0x10, 36, true},
      {"s_bitcmp1_b32", 0x10, 3, false},
  };
  for (Gen g : kAllGens)
    for (const Case& c : cases)
      for (bool initial : {false, true}) {
        Rig r(g);
        INFO(c.name << " " << isa::genName(g) << " " << c.a << " " << c.b);
        r.w.sreg[1] = c.a, r.w.sreg[2] = c.b, r.w.scc = initial;
        r.run2(c.name, Operand{}, sreg(1), sreg(2));
        CHECK(r.w.scc == c.scc);
      }
  // 64-bit bit tests: SCC = (SSRC0 & (1ULL << (SSRC1&63))) ==/!= 0
  for (Gen g : kAllGens) {
    Rig r(g);
    r.w.setSreg64(2, 0x8000000000000000ull);
    r.w.sreg[4] = 127;  // & 63 = 63
    r.run2("s_bitcmp1_b64", Operand{}, spair(2), sreg(4));
    CHECK(r.w.scc);
    r.run2("s_bitcmp0_b64", Operand{}, spair(2), sreg(4));
    CHECK_FALSE(r.w.scc);
    r.w.sreg[4] = 31;
    r.run2("s_bitcmp0_b64", Operand{}, spair(2), sreg(4));
    CHECK(r.w.scc);
  }
  // GCN 1.2+: s_cmp_eq_u64 / s_cmp_lg_u64 compare all 64 bits
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    Rig r(g);
    r.w.setSreg64(2, 0x0000000100000005ull), r.w.setSreg64(4, 0x0000000200000005ull);
    r.run2("s_cmp_eq_u64", Operand{}, spair(2), spair(4));
    CHECK_FALSE(r.w.scc);
    r.run2("s_cmp_lg_u64", Operand{}, spair(2), spair(4));
    CHECK(r.w.scc);
    r.run2("s_cmp_eq_u64", Operand{}, spair(2), spair(2));
    CHECK(r.w.scc);
  }
  CHECK(isa::findOpByName("s_cmp_eq_u64", Gen::GCN11) == nullptr);
}

TEST_CASE("SOPK immediates: movk/cmovk/addk/mulk (GcnInstrsSopk.md)", "[sim][scalar][sopk]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    // SDST = SEXT(SIMM16); the decoder's extension does not matter
    r.runK("s_movk_i32", 5, 0x8000);
    CHECK(r.s(5) == 0xffff8000u);
    r.runK("s_movk_i32", 5, -1);
    CHECK(r.s(5) == 0xffffffffu);
    r.runK("s_movk_i32", 5, 0x7fff);
    CHECK(r.s(5) == 0x7fffu);
    // SDST = SCC ? SIMM16 : SDST, SCC unchanged
    r.w.scc = false;
    r.runK("s_cmovk_i32", 5, 0x1234);
    CHECK(r.s(5) == 0x7fffu);
    r.w.scc = true;
    r.runK("s_cmovk_i32", 5, -2);
    CHECK(r.s(5) == 0xfffffffeu);
    CHECK(r.w.scc);
    // SDST = SDST + SIMM16, SCC = signed overflow
    r.w.sreg[6] = 0x7fff0000;
    r.runK("s_addk_i32", 6, 0x7fff);
    CHECK(r.s(6) == 0x7fff7fffu);
    CHECK_FALSE(r.w.scc);
    r.w.sreg[6] = 0x7fffffff;
    r.runK("s_addk_i32", 6, 1);
    CHECK(r.s(6) == 0x80000000u);
    CHECK(r.w.scc);
    r.w.sreg[6] = 0x80000000;
    r.runK("s_addk_i32", 6, 0xffff);  // -1
    CHECK(r.s(6) == 0x7fffffffu);
    CHECK(r.w.scc);
    r.w.sreg[6] = 0xffffffff;
    r.runK("s_addk_i32", 6, 1);  // -1 + 1: carry out but no signed overflow
    CHECK(r.s(6) == 0u);
    CHECK_FALSE(r.w.scc);
    // SDST = SDST * SIMM16, SCC unchanged
    r.w.sreg[7] = 3, r.w.scc = true;
    r.runK("s_mulk_i32", 7, 0xfffe);  // * -2
    CHECK(r.s(7) == 0xfffffffau);
    CHECK(r.w.scc);
  }
}

TEST_CASE("s_cmpk_*: signed SIMM16 for _i32, zero-extended IMM16 for _u32 (GcnInstrsSopk.md)",
          "[sim][scalar][sopk]") {
  struct Case {
    const char* name;
    uint32_t reg;
    int32_t imm;
    bool scc;
  };
  const Case cases[] = {
      {"s_cmpk_eq_i32", 0xffffffff, 0xffff, true},   // -1 == -1
      {"s_cmpk_eq_u32", 0xffffffff, 0xffff, false},  // 0xffffffff != 0xffff
      {"s_cmpk_eq_u32", 0x0000ffff, -1, true},       // IMM16 = 0xffff even if given sign-extended
      {"s_cmpk_lg_i32", 3, 3, false},
      {"s_cmpk_lg_u32", 3, 4, true},
      {"s_cmpk_lt_u32", 5, 0x8000, true},   // 5 < 32768
      {"s_cmpk_lt_i32", 5, 0x8000, false},  // 5 < -32768 is false
      {"s_cmpk_gt_i32", 0, 0xffff, true},   // 0 > -1
      {"s_cmpk_gt_u32", 0, 0xffff, false},
      {"s_cmpk_ge_i32", 0xffff8000, 0x8000, true},
      {"s_cmpk_ge_u32", 0x10000, 0xffff, true},
      {"s_cmpk_le_i32", 0x80000000, 0x8000, true},
      {"s_cmpk_le_u32", 0x10000, 0xffff, false},
  };
  for (Gen g : kAllGens)
    for (const Case& c : cases) {
      Rig r(g);
      INFO(c.name << " " << isa::genName(g));
      r.w.sreg[9] = c.reg, r.w.scc = !c.scc;
      r.runK(c.name, 9, c.imm);
      CHECK(r.w.scc == c.scc);
      CHECK(r.s(9) == c.reg);
    }
}
