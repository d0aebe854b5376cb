// Program control: PC moves (SOP1/SOPK), branches and the rest of SOPP, the
// fork/join control stack, VSKIP and the GPR-indexing mode switches.
// Pseudo-code above each function: CLRX GcnInstrsSopp.md, GcnInstrsSop1.md,
// GcnInstrsSopk.md, GcnInstrsSopc.md; fork per seeds/002_160158f13b229eb1.txt.
// "PC + 4" in the pseudo-code is the address of the next instruction
// (x.nextPc(), which also covers an 8-byte instruction with a literal).
#include <bit>
#include <cstdint>
#include <string>

#include "isa/codec_scalar.hpp"
#include "sim/semantics/scalar_helpers.hpp"

namespace gcnsim::sim::scalar {
namespace {

// ---- PC moves (SOP1, SOPK) ------------------------------------------------------------

// SDST = PC + 4
void s_getpc_b64(Exec& x) { setD64(x, x.nextPc()); }
// PC = SSRC0
void s_setpc_b64(Exec& x) { x.jump(s0_64(x)); }
// SDST = PC + 4  PC = SSRC0   (SSRC0 read first: SDST may be the same pair)
void s_swappc_b64(Exec& x) {
  const uint64_t target = s0_64(x);
  setD64(x, x.nextPc());
  x.jump(target);
}
// PC = SSRC0   (return from the trap handler; PRIV is not modelled)
void s_rfe_b64(Exec& x) { x.jump(s0_64(x)); }
// GCN 1.2+: PC = SSRC0   (SSRC1 restores INST_ATC, which is not modelled)
void s_rfe_restore_b64(Exec& x) { x.jump(s0_64(x)); }
// GCN 1.4: SDST = PC + 4  PC = RELADDR
void s_call_b64(Exec& x) {
  const uint64_t target = relTarget(x);
  setD64(x, x.nextPc());
  x.jump(target);
}

// ---- SOPP branches: PC = cond ? RELADDR : PC+4 ------------------------------------------

// PC = RELADDR
void s_branch(Exec& x) { x.jump(relTarget(x)); }
inline void branchIf(Exec& x, bool taken) {
  if (taken) x.jump(relTarget(x));
}
// PC = SCC==0 ? RELADDR : PC+4
void s_cbranch_scc0(Exec& x) { branchIf(x, !x.w.scc); }
// PC = SCC==1 ? RELADDR : PC+4
void s_cbranch_scc1(Exec& x) { branchIf(x, x.w.scc); }
// PC = VCC==0 ? RELADDR : PC+4
void s_cbranch_vccz(Exec& x) { branchIf(x, x.w.vccz()); }
// PC = VCC!=0 ? RELADDR : PC+4
void s_cbranch_vccnz(Exec& x) { branchIf(x, !x.w.vccz()); }
// PC = EXEC==0 ? RELADDR : PC+4
void s_cbranch_execz(Exec& x) { branchIf(x, x.w.execz()); }
// PC = EXEC!=0 ? RELADDR : PC+4
void s_cbranch_execnz(Exec& x) { branchIf(x, !x.w.execz()); }
// Jump to RELADDR if COND_DBG_SYS (STATUS bit 21) / COND_DBG_USER (bit 20) is set.
inline bool statusBit(const Exec& x, unsigned b) { return (x.w.hw.status >> b) & 1u; }
void s_cbranch_cdbgsys(Exec& x) { branchIf(x, statusBit(x, kStatusCondDbgSys)); }
void s_cbranch_cdbguser(Exec& x) { branchIf(x, statusBit(x, kStatusCondDbgUser)); }
void s_cbranch_cdbgsys_or_user(Exec& x) {
  branchIf(x, statusBit(x, kStatusCondDbgSys) || statusBit(x, kStatusCondDbgUser));
}
void s_cbranch_cdbgsys_and_user(Exec& x) {
  branchIf(x, statusBit(x, kStatusCondDbgSys) && statusBit(x, kStatusCondDbgUser));
}

// ---- fork / join (control stack in SGPR[CSP*4 .. CSP*4+3], CSP = MODE[31:29]) -----------

// UINT64 passes = (EXEC & SSRC0)  UINT64 failures = (EXEC & ~SSRC0)
// if (passes == EXEC) PC = target
// else if (failures == EXEC) PC += 4
// else if (BITCOUNT(failures) < BITCOUNT(passes)) {
//   EXEC = failures  SGPR[CSP*4:CSP*4+1] = passes  SGPR[CSP*4+2:CSP*4+3] = target
//   CSP++  PC += 4 /* jump to failure */
// } else {
//   EXEC = passes  SGPR[CSP*4:CSP*4+1] = failures  SGPR[CSP*4+2:CSP*4+3] = PC+4
//   CSP++  PC = target /* jump to passes */
// }
void fork(Exec& x, uint64_t mask, uint64_t target) {
  WaveState& w = x.w;
  const uint64_t exec = w.exec(), passes = exec & mask, failures = exec & ~mask;
  if (passes == exec) return x.jump(target);
  if (failures == exec) return;  // fall through to PC+4
  const unsigned slot = csp(w) * 4;
  if (std::popcount(failures) < std::popcount(passes)) {
    w.setExec(failures);
    w.setSreg64(slot, passes);
    w.setSreg64(slot + 2, target);
    setCsp(w, csp(w) + 1);
  } else {
    w.setExec(passes);
    w.setSreg64(slot, failures);
    w.setSreg64(slot + 2, x.nextPc());
    setCsp(w, csp(w) + 1);
    x.jump(target);
  }
}
// S_CBRANCH_G_FORK SSRC0(2), SSRC1(2): target = SSRC1 (seed 002)
void s_cbranch_g_fork(Exec& x) { fork(x, s0_64(x), s1_64(x)); }
// S_CBRANCH_I_FORK SSRC0(2), RELADDR: target = RELADDR (GcnInstrsSopk.md)
void s_cbranch_i_fork(Exec& x) { fork(x, readScalar64(x.w, sopkReg(x), &x.env.special), relTarget(x)); }
// if (CSP==SSRC0) PC += 4
// else { CSP--  EXEC = SGPR[CSP*4:CSP*4+1]  PC = SGPR[CSP*4+2:CSP*4+3] }
void s_cbranch_join(Exec& x) {
  WaveState& w = x.w;
  if (csp(w) == s0(x)) return;
  setCsp(w, csp(w) - 1);
  const unsigned slot = csp(w) * 4;
  w.setExec(w.sreg64(slot));
  x.jump(w.sreg64(slot + 2));
}

// ---- SOPP: program end, barrier, traps, messages ------------------------------------------

// End program.
void s_endpgm(Exec& x) { x.endProgram(); }
// GCN 1.2+: end of program after a context-switch save; GCN 1.4: after a POPS
// critical section (the implied S_WAITCNT 0 is the timing model's).
void s_endpgm_saved(Exec& x) { x.endProgram(); }
void s_endpgm_ordered_ps_done(Exec& x) { x.endProgram(); }
// Synchronize waves within workgroup.
void s_barrier(Exec& x) { x.barrier(); }
// Enter the trap handler.
void s_trap(Exec& x) {
  x.fault("s_trap " + std::to_string(imm16(x) & 0xff) + ": trap handlers are not modelled");
}

// S_SENDMSG SENDMSG(MSG, GS_OP, STREAMID): MSG = SIMM16[3:0] (llvm gfx*_msg.rst).
// Messages with no effect on a compute wave's state are accepted as no-ops;
// geometry-shader and other graphics messages stop the dispatch.
void sendMessage(Exec& x) {
  const unsigned msg = isa::decodeSendmsg(imm16(x)).id;
  const isa::Gen g = x.w.gen;
  switch (msg) {
    case 1:   // MSG_INTERRUPT: M0[7:0] goes to the host's interrupt handler
    case 15:  // MSG_SYSMSG (ECC_ERR_INTERRUPT, REG_RD, TTRACE_PC, HOST_TRAP_ACK)
      return;
    case 4:  // MSG_SAVEWAVE       (GCN 1.2+)
    case 5:  // MSG_STALL_WAVE_GEN (GCN 1.4)
    case 6:  // MSG_HALT_WAVES     (GCN 1.4)
      if (g >= isa::Gen::GCN12) return;
      break;
    case 2:
    case 3:
      return x.fault("s_sendmsg " + std::to_string(imm16(x)) +
                     ": geometry-shader messages (MSG_GS/MSG_GS_DONE) are graphics-only and not modelled");
    default: break;
  }
  x.fault("s_sendmsg " + std::to_string(imm16(x)) + ": message " + std::to_string(msg) +
          " is not modelled for compute waves");
}
void s_sendmsg(Exec& x) { sendMessage(x); }
// A halted wave waits for the host or a debugger to resume it; in a compute
// dispatch nothing does, so halting stops the simulation with a clear message
// instead of hanging it.
void haltWave(Exec& x, const char* how) {
  x.fault(std::string(how) + ": the wave halts, and nothing in a compute dispatch resumes it");
}
// Send message and halt.
void s_sendmsghalt(Exec& x) {
  sendMessage(x);
  if (x.stop() != StopReason::Fault) haltWave(x, "s_sendmsghalt");
}
// "HALT = SIMM16&1" (GcnInstrsSopp.md); s_sethalt 0 (resume) has no effect on a running wave.
void s_sethalt(Exec& x) {
  if (imm16(x) & 1) haltWave(x, "s_sethalt 1");
}

// ---- SOPP: no architectural effect in the functional core ----------------------------------

// s_nop, s_waitcnt, s_sleep, s_setprio, s_icache_inv, s_ttracedata,
// s_incperflevel/s_decperflevel, s_wakeup, s_setkill (pixel shaders): time and
// scheduling are the timing model's; the functional result is "advance to the
// next instruction".
void s_no_effect(Exec&) {}

// ---- VSKIP and GPR indexing ----------------------------------------------------------------

// VSKIP = (SSRC0 & 1<<(SSRC1&31)) != 0
void s_setvskip(Exec& x) {
  const uint32_t bit = (s0(x) >> (s1(x) & 31)) & 1u;
  x.w.hw.status = (x.w.hw.status & ~(1u << kStatusVskipBit)) | (bit << kStatusVskipBit);
}
// GCN 1.2+ (SOPC, SSRC1 field = IMM8):
// MODE = (MODE & ~(1U<<27)) | (1U<<27)
// M0 = (M0 & 0xffff0f00) | ((IMM8 & 15)<<12) | (SSRC0 & 0xff)
void s_set_gpr_idx_on(Exec& x) {
  const uint32_t imm8 = x.in.src[1].present() ? s1(x) : imm16(x);
  x.w.hw.mode |= 1u << kModeGprIdxEnBit;
  x.w.setM0((x.w.m0() & 0xffff0f00u) | ((imm8 & 15u) << 12) | (s0(x) & 0xffu));
}
// GCN 1.2+: MODE = (MODE & ~(1U<<27))
void s_set_gpr_idx_off(Exec& x) { x.w.hw.mode &= ~(1u << kModeGprIdxEnBit); }
// GCN 1.2+: M0 = (M0 & 0xffff0fff) | ((SIMM16 & 15)<<12)
void s_set_gpr_idx_mode(Exec& x) { x.w.setM0((x.w.m0() & 0xffff0fffu) | ((imm16(x) & 15u) << 12)); }

}  // namespace

void registerScalarControl(SemRegistry& r) {
  r.add("s_getpc_b64", s_getpc_b64);
  r.add("s_setpc_b64", s_setpc_b64);
  r.add("s_swappc_b64", s_swappc_b64);
  r.add("s_rfe_b64", s_rfe_b64);
  r.add("s_rfe_restore_b64", s_rfe_restore_b64);
  r.add("s_call_b64", s_call_b64);
  r.add("s_branch", s_branch);
  r.add("s_cbranch_scc0", s_cbranch_scc0);
  r.add("s_cbranch_scc1", s_cbranch_scc1);
  r.add("s_cbranch_vccz", s_cbranch_vccz);
  r.add("s_cbranch_vccnz", s_cbranch_vccnz);
  r.add("s_cbranch_execz", s_cbranch_execz);
  r.add("s_cbranch_execnz", s_cbranch_execnz);
  r.add("s_cbranch_cdbgsys", s_cbranch_cdbgsys);
  r.add("s_cbranch_cdbguser", s_cbranch_cdbguser);
  r.add("s_cbranch_cdbgsys_or_user", s_cbranch_cdbgsys_or_user);
  r.add("s_cbranch_cdbgsys_and_user", s_cbranch_cdbgsys_and_user);
  r.add("s_cbranch_g_fork", s_cbranch_g_fork);
  r.add("s_cbranch_i_fork", s_cbranch_i_fork);
  r.add("s_cbranch_join", s_cbranch_join);
  r.add("s_endpgm", s_endpgm);
  r.add("s_endpgm_saved", s_endpgm_saved);
  r.add("s_endpgm_ordered_ps_done", s_endpgm_ordered_ps_done);
  r.add("s_barrier", s_barrier);
  r.add("s_trap", s_trap);
  r.add("s_sendmsg", s_sendmsg);
  r.add("s_sendmsghalt", s_sendmsghalt);
  r.add("s_sethalt", s_sethalt);
  for (const char* name : {"s_nop", "s_waitcnt", "s_sleep", "s_setprio", "s_icache_inv", "s_ttracedata",
                           "s_incperflevel", "s_decperflevel", "s_wakeup", "s_setkill"})
    r.add(name, s_no_effect);
  r.add("s_setvskip", s_setvskip);
  r.add("s_set_gpr_idx_on", s_set_gpr_idx_on);
  r.add("s_set_gpr_idx_off", s_set_gpr_idx_off);
  r.add("s_set_gpr_idx_mode", s_set_gpr_idx_mode);
}

}  // namespace gcnsim::sim::scalar
