// EXEC masking with s_and_saveexec_b64 / s_cbranch_execz, for
// tests/sim/semantics/scalar_program_test.cpp. In: EXEC = all ones.
// Out: s10 = 1 (the "then" side ran with EXEC = 0xffff), s[16:17] = EXEC of the
//      "else" side, s11 untouched (skipped with EXEC = 0), s[4:5] = saved EXEC,
//      EXEC restored; s12 = 1 if SCC was 0 after an all-zero saveexec.
  s_mov_b32 s2, 0xffff
  s_mov_b32 s3, 0
  s_and_saveexec_b64 s[4:5], s[2:3]
  s_cbranch_execz skip_then
  s_mov_b32 s10, 1
skip_then:
  s_xor_b64 exec, exec, s[4:5]
  s_mov_b64 s[16:17], exec
  s_mov_b64 exec, 0
  s_cbranch_execz skip_else
  s_mov_b32 s11, 1
skip_else:
  s_mov_b64 exec, s[4:5]
  s_and_saveexec_b64 s[6:7], 0
  s_cselect_b32 s12, 0, 1
  s_mov_b64 exec, s[4:5]
  s_endpgm
