// VOPC 32-bit
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  v_cmp_lt_f32 vcc, v4, v5
