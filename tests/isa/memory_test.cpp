// Memory encodings (DS, MUBUF, MTBUF, MIMG, EXP, FLAT/GLOBAL/SCRATCH): field
// layouts checked by hand against the seeds and CLRX's manuals, truncation,
// undefined opcodes and table integrity. The exhaustive text comparison with
// LLVM is the corpus test (tests/isa/corpus/memory.*.txt).
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>

#include "isa/decoder.hpp"
#include "isa/disasm.hpp"
#include "isa/memory_fields.hpp"
#include "isa/table.hpp"

using namespace gcnsim::isa;

namespace {

constexpr Format kMemFormats[] = {Format::DS,  Format::MUBUF, Format::MTBUF,  Format::MIMG,
                                  Format::EXP, Format::FLAT,  Format::GLOBAL, Format::SCRATCH};
constexpr Gen kGens[] = {Gen::GCN10, Gen::GCN11, Gen::GCN12, Gen::GCN14};

DecodedInst decode2(Gen g, uint32_t w0, uint32_t w1) {
  const uint32_t w[2] = {w0, w1};
  DecodedInst inst;
  REQUIRE(decode(g, w, 2, inst) == DecodeStatus::Ok);
  return inst;
}

// The first word of each memory encoding (format bits only), per generation.
uint32_t encodingBits(Gen g, Format f) {
  const bool si = g <= Gen::GCN11;
  switch (f) {
    case Format::DS: return 0x36u << 26;
    case Format::MUBUF: return 0x38u << 26;
    case Format::MTBUF: return 0x3au << 26;
    case Format::MIMG: return 0x3cu << 26;
    case Format::EXP: return (si ? 0x3eu : 0x31u) << 26;
    default: return 0x37u << 26;  // FLAT
  }
}

}  // namespace

TEST_CASE("memory tables: no two rows share an opcode in one generation and format", "[isa][memory]") {
  for (Format f : kMemFormats) {
    for (Gen g : kGens) {
      std::map<int, const char*> seen;
      for (const OpInfo& op : opTable(f)) {
        CHECK(op.format == f);
        if (!op.existsIn(g)) continue;
        auto [it, fresh] = seen.emplace(op.opcodeIn(g), op.name);
        INFO(formatName(f) << " " << genFamily(g) << " opcode " << op.opcodeIn(g) << ": " << it->second
                           << " / " << op.name);
        CHECK(fresh);
      }
    }
  }
  // Row counts that LLVM 15's syntax lists give (isa/tables/gen_memory.py).
  CHECK(opTable(Format::DS).size() == 154);
  CHECK(opTable(Format::EXP).size() == 1);
  // FLAT does not exist on GCN 1.0; GLOBAL and SCRATCH only on GCN 1.4.
  for (Format f : {Format::FLAT, Format::GLOBAL, Format::SCRATCH})
    for (const OpInfo& op : opTable(f)) CHECK_FALSE(op.existsIn(Gen::GCN10));
  for (Format f : {Format::GLOBAL, Format::SCRATCH})
    for (const OpInfo& op : opTable(f)) CHECK_FALSE(op.existsIn(Gen::GCN12));
}

