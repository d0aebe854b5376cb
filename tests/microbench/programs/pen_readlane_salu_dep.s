// v_readlane_b32 writing s10, read by the next SALU op
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_readlane_b32 s10, v4, 0
  s_add_u32 s11, s10, s3
