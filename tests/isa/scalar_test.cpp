// Scalar formats (SOP2, SOPK, SOP1, SOPC, SOPP, SMRD, SMEM): table integrity,
// hand-checked decodes against the seeds' field layouts, truncation, invalid
// encodings, and corpus coverage of every (generation, opcode) pair.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "isa/codec_scalar.hpp"
#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "isa/table.hpp"

using namespace gcnsim::isa;

namespace {

constexpr Format kScalarFormats[] = {Format::SOP2, Format::SOPK, Format::SOP1, Format::SOPC,
                                     Format::SOPP, Format::SMRD, Format::SMEM};
constexpr Gen kGens[] = {Gen::GCN10, Gen::GCN11, Gen::GCN12, Gen::GCN14};

DecodedInst dec(Gen g, std::vector<uint32_t> w, DecodeStatus expect = DecodeStatus::Ok) {
  DecodedInst d;
  REQUIRE(decode(g, w.data(), w.size(), d) == expect);
  return d;
}

std::string text(Gen g, std::vector<uint32_t> w) { return disassemble(g, dec(g, std::move(w))); }

}  // namespace

TEST_CASE("scalar tables: no two rows share an opcode, names unique per format", "[isa][scalar]") {
  for (Format f : kScalarFormats) {
    std::set<std::string> names;
    for (const OpInfo& row : opTable(f)) {
      CHECK(row.format == f);
      CHECK(names.insert(row.name).second);
    }
    for (Gen g : kGens) {
      std::map<int, std::string> seen;
      for (const OpInfo& row : opTable(f)) {
        if (!row.existsIn(g)) continue;
        INFO(formatName(f) << " " << genName(g) << " opcode " << row.opcodeIn(g));
        CHECK(seen.emplace(row.opcodeIn(g), row.name).second);
        CHECK(findOp(f, g, row.opcodeIn(g)) == &row);
      }
    }
  }
  // SMRD is GCN 1.0/1.1 only, SMEM GCN 1.2/1.4 only (seeds 003 and 000).
  for (const OpInfo& row : opTable(Format::SMRD))
    CHECK((!row.existsIn(Gen::GCN12) && !row.existsIn(Gen::GCN14)));
  for (const OpInfo& row : opTable(Format::SMEM))
    CHECK((!row.existsIn(Gen::GCN10) && !row.existsIn(Gen::GCN11)));
}

TEST_CASE("SOP2 opcodes and SCC flags follow seed 002", "[isa][scalar]") {
  // seed 002_160158f13b229eb1.txt: S_AND_B32 is 14 on GCN 1.0/1.1, 12 on GCN 1.2; 14 is S_OR_B32 there.
  const OpInfo* andOp = findOpByName("s_and_b32", Gen::GCN10);
  REQUIRE(andOp);
  CHECK(andOp->opcodeIn(Gen::GCN10) == 14);
  CHECK(andOp->opcodeIn(Gen::GCN11) == 14);
  CHECK(andOp->opcodeIn(Gen::GCN12) == 12);
  CHECK(std::string(findOp(Format::SOP2, Gen::GCN12, 14)->name) == "s_or_b32");
  CHECK(findOp(Format::SOP2, Gen::GCN10, 12) == nullptr);  // "--" in the seed's table
  CHECK(findOpByName("s_absdiff_i32", Gen::GCN10)->opcodeIn(Gen::GCN10) == 44);
  CHECK(findOpByName("s_absdiff_i32", Gen::GCN12)->opcodeIn(Gen::GCN12) == 42);

  auto flags = [](const char* n) { return findOpByName(n, Gen::GCN12)->flags; };
  CHECK((flags("s_add_i32") & kWritesScc));
  CHECK(!(flags("s_add_i32") & kReadsScc));
  CHECK((flags("s_addc_u32") & (kReadsScc | kWritesScc)) == (kReadsScc | kWritesScc));
  CHECK(!(flags("s_mul_i32") & kWritesScc));  // "Do not change SCC"
  CHECK(!(flags("s_bfm_b32") & kWritesScc));  // "SCC not touched"
  CHECK(!(flags("s_bfm_b64") & kWritesScc));
  CHECK((flags("s_cselect_b64") & kReadsScc));
  CHECK(!(flags("s_cselect_b64") & kWritesScc));
  CHECK((flags("s_bfe_u64") & kWritesScc));
  CHECK((flags("s_cbranch_g_fork") & kBranch));
  // Other scalar formats (CLRX pseudo-code).
  CHECK((findOpByName("s_cbranch_scc1", Gen::GCN10)->flags & kReadsScc));
  CHECK((findOpByName("s_cbranch_vccnz", Gen::GCN10)->flags & kReadsVcc));
  CHECK((findOpByName("s_and_saveexec_b64", Gen::GCN10)->flags & kWritesExec));
  CHECK((findOpByName("s_movrels_b32", Gen::GCN10)->flags & kReadsM0));
  CHECK((findOpByName("s_cmp_eq_u32", Gen::GCN10)->flags & (kWritesScc | kNoDst)) == (kWritesScc | kNoDst));
  CHECK((findOpByName("s_cmovk_i32", Gen::GCN10)->flags & kReadsScc));
  CHECK(!(findOpByName("s_movk_i32", Gen::GCN10)->flags & kWritesScc));
  CHECK(findOpByName("s_waitcnt", Gen::GCN10)->unit == Unit::INTERNAL);
  CHECK(findOpByName("s_sendmsg", Gen::GCN10)->unit == Unit::MSG);
  CHECK(findOpByName("s_branch", Gen::GCN10)->unit == Unit::BRANCH);
  CHECK((findOpByName("s_atomic_add", Gen::GCN14)->flags & kAtomic));
  CHECK((findOpByName("s_store_dword", Gen::GCN12)->flags & kStore));
  CHECK((findOpByName("s_load_dwordx8", Gen::GCN11)->flags & kLoad));
  CHECK(findOpByName("s_load_dwordx8", Gen::GCN11)->dst == OpType::B256);
  CHECK(findOpByName("s_buffer_load_dword", Gen::GCN14)->src0 == OpType::B128);
}