TEST_CASE("memory tables: opcodes match the seed and CLRX tables", "[isa][memory]") {
  // Seed 004 (DS, GCN 1.0/1.1 opcodes) and CLRX GcnInstrsDs.md (GCN 1.2).
  const OpInfo* w2 = findOpByName("ds_write2_b32", Gen::GCN10);
  REQUIRE(w2);
  CHECK(w2->opcode == OPC(14, 14, 14, 14));
  const OpInfo* gwsRelease = findOpByName("ds_gws_sema_release_all", Gen::GCN11);
  REQUIRE(gwsRelease);
  CHECK(gwsRelease->opcodeIn(Gen::GCN10) == NA);  // GCN 1.1 only in seed 004's table
  CHECK(gwsRelease->opcodeIn(Gen::GCN11) == 24);
  const OpInfo* addRtn = findOpByName("ds_add_rtn_u32", Gen::GCN12);
  REQUIRE(addRtn);
  CHECK(addRtn->opcode == OPC(32, 32, 32, 32));
  // CLRX GcnInstrsMubuf.md: BUFFER_LOAD_DWORD is 12 on GCN 1.0/1.1 and 20 on GCN 1.2/1.4.
  const OpInfo* ld = findOpByName("buffer_load_dword", Gen::GCN10);
  REQUIRE(ld);
  CHECK(ld->opcode == OPC(12, 12, 20, 20));
  CHECK(ld->unit == Unit::VMEM);
  CHECK(ld->has(kLoad));
  // Flags: DS rows read M0; MIMG/EXP are graphics-only; GDS-style ops read M0.
  for (const OpInfo& op : opTable(Format::DS)) CHECK(op.has(kReadsM0));
  for (const OpInfo& op : opTable(Format::MIMG)) CHECK(op.has(kGraphicsOnly));
  CHECK(opTable(Format::EXP)[0].has(kGraphicsOnly));
  const OpInfo* storeLds = findOpByName("buffer_store_lds_dword", Gen::GCN14);
  REQUIRE(storeLds);
  CHECK(storeLds->has(kReadsM0));
  // GLOBAL rows share the FLAT semantics.
  const OpInfo* gl = findOpByName("global_load_dword", Gen::GCN14);
  REQUIRE(gl);
  CHECK(std::string(gl->semKey()) == "flat_load_dword");
}

TEST_CASE("memory decode: a missing second dword is truncated", "[isa][memory]") {
  for (Gen g : kGens) {
    for (Format f : kMemFormats) {
      if (g == Gen::GCN10 && (f == Format::FLAT || f == Format::GLOBAL || f == Format::SCRATCH)) continue;
      const uint32_t w = encodingBits(g, f);
      DecodedInst inst;
      INFO(formatName(f) << " " << genFamily(g));
      CHECK(decode(g, &w, 1, inst) == DecodeStatus::Truncated);
    }
  }
}

TEST_CASE("memory decode: undefined opcodes and segments decode as invalid", "[isa][memory]") {
  // DS opcode 255 on GCN 1.0 (8-bit field [25:18]) is undefined in seed 004's table.
  REQUIRE(findOp(Format::DS, Gen::GCN10, 255) == nullptr);
  DecodedInst inst = decode2(Gen::GCN10, encodingBits(Gen::GCN10, Format::DS) | (255u << 18), 0);
  CHECK_FALSE(inst.valid());
  CHECK(disassemble(Gen::GCN10, inst) == ".long 0xdbfc0000");
  // MUBUF opcode 127 is undefined on GCN 1.4.
  REQUIRE(findOp(Format::MUBUF, Gen::GCN14, 127) == nullptr);
  inst = decode2(Gen::GCN14, encodingBits(Gen::GCN14, Format::MUBUF) | (127u << 18), 0);
  CHECK_FALSE(inst.valid());
  // FLAT SEG 3 is reserved on GCN 1.4.
  inst = decode2(Gen::GCN14, encodingBits(Gen::GCN14, Format::FLAT) | (3u << 14) | (20u << 18), 0);
  CHECK_FALSE(inst.valid());
  // FLAT does not exist on GCN 1.0.
  inst = decode2(Gen::GCN10, encodingBits(Gen::GCN11, Format::FLAT) | (12u << 18), 0);
  CHECK_FALSE(inst.valid());
}

