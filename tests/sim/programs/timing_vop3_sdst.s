// The timing model's register reads and writes of VOP3 compares and of
// back-to-back late SGPR writes (tests/sim/timing/timing_fidelity_test.cpp):
// - a VOP3 compare that names its SGPR destination writes that pair, not VCC
//   (AMD GCN3 ISA 6.4 "VOPC": VOP3 encoding, SDST), so an SALU op reading VCC
//   right after it does not wait for it, while after the e32 form it does;
// - a taken s_cbranch_vccz after such a compare pays no VCC-write penalty
//   (GcnTimings.md "Instruction scheduling": "after an instruction that
//   changes VCC"), the same as after an s_nop;
// - of two v_readfirstlane_b32 in a row, the first one's SGPR is still 16
//   cycles late for the SALU (GcnTimings.md:78-79) after the second issues.
  v_cmp_lt_f64_e64 s[30:31], v[2:3], v[2:3]
  s_mov_b64 s[20:21], vcc
  v_cmp_lt_f64_e32 vcc, v[2:3], v[2:3]
  s_mov_b64 s[22:23], vcc
  v_readfirstlane_b32 s4, v0
  v_readfirstlane_b32 s5, v0
  s_mov_b32 s6, s4
  v_cmp_gt_u32_e64 s[30:31], v0, v0
  s_cbranch_vccz after_cmp
after_cmp:
  s_mov_b32 s7, 0
  s_nop 0
  s_cbranch_vccz after_nop
after_nop:
  s_mov_b32 s8, 0
  s_endpgm