TEST_CASE("SOP decodes: operands, literals and their extension", "[isa][scalar]") {
  // s_add_u32 s0, s1, 0x12345: SSRC1 = 255, literal follows.
  auto d = dec(Gen::GCN10, {0x8000ff01, 0x00012345});
  CHECK(std::string(d.info->name) == "s_add_u32");
  CHECK(d.words == 2);
  CHECK(d.dst.kind == OpdKind::SReg);
  CHECK(d.src[0].reg == 1);
  CHECK(d.src[1].kind == OpdKind::Literal);
  CHECK(d.src[1].value == 0x12345);
  // A missing literal is a truncated instruction, not an invalid one.
  dec(Gen::GCN10, {0x8000ff01}, DecodeStatus::Truncated);

  // 64-bit operands: a 32-bit literal is zero-extended for B64, sign-extended
  // for the signed I64 source of s_ashr_i64 (operands.cpp applyLiteral).
  d = dec(Gen::GCN12, {0x8680ff02, 0xffffff9c});  // s_and_b64 s[0:1], s[2:3], 0xffffff9c
  CHECK(d.src[1].value == 0x00000000ffffff9cull);
  CHECK(d.dst.nregs == 2);
  d = dec(Gen::GCN12, {0x908002ff, 0xffffff9c});  // s_ashr_i64 s[0:1], 0xffffff9c, s2
  CHECK(d.src[0].value == 0xffffffffffffff9cull);
  CHECK(d.src[1].nregs == 1);
  // Inline constant 1.0 of a 64-bit operand is the double 1.0.
  d = dec(Gen::GCN12, {0xbe8001f2});  // s_mov_b64 s[0:1], 1.0
  CHECK(d.src[0].kind == OpdKind::Const);
  CHECK(d.src[0].value == 0x3ff0000000000000ull);
  // The same encoding means s_mov_b32 on GCN 1.0 (opcode 3 vs 0, CLRX GcnInstrsSop1.md).
  CHECK(text(Gen::GCN10, {0xbe8003f2}) == "s_mov_b32 s0, 1.0");
}

