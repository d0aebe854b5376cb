// The timing facts of the ISA tables (isa::OpInfo::timing, generated from
// isa/tables/timing_facts.txt) as sim::timing::classifyOp reads them, checked
// against the figures of reference/clrx/GcnTimings.md. Every expected number
// below is written out from that file (line cited), not taken from the tables.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <tuple>

#include "isa/table.hpp"
#include "sim/timing/inst_class.hpp"
#include "tests/sim/harness.hpp"

using namespace gcnsim;
using sim::timing::classifyOp;
using sim::timing::IssueConfig;
using sim::timing::Kind;
using sim::timing::OpTiming;
namespace fs = std::filesystem;

namespace {

IssueConfig withDpFactor(uint32_t dp) {
  IssueConfig c;  // valu_cycles 4, quarter_rate_cycles 16 (GcnTimings.md:124, :157)
  c.dpFactor = dp;
  return c;
}

// classifyOp of `name` in every generation that has it (at least one must).
std::vector<OpTiming> timingsOf(const char* name, const IssueConfig& c) {
  std::vector<OpTiming> out;
  for (isa::Gen g : test::kAllGens)
    if (const isa::OpInfo* op = isa::findOpByName(name, g)) out.push_back(classifyOp(*op, c));
  return out;
}

void checkCycles(const char* name, uint32_t dpFactor, unsigned cycles) {
  CAPTURE(name, dpFactor);
  const auto ts = timingsOf(name, withDpFactor(dpFactor));
  REQUIRE(!ts.empty());
  for (const OpTiming& t : ts) CHECK(t.cycles == cycles);
}

// A VALU op whose cost is DPFACTOR * k: checked for every DPFACTOR of GcnTimings.md:16-21.
void checkDp(const char* name, unsigned k) {
  for (uint32_t dp : {1u, 2u, 4u, 8u}) checkCycles(name, dp, dp * k);
}

void checkFixed(const char* name, unsigned cycles) { checkCycles(name, 8, cycles); }

void checkDs(const char* name, unsigned cycles, unsigned pipe) {
  CAPTURE(name);
  const auto ts = timingsOf(name, IssueConfig{});
  REQUIRE(!ts.empty());
  for (const OpTiming& t : ts) {
    CHECK(t.kind == Kind::Ds);
    CHECK(t.cycles == cycles);
    CHECK(t.pipeCycles == pipe);
  }
}

void checkVmem(const char* name, unsigned cycles, unsigned glc) {
  CAPTURE(name);
  const auto ts = timingsOf(name, IssueConfig{});
  REQUIRE(!ts.empty());
  for (const OpTiming& t : ts) {
    CHECK(t.cycles == cycles);
    CHECK(t.glcCycles == glc);
  }
}

}  // namespace

