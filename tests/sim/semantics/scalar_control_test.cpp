// Program control and hardware registers: PC moves, SOPP branches, fork/join,
// program end/barrier/trap/messages, s_getreg/s_setreg, VSKIP, GPR indexing.
// Rules: CLRX GcnInstrsSopp.md, GcnInstrsSop1.md, GcnInstrsSopk.md,
// GcnInstrsSopc.md, GcnState.md; s_cbranch_g_fork: seeds/002_160158f13b229eb1.txt.
// Branch targets: RELADDR = PC + 4 + SIMM16*4. Values worked out by hand.
#include "tests/sim/semantics/scalar_test_util.hpp"

using namespace gcnsim;
using namespace gcnsim::test::scalar;

namespace {
constexpr uint64_t kPc = Rig::kPc;  // 0x10000
}

TEST_CASE("s_getpc/s_setpc/s_swappc/s_call (GcnInstrsSop1.md, GcnInstrsSopk.md)", "[sim][scalar][control]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    // SDST = PC + 4
    auto o = r.run1("s_getpc_b64", spair(2), Operand{});
    CHECK(r.s64(2) == kPc + 4);
    CHECK_FALSE(o.branched);
    // PC = SSRC0
    r.w.setSreg64(4, 0x0000123456789abcull);
    o = r.run1("s_setpc_b64", Operand{}, spair(4));
    CHECK(o.branched);
    CHECK(o.target == 0x0000123456789abcull);
    // SDST = PC + 4  PC = SSRC0, with SDST = SSRC0
    r.w.setSreg64(6, 0x20000);
    o = r.run1("s_swappc_b64", spair(6), spair(6));
    CHECK(o.branched);
    CHECK(o.target == 0x20000u);
    CHECK(r.s64(6) == kPc + 4);
    // s_rfe_b64: PC = SSRC0
    o = r.run1("s_rfe_b64", Operand{}, spair(4));
    CHECK(o.target == 0x0000123456789abcull);
  }
  // GCN 1.4 s_call_b64: SDST = PC + 4  PC = RELADDR
  Rig r(Gen::GCN14);
  auto o = r.runK("s_call_b64", 8, 2);
  CHECK(o.branched);
  CHECK(o.target == kPc + 4 + 8);
  CHECK(r.s64(8) == kPc + 4);
  o = r.runK("s_call_b64", 8, -1);  // back to itself
  CHECK(o.target == kPc);
}

TEST_CASE("s_branch and s_cbranch_* taken / not taken (GcnInstrsSopp.md)", "[sim][scalar][control]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    auto o = r.runP("s_branch", 3);
    CHECK(o.branched);
    CHECK(o.target == kPc + 4 + 12);
    o = r.runP("s_branch", 0xffff);  // -1 as the raw field: the branch itself
    CHECK(o.target == kPc);
    o = r.runP("s_branch", -3);
    CHECK(o.target == kPc + 4 - 12);

    // PC = SCC==0 ? RELADDR : PC+4
    r.w.scc = false;
    CHECK(r.runP("s_cbranch_scc0", 5).branched);
    CHECK(r.runP("s_cbranch_scc0", 5).target == kPc + 4 + 20);
    CHECK_FALSE(r.runP("s_cbranch_scc1", 5).branched);
    r.w.scc = true;
    CHECK_FALSE(r.runP("s_cbranch_scc0", 5).branched);
    CHECK(r.runP("s_cbranch_scc1", 5).branched);

    // PC = VCC==0 ? RELADDR : PC+4 (a lane in the high half counts)
    r.w.setVcc(0);
    CHECK(r.runP("s_cbranch_vccz", 1).branched);
    CHECK_FALSE(r.runP("s_cbranch_vccnz", 1).branched);
    r.w.setVcc(1ull << 40);
    CHECK_FALSE(r.runP("s_cbranch_vccz", 1).branched);
    CHECK(r.runP("s_cbranch_vccnz", 1).branched);

    // PC = EXEC==0 ? RELADDR : PC+4
    r.w.setExec(0);
    CHECK(r.runP("s_cbranch_execz", 2).branched);
    CHECK_FALSE(r.runP("s_cbranch_execnz", 2).branched);
    r.w.setExec(1ull << 63);
    CHECK_FALSE(r.runP("s_cbranch_execz", 2).branched);
    CHECK(r.runP("s_cbranch_execnz", 2).target == kPc + 4 + 8);

    // debug branches: COND_DBG_SYS (STATUS bit 21) / COND_DBG_USER (bit 20), clear by default
    CHECK_FALSE(r.runP("s_cbranch_cdbgsys", 1).branched);
    CHECK_FALSE(r.runP("s_cbranch_cdbgsys_or_user", 1).branched);
    r.w.hw.status |= 1u << 20;
    CHECK(r.runP("s_cbranch_cdbguser", 1).branched);
    CHECK(r.runP("s_cbranch_cdbgsys_or_user", 1).branched);
    CHECK_FALSE(r.runP("s_cbranch_cdbgsys_and_user", 1).branched);
    r.w.hw.status |= 1u << 21;
    CHECK(r.runP("s_cbranch_cdbgsys_and_user", 1).branched);
  }
}

