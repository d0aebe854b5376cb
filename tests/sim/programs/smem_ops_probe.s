# gens: gfx8 gfx9
// s_atc_probe, s_atc_probe_buffer (SMEM, GCN 1.2/1.4, seed 000 opcodes 38/39),
// s_wakeup (SOPP, GCN 1.2/1.4) and s_rfe_restore_b64 (SOP2 opcode 43, GCN 1.2/1.4:
// "Return from exception handler": PC = SSRC0 as for S_RFE_B64), for
// tests/sim/semantics/scalar_memory_test.cpp. The probes and s_wakeup have no architectural
// result: no SGPR and no memory changes, execution goes on with the next instruction.
// In: s[0:1] = address A, s[4:7] = descriptor over A, s12 = 0, other SGPRs a pattern.
// Out: s[10:11] = address of `target` (PC after s_getpc_b64 + 20); s13 keeps its
//      pattern (skipped by the return); s14 = 0x900d; everything else unchanged.
  s_atc_probe 7, s[0:1], 0x40
  s_atc_probe_buffer 7, s[4:7], 0x40
  s_atc_probe 0, s[0:1], s2
  s_wakeup
  s_waitcnt lgkmcnt(0)
  s_getpc_b64 s[10:11]             // address of the next instruction
  s_add_u32 s10, s10, 20           // 4 + 4 + 4 + 8 bytes below
  s_addc_u32 s11, s11, 0
  s_rfe_restore_b64 s[10:11], s12
  s_mov_b32 s13, 0xbad             // 8 bytes (literal); skipped
target:
  s_mov_b32 s14, 0x900d
  s_endpgm
