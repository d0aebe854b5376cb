// v_readlane_b32 writing s10, then an SALU op that does not read s10 (the same SALU op as pen_readlane_salu_base)
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_readlane_b32 s10, v4, 0
  s_add_u32 s11, s12, s3
