// baseline of pen_vccz_dep: one independent SALU between the VCC write and the branch
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_cmp_eq_u32 vcc, v4, v5
  s_mov_b32 s40, s41
  s_cbranch_vccnz 1f
1:
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
