// baseline of pen_scc_dep
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_cmp_eq_u32 s2, s3
  s_mov_b32 s40, s41
  s_cbranch_scc1 1f
1:
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
  s_mov_b32 s40, s41