TEST_CASE("memory decode: DS OFFSET0/OFFSET1, GDS and operands (seed 004)", "[isa][memory]") {
  // GCN 1.1: OFFSET0 [7:0], OFFSET1 [15:8], GDS 17, OPCODE [25:18]; ADDR, DATA0, DATA1, VDST bytes.
  uint32_t w0 = encodingBits(Gen::GCN11, Format::DS) | (14u << 18) | (8u << 8) | 4u;
  DecodedInst inst = decode2(Gen::GCN11, w0, 0x00030201);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "ds_write2_b32");
  CHECK(inst.mem.offset == 4);
  CHECK(inst.mem.offset1 == 8);
  CHECK_FALSE(inst.mem.gds);
  CHECK(inst.addr.reg == 1);
  CHECK(inst.data0.reg == 2);
  CHECK(inst.data1.reg == 3);
  CHECK_FALSE(inst.dst.present());
  CHECK(disassemble(Gen::GCN11, inst) == "ds_write2_b32 v1, v2, v3 offset0:4 offset1:8");
  CHECK(dsReadsM0(Gen::GCN11, inst));

  // GCN 1.2: GDS moves to bit 16, OPCODE to [24:17]; single 16-bit OFFSET.
  w0 = encodingBits(Gen::GCN12, Format::DS) | (32u << 17) | (1u << 16) | 0xfffeu;  // ds_add_rtn_u32
  inst = decode2(Gen::GCN12, w0, 0x09000605);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "ds_add_rtn_u32");
  CHECK(inst.mem.gds);
  CHECK(inst.mem.offset == 0xfffe);
  CHECK(inst.dst.reg == 9);
  CHECK(inst.dst.nregs == 1);
  CHECK(disassemble(Gen::GCN12, inst) == "ds_add_rtn_u32 v9, v5, v6 offset:65534 gds");

  // 64-bit pair read: VDST spans 4 registers.
  w0 = encodingBits(Gen::GCN14, Format::DS) | (0x77u << 17) | (2u << 8) | 1u;  // ds_read2_b64
  inst = decode2(Gen::GCN14, w0, 0x10000003);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "ds_read2_b64");
  CHECK(inst.dst.nregs == 4);
  CHECK(inst.info->has(kLoad));
  // On GCN 1.4 only GDS/GWS/append-style DS accesses read M0.
  CHECK_FALSE(dsReadsM0(Gen::GCN14, inst));
}

TEST_CASE("memory decode: MUBUF fields (CLRX GcnInstrsMubuf.md)", "[isa][memory]") {
  // GCN 1.0: OFFSET 0x123, OFFEN, GLC, opcode 12 (buffer_load_dword); VADDR v5,
  // VDATA v7, SRSRC 2 (s[8:11]), SLC bit 54, TFE bit 55, SOFFSET 128 (constant 0).
  uint32_t w0 = encodingBits(Gen::GCN10, Format::MUBUF) | (12u << 18) | (1u << 14) | (1u << 12) | 0x123u;
  uint32_t w1 = (0x80u << 24) | (1u << 23) | (1u << 22) | (2u << 16) | (7u << 8) | 5u;
  DecodedInst inst = decode2(Gen::GCN10, w0, w1);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "buffer_load_dword");
  CHECK(inst.mem.offset == 0x123);
  CHECK(inst.mem.offen);
  CHECK_FALSE(inst.mem.idxen);
  CHECK(inst.mem.glc);
  CHECK(inst.mem.slc);
  CHECK(inst.mem.tfe);
  CHECK(inst.dst.reg == 7);
  CHECK(inst.dst.nregs == 2);  // data + TFE status
  CHECK(inst.addr.reg == 5);
  CHECK(inst.addr.nregs == 1);
  CHECK(inst.rsrc.reg == 8);
  CHECK(inst.rsrc.nregs == 4);
  CHECK(inst.soffset.kind == OpdKind::Const);
  CHECK(inst.soffset.value == 0);
  CHECK(disassemble(Gen::GCN10, inst) ==
        "buffer_load_dword v[7:8], v5, s[8:11], 0 offen offset:291 glc slc tfe");

  // ADDR64 (bit 15) on GCN 1.1 takes a 64-bit VADDR.
  w0 = encodingBits(Gen::GCN11, Format::MUBUF) | (28u << 18) | (1u << 15);  // buffer_store_dword
  inst = decode2(Gen::GCN11, w0, (1u << 24) | (4u << 8) | 2u);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "buffer_store_dword");
  CHECK(inst.mem.addr64);
  CHECK(inst.addr.nregs == 2);
  CHECK(inst.data0.reg == 4);
  CHECK_FALSE(inst.dst.present());
  CHECK(disassemble(Gen::GCN11, inst) == "buffer_store_dword v4, v[2:3], s[0:3], s1 addr64");

  // GCN 1.4: SLC moves to bit 17; bit 15 is not ADDR64; IDXEN+OFFEN -> 2 VADDR registers.
  // buffer_atomic_cmpswap (65) with GLC returns one dword of its two data dwords.
  w0 = encodingBits(Gen::GCN14, Format::MUBUF) | (65u << 18) | (1u << 17) | (1u << 15) | (1u << 14) |
       (1u << 13) | (1u << 12);
  inst = decode2(Gen::GCN14, w0, (0xc1u << 24) | (3u << 16) | (10u << 8) | 20u);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "buffer_atomic_cmpswap");
  CHECK(inst.mem.slc);
  CHECK_FALSE(inst.mem.addr64);
  CHECK(inst.addr.nregs == 2);
  CHECK(inst.data0.nregs == 2);
  CHECK(inst.dst.nregs == 1);
  CHECK(inst.soffset.value == 0xffffffffu);  // -1 as a 32-bit operand
  CHECK(disassemble(Gen::GCN14, inst) ==
        "buffer_atomic_cmpswap v[10:11], v[20:21], s[12:15], -1 idxen offen glc slc");

  // LDS-direct load: no VGPR result, reads M0 (seed 001).
  w0 = encodingBits(Gen::GCN12, Format::MUBUF) | (20u << 18) | (1u << 16);
  inst = decode2(Gen::GCN12, w0, 0);
  REQUIRE(inst.valid());
  CHECK(inst.mem.lds);
  CHECK_FALSE(inst.dst.present());
  CHECK(mubufReadsM0(inst));
  CHECK(disassemble(Gen::GCN12, inst) == "buffer_load_dword off, s[0:3], s0 lds");
}

