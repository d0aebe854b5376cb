// Vector ALU formats: decoding details the text corpus cannot show, table
// integrity of the shared VOP3 opcode space, truncation and invalid encodings.
// Encodings are llvm-mc-15 -show-encoding output for the quoted text.
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>

#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "isa/table.hpp"
#include "isa/tables/vector_forms.hpp"

using namespace gcnsim::isa;

namespace {

std::vector<uint32_t> wordsOf(std::initializer_list<uint8_t> bytes) {
  std::vector<uint8_t> b(bytes);
  std::vector<uint32_t> w(b.size() / 4);
  for (size_t i = 0; i < w.size(); ++i)
    w[i] = b[4 * i] | b[4 * i + 1] << 8 | b[4 * i + 2] << 16 | static_cast<uint32_t>(b[4 * i + 3]) << 24;
  return w;
}

DecodedInst decodeAll(Gen g, const std::vector<uint32_t>& w) {
  DecodedInst d;
  REQUIRE(decode(g, w.data(), w.size(), d) == DecodeStatus::Ok);
  REQUIRE(d.valid());
  REQUIRE(d.words == w.size());
  return d;
}

}  // namespace

TEST_CASE("vector: VOP3 form of a VOP2 op decodes to the VOP2 row", "[isa][vector]") {
  // gfx900: v_add_f32_e32 v0, v1, v2 / v_add_f32_e64 v0, -v1, |v2| clamp mul:2
  const auto e32 = decodeAll(Gen::GCN14, wordsOf({0x01, 0x05, 0x00, 0x02}));
  const auto e64 = decodeAll(Gen::GCN14, wordsOf({0x00, 0x82, 0x01, 0xd1, 0x01, 0x05, 0x02, 0x28}));
  CHECK(e32.info == e64.info);
  CHECK(e32.info == findOpByName("v_add_f32", Gen::GCN14));
  CHECK(e32.info->format == Format::VOP2);
  CHECK(e32.vopEnc == VopEnc::E32);
  CHECK(e64.vopEnc == VopEnc::E64);
  CHECK(e64.encoding == Format::VOP3);
  CHECK(e64.mods.neg == 1);
  CHECK(e64.mods.abs == 2);
  CHECK(e64.mods.clamp);
  CHECK(e64.mods.omod == 1);
  CHECK(disassemble(Gen::GCN14, e64) == "v_add_f32_e64 v0, -v1, |v2| clamp mul:2");
  // gfx600: the same instruction, GCN 1.0 layout (CLAMP bit 11, OP 17-25, VOP2 base 0x100).
  const auto si = decodeAll(Gen::GCN10, wordsOf({0x00, 0x0a, 0x06, 0xd2, 0x01, 0x05, 0x02, 0x28}));
  CHECK(si.info == findOpByName("v_add_f32", Gen::GCN10));
  CHECK(si.mods.clamp);
  CHECK(si.mods.abs == 2);
}