TEST_CASE("timing facts: VALU rates follow GcnTimings.md", "[sim][timing][facts]") {
  // GcnTimings.md:225 "V_FMA_F32 | 4 or 16 (1)", :246 "(1) - for device with DP
  // speed 1/2, 1/4 or 1/8 is 4 cycles, for other devices is 16 cycles".
  checkCycles("v_fma_f32", 8, 16);  // vega10 and the other 1/16-rate parts
  checkCycles("v_fma_f32", 4, 4);   // hawaii
  checkCycles("v_fma_f32", 2, 4);   // tahiti
  checkCycles("v_fma_f32", 1, 4);
  // VOP3 table (GcnTimings.md:199-244)
  checkFixed("v_div_fixup_f16", 4);     // :217
  checkFixed("v_div_fixup_f32", 16);    // :218
  checkDp("v_div_fixup_f64", 4);        // :219
  checkFixed("v_div_fmas_f32", 16);     // :220
  checkDp("v_div_fmas_f64", 8);         // :221
  checkFixed("v_div_scale_f32", 16);    // :222
  checkDp("v_div_scale_f64", 4);        // :223
  checkDp("v_fma_f64", 8);              // :226
  checkFixed("v_mqsad_pk_u16_u8", 16);  // :226
  checkFixed("v_mqsad_u32_u8", 16);     // :227
  checkFixed("v_qsad_pk_u16_u8", 16);   // :237
  checkFixed("v_mad_u64_u32", 16);      // :205
  checkFixed("v_mad_i64_i32", 16);      // :241
  checkDp("v_lshl_b64", 4);             // :231 (GCN 1.0/1.1)
  checkDp("v_lshlrev_b64", 4);          // :233
  checkDp("v_lshr_b64", 4);             // :234
  checkDp("v_lshrrev_b64", 4);          // :235
  checkDp("v_ashr_i64", 4);             // :207
  checkDp("v_ashrrev_i64", 4);          // :208
  checkDp("v_add_f64", 4);              // :202
  checkDp("v_mul_f64", 8);              // :231
  checkDp("v_trig_preop_f64", 8);       // :243
  checkFixed("v_mul_lo_u32", 16);       // :235
  checkFixed("v_mul_hi_i32", 16);       // :232
  checkFixed("v_mad_u32_u24", 4);       // :204
  checkFixed("v_med3_f32", 4);          // :214
  // VOP1 table (GcnTimings.md:134-181)
  checkFixed("v_mov_b32", 4);         // :149
  checkFixed("v_rcp_f32", 16);        // :157
  checkFixed("v_rsq_f16", 16);        // :167
  checkFixed("v_sin_f32", 16);        // :174
  checkDp("v_rcp_f64", 8);            // :158
  checkDp("v_sqrt_f64", 8);           // :177
  checkDp("v_cvt_f64_i32", 4);        // :155
  checkDp("v_frexp_exp_i32_f64", 4);  // :136
  checkFixed("v_swap_b32", 8);        // :178
  // VOP2: "All VOP2 instructions take 4 cycles" (GcnTimings.md:124), the 24-bit multiplies too.
  checkFixed("v_mul_hi_u32_u24", 4);
  checkFixed("v_mul_hi_i32_i24", 4);
  checkFixed("v_add_f32", 4);
  // VOPC: 16/32-bit 4, "All 64-bit comparison instructions take DPFACTOR*4" (GcnTimings.md:188-189).
  checkFixed("v_cmp_eq_u32", 4);
  checkFixed("v_cmp_lt_f16", 4);
  checkDp("v_cmp_eq_u64", 4);
  checkDp("v_cmp_lt_i64", 4);
  checkDp("v_cmpx_ne_u64", 4);
  checkDp("v_cmp_eq_f64", 4);
  checkDp("v_cmp_class_f64", 4);
  // VOP3P: "All VOP3P instructions take 4 cycles" (GcnTimings.md:250).
  checkFixed("v_pk_fma_f16", 4);
  checkFixed("v_pk_mul_lo_u16", 4);
}

TEST_CASE("timing facts: issue.salu_cycles scales the SALU figures, as valu_cycles does the VALU's",
          "[sim][timing][facts]") {
  // GcnTimings.md:87 "All SOP2 instructions ... take 4 cycles", :96 S_*_SAVEEXEC_B64 8: with an 8-cycle
  // SALU (a config exploring a slower scalar unit) they take 8 and 16; the key had changed only s_sendmsg,
  // exports and s_nop's minimum.
  for (const auto& [salu, plain, saveexec] : {std::tuple{4u, 4u, 8u}, {8u, 8u, 16u}, {6u, 6u, 12u}}) {
    CAPTURE(salu);
    IssueConfig c;
    c.saluCycles = salu;
    for (const OpTiming& t : timingsOf("s_add_u32", c)) CHECK(t.cycles == plain);
    for (const OpTiming& t : timingsOf("s_and_saveexec_b64", c)) CHECK(t.cycles == saveexec);
    for (const OpTiming& t : timingsOf("s_setreg_b32", c)) CHECK(t.cycles == saveexec);
  }
}

