// GcnTimings.md "Instruction scheduling": a conditional jump checking SCC
// right after the instruction that changed it adds 4 cycles; with an s_nop in
// between it does not (tests/sim/timing/timing_fidelity_test.cpp). Both jumps are
// not taken (SCC = 1).
# gens: gfx8 gfx9
  s_cmp_eq_u32 s0, s0
  s_cbranch_scc0 end
  s_mov_b32 s1, 1
  s_cmp_eq_u32 s0, s0
  s_nop 0
  s_cbranch_scc0 end
  s_mov_b32 s2, 2
end:
  s_endpgm
