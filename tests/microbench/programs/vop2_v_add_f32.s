// VOP2
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_add_f32 v10, v4, v5