TEST_CASE("timing facts: SALU, SMEM, DS and MUBUF figures follow GcnTimings.md", "[sim][timing][facts]") {
  checkFixed("s_add_u32", 4);                // :87
  checkFixed("s_movk_i32", 4);               // :91
  checkFixed("s_setreg_b32", 8);             // :92
  checkFixed("s_setreg_imm32_b32", 8);       // :92
  checkFixed("s_and_saveexec_b64", 8);       // :96
  checkFixed("s_xnor_saveexec_b64", 8);      // :96
  checkFixed("s_mov_b64", 4);                // :96-97
  checkFixed("s_cmp_eq_u32", 4);             // :101
  checkFixed("s_load_dword", 4);             // :114
  checkFixed("s_buffer_load_dwordx2", 4);    // :115
  checkFixed("s_load_dwordx4", 4);           // :116
  checkFixed("s_load_dwordx8", 8);           // :117
  checkFixed("s_buffer_load_dwordx16", 16);  // :118 "16-24"
  checkFixed("s_memtime", 4);                // :119
  checkFixed("s_dcache_inv", 4);             // :119
  // DS table (GcnTimings.md:260-401): Cycles, and Throughput 1/N as N pipe cycles.
  checkDs("ds_read_b32", 4, 2);              // :357
  checkDs("ds_read_u8", 4, 2);               // :363
  checkDs("ds_read_b64", 8, 4);              // :358
  checkDs("ds_read_b96", 16, 8);             // :359
  checkDs("ds_read_b128", 16, 8);            // :356
  checkDs("ds_read2_b32", 8, 4);             // :354
  checkDs("ds_read2st64_b64", 16, 8);        // :353
  checkDs("ds_write_b32", 8, 4);             // :384
  checkDs("ds_write_b64", 12, 8);            // :385
  checkDs("ds_write_b96", 16, 10);           // :387
  checkDs("ds_write_b128", 20, 10);          // :382
  checkDs("ds_write2_b64", 20, 10);          // :381
  checkDs("ds_add_u32", 8, 4);               // :266
  checkDs("ds_add_rtn_u64", 12, 6);          // :263
  checkDs("ds_add_src2_u32", 4, 4);          // :264
  checkDs("ds_max_src2_u64", 8, 8);          // :319
  checkDs("ds_write_src2_b32", 12, 4);       // :388
  checkDs("ds_write_src2_b64", 20, 8);       // :389
  checkDs("ds_wrxchg2_rtn_b64", 20, 12);     // :393
  checkDs("ds_wrxchg2st64_rtn_b32", 12, 6);  // :390
  checkDs("ds_cmpst_rtn_b64", 20, 10);       // :280
  checkDs("ds_mskor_b32", 12, 6);            // :340
  checkDs("ds_swizzle_b32", 4, 2);           // :376
  checkDs("ds_add_f32", 8, 4);               // not in GcnTimings: its twin DS_ADD_U32, :266
  // MUBUF table (GcnTimings.md:416-475)
  checkVmem("buffer_load_dword", 8, 0);          // :452
  checkVmem("buffer_load_dwordx2", 18, 0);       // :453
  checkVmem("buffer_load_dwordx3", 16, 0);       // :454
  checkVmem("buffer_load_dwordx4", 16, 0);       // :455
  checkVmem("buffer_load_format_x", 8, 0);       // :456
  checkVmem("buffer_load_format_xy", 18, 0);     // :457 "18?"
  checkVmem("buffer_load_format_xyzw", 16, 0);   // :459
  checkVmem("buffer_load_ubyte", 8, 0);          // :462
  checkVmem("buffer_load_sshort", 8, 0);         // :461
  checkVmem("buffer_store_byte", 16, 0);         // :464
  checkVmem("buffer_store_dwordx4", 16, 0);      // :468
  checkVmem("buffer_atomic_add", 16, 1);         // :418 "16+GLC1"
  checkVmem("buffer_atomic_add_x2", 16, 2);      // :419 "16+GLC2"
  checkVmem("buffer_atomic_and_x2", 16, 0);      // :421 "16"
  checkVmem("buffer_atomic_cmpswap", 32, 0);     // :422
  checkVmem("buffer_atomic_cmpswap_x2", 32, 0);  // :423
  checkVmem("buffer_atomic_fcmpswap", 32, 0);    // :426
  checkVmem("buffer_atomic_umax_x2", 16, 2);     // :447
  // MTBUF/FLAT/GLOBAL/SCRATCH: the MUBUF figure of the same kind and width.
  checkVmem("tbuffer_load_format_xy", 18, 0);
  checkVmem("tbuffer_store_format_x", 16, 0);
  checkVmem("flat_load_dwordx2", 18, 0);
  checkVmem("flat_load_dword", 8, 0);
  checkVmem("flat_atomic_add", 16, 1);
  checkVmem("flat_atomic_and_x2", 16, 0);
  checkVmem("global_atomic_cmpswap", 32, 0);
  checkVmem("global_load_dwordx4", 16, 0);
  checkVmem("scratch_store_dword", 16, 0);
}

