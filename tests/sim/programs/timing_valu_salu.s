// GcnTimings.md "Instruction scheduling": the 16-cycle delay between an
// integer VALU op (here v_readfirstlane_b32) and an SALU instruction that
// reads its result (tests/sim/timing/timing_fidelity_test.cpp): s_add_u32 s5 reads
// s4 (delayed), s_add_u32 s7 reads s6 (not).
  v_readfirstlane_b32 s4, v0
  s_add_u32 s5, s4, 1
  v_readfirstlane_b32 s6, v0
  s_add_u32 s7, s8, 1
  s_endpgm
