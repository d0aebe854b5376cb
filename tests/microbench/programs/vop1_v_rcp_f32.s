// VOP1 transcendental
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_rcp_f32 v10, v4