TEST_CASE("s_cbranch_g_fork / s_cbranch_join control stack (seed 002)", "[sim][scalar][control]") {
  // passes = EXEC & SSRC0, failures = EXEC & ~SSRC0; the smaller side runs first,
  // the other is pushed to SGPR[CSP*4 .. CSP*4+3]; CSP = MODE[31:29].
  const uint64_t target = 0x40000;
  for (Gen g : kAllGens) {
    Rig r(g);
    if (!r.has("s_cbranch_g_fork")) continue;
    INFO(isa::genName(g));
    r.w.setSreg64(12, target);
    auto fork = [&](uint64_t mask) {
      r.w.setSreg64(10, mask);
      return r.run2("s_cbranch_g_fork", Operand{}, spair(10), spair(12));
    };
    // all lanes pass: PC = SSRC1, nothing pushed
    r.w.setExec(0xff);
    auto o = fork(0xff);
    CHECK(o.branched);
    CHECK(o.target == target);
    CHECK(r.w.exec() == 0xffu);
    CHECK((r.w.hw.mode >> 29) == 0u);
    // all lanes fail: PC += 4
    o = fork(0x100);
    CHECK_FALSE(o.branched);
    CHECK(r.w.exec() == 0xffu);
    // 4 pass, 4 fail: BITCOUNT(failures) < BITCOUNT(passes) is false -> run the passes first
    o = fork(0x0f);
    CHECK(o.branched);
    CHECK(o.target == target);
    CHECK(r.w.exec() == 0x0fu);
    CHECK(r.s64(0) == 0xf0u);    // SGPR[0:1] = failures
    CHECK(r.s64(2) == kPc + 4);  // SGPR[2:3] = PC + 4
    CHECK((r.w.hw.mode >> 29) == 1u);
    // nested: 3 pass, 1 fails -> run the failure first, push passes and SSRC1
    r.w.setSreg64(12, target + 0x100);
    o = fork(0x07);
    CHECK_FALSE(o.branched);
    CHECK(r.w.exec() == 0x08u);
    CHECK(r.s64(4) == 0x07u);           // SGPR[4:5] = passes
    CHECK(r.s64(6) == target + 0x100);  // SGPR[6:7] = SSRC1
    CHECK((r.w.hw.mode >> 29) == 2u);

    // s_cbranch_join SSRC0: if (CSP==SSRC0) PC += 4
    // else { CSP--  EXEC = SGPR[CSP*4:CSP*4+1]  PC = SGPR[CSP*4+2:CSP*4+3] }
    r.w.sreg[20] = 0;  // the CSP saved before the outer fork
    o = r.run1("s_cbranch_join", Operand{}, sreg(20));
    CHECK(o.branched);
    CHECK(o.target == target + 0x100);
    CHECK(r.w.exec() == 0x07u);
    CHECK((r.w.hw.mode >> 29) == 1u);
    o = r.run1("s_cbranch_join", Operand{}, sreg(20));
    CHECK(o.target == kPc + 4);
    CHECK(r.w.exec() == 0xf0u);
    CHECK((r.w.hw.mode >> 29) == 0u);
    o = r.run1("s_cbranch_join", Operand{}, sreg(20));  // CSP == SSRC0: fall through
    CHECK_FALSE(o.branched);
    CHECK(r.w.exec() == 0xf0u);
    // other MODE bits are untouched by the CSP updates
    r.w.hw.mode = 0x000000f5;
    fork(0x30);
    CHECK(r.w.hw.mode == (0x000000f5u | 1u << 29));
  }
}

