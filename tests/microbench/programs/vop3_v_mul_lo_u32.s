// VOP3 quarter rate
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_mul_lo_u32 v10, v4, v5