TEST_CASE("vector: operand fill (64-bit pairs, inline constants, VOP3b, K constant)", "[isa][vector]") {
  // gfx803: v_add_f64 v[0:1], 1.0, v[2:3]
  auto d = decodeAll(Gen::GCN12, wordsOf({0x00, 0x00, 0x80, 0xd2, 0xf2, 0x04, 0x02, 0x00}));
  CHECK(d.dst.kind == OpdKind::VReg);
  CHECK(d.dst.nregs == 2);
  CHECK(d.src[0].kind == OpdKind::Const);
  CHECK(d.src[0].value == 0x3ff0000000000000ull);
  CHECK(d.src[1].reg == 2);
  CHECK(d.src[1].nregs == 2);
  CHECK(d.info->has(kDouble));
  // gfx900: v_add_f16_e32 v0, 1.0, v1 -> the F16 constant.
  d = decodeAll(Gen::GCN14, wordsOf({0xf2, 0x02, 0x00, 0x3e}));
  CHECK(d.src[0].value == 0x3c00);
  // gfx900: v_div_scale_f32 v0, vcc, v1, v2, v3 (VOP3b: SDST = VCC).
  d = decodeAll(Gen::GCN14, wordsOf({0x00, 0x6a, 0xe0, 0xd1, 0x01, 0x05, 0x0e, 0x04}));
  CHECK(d.sdst.kind == OpdKind::SReg);
  CHECK(d.sdst.reg == 106);
  CHECK(d.sdst.nregs == 2);
  CHECK(d.info->has(kWritesVcc));
  // gfx900: v_mad_u64_u32 v[0:1], s[2:3], v1, v2, v[4:5]
  d = decodeAll(Gen::GCN14, wordsOf({0x00, 0x02, 0xe8, 0xd1, 0x01, 0x05, 0x12, 0x04}));
  CHECK(d.sdst.reg == 2);
  CHECK(d.dst.nregs == 2);
  CHECK(d.src[2].nregs == 2);
  // gfx900: v_madmk_f32 v0, v1, 0x41200000, v2 (K in imm32, a literal dword).
  d = decodeAll(Gen::GCN14, wordsOf({0x01, 0x05, 0x00, 0x2e, 0x00, 0x00, 0x20, 0x41}));
  CHECK(d.imm32 == 0x41200000u);
  CHECK(d.info->has(kLiteralOperand));
  CHECK(d.src[2].reg == 2);
  // gfx600: v_add_i32_e32 v0, vcc, v1, v2: implicit VCC carry-out.
  d = decodeAll(Gen::GCN10, wordsOf({0x01, 0x05, 0x00, 0x4a}));
  CHECK(d.sdst.reg == 106);
  CHECK(std::string(d.info->semKey()) == "v_add_co_u32");
  CHECK(std::string(findOpByName("v_add_co_u32", Gen::GCN14)->semKey()) == "v_add_co_u32");
  CHECK(std::string(findOpByName("v_add_u32", Gen::GCN12)->semKey()) == "v_add_co_u32");
  CHECK(std::string(findOpByName("v_add_u32", Gen::GCN14)->semKey()) == "v_add_u32");
  // gfx900: v_cmp_lt_f32_e32 vcc, v1, v2 -> VCC in sdst, flag kWritesVcc.
  d = decodeAll(Gen::GCN14, wordsOf({0x01, 0x05, 0x82, 0x7c}));
  CHECK(d.sdst.reg == 106);
  CHECK(d.info->has(kWritesVcc));
  CHECK(findOpByName("v_cmpx_lt_f32", Gen::GCN14)->has(kWritesExec));
}

