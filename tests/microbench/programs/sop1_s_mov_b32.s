// SOP1
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_mov_b32 s10, s2
