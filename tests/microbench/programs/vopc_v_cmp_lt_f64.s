// VOPC 64-bit float
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_cmp_lt_f64 vcc, v[4:5], v[6:7]
