// SOP2
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_add_u32 s10, s2, s3