TEST_CASE("SOPK and SOPP immediates", "[isa][scalar]") {
  auto d = dec(Gen::GCN14, {0xb000ffff});  // s_movk_i32 s0, 0xffff: signed
  CHECK(d.simm16 == -1);
  d = dec(Gen::GCN14, {0xb400ffff});  // s_cmpk_eq_u32 s0, 0xffff: unsigned, SDST is a source
  CHECK(d.simm16 == 0xffff);
  CHECK(d.src[0].kind == OpdKind::SReg);
  CHECK(!d.dst.present());
  // s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0xff: the extra dword is imm32.
  d = dec(Gen::GCN14, {0xba00f801, 0x000000ff});
  CHECK(d.words == 2);
  CHECK(d.imm32 == 0xff);
  dec(Gen::GCN14, {0xba00f801}, DecodeStatus::Truncated);
  // s_branch 65535: a signed offset of -1 dword, printed unsigned like llvm-objdump.
  d = dec(Gen::GCN12, {0xbf82ffff});
  CHECK(d.simm16 == -1);
  CHECK(disassemble(Gen::GCN12, d) == "s_branch 65535");
  // s_waitcnt vmcnt(4) expcnt(3) lgkmcnt(2); GCN 1.4 adds VM_CNT bits 14-15.
  CHECK(text(Gen::GCN11, {0xbf8c1234}) == "s_waitcnt vmcnt(4) expcnt(3) lgkmcnt(2)");
  const WaitCnt w = decodeWaitcnt(Gen::GCN14, 0xcf7e);
  CHECK(w.vm == 62);
  CHECK(decodeWaitcnt(Gen::GCN12, 0xcf7e).vm == 14);
}

TEST_CASE("SMRD fields per seed 003", "[isa][scalar]") {
  // s_load_dwordx4 s[0:3], s[4:5], 0x10: IMM=1, OFFSET in dwords -> 64 bytes.
  auto d = dec(Gen::GCN10, {0xc0800510});
  CHECK(std::string(d.info->name) == "s_load_dwordx4");
  CHECK(d.mem.immOffset);
  CHECK(d.mem.offset == 64);
  CHECK(d.src[0].reg == 4);
  CHECK(d.src[0].nregs == 2);
  CHECK(d.dst.nregs == 4);
  CHECK(disassemble(Gen::GCN10, d) == "s_load_dwordx4 s[0:3], s[4:5], 0x10");
  // IMM=0: OFFSET names the SGPR holding a byte offset.
  d = dec(Gen::GCN10, {0xc0000002});
  CHECK(!d.mem.immOffset);
  CHECK(d.soffset.reg == 2);
  // GCN 1.1: OFFSET=255 with IMM=0 takes a 32-bit literal dword offset.
  d = dec(Gen::GCN11, {0xc00000ff, 0x100});
  CHECK(d.words == 2);
  CHECK(d.mem.offset == 0x400);
  dec(Gen::GCN11, {0xc00000ff}, DecodeStatus::Truncated);
  CHECK(!dec(Gen::GCN10, {0xc00000ff, 0x100}).valid());  // no literal form on GCN 1.0
  // s_buffer_load_*: SBASE spans 4 SGPRs.
  d = dec(Gen::GCN11, {0xc2000404});  // s_buffer_load_dword s0, s[4:7], 0x4
  CHECK(d.src[0].nregs == 4);
}

TEST_CASE("SMEM fields per seed 000", "[isa][scalar]") {
  // GCN 1.2: s_load_dword s0, s[0:1], 0x12345 glc (20-bit unsigned byte offset).
  auto d = dec(Gen::GCN12, {0xc0030000, 0x00012345});
  CHECK(d.mem.glc);
  CHECK(d.mem.immOffset);
  CHECK(d.mem.offset == 0x12345);
  dec(Gen::GCN12, {0xc0030000}, DecodeStatus::Truncated);
  // OFFSET 0x1fffff: 21-bit signed -1 on GCN 1.4, 20-bit 0xfffff on GCN 1.2.
  CHECK(dec(Gen::GCN14, {0xc0020000, 0x001fffff}).mem.offset == -1);
  CHECK(dec(Gen::GCN12, {0xc0020000, 0x001fffff}).mem.offset == 0xfffff);
  // GCN 1.4 IMM=1 SOE=1: SGPR[base] + OFFSET + SGPR[SOFFSET].
  d = dec(Gen::GCN14, {0xc0024000, 0x0a000010});
  CHECK(d.mem.soe);
  CHECK(d.mem.offset == 16);
  CHECK(d.soffset.reg == 5);
  CHECK(disassemble(Gen::GCN14, d) == "s_load_dword s0, s[0:1], s5 offset:0x10");
  // IMM=0 SOE=0: OFFSET names the offset SGPR (here M0 on a GCN 1.2 store).
  d = dec(Gen::GCN12, {0xc0400000, 0x0000007c});
  CHECK(std::string(d.info->name) == "s_store_dword");
  CHECK(d.soffset.reg == 124);
  CHECK(d.data0.present());
  CHECK(!d.dst.present());
  // s_atomic_add with GLC returns the old value: SDATA is data and destination.
  d = dec(Gen::GCN14, {0xc20b0000, 0x10});
  CHECK(std::string(d.info->name) == "s_atomic_add");
  CHECK(d.data0.present());
  CHECK(d.dst.present());
}

