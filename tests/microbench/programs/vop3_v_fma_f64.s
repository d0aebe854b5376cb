// VOP3 FP64
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_fma_f64 v[10:11], v[4:5], v[6:7], v[8:9]