TEST_CASE("vector: SDWA, DPP and VOP3P modifier fields", "[isa][vector]") {
  // gfx900: v_add_f32_sdwa v0, s1, v2 clamp mul:2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0
  // src1_sel:DWORD
  auto d = decodeAll(Gen::GCN14, wordsOf({0xf9, 0x04, 0x00, 0x02, 0x01, 0x65, 0x80, 0x06}));
  CHECK(d.vopEnc == VopEnc::SDWA);
  CHECK(d.src[0].kind == OpdKind::SReg);
  CHECK(d.sdwa.src0IsSgpr);
  CHECK(d.sdwa.dstSel == 5);
  CHECK(d.sdwa.dstUnused == 0);
  CHECK(d.sdwa.src0Sel == 0);
  CHECK(d.sdwa.src1Sel == 6);
  CHECK(d.mods.clamp);
  CHECK(d.mods.omod == 1);
  // gfx900: v_cmp_lt_f32_sdwa s[0:1], v1, s2 src0_sel:WORD_1 src1_sel:DWORD
  d = decodeAll(Gen::GCN14, wordsOf({0xf9, 0x04, 0x82, 0x7c, 0x01, 0x80, 0x05, 0x86}));
  CHECK(d.sdst.reg == 0);
  CHECK(d.sdwa.src1IsSgpr);
  CHECK(d.src[1].reg == 2);
  // gfx803: v_add_f32_dpp v0, -v1, |v2| row_shl:1 row_mask:0xa bank_mask:0x1 bound_ctrl:0
  d = decodeAll(Gen::GCN12, wordsOf({0xfa, 0x04, 0x00, 0x02, 0x01, 0x01, 0x99, 0xa1}));
  CHECK(d.vopEnc == VopEnc::DPP);
  CHECK(d.dpp.ctrl == 0x101);
  CHECK(d.dpp.rowMask == 0xa);
  CHECK(d.dpp.bankMask == 0x1);
  CHECK(d.dpp.boundCtrl);
  CHECK(d.mods.neg == 1);
  CHECK(d.mods.abs == 2);
  // gfx900: v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_lo:[1,0,0] neg_hi:[0,0,1] clamp
  d = decodeAll(Gen::GCN14, wordsOf({0x00, 0xcc, 0x8e, 0xd3, 0x01, 0x05, 0x0e, 0x34}));
  CHECK(d.mods.opsel == 1);
  CHECK(d.mods.opselHi == 6);
  CHECK(d.mods.neg == 1);
  CHECK(d.mods.negHi == 4);
  CHECK(d.mods.clamp);
  // gfx600: v_interp_p1_f32 v0, v1, attr0.x; gfx900 v_interp_mov_f32_e32 v0, p20, attr3.w
  d = decodeAll(Gen::GCN10, wordsOf({0x01, 0x00, 0x00, 0xc8}));
  CHECK(d.info->has(kGraphicsOnly | kReadsM0));
  CHECK(d.src[0].reg == 1);
  d = decodeAll(Gen::GCN14, wordsOf({0x01, 0x0f, 0x02, 0xd4}));
  CHECK(d.interp.attr == 3);
  CHECK(d.interp.chan == 3);
  CHECK(d.interp.param == 1);
}

TEST_CASE("vector: truncated encodings", "[isa][vector]") {
  struct Case {
    Gen g;
    std::vector<uint32_t> w;
  };
  const std::vector<Case> cases = {
      {Gen::GCN14, wordsOf({0xff, 0x02, 0x00, 0x7e})},  // v_mov_b32 v0, <literal missing>
      {Gen::GCN10, wordsOf({0xff, 0x04, 0x00, 0x06})},  // v_add_f32 v0, <literal missing>, v2
      {Gen::GCN14, wordsOf({0x01, 0x05, 0x00, 0x2e})},  // v_madmk_f32 without K
      {Gen::GCN14, wordsOf({0x00, 0x00, 0xc1, 0xd1})},  // v_mad_f32: second VOP3 dword missing
      {Gen::GCN10, wordsOf({0x00, 0x00, 0x82, 0xd2})},  // v_mad_f32 (GCN 1.0)
      {Gen::GCN14, wordsOf({0x00, 0x40, 0x8e, 0xd3})},  // v_pk_fma_f16: VOP3P second dword missing
      {Gen::GCN12, wordsOf({0xf9, 0x04, 0x00, 0x02})},  // SDWA word missing
      {Gen::GCN12, wordsOf({0xfa, 0x04, 0x00, 0x02})},  // DPP word missing
  };
  for (const auto& c : cases) {
    DecodedInst d;
    CHECK(decode(c.g, c.w.data(), c.w.size(), d) == DecodeStatus::Truncated);
  }
}

TEST_CASE("vector: undefined opcodes decode as invalid one-word instructions", "[isa][vector]") {
  // VOP2 opcode 0x3d is unused on GCN 1.4, VOP1 opcode 0x7f on every generation,
  // VOP3 opcode 0x2ff on GCN 1.4 (no VOP3-only row, outside the mapped ranges).
  REQUIRE(findOp(Format::VOP2, Gen::GCN14, 0x3d) == nullptr);
  REQUIRE(findOp(Format::VOP1, Gen::GCN12, 0x7f) == nullptr);
  REQUIRE(findOp(Format::VOP3, Gen::GCN14, 0x2ff) == nullptr);
  const std::vector<std::pair<Gen, std::vector<uint32_t>>> cases = {
      {Gen::GCN14, {0x7a000000u | (1u << 17), 0}},
      {Gen::GCN12, {0x7e000000u | (0x7fu << 9), 0}},
      {Gen::GCN14, {0xd0000000u | (0x2ffu << 16), 0x00020501}},
  };
  for (const auto& [g, w] : cases) {
    DecodedInst d;
    REQUIRE(decode(g, w.data(), w.size(), d) == DecodeStatus::Ok);
    CHECK_FALSE(d.valid());
    CHECK(d.words == 1);
    CHECK(disassemble(g, d).rfind(".long 0x", 0) == 0);
  }
}

