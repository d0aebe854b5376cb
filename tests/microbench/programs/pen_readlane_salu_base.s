// baseline of pen_readlane_salu_dep: a VALU op that is not in the list and an independent SALU op
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_mov_b32 v10, v4
  s_add_u32 s11, s12, s3
