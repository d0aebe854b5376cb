// VOP3b
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_div_scale_f32 v10, vcc, v4, v5, v6