TEST_CASE("timing facts: every row has its figures, kinds come from the table", "[sim][timing][facts]") {
  const IssueConfig cfg;
  for (const isa::OpInfo* op : isa::allOps()) {
    CAPTURE(op->name, isa::formatName(op->format));
    const OpTiming t = classifyOp(*op, cfg);
    switch (op->unit) {
      case isa::Unit::VALU: CHECK(op->timing.rate != isa::ValuRate::None); break;
      case isa::Unit::DS:
        CHECK(t.cycles > 0);
        // Every DS row occupies the LDS pipe (the rows GcnTimings gives "?" an estimate).
        CHECK(t.pipeCycles > 0);
        break;
      case isa::Unit::SALU:
      case isa::Unit::SMEM:
      case isa::Unit::VMEM: CHECK(t.cycles > 0); break;
      default: break;
    }
    if (op->unit != isa::Unit::VALU) CHECK(op->timing.rate == isa::ValuRate::None);
    if (op->unit != isa::Unit::DS) CHECK(t.pipeCycles == 0);
  }
  auto kindOf = [&](const char* name) {
    CAPTURE(name);
    const auto ts = timingsOf(name, cfg);
    REQUIRE(!ts.empty());
    return ts.front().kind;
  };
  CHECK(kindOf("s_waitcnt") == Kind::Waitcnt);
  CHECK(kindOf("s_nop") == Kind::Nop);
  CHECK(kindOf("s_sleep") == Kind::Sleep);
  CHECK(kindOf("s_setprio") == Kind::Setprio);
  CHECK(kindOf("s_barrier") == Kind::Barrier);
  CHECK(kindOf("s_endpgm") == Kind::EndPgm);
  CHECK(kindOf("s_endpgm_saved") == Kind::EndPgm);
  CHECK(kindOf("s_icache_inv") == Kind::OtherInternal);
  CHECK(kindOf("s_memtime") == Kind::SmemTime);
  CHECK(kindOf("s_memrealtime") == Kind::SmemTime);
  CHECK(kindOf("s_dcache_inv") == Kind::DcacheInv);
  CHECK(kindOf("s_dcache_inv_vol") == Kind::DcacheInv);
  CHECK(kindOf("s_dcache_wb") == Kind::DcacheWb);
  CHECK(kindOf("s_load_dword") == Kind::Smem);
  CHECK(kindOf("s_store_dword") == Kind::SmemStore);
  CHECK(kindOf("buffer_wbinvl1") == Kind::VmemInvL1);
  CHECK(kindOf("buffer_wbinvl1_vol") == Kind::VmemInvL1);
  CHECK(kindOf("buffer_atomic_add") == Kind::VmemAtomic);
  CHECK(kindOf("flat_store_dword") == Kind::VmemStore);
  // GcnTimings.md:78: integer V_ADD*, V_SUB*, V_READFIRSTLANE_B32, V_READLANE_B32.
  for (const char* late : {"v_add_co_u32", "v_add_u32", "v_addc_co_u32", "v_sub_i32", "v_subrev_u16",
                           "v_readlane_b32", "v_readfirstlane_b32"}) {
    CAPTURE(late);
    for (const OpTiming& t : timingsOf(late, cfg)) CHECK(t.lateForSalu);
  }
  for (const char* early : {"v_add_f32", "v_sub_f16", "v_mul_lo_u32", "v_mov_b32", "v_writelane_b32"}) {
    CAPTURE(early);
    for (const OpTiming& t : timingsOf(early, cfg)) CHECK_FALSE(t.lateForSalu);
  }
  // The DS roles of the table: pairs, st64 pairs, no LDS address (the
  // disassembler prints offset0/offset1 for the pairs, isa/codec_ds.cpp).
  auto roleOf = [](const char* name) {
    for (const isa::OpInfo* op : isa::allOps())
      if (std::string_view(op->name) == name) return op->timing.role;
    return isa::TimingRole::None;
  };
  CHECK(roleOf("ds_read2_b64") == isa::TimingRole::LdsPair);
  CHECK(roleOf("ds_write2st64_b32") == isa::TimingRole::LdsPairSt64);
  CHECK(roleOf("ds_wrxchg2_rtn_b32") == isa::TimingRole::LdsPair);
  CHECK(roleOf("ds_swizzle_b32") == isa::TimingRole::NoLds);
  CHECK(roleOf("ds_gws_init") == isa::TimingRole::NoLds);
  CHECK(roleOf("ds_read_b128") == isa::TimingRole::None);
}

TEST_CASE("timing facts: no mnemonic string literal in sim/timing", "[sim][timing][facts]") {
  // Per-instruction facts live in the ISA tables; the timing model matches no names.
  const std::regex literal(R"re("(s|v|ds|buffer|tbuffer|flat|global|scratch|image)_[a-z0-9_]*")re");
  unsigned files = 0;
  for (const auto& f : fs::directory_iterator(fs::path(GCNSIM_SOURCE_DIR) / "sim" / "timing")) {
    if (f.path().extension() != ".cpp" && f.path().extension() != ".hpp") continue;
    ++files;
    std::ifstream in(f.path());
    std::string line;
    for (unsigned no = 1; std::getline(in, line); ++no) {
      // Drop a // comment (outside string literals).
      bool quoted = false;
      for (size_t i = 0; i + 1 < line.size(); ++i) {
        if (line[i] == '"' && (i == 0 || line[i - 1] != '\\')) quoted = !quoted;
        if (!quoted && line[i] == '/' && line[i + 1] == '/') {
          line.resize(i);
          break;
        }
      }
      INFO(f.path().filename().string() << ":" << no << ": " << line);
      CHECK_FALSE(std::regex_search(line, literal));
    }
  }
  CHECK(files > 5);
}