TEST_CASE("vector: table integrity of the VOP3 opcode space", "[isa][vector]") {
  const Format mapped[] = {Format::VOPC, Format::VOP2, Format::VOP1, Format::VINTRP};
  for (int gi = 0; gi < kNumGens; ++gi) {
    const Gen g = static_cast<Gen>(gi);
    std::map<int, const char*> vop3;  // VOP3 opcode -> owner
    auto claim = [&](int opc, const OpInfo& row) {
      auto [it, fresh] = vop3.emplace(opc, row.name);
      INFO(genName(g) << " VOP3 opcode " << opc << ": " << row.name << " and " << it->second);
      CHECK(fresh);
    };
    for (const OpInfo& row : opTable(Format::VOP3))
      if (row.existsIn(g)) claim(row.opcodeIn(g), row);
    for (Format f : mapped) {
      std::map<int, const char*> own;
      for (const OpInfo& row : opTable(f)) {
        if (!row.existsIn(g)) continue;
        INFO(genName(g) << " " << formatName(f) << " " << row.name);
        CHECK(own.emplace(row.opcodeIn(g), row.name).second);  // no duplicate 32-bit opcode
        if (row.has(kLiteralOperand)) continue;                // v_madmk/v_madak: no VOP3 form
        const int base = tables::vop3Base(f, g);
        if (base < 0) continue;
        CHECK(row.opcodeIn(g) < tables::vop3Span(f));
        claim(base + row.opcodeIn(g), row);
      }
    }
    for (Format f : {Format::VOP3P}) {
      std::map<int, const char*> own;
      for (const OpInfo& row : opTable(f))
        if (row.existsIn(g)) CHECK(own.emplace(row.opcodeIn(g), row.name).second);
    }
  }
  // Every vector row is a VALU op.
  for (Format f : {Format::VOP1, Format::VOP2, Format::VOPC, Format::VOP3, Format::VOP3P, Format::VINTRP})
    for (const OpInfo& row : opTable(f)) CHECK(row.unit == Unit::VALU);
}

TEST_CASE("vector: random words never crash the decoder or printer", "[isa][vector]") {
  std::mt19937 rng(12345);
  for (int gi = 0; gi < kNumGens; ++gi) {
    const Gen g = static_cast<Gen>(gi);
    for (int i = 0; i < 40000; ++i) {
      uint32_t w[3] = {static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()),
                       static_cast<uint32_t>(rng())};
      // Bias towards the vector encodings: VOP1/VOP2/VOPC (bit 31 clear), VOP3/VOP3P, VINTRP.
      switch (i % 4) {
        case 0: w[0] &= 0x7fffffffu; break;
        case 1: w[0] = (w[0] & 0x03ffffffu) | 0xd0000000u; break;
        case 2: w[0] = (w[0] & 0x03ffffffu) | (g <= Gen::GCN11 ? 0xc8000000u : 0xd4000000u); break;
        default: w[0] = (w[0] & 0x7ffffe00u) | (i & 8 ? 0xfau : 0xf9u); break;  // SDWA/DPP
      }
      const size_t avail = 1 + static_cast<size_t>(rng() % 3);
      DecodedInst d;
      if (decode(g, w, avail, d) != DecodeStatus::Ok) continue;
      CHECK(d.words <= avail);
      if (!d.valid()) CHECK(d.words == 1);
      (void)disassemble(g, d);
    }
  }
}

