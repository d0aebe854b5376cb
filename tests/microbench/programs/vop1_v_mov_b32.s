// VOP1
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_mov_b32 v10, v4
