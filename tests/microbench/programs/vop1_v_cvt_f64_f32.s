// VOP1 FP64 conversion
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_cvt_f64_f32 v[10:11], v4
