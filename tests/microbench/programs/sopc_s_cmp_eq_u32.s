// SOPC
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_cmp_eq_u32 s2, s3