TEST_CASE("s_cbranch_i_fork: RELADDR target (GcnInstrsSopk.md)", "[sim][scalar][control]") {
  for (Gen g : kAllGens) {
    Rig r(g);
    if (!r.has("s_cbranch_i_fork")) continue;
    r.w.setExec(0xffff), r.w.setSreg64(10, 0x00ff);  // 8 pass, 8 fail: passes first
    auto o = r.runK("s_cbranch_i_fork", 10, 4);
    CHECK(o.branched);
    CHECK(o.target == kPc + 4 + 16);
    CHECK(r.w.exec() == 0x00ffu);
    CHECK(r.s64(0) == 0xff00u);
    CHECK(r.s64(2) == kPc + 4);
  }
}

TEST_CASE("s_endpgm/s_barrier/s_trap/s_sendmsg and the no-op SOPP ops (GcnInstrsSopp.md)",
          "[sim][scalar][control]") {
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    CHECK(r.runP("s_endpgm").stop == sim::StopReason::EndProgram);
    CHECK(r.runP("s_barrier").stop == sim::StopReason::Barrier);
    auto o = r.runP("s_trap", 3);
    CHECK(o.stop == sim::StopReason::Fault);
    CHECK_THAT(o.fault, Catch::Contains("s_trap 3") && Catch::Contains("not modelled"));
    // MSG_INTERRUPT (1) and MSG_SYSMSG (15) are accepted
    CHECK(r.runP("s_sendmsg", 1).stop == sim::StopReason::None);
    // ... and halting stops the run: nothing in a compute dispatch resumes a halted wave
    o = r.runP("s_sendmsghalt", 15);
    CHECK(o.stop == sim::StopReason::Fault);
    CHECK_THAT(o.fault, Catch::Contains("s_sendmsghalt") && Catch::Contains("halts"));
    o = r.runP("s_sethalt", 1);  // "HALT = SIMM16&1" (GcnInstrsSopp.md)
    CHECK(o.stop == sim::StopReason::Fault);
    CHECK_THAT(o.fault, Catch::Contains("s_sethalt 1") && Catch::Contains("halts"));
    // MSG_GS (2) with GS_OP_EMIT: graphics-only
    o = r.runP("s_sendmsg", 0x22);
    CHECK(o.stop == sim::StopReason::Fault);
    CHECK_THAT(o.fault, Catch::Contains("graphics"));
    // no architectural effect: state is unchanged and the PC just advances
    r.w.sreg[3] = 77, r.w.scc = true;
    const sim::WaveState before = r.w;
    for (const char* name : {"s_nop", "s_waitcnt", "s_sleep", "s_setprio", "s_icache_inv", "s_ttracedata",
                             "s_incperflevel", "s_decperflevel", "s_setkill", "s_sethalt"}) {
      INFO(name);
      o = r.runP(name, 0);
      CHECK(o.stop == sim::StopReason::None);
      CHECK_FALSE(o.branched);
      CHECK(r.w.sreg == before.sreg);
      CHECK(r.w.hw.mode == before.hw.mode);
      CHECK(r.w.scc);
    }
  }
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    Rig r(g);
    CHECK(r.runP("s_endpgm_saved").stop == sim::StopReason::EndProgram);
    CHECK(r.runP("s_sendmsg", 4).stop == sim::StopReason::None);  // MSG_SAVEWAVE
  }
  Rig r(Gen::GCN14);
  CHECK(r.runP("s_endpgm_ordered_ps_done").stop == sim::StopReason::EndProgram);
}