TEST_CASE("memory decode: MTBUF DFMT/NFMT and per-generation opcode field", "[isa][memory]") {
  // GCN 1.0/1.1: OPCODE [18:16]; GCN 1.2/1.4: OPCODE [18:15]; DFMT [22:19], NFMT [25:23].
  const uint32_t fmt = (4u << 19) | (7u << 23);  // BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT
  DecodedInst a = decode2(Gen::GCN11, encodingBits(Gen::GCN11, Format::MTBUF) | fmt | (1u << 16), 0x00010100);
  DecodedInst b = decode2(Gen::GCN12, encodingBits(Gen::GCN12, Format::MTBUF) | fmt | (1u << 15), 0x00010100);
  REQUIRE(a.valid());
  REQUIRE(b.valid());
  CHECK(std::string(a.info->name) == "tbuffer_load_format_xy");
  CHECK(std::string(b.info->name) == "tbuffer_load_format_xy");
  CHECK(a.mem.dfmt == 4);
  CHECK(a.mem.nfmt == 7);
  CHECK(a.dst.nregs == 2);
  CHECK(disassemble(Gen::GCN12, b) ==
        "tbuffer_load_format_xy v[1:2], off, s[4:7], s0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]");
}

TEST_CASE("memory decode: MIMG DMASK sets the data width (CLRX GcnInstrsMimg.md)", "[isa][memory]") {
  // image_load (0) DMASK 0xb (3 components), UNORM, TFE, R128; VDATA v4, VADDR v1, SRSRC s[8:..].
  const uint32_t w0 =
      encodingBits(Gen::GCN11, Format::MIMG) | (1u << 16) | (1u << 15) | (1u << 12) | (0xbu << 8);
  DecodedInst inst = decode2(Gen::GCN11, w0, (2u << 16) | (4u << 8) | 1u);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "image_load");
  CHECK(inst.mem.dmask == 0xb);
  CHECK(inst.dst.nregs == 4);   // 3 components + TFE
  CHECK(inst.rsrc.nregs == 4);  // R128
  CHECK(inst.info->has(kGraphicsOnly));
  CHECK(disassemble(Gen::GCN11, inst) == "image_load v[4:7], v1, s[8:15] dmask:0xb unorm r128 tfe");
  // GCN 1.4 packs D16 data (bit 63): 3 components -> 2 dwords.
  const uint32_t w9 = encodingBits(Gen::GCN14, Format::MIMG) | (0x7u << 8);
  inst = decode2(Gen::GCN14, w9, (1u << 31) | (4u << 8));
  REQUIRE(inst.valid());
  CHECK(inst.mem.d16);
  CHECK(inst.dst.nregs == 2);
}

