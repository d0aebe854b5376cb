#include "sim/check/hazard_rules.hpp"

namespace gcnsim::sim::check {
namespace {

// Sources (see also README "Checks"):
//  [Vega]  AMD "Vega" Instruction Set Architecture, section 4.5 "Manually
//          Inserted Wait States (NOPs)", Table 8 "Required Software-inserted
//          Wait States" (public Markdown copy: kuhar/amdgpu-isa-manuals vega/README.md).
//  [LLVM]  llvm/lib/Target/AMDGPU/GCNHazardRecognizer.cpp (check*Hazards) and
//          GCNSubtarget.h (which generations a rule applies to).
//  [ACO]   mesa src/amd/compiler/aco_insert_NOPs.cpp, NOP_ctx_gfx6 (GFX6-GFX9).
//  [CLRX]  reference/clrx/GcnInstrsSmrd.md:32 and GcnInstrsSmem.md:51 (= seeds/000 line 51):
//          "Between setting third dword from buffer resource and S_BUFFER_*
//          instruction is required least one instruction (vector or scalar) due to delay."
// No public GCN3 (GCN 1.2) manual exists; its figures are LLVM's, which
// treats GFX8 like GFX9 for every rule below.

bool overlap(const RegMask& a, const RegMask& b) { return a.intersects(b); }
bool valuWritesSgpr(const InstFacts& f) { return f.valu && anyS(f.sgprWrites); }
bool valuWritesVcc(const InstFacts& f) { return f.valu && hasS(f.writes, isa::code::kVccLo); }
bool valuWritesExec(const InstFacts& f) { return f.valu && hasS(f.writes, isa::code::kExecLo); }
bool valuWritesVgpr(const InstFacts& f) { return f.valu && anyV(f.writes); }
bool saluWritesM0(const InstFacts& f) { return f.salu && hasS(f.writes, isa::code::kM0); }
bool anyWrite(const InstFacts& f) { return f.writes.any(); }

constexpr std::array<uint8_t, 4> kAll(uint8_t n) { return {n, n, n, n}; }

const HazardRule kRules[] = {
    // [Vega] "VALU writes SGPR -> VMEM reads that SGPR: 5"; [LLVM] checkVMEMHazards: VI and later.
    {"valu-sgpr-vmem",
     {0, 0, 5, 5},
     "VALU writes SGPR",
     "VMEM reads that SGPR",
     valuWritesSgpr,
     [](const InstFacts& f) { return f.vmem && anyS(f.vmemSgprReads); },
     [](const InstFacts& a, const InstFacts& b) { return overlap(a.sgprWrites, b.vmemSgprReads); }},
    // [LLVM] checkSMRDHazards: "A read of an SGPR by SMRD instruction requires 4 wait states
    // when the SGPR was written by a VALU instruction" -- "This SMRD hazard only affects SI".
    {"valu-sgpr-smrd",
     {4, 0, 0, 0},
     "VALU writes SGPR",
     "SMRD reads that SGPR",
     valuWritesSgpr,
     [](const InstFacts& f) { return f.smem; },
     [](const InstFacts& a, const InstFacts& b) { return overlap(a.sgprWrites, b.reads); }},
    // [CLRX] (seed 000): at least one instruction after the write of the V#'s third dword.
    {"sbuffer-rsrc-dword2", kAll(1), "any write of the third dword of a buffer resource",
     "S_BUFFER_* using that resource", anyWrite, [](const InstFacts& f) { return f.sbufferDword2 != 0xffff; },
     [](const InstFacts& a, const InstFacts& b) {
       return b.sbufferDword2 < 128 && hasS(a.writes, b.sbufferDword2);
     }},
    // [Vega] "VALU writes VCC (including v_div_scale) -> V_DIV_FMAS: 4"; [LLVM] checkDivFMasHazards (all).
    {"valu-vcc-divfmas", kAll(4), "VALU writes VCC", "V_DIV_FMAS", valuWritesVcc,
     [](const InstFacts& f) { return f.divFmas; }, nullptr},
    // [Vega] "S_SETREG <*> -> S_GETREG <same reg>: 2"; [LLVM] checkGetRegHazards (all).
    {"setreg-getreg", kAll(2), "S_SETREG", "S_GETREG of the same register",
     [](const InstFacts& f) { return f.setreg; }, [](const InstFacts& f) { return f.getreg; },
     [](const InstFacts& a, const InstFacts& b) { return a.hwreg == b.hwreg; }},
    // [Vega] "S_SETREG <*> -> S_SETREG <same reg>: 2"; [LLVM] checkSetRegHazards: 1 on SI/CI.
    {"setreg-setreg",
     {1, 1, 2, 2},
     "S_SETREG",
     "S_SETREG of the same register",
     [](const InstFacts& f) { return f.setreg; },
     [](const InstFacts& f) { return f.setreg; },
     [](const InstFacts& a, const InstFacts& b) { return a.hwreg == b.hwreg; }},
    // [Vega] "VALU writes SGPR/VCC (readlane, cmp, add/sub, div_scale) -> V_{READ,WRITE}LANE
    // using that SGPR/VCC as the lane select: 4"; [LLVM] checkRWLaneHazards (all).
    {"valu-sgpr-lanesel", kAll(4), "VALU writes SGPR/VCC", "V_READLANE/V_WRITELANE lane select",
     valuWritesSgpr, [](const InstFacts& f) { return anyS(f.laneSelect); },
     [](const InstFacts& a, const InstFacts& b) { return overlap(a.sgprWrites, b.laneSelect); }},
    // [Vega] "VALU writes EXEC -> VALU DPP op: 5"; [LLVM] checkDPPHazards (DPP: VI and later).
    {"valu-exec-dpp",
     {0, 0, 5, 5},
     "VALU writes EXEC",
     "VALU DPP op",
     valuWritesExec,
     [](const InstFacts& f) { return f.dpp; },
     nullptr},
    // [Vega] "VALU writes VGPR -> VALU DPP reads that VGPR: 2"; [LLVM] checkDPPHazards.
    {"valu-vgpr-dpp",
     {0, 0, 2, 2},
     "VALU writes VGPR",
     "VALU DPP reads that VGPR",
     valuWritesVgpr,
     [](const InstFacts& f) { return f.dpp; },
     [](const InstFacts& a, const InstFacts& b) {
       RegMask av{{}, a.writes.v}, bv{{}, b.reads.v};
       return overlap(av, bv);
     }},
    // [Vega] "FLAT_STORE_X3/X4, BUFFER_STORE_DWORD_X3/X4, ..._CMPSWAP_X2 -> write VGPRs holding
    // writedata: 1" ("BUFFER_STORE_* operations that use an SGPR for offset do not require
    // any wait states"); [LLVM] checkVALUHazards (VALU writes), has12DWordStoreHazard: not SI.
    {"store-data-overwrite",
     {0, 1, 1, 1},
     "VMEM store of more than 8 bytes",
     "VALU writes its data VGPRs",
     [](const InstFacts& f) { return anyV(f.storeData); },
     valuWritesVgpr,
     [](const InstFacts& a, const InstFacts& b) { return overlap(a.storeData, b.writes); }},
    // [Vega] "SALU writes M0 -> GDS, S_SENDMSG or S_TTRACE_DATA: 1"; [LLVM]
    // hasReadM0SendMsgHazard: VI to GFX9.
    {"salu-m0-gds-msg",
     {0, 0, 1, 1},
     "SALU writes M0",
     "GDS, S_SENDMSG, S_TTRACEDATA",
     saluWritesM0,
     [](const InstFacts& f) { return f.gds || f.sendmsg; },
     nullptr},
    // [Vega] "SALU writes M0 -> S_MOVEREL: 1"; [LLVM] hasReadM0MovRelInterpHazard: GFX9.
    {"salu-m0-movrel",
     {0, 0, 0, 1},
     "SALU writes M0",
     "S_MOVREL*",
     saluWritesM0,
     [](const InstFacts& f) { return f.movrel; },
     nullptr},
    // [Vega] "SALU writes M0 -> LDS "add-TID" instruction, buffer_store_LDS_dword, scratch or
    // global with LDS = 1, VINTRP or LDS_direct: 1"; [LLVM] hasReadM0LdsDmaHazard: GFX9.
    {"salu-m0-lds-dma",
     {0, 0, 0, 1},
     "SALU writes M0",
     "LDS add-TID or buffer/global LDS load",
     saluWritesM0,
     [](const InstFacts& f) { return f.ldsDma; },
     nullptr},
    // [Vega] "VALU that sets VCC or EXEC -> VALU that uses EXECZ or VCCZ as a data source: 5";
    // [ACO] NOP_ctx_gfx6 valu_wr_vcc_then_vccz / valu_wr_exec_then_execz (GFX6-GFX9).
    {"valu-vcc-exec-vccz", kAll(5), "VALU writes VCC or EXEC", "VALU reads VCCZ or EXECZ as data",
     [](const InstFacts& f) { return valuWritesVcc(f) || valuWritesExec(f); },
     [](const InstFacts& f) { return f.readsVccz || f.readsExecz; },
     [](const InstFacts& a, const InstFacts& b) {
       return (b.readsVccz && hasS(a.writes, isa::code::kVccLo)) ||
              (b.readsExecz && hasS(a.writes, isa::code::kExecLo));
     }},
    // [Vega] "SET_VSKIP -> S_GETREG MODE: 2" (reads VSKIP from MODE).
    {"setvskip-getreg",
     {0, 0, 0, 2},
     "S_SETVSKIP",
     "S_GETREG MODE",
     [](const InstFacts& f) { return f.setvskip; },
     [](const InstFacts& f) { return f.getreg && f.hwreg == 1; },
     nullptr},  // hwreg 1: HW_REG_MODE
    // [Vega] "S_SETREG <*> MODE.vskip -> any vector op: 2" (MODE bit 28 turns
    // VSKIP on or off; sim/vector_modes.hpp models it).
    {"setreg-vskip-vector",
     {0, 0, 0, 2},
     "S_SETREG of MODE.vskip",
     "any vector op",
     [](const InstFacts& f) { return f.setsVskip; },
     [](const InstFacts& f) { return f.valu || f.vmem || f.ds; },
     nullptr},
};
static_assert(std::size(kRules) <= 32);

}  // namespace

std::span<const HazardRule> hazardRules() { return kRules; }

uint32_t hazardFirstRoles(const InstFacts& f, isa::Gen gen) {
  uint32_t roles = 0;
  for (unsigned i = 0; i < std::size(kRules); ++i)
    if (kRules[i].waits[isa::genIndex(gen)] && kRules[i].isFirst(f)) roles |= 1u << i;
  return roles;
}

uint32_t hazardSecondRoles(const InstFacts& f, isa::Gen gen) {
  uint32_t roles = 0;
  for (unsigned i = 0; i < std::size(kRules); ++i)
    if (kRules[i].waits[isa::genIndex(gen)] && kRules[i].isSecond(f)) roles |= 1u << i;
  return roles;
}

}  // namespace gcnsim::sim::check
