// VOP1 FP64 transcendental
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_rcp_f64 v[10:11], v[4:5]
