// SOPK
// Loop body of tests/microbench/suite.json (the runner repeats it and appends s_endpgm).
  s_movk_i32 s10, 0x1234