TEST_CASE("vector: gfx906 decodes its own opcodes, other GCN 1.4 processors keep gfx900's",
          "[isa][vector][gfx906]") {
  const Gen gfx906{Gen::GCN14, Variant::Gfx906};
  REQUIRE(parseArch("gfx906"));
  CHECK(parseArch("gfx906")->gen.variant() == Variant::Gfx906);
  CHECK(parseArch("vega20")->gen.variant() == Variant::Gfx906);
  for (const char* other : {"gfx900", "gfx902", "gfx904", "gfx909", "gfx90c", "gcn1.4"})
    CHECK(parseArch(other)->gen.variant() == Variant::Base);
  // CDNA: gfx9 names, not GCN 1.4 code (a raw job with "arch": "gfx90a" had run as gfx900).
  CHECK_FALSE(parseArch("gfx908"));
  CHECK_FALSE(parseArch("gfx90a"));
  CHECK(gfx906 == Gen::GCN14);  // a GCN 1.4 generation to everything but the decoder
  // Words and text: llvm-objdump-15 -d --mcpu=gfx906 of kernels clang-15 compiled for gfx906
  // (fma(), ~(a ^ b), fma((float)half, f, g), __builtin_amdgcn_{s,u}dot{2,4,8}, fdot2).
  const std::pair<std::vector<uint32_t>, const char*> cases[] = {
      {{0x760c2913}, "v_fmac_f32_e32 v6, v19, v20"},
      {{0x7a080f06}, "v_xnor_b32_e32 v4, v6, v7"},
      {{0xd3a00002, 0x0c0a0b04}, "v_fma_mix_f32 v2, v4, v5, v2 op_sel_hi:[1,0,0]"},
      {{0xd3a07005, 0x1c2a170a}, "v_fma_mix_f32 v5, v10, v11, v10 op_sel:[0,1,1] op_sel_hi:[1,1,1]"},
      {{0xd3a34004, 0x180a170a}, "v_dot2_f32_f16 v4, v10, v11, s2"},
      {{0xd3a64002, 0x1b161b0c}, "v_dot2_i32_i16 v2, v12, v13, -5"},
      {{0xd3a84000, 0x1a1e1b0c}, "v_dot4_i32_i8 v0, v12, v13, 7"},
      {{0xd3a94001, 0x1a0e1b0c}, "v_dot4_u32_u8 v1, v12, v13, 3"},
      {{0xd3aa4003, 0x1a2e1b0c}, "v_dot8_i32_i4 v3, v12, v13, 11"},
  };
  for (const auto& [words, text] : cases) {
    INFO(text);
    CHECK(disassemble(gfx906, decodeAll(gfx906, words)) == text);
  }
  // The same words on gfx900: v_mad_mix_f32 for 0x20, invalid for the gfx906-only opcodes.
  CHECK(disassemble(Gen::GCN14, decodeAll(Gen::GCN14, {0xd3a00002, 0x0c0a0b04})) ==
        "v_mad_mix_f32 v2, v4, v5, v2 op_sel_hi:[1,0,0]");
  for (const std::vector<uint32_t>& w :
       {std::vector<uint32_t>{0x760c2913}, {0x7a080f06}, {0xd3a84000, 0x1a1e1b0c}}) {
    DecodedInst d;
    REQUIRE(decode(Gen::GCN14, w.data(), w.size(), d) == DecodeStatus::Ok);
    CHECK_FALSE(d.valid());
  }
  // No gfx906 column duplicates an opcode of its format.
  for (int f = 0; f < kNumFormats; ++f) {
    std::map<int, const char*> seen;
    for (const OpInfo& op : opTable(static_cast<Format>(f))) {
      const int opc = op.opcodeIn(gfx906);
      if (opc < 0) continue;
      INFO(formatName(static_cast<Format>(f))
           << " " << op.name << " and " << (seen.count(opc) ? seen[opc] : ""));
      CHECK(seen.emplace(opc, op.name).second);
    }
  }
}
