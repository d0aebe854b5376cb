// VOP3
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_div_fmas_f32 v10, v4, v5, v6
