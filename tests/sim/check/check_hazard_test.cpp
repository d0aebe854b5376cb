// The checker's hazard rules (sim/check/hazard_rules.hpp): for each rule a
// program that breaks it (tests/sim/programs/chk_*_bad.s) and one with the
// wait states the sources require (chk_*_ok.s), on every generation the
// program assembles for, in both engines. The generations each rule applies
// to are written here from the sources (AMD Vega ISA 4.5 Table 8, LLVM
// GCNHazardRecognizer/GCNSubtarget, CLRX GcnInstrsSmrd.md:32), not taken
// from the checker's table; the PCs come from decoding the program.
#include <catch2/catch.hpp>
#include <filesystem>

#include "tests/sim/check/check_harness.hpp"

namespace gcnsim::test {
namespace {

using sim::check::CheckKind;

struct HazardCase {
  const char* program;
  const char* rule;
  std::array<bool, 4> applies;  // GCN 1.0, 1.1, 1.2, 1.4
  const char* first;            // mnemonic of the first instruction (its first occurrence)
  const char* second;           // mnemonic of the second (its occurrence `secondNth`)
  unsigned secondNth = 0;
  unsigned needs = 0, found = 0;
};

const HazardCase kCases[] = {
    {"chk_valu_sgpr_vmem_bad",
     "valu-sgpr-vmem",
     {false, false, true, true},
     "v_readfirstlane_b32",
     "buffer_load_dword",
     0,
     5,
     0},
    {"chk_valu_sgpr_smrd_bad",
     "valu-sgpr-smrd",
     {true, false, false, false},
     "v_readfirstlane_b32",
     "s_buffer_load_dword",
     0,
     4,
     0},
    {"chk_sbuffer_rsrc_bad",
     "sbuffer-rsrc-dword2",
     {true, true, true, true},
     "s_mov_b32",
     "s_buffer_load_dword",
     0,
     1,
     0},
    {"chk_valu_vcc_divfmas_bad",
     "valu-vcc-divfmas",
     {true, true, true, true},
     "v_cmp_eq_u32",
     "v_div_fmas_f32",
     0,
     4,
     0},
    {"chk_setreg_getreg_bad",
     "setreg-getreg",
     {true, true, true, true},
     "s_setreg_b32",
     "s_getreg_b32",
     0,
     2,
     0},
    {"chk_setreg_setreg_bad",
     "setreg-setreg",
     {true, true, true, true},
     "s_setreg_b32",
     "s_setreg_b32",
     1,
     0,
     0},
    {"chk_setreg_setreg_one",
     "setreg-setreg",
     {false, false, true, true},
     "s_setreg_b32",
     "s_setreg_b32",
     1,
     2,
     1},
    {"chk_valu_sgpr_lanesel_bad",
     "valu-sgpr-lanesel",
     {true, true, true, true},
     "v_readfirstlane_b32",
     "v_readlane_b32",
     0,
     4,
     0},
    {"chk_valu_exec_dpp_bad",
     "valu-exec-dpp",
     {false, false, true, true},
     "v_cmpx_eq_u32",
     "v_mov_b32",
     0,
     5,
     0},
    {"chk_valu_vgpr_dpp_bad", "valu-vgpr-dpp", {false, false, true, true}, "v_mov_b32", "v_mov_b32", 1, 2, 0},
    {"chk_store_data_bad",
     "store-data-overwrite",
     {false, true, true, true},
     "buffer_store_dwordx4",
     "v_mov_b32",
     0,
     1,
     0},
    {"chk_salu_m0_msg_bad", "salu-m0-gds-msg", {false, false, true, true}, "s_mov_b32", "s_sendmsg", 0, 1, 0},
    {"chk_salu_m0_ttrace_bad",
     "salu-m0-gds-msg",
     {false, false, true, true},
     "s_mov_b32",
     "s_ttracedata",
     0,
     1,
     0},
    {"chk_salu_m0_movrel_bad",
     "salu-m0-movrel",
     {false, false, false, true},
     "s_mov_b32",
     "s_movrels_b32",
     0,
     1,
     0},
    {"chk_salu_m0_lds_dma_bad",
     "salu-m0-lds-dma",
     {false, false, false, true},
     "s_mov_b32",
     "buffer_load_dword",
     0,
     1,
     0},
    {"chk_salu_m0_addtid_bad",
     "salu-m0-lds-dma",
     {false, false, false, true},
     "s_mov_b32",
     "ds_write_addtid_b32",
     0,
     1,
     0},
    {"chk_valu_vccz_bad",
     "valu-vcc-exec-vccz",
     {true, true, true, true},
     "v_cmp_eq_u32",
     "v_mov_b32",
     0,
     5,
     0},
    {"chk_setvskip_getreg_bad",
     "setvskip-getreg",
     {false, false, false, true},
     "s_setvskip",
     "s_getreg_b32",
     0,
     2,
     0},
    {"chk_setreg_vskip_bad",
     "setreg-vskip-vector",
     {false, false, false, true},
     "s_setreg_imm32_b32",
     "v_mov_b32",
     0,
     2,
     0},
};

// Programs that must give no hazard finding on any generation.
const char* const kClean[] = {
    "chk_valu_sgpr_vmem_ok",     "chk_valu_sgpr_smrd_ok",  "chk_sbuffer_rsrc_ok",
    "chk_valu_vcc_divfmas_ok",   "chk_setreg_getreg_ok",   "chk_setreg_setreg_ok",
    "chk_valu_sgpr_lanesel_ok",  "chk_valu_exec_dpp_ok",   "chk_valu_vgpr_dpp_ok",
    "chk_store_data_ok",         "chk_store_data_soffset", "chk_salu_m0_msg_ok",
    "chk_valu_vcc_divfmas_sdst", "chk_salu_m0_movrel_ok",  "chk_salu_m0_lds_dma_ok",
    "chk_valu_vccz_ok",          "chk_setvskip_getreg_ok", "chk_setreg_vskip_ok",
    "chk_setreg_mode_novskip",
};

bool assembledFor(const std::string& program, isa::Gen g) {
  return std::filesystem::exists(std::string(GCNSIM_TEST_DATA) + "/sim/programs/bin/" + program + "." +
                                 std::string(isa::genFamily(g)) + ".hex");
}

sim::check::CheckOptions hazardsOnly() {
  sim::check::CheckOptions o;
  o.hazards = true;
  return o;
}

}  // namespace

TEST_CASE("check: each hazard rule is reported with both PCs where it applies, and only there") {
  for (const HazardCase& c : kCases) {
    for (isa::Gen g : kAllGens) {
      if (!assembledFor(c.program, g)) continue;
      for (Engine e : kEngines) {
        INFO(c.program << " on " << isa::genFamily(g) << ", " << engineName(e));
        const CheckedRun r = runChecked(g, c.program, hazardsOnly(), e);
        INFO(r.status.message);
        REQUIRE(r.status.ok());
        INFO(r.text());
        if (!c.applies[isa::genIndex(g)]) {
          CHECK(r.findings.empty());
          continue;
        }
        REQUIRE(r.findings.size() == 1);
        const sim::check::Finding& f = r.findings[0];
        CHECK(f.kind == CheckKind::Hazard);
        CHECK(std::string(f.rule) == c.rule);
        CHECK(f.wave == 0);
        CHECK(f.hasOther);
        CHECK(f.otherPc - r.codeBase == offsetOf(c.program, g, c.first));
        CHECK(f.pc - r.codeBase == offsetOf(c.program, g, c.second, c.secondNth));
        const unsigned needs = c.needs ? c.needs : (g <= isa::Gen::GCN11 ? 1u : 2u);
        CHECK(f.detail == "needs " + std::to_string(needs) + " wait state" + (needs == 1 ? "" : "s") +
                              ", found " + std::to_string(c.found));
      }
    }
  }
}

TEST_CASE("check: the programs with the required wait states give no hazard finding") {
  for (const char* program : kClean) {
    for (isa::Gen g : kAllGens) {
      if (!assembledFor(program, g)) continue;
      for (Engine e : kEngines) {
        INFO(program << " on " << isa::genFamily(g) << ", " << engineName(e));
        const CheckedRun r = runChecked(g, program, hazardsOnly(), e);
        INFO(r.status.message);
        REQUIRE(r.status.ok());
        INFO(r.text());
        CHECK(r.findings.empty());
      }
    }
  }
}

TEST_CASE("check: --check-fatal stops the run at the first finding, naming both instructions") {
  sim::check::CheckOptions o = hazardsOnly();
  o.fatal = true;
  for (Engine e : kEngines) {
    const CheckedRun r = runChecked(isa::Gen::GCN14, "chk_valu_sgpr_vmem_bad", o, e);
    INFO(engineName(e) << ": " << r.status.message);
    REQUIRE(r.status.kind == sim::RunStatus::Fault);
    CHECK(r.status.message.find("check: hazard valu-sgpr-vmem") != std::string::npos);
    CHECK(r.status.message.find("v_readfirstlane_b32 s4, v0") != std::string::npos);
    CHECK(r.status.message.find("buffer_load_dword v1, off, s[0:3], s4") != std::string::npos);
  }
}

}  // namespace gcnsim::test