TEST_CASE(
    "s_getreg/s_setreg on MODE bit fields, STATUS reflects SCC/EXECZ/VCCZ (GcnInstrsSopk.md, GcnState.md)",
    "[sim][scalar][hwreg]") {
  // hwreg(ID, OFFSET, SIZE) = ID | OFFSET << 6 | (SIZE-1) << 11
  auto hwreg = [](unsigned id, unsigned off, unsigned size) {
    return int32_t(id | off << 6 | (size - 1) << 11);
  };
  for (Gen g : kAllGens) {
    INFO(isa::genName(g));
    Rig r(g);
    r.w.hw.mode = 0xf0;
    // mask = ((1U<<BITSIZE) - 1U) << BITOFFSET ; HWREG = (HWREG & ~mask) | ((SDST<<BITOFFSET) & mask)
    r.w.sreg[5] = 0xfffffffa;
    r.runK("s_setreg_b32", 5, hwreg(1, 0, 4));  // FP_ROUND
    CHECK(r.w.hw.mode == 0xfau);
    // SDST = (HWREG >> BITOFFSET) & ((1U << BITSIZE) - 1U)
    r.runK("s_getreg_b32", 6, hwreg(1, 4, 4));  // FP_DENORM
    CHECK(r.s(6) == 0xfu);
    r.runK("s_getreg_b32", 6, hwreg(1, 0, 32));
    CHECK(r.s(6) == 0xfau);
    // S_GETREG_REGRD_B32: GcnInstrsSopk.md lists it with "Operation: ???"; gcnsim reads
    // like S_GETREG_B32 (the name: a register read). LLVM 15 cannot assemble it, so the
    // instruction is built from its table row.
    r.w.sreg[6] = 0;
    r.runK("s_getreg_regrd_b32", 6, hwreg(1, 0, 32));
    CHECK(r.s(6) == 0xfau);
    // IMM32 form: DX10_CLAMP and IEEE (bits 8, 9)
    r.runK("s_setreg_imm32_b32", 0, hwreg(1, 8, 2), 0x3);
    CHECK(r.w.hw.mode == 0x3fau);
    // a field reaching past bit 31 stores only the bits that fit
    r.w.sreg[5] = 0xffffffff;
    r.runK("s_setreg_b32", 5, hwreg(1, 30, 8));
    CHECK(r.w.hw.mode == 0xc00003fau);
    r.runK("s_getreg_b32", 6, hwreg(1, 29, 32));
    CHECK(r.s(6) == 0x6u);
    // the decoder may hand SIMM16 sign-extended (bit 15 set): the same field
    r.w.sreg[5] = 0;
    r.runK("s_setreg_b32", 5, int32_t(int16_t(uint16_t(hwreg(1, 0, 32)))));
    CHECK(r.w.hw.mode == 0u);

    // STATUS: SCC [0], EXECZ [9], VCCZ [10] from the live state; read-only
    r.w.scc = true, r.w.setExec(0), r.w.setVcc(0);
    r.runK("s_getreg_b32", 7, hwreg(2, 0, 32));
    CHECK(r.s(7) == 0x601u);
    r.w.scc = false, r.w.setExec(1), r.w.setVcc(0);
    r.runK("s_getreg_b32", 7, hwreg(2, 9, 2));
    CHECK(r.s(7) == 0x2u);
    r.w.sreg[5] = 0xffffffff;
    r.runK("s_setreg_b32", 5, hwreg(2, 0, 32));
    r.runK("s_getreg_b32", 7, hwreg(2, 0, 32));
    CHECK(r.s(7) == 0x400u);
    // TRAPSTS is writable, HW_ID read-only
    r.runK("s_setreg_b32", 5, hwreg(3, 4, 4));
    CHECK(r.w.hw.trapsts == 0xf0u);
    r.w.hw.hwId = 0x12345678;
    r.runK("s_setreg_b32", 5, hwreg(4, 0, 32));
    r.runK("s_getreg_b32", 7, hwreg(4, 8, 8));
    CHECK(r.s(7) == 0x56u);
  }
}

TEST_CASE("s_setvskip and the GPR indexing mode switches (GcnInstrsSopc.md, GcnInstrsSopp.md)",
          "[sim][scalar][control]") {
  for (Gen g : kAllGens) {
    Rig r(g);
    // VSKIP = (SSRC0 & 1<<(SSRC1&31)) != 0
    r.w.sreg[1] = 0x10, r.w.sreg[2] = 36;
    r.run2("s_setvskip", Operand{}, sreg(1), sreg(2));
    CHECK((r.w.hw.status >> 28 & 1) == 1u);
    r.w.sreg[2] = 3;
    r.run2("s_setvskip", Operand{}, sreg(1), sreg(2));
    CHECK((r.w.hw.status >> 28 & 1) == 0u);
  }
  for (Gen g : {Gen::GCN12, Gen::GCN14}) {
    Rig r(g);
    // MODE |= 1<<27 ; M0 = (M0 & 0xffff0f00) | ((IMM8 & 15)<<12) | (SSRC0 & 0xff)
    r.w.setM0(0xabcd1234), r.w.sreg[1] = 0x117;
    r.op("s_set_gpr_idx_on");
    r.in.src[0] = sreg(1);
    r.in.simm16 = 9;  // the decoder puts IMM8 (the SSRC1 field) in simm16
    r.run();
    CHECK(r.w.m0() == 0xabcd9217u);
    CHECK((r.w.hw.mode >> 27 & 1) == 1u);
    // M0 = (M0 & 0xffff0fff) | ((SIMM16 & 15)<<12)
    r.runP("s_set_gpr_idx_mode", 0x15);
    CHECK(r.w.m0() == 0xabcd5217u);
    // MODE = MODE & ~(1U<<27)
    r.w.hw.mode |= 0x3;
    r.runP("s_set_gpr_idx_off");
    CHECK(r.w.hw.mode == 0x3u);
  }
}