TEST_CASE("undefined scalar opcodes and reserved operands are invalid", "[isa][scalar]") {
  CHECK(!dec(Gen::GCN14, {0xbfff0000}).valid());     // SOPP opcode 127
  CHECK(!dec(Gen::GCN14, {0xbe80ff00}).valid());     // SOP1 opcode 255
  CHECK(!dec(Gen::GCN12, {0xbf7f0000}).valid());     // SOPC opcode 127
  CHECK(!dec(Gen::GCN14, {0xc3fc0000, 0}).valid());  // SMEM opcode 255
  CHECK(!dec(Gen::GCN10, {0xc7400000}).valid());     // SMRD opcode 29 (GCN 1.1 only)
  CHECK(dec(Gen::GCN11, {0xc7400000}).valid());      // s_dcache_inv_vol
  // s_mov_b32 s0, <code 209>: reserved source code.
  CHECK(!dec(Gen::GCN12, {0xbe8000d1}).valid());
  // An invalid instruction is one word and prints as .long.
  auto d = dec(Gen::GCN14, {0xbfff0000});
  CHECK(d.words == 1);
  CHECK(disassemble(Gen::GCN14, d) == ".long 0xbfff0000");
}

TEST_CASE("scalar decoder never crashes on arbitrary words", "[isa][scalar]") {
  std::mt19937 rng(12345);
  const uint32_t prefixes[][2] = {{0x2, 30}, {0x17d, 23}, {0x17e, 23}, {0x17f, 23},
                                  {0xb, 28}, {0x30, 26},  {0x18, 27}};
  for (Gen g : kGens) {
    for (const auto& p : prefixes) {
      for (int i = 0; i < 4000; ++i) {
        const uint32_t r0 = static_cast<uint32_t>(rng()), r1 = static_cast<uint32_t>(rng()),
                       r2 = static_cast<uint32_t>(rng());
        uint32_t w[3] = {(p[0] << p[1]) | (r0 & ((1u << p[1]) - 1)), r1, r2};
        for (size_t avail = 1; avail <= 3; ++avail) {
          DecodedInst d;
          if (decode(g, w, avail, d) != DecodeStatus::Ok) {
            CHECK(avail < 2);
            continue;
          }
          CHECK(d.words <= avail);
          CHECK(!disassemble(g, d).empty());
        }
      }
    }
  }
}

TEST_CASE("every scalar (generation, opcode) pair is in the corpus or in scalar.skip", "[isa][scalar]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(GCNSIM_TEST_DATA) / "isa" / "corpus";
  std::set<std::pair<int, std::string>> covered, skipped;
  const char* files[] = {"scalar.gfx6.txt", "scalar.gfx7.txt", "scalar.gfx8.txt", "scalar.gfx9.txt"};
  for (int gi = 0; gi < 4; ++gi) {
    std::ifstream in(dir / files[gi]);
    REQUIRE(in);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream hex(line.substr(0, line.find('\t')));
      std::vector<uint32_t> w;
      std::string h;
      while (hex >> h) w.push_back(static_cast<uint32_t>(std::stoul(h, nullptr, 16)));
      DecodedInst d;
      if (decode(kGens[gi], w.data(), w.size(), d) == DecodeStatus::Ok && d.valid())
        covered.emplace(gi, d.info->name);
    }
  }
  std::ifstream skip(dir / "scalar.skip");
  REQUIRE(skip);
  std::string line;
  while (std::getline(skip, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    std::string gfx, name;
    s >> gfx >> name;
    skipped.emplace(gfx[3] - '6', name);
  }
  for (Format f : kScalarFormats)
    for (const OpInfo& row : opTable(f))
      for (int gi = 0; gi < 4; ++gi) {
        if (!row.existsIn(kGens[gi])) continue;
        INFO("gfx" << 6 + gi << " " << row.name);
        CHECK((covered.count({gi, row.name}) + skipped.count({gi, row.name})) == 1);
      }
}