TEST_CASE("memory decode: EXP target, enables and flags", "[isa][memory]") {
  // EN 0b0101, TGT 12 (pos0), DONE, VM; VSRC0..3 = v1, v2, v3, v4.
  const uint32_t w0 = encodingBits(Gen::GCN12, Format::EXP) | (1u << 12) | (1u << 11) | (12u << 4) | 0x5u;
  DecodedInst inst = decode2(Gen::GCN12, w0, 0x04030201);
  REQUIRE(inst.valid());
  CHECK(inst.mem.expTarget == 12);
  CHECK(inst.mem.expEn == 5);
  CHECK(inst.mem.expDone);
  CHECK(inst.mem.expVm);
  CHECK(inst.src[0].reg == 1);
  CHECK_FALSE(inst.src[1].present());
  CHECK(inst.src[2].reg == 3);
  CHECK(disassemble(Gen::GCN12, inst) == "exp pos0 v1, off, v3, off done vm");
  // GCN 1.0/1.1 use the encoding bits 0b111110 for EXP.
  inst = decode2(Gen::GCN10, encodingBits(Gen::GCN10, Format::EXP) | 0xf, 0);
  CHECK(inst.valid());
}

TEST_CASE("memory decode: FLAT/GLOBAL/SCRATCH segments and offsets (GCN 1.4)", "[isa][memory]") {
  // global_load_dword (20) SEG 2, OFFSET -8 (13-bit 0x1ff8), SADDR off, VADDR v[2:3], VDST v1.
  const uint32_t base = encodingBits(Gen::GCN14, Format::FLAT) | (20u << 18);
  DecodedInst inst = decode2(Gen::GCN14, base | (2u << 14) | 0x1ff8u, (1u << 24) | (0x7fu << 16) | 2u);
  REQUIRE(inst.valid());
  CHECK(inst.info->format == Format::GLOBAL);
  CHECK(inst.mem.seg == 2);
  CHECK(inst.mem.offset == -8);
  CHECK(inst.addr.nregs == 2);
  CHECK_FALSE(inst.soffset.present());
  CHECK(disassemble(Gen::GCN14, inst) == "global_load_dword v1, v[2:3], off offset:-8");
  // With an SGPR base the VGPR offset is one register.
  inst = decode2(Gen::GCN14, base | (2u << 14), (1u << 24) | (6u << 16) | 2u);
  CHECK(inst.addr.nregs == 1);
  CHECK(inst.soffset.reg == 6);
  CHECK(disassemble(Gen::GCN14, inst) == "global_load_dword v1, v2, s[6:7]");
  // SCRATCH with SADDR: no VADDR.
  inst = decode2(Gen::GCN14, base | (1u << 14) | 0xfffu, (1u << 24) | (4u << 16));
  REQUIRE(inst.valid());
  CHECK(inst.info->format == Format::SCRATCH);
  CHECK_FALSE(inst.addr.present());
  CHECK(disassemble(Gen::GCN14, inst) == "scratch_load_dword v1, off, s4 offset:4095");
  // FLAT (SEG 0) has an unsigned 12-bit offset.
  inst = decode2(Gen::GCN14, base | 0xfffu, (1u << 24) | 2u);
  CHECK(inst.info->format == Format::FLAT);
  CHECK(inst.mem.offset == 4095);
  // GCN 1.1: no offset; bit 55 is TFE.
  inst = decode2(Gen::GCN11, encodingBits(Gen::GCN11, Format::FLAT) | (12u << 18) | (1u << 16),
                 (1u << 24) | (1u << 23) | 2u);
  REQUIRE(inst.valid());
  CHECK(std::string(inst.info->name) == "flat_load_dword");
  CHECK(inst.mem.tfe);
  CHECK(inst.dst.nregs == 2);
  CHECK(disassemble(Gen::GCN11, inst) == "flat_load_dword v[1:2], v[2:3] glc tfe");
}

TEST_CASE("memory decode: any word pair decodes and prints without crashing", "[isa][memory]") {
  std::mt19937 rng(12345);
  for (Gen g : kGens) {
    for (Format f : kMemFormats) {
      for (int i = 0; i < 4000; ++i) {
        const uint32_t w[2] = {static_cast<uint32_t>(rng() & 0x03ffffffu) | encodingBits(g, f),
                               static_cast<uint32_t>(rng())};
        DecodedInst inst;
        REQUIRE(decode(g, w, 2, inst) == DecodeStatus::Ok);
        const std::string text = disassemble(g, inst);
        CHECK_FALSE(text.empty());
        CHECK((inst.valid() ? inst.words == 2 : inst.words == 1));
      }
    }
  }
}
